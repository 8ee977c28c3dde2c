import { mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { configDir, CredentialsStore, credentialsFileName, type StoredCredentials } from "./credentials.js";

describe("configDir", () => {
  const home = "/home/ada";
  it.each([
    [{ CONVEY_CONFIG_DIR: "/srv/convey", XDG_CONFIG_HOME: "/x" }, "/srv/convey"],
    [{ XDG_CONFIG_HOME: "/home/ada/.cfg" }, "/home/ada/.cfg/convey"],
    [{ XDG_CONFIG_HOME: "relative/ignored" }, "/home/ada/.config/convey"],
    [{}, "/home/ada/.config/convey"],
  ])("%j → %s", (env, expected) => {
    expect(configDir({ env, homeDir: home })).toBe(expected);
  });
});

describe("CredentialsStore", () => {
  let root: string;
  const credentials: StoredCredentials = {
    apiUrl: "http://localhost:4000",
    kind: "device",
    clientId: "convey-cli",
    accessToken: "a.b.c",
    refreshToken: "r1",
    expiresAt: "2030-01-01T00:00:00.000Z",
    savedAt: "2029-12-31T23:55:00.000Z",
  };

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), "convey-store-"));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it("names one file per profile", () => {
    expect(credentialsFileName("default")).toBe("credentials.json");
    expect(credentialsFileName("ops")).toBe("credentials.ops.json");
  });

  it("writes atomically with 0700/0600, leaves no temporary or lock files, and deletes on null", async () => {
    const dir = join(root, "nested", "convey");
    const store = new CredentialsStore(dir, "default");

    await store.update(() => credentials);

    expect(await store.get()).toEqual(credentials);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    expect((await stat(store.file)).mode & 0o777).toBe(0o600);
    expect(await readdir(dir)).toEqual(["credentials.json"]);

    await store.update(() => null);
    expect(await store.get()).toBeUndefined();
    expect(await readdir(dir)).toEqual([]);
  });

  it("serialises concurrent updates: each sees the previous one's result", async () => {
    const store = new CredentialsStore(root, "default");
    await store.update(() => ({ ...credentials, refreshToken: "0" }));

    await Promise.all(
      Array.from({ length: 5 }, () =>
        store.update(async (current) => {
          const next = String(Number(current!.refreshToken) + 1);
          await new Promise((resolve) => setTimeout(resolve, 5));
          return { ...current!, refreshToken: next };
        }),
      ),
    );

    expect((await store.get())?.refreshToken).toBe("5");
  });

  it("takes over a lock left behind by a crashed process after 30 seconds", async () => {
    const store = new CredentialsStore(root, "default");
    const lock = `${store.file}.lock`;
    await writeFile(lock, "");
    const { utimes } = await import("node:fs/promises");
    const old = new Date(Date.now() - 60_000);
    await utimes(lock, old, old);

    await store.update(() => credentials);

    expect(await store.get()).toEqual(credentials);
  });
});
