import { createCookie } from "@remix-run/node";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createSessionFileStorage, sessionFilePath } from "./file-session-storage.server";

const cookie = createCookie("__session", { secrets: ["test-secret"], path: "/" });

function storage() {
  const dir = mkdtempSync(join(tmpdir(), "session-files-"));
  return { dir, sessions: createSessionFileStorage<{ user: string }>({ cookie, dir }) };
}

/** The Cookie request header a browser would send back for a Set-Cookie header. */
const cookieHeader = (setCookie: string) => setCookie.split(";")[0];

/** A stored session of the user "ada": its storage, the Cookie header that names it and its file. */
async function adaSession() {
  const { dir, sessions } = storage();
  const session = await sessions.getSession();
  session.set("user", "ada");
  const header = cookieHeader(await sessions.commitSession(session));
  const { id } = await sessions.getSession(header);
  return { sessions, header, file: sessionFilePath(dir, id)! };
}

describe("file session storage", () => {
  it("keeps a session in a file of Remix's layout, reads it back, updates and deletes it", async () => {
    const { dir, sessions } = storage();
    const session = await sessions.getSession();
    session.set("user", "ada");
    const header = cookieHeader(await sessions.commitSession(session));
    const read = await sessions.getSession(header);
    expect(read.get("user")).toBe("ada");
    const file = sessionFilePath(dir, read.id)!;
    expect(JSON.parse(readFileSync(file, "utf-8"))).toMatchObject({ data: { user: "ada" } });

    read.set("user", "grace");
    await sessions.commitSession(read);
    expect((await sessions.getSession(header)).get("user")).toBe("grace");

    await sessions.destroySession(read);
    expect(existsSync(file)).toBe(false);
    expect((await sessions.getSession(header)).get("user")).toBeUndefined();
  });

  it("reads the file as it is now: a change made outside the app is seen on the next request", async () => {
    const { sessions, header, file } = await adaSession();
    writeFileSync(file, JSON.stringify({ data: { user: "changed" } }));
    expect((await sessions.getSession(header)).get("user")).toBe("changed");
  });

  it("drops an expired session and its file", async () => {
    const { sessions, header, file } = await adaSession();
    writeFileSync(file, JSON.stringify({ data: { user: "ada" }, expires: new Date(Date.now() - 1000).toISOString() }));
    expect((await sessions.getSession(header)).get("user")).toBeUndefined();
    expect(existsSync(file)).toBe(false);
  });

  it("never turns an id it did not issue into a path", () => {
    expect(sessionFilePath("/sessions", "../../etc/passwd")).toBeNull();
    expect(sessionFilePath("/sessions", "0123456789abcdef")).toBe(join("/sessions", "0123", "456789abcdef"));
  });
});
