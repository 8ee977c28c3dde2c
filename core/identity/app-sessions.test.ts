import { describe, expect, it } from "vitest";
import { mockProviderPerTest } from "../shared/mock-provider.test-helper.js";
import { ProviderError } from "../shared/provider-errors.js";
import {
  AppSessionCreateSchema,
  AppSessionTimesSchema,
  createAppSession,
  deleteAppSession,
  readAppSession,
  takeRefreshLease,
  updateAppSession,
  type AppSessionStore,
} from "./app-sessions.js";

const provider = mockProviderPerTest();
const ID = "a".repeat(43);
const store = (): AppSessionStore => ({ apiUrl: provider.ctx.apiUrl, clientId: "convey-web", clientSecret: "s3cret:+", dispatcher: provider.ctx.dispatcher });
const basic = `Basic ${Buffer.from("convey-web:s3cret%3A%2B").toString("base64")}`;
const SESSION = { data: { userId: "u1" }, createdAt: "2026-01-01T09:00:00.000Z", lastSeenAt: "2026-01-01T09:10:00.000Z", ended: null };
const WRITE = { subscriberUserId: "u1", subscriberId: null, data: { userId: "u1" } };

describe("the session store's calls", () => {
  it("authenticate as the web client with its secret, never with a user's token", async () => {
    provider.answer("POST", "/api/v1/app-sessions", 201, { sessionId: ID });
    expect(await createAppSession(store(), WRITE)).toBe(ID);
    expect(provider.seen[0].headers.authorization).toBe(basic);
    expect(provider.seen[0].body).toEqual(WRITE);
  });

  it("read a session, or null when the store has none by that id", async () => {
    provider.answer("GET", `/api/v1/app-sessions/${ID}`, 200, SESSION);
    expect(await readAppSession(store(), ID)).toEqual(SESSION);
    provider.answer("GET", `/api/v1/app-sessions/${ID}`, 404, { status: 404, code: "NOT_FOUND", message: "There is no such session." });
    expect(await readAppSession(store(), ID)).toBeNull();
  });

  it("report a write to a session that has ended as false, and pass on every other failure", async () => {
    provider.answer("PUT", `/api/v1/app-sessions/${ID}`, 204, null);
    expect(await updateAppSession(store(), ID, WRITE)).toBe(true);
    provider.answer("PUT", `/api/v1/app-sessions/${ID}`, 404, { status: 404, code: "NOT_FOUND", message: "There is no such session." });
    expect(await updateAppSession(store(), ID, WRITE)).toBe(false);
    provider.answer("PUT", `/api/v1/app-sessions/${ID}`, 401, { status: 401, code: "UNAUTHORIZED", message: "The client id or secret was refused." });
    await expect(updateAppSession(store(), ID, WRITE)).rejects.toBeInstanceOf(ProviderError);
    provider.answer("GET", `/api/v1/app-sessions/${ID}`, 401, { status: 401, code: "UNAUTHORIZED", message: "The client id or secret was refused." });
    await expect(readAppSession(store(), ID)).rejects.toMatchObject({ status: 401 });
  });

  it("ask for the refresh lease: granted, held elsewhere, or no session any more", async () => {
    provider.answer("POST", `/api/v1/app-sessions/${ID}/refresh-lease`, 200, { granted: true });
    expect(await takeRefreshLease(store(), ID)).toBe(true);
    provider.answer("POST", `/api/v1/app-sessions/${ID}/refresh-lease`, 200, { granted: false });
    expect(await takeRefreshLease(store(), ID)).toBe(false);
    provider.answer("POST", `/api/v1/app-sessions/${ID}/refresh-lease`, 404, { status: 404, code: "NOT_FOUND", message: "There is no such session." });
    expect(await takeRefreshLease(store(), ID)).toBeNull();
    provider.answer("POST", `/api/v1/app-sessions/${ID}/refresh-lease`, 500, { status: 500, code: "INTERNAL", message: "Broken." });
    await expect(takeRefreshLease(store(), ID)).rejects.toMatchObject({ status: 500 });
  });

  it("delete a session", async () => {
    provider.answer("DELETE", `/api/v1/app-sessions/${ID}`, 204, null);
    await deleteAppSession(store(), ID);
    expect(provider.seen.map((seen) => seen.method)).toEqual(["DELETE"]);
  });
});

describe("the store's contract", () => {
  it("refuses session data over the limit with a message that says it", () => {
    const result = AppSessionCreateSchema.safeParse({ ...WRITE, data: { token: "x".repeat(16_400) } });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(["The session data must be at most 16384 characters of JSON."]);
  });

  it("asks for at least one time when a test ages a session", () => {
    expect(AppSessionTimesSchema.safeParse({}).error?.issues.map((issue) => issue.message)).toEqual(["Give createdAt, lastSeenAt or both."]);
    expect(AppSessionTimesSchema.safeParse({ lastSeenAt: SESSION.lastSeenAt }).success).toBe(true);
  });
});
