/**
 * The form reader: what it refuses before any array is built or any body is held, and what it hands on.
 * The session is a stand-in (a token per cookie); everything else is the real reader.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it, vi } from "vitest";
import { CreateWorkspaceSchema } from "../../../core/workspaces/schemas.js";
import { userFormSchema } from "../../../core/administration/schemas.js";

vi.hoisted(() => {
  process.env.DATA_DIR = `${process.env.TMPDIR ?? "/tmp"}/read-form-${process.pid}`;
});
vi.mock("../../session/session.server", () => ({
  readSession: async (request: Request) => ({
    get: (key: string) => (key === "csrfToken" && request.headers.get("Cookie") === "__session=s1" ? "token-1" : undefined),
  }),
}));

const { FORM_BODY_LIMIT, readForm } = await import("./read-form.server");
const { config } = await import("../../config.server");
const origin = new URL(config.appUrl).origin;

function post(body: BodyInit | null, headers: Record<string, string> = {}, init: RequestInit = {}): Request {
  return new Request(`${origin}/create-workspace`, {
    method: "POST",
    body,
    headers: { Origin: origin, Cookie: "__session=s1", "Content-Type": "application/x-www-form-urlencoded", ...headers },
    ...init,
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
}

const form = (fields: Record<string, string>) => new URLSearchParams({ csrf: "token-1", ...fields }).toString();

async function refusal(promise: Promise<unknown>): Promise<{ status: number; text: string }> {
  const thrown = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  expect(thrown).toBeInstanceOf(Response);
  return { status: (thrown as Response).status, text: await (thrown as Response).text() };
}

/** A body that counts how much of it was read. */
function countingBody(bytes: number): { body: ReadableStream<Uint8Array>; read: () => number } {
  let sent = 0;
  const chunk = new TextEncoder().encode(`x=${"a".repeat(65_534)}`);
  return {
    body: new ReadableStream({
      pull(controller) {
        if (sent >= bytes) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    }, { highWaterMark: 0 }),
    read: () => sent,
  };
}

describe("readForm", () => {
  it("hands on the fields of a good form, for Conform to parse", async () => {
    const formData = await readForm(
      post(form({ transactionType: "REMORTGAGE", "applicants[0].firstName": "Ann", "applicants[3].lastName": "Lee" })),
      CreateWorkspaceSchema,
    );
    expect(formData.get("applicants[0].firstName")).toBe("Ann");
    expect(parseWithZod(formData, { schema: CreateWorkspaceSchema }).payload).toMatchObject({ transactionType: "REMORTGAGE" });
  });

  it("refuses array indices past the schema's maximum before any array is built", async () => {
    expect(await refusal(readForm(post(form({ "applicants[5000].firstName": "x" })), CreateWorkspaceSchema))).toMatchObject({ status: 400 });
    // The create form's applicants have no maximum of their own (its rule says "No more than 4" beside the
    // field), so the reader allows up to the default bound and refuses past it.
    await readForm(post(form({ "applicants[99].firstName": "x" })), CreateWorkspaceSchema);
    expect(await refusal(readForm(post(form({ "applicants[100].firstName": "x" })), CreateWorkspaceSchema))).toMatchObject({
      status: 400,
      text: expect.stringContaining("applicants[100].firstName"),
    });
    const userForm = userFormSchema({ actorIsHelpdeskAdministrator: false, previousRoles: [] });
    expect(await refusal(readForm(post(form({ "roleNames[50000]": "Workspace User" })), userForm))).toMatchObject({ status: 400 });
    // An index on a field the form has no array for.
    expect(await refusal(readForm(post(form({ "transactionType[3]": "x" })), CreateWorkspaceSchema))).toMatchObject({ status: 400 });
  });

  it("refuses a body over the limit from its declared length, without reading it", async () => {
    const big = countingBody(20 * 1024 * 1024);
    const result = await refusal(readForm(post(big.body, { "Content-Length": String(20 * 1024 * 1024) }), CreateWorkspaceSchema));
    expect(result.status).toBe(413);
    expect(big.read()).toBe(0);
  });

  it("stops reading a body without a length as soon as it passes the limit", async () => {
    const big = countingBody(20 * 1024 * 1024);
    expect((await refusal(readForm(post(big.body), CreateWorkspaceSchema))).status).toBe(413);
    expect(big.read()).toBeLessThanOrEqual(FORM_BODY_LIMIT + 2 * 65_536);
  });

  it("does not read the body of a request without a session, nor of one from another origin", async () => {
    const noSession = countingBody(1024);
    expect((await refusal(readForm(post(noSession.body, { Cookie: "" }), CreateWorkspaceSchema))).status).toBe(403);
    expect(noSession.read()).toBe(0);
    const elsewhere = countingBody(1024);
    expect((await refusal(readForm(post(elsewhere.body, { Origin: "https://evil.example" }), CreateWorkspaceSchema))).status).toBe(403);
    expect(elsewhere.read()).toBe(0);
  });

  it("refuses a wrong or missing CSRF token", async () => {
    expect((await refusal(readForm(post("transactionType=PURCHASE&csrf=nope"), CreateWorkspaceSchema))).status).toBe(403);
    expect((await refusal(readForm(post("transactionType=PURCHASE"), CreateWorkspaceSchema))).status).toBe(403);
  });

  it("refuses NUL characters with a clear message, in a value or a name", async () => {
    for (const fields of [{ "applicants[0].firstName": "Ann\u0000" }, { "x\u0000": "Ann" }] as Record<string, string>[]) {
      const result = await refusal(readForm(post(form(fields)), CreateWorkspaceSchema));
      expect(result).toMatchObject({ status: 400, text: expect.stringContaining("cannot be saved") });
    }
  });

  it("refuses more fields than any form has", async () => {
    const many = Array.from({ length: 1_001 }, (_, i) => `f${i}=x`).join("&");
    expect((await refusal(readForm(post(`csrf=token-1&${many}`), CreateWorkspaceSchema))).status).toBe(400);
  });
});
