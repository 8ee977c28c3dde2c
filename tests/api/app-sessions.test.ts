/**
 * The web app's session store, /api/v1/app-sessions (docs/decisions/0017-sessions-in-the-database.md): only
 * the web client with its secret reaches it; the data is sealed at rest; the idle (30 minutes) and absolute
 * (12 hours) limits end a session when it is read; a write never brings an ended session back; logout and
 * suspension end sessions. Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppSessionSchema, APP_SESSIONS_PATH } from "../../core/identity/app-sessions.js";
import { revokeUserGrants } from "../../provider/identity/revoke-user.js";
import { sweepAppSessions } from "../../provider/identity/app-sessions.js";
import { DEMO_SUBSCRIBERS, DEMO_USERS, startTestProvider, versioned, type TestProvider } from "./support.js";

let provider: TestProvider;
let basic: string;

const MINUTE = 60_000;
const lena = DEMO_USERS.lender.subscriberUserId;
const northgate = DEMO_SUBSCRIBERS.northgate.subscriberId;
const secretToken = "refresh-token-that-must-never-be-stored-in-clear";

beforeAll(async () => {
  provider = await startTestProvider();
  const { clientId, clientSecret } = provider.config.webClient;
  basic = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`;
});
afterAll(() => provider?.close());

const asWebClient = (options: InjectOptions) => provider.call(undefined, { ...options, headers: { authorization: basic, ...options.headers } });

async function start(body: Record<string, unknown> = {}): Promise<string> {
  const response = await asWebClient({
    method: "POST",
    url: APP_SESSIONS_PATH,
    payload: { subscriberUserId: lena, subscriberId: northgate, data: { userId: lena, refreshToken: secretToken }, ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { sessionId: string }).sessionId;
}

const read = (id: string) => asWebClient({ method: "GET", url: `${APP_SESSIONS_PATH}/${id}` });
const age = (id: string, times: { createdAt?: number; lastSeenAt?: number }) =>
  asWebClient({
    method: "PUT",
    url: `${APP_SESSIONS_PATH}/${id}/times`,
    payload: {
      createdAt: times.createdAt === undefined ? undefined : new Date(times.createdAt).toISOString(),
      lastSeenAt: times.lastSeenAt === undefined ? undefined : new Date(times.lastSeenAt).toISOString(),
    },
  });

describe("who may call the session store", () => {
  it("refuses a call without the web client's secret, a wrong secret and a user's access token", async () => {
    const id = await start();
    const userToken = await provider.loginToken(DEMO_USERS.lender.email);
    const wrongSecret = `Basic ${Buffer.from(`${provider.config.webClient.clientId}:not-the-secret`).toString("base64")}`;
    const otherClient = `Basic ${Buffer.from(`convey-cli:${provider.config.webClient.clientSecret}`).toString("base64")}`;
    for (const authorization of [undefined, wrongSecret, otherClient, `Bearer ${userToken}`]) {
      const headers = authorization ? { authorization } : {};
      for (const request of [
        { method: "GET", url: `${APP_SESSIONS_PATH}/${id}` },
        { method: "DELETE", url: `${APP_SESSIONS_PATH}/${id}` },
        { method: "POST", url: APP_SESSIONS_PATH, payload: { subscriberUserId: lena, subscriberId: null, data: {} } },
      ] as InjectOptions[]) {
        const response = await provider.call(undefined, { ...request, headers });
        expect(response.statusCode, `${request.method} with ${authorization}`).toBe(401);
      }
    }
    expect((await read(id)).statusCode).toBe(200);
  });
});

describe("a session", () => {
  it("is read back with its data, and its tokens are sealed at rest", async () => {
    const id = await start();
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const session = AppSessionSchema.parse((await read(id)).json());
    expect(session).toMatchObject({ data: { userId: lena, refreshToken: secretToken }, ended: null });

    const rows = await provider.db.selectFrom("app_sessions").selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(secretToken);
    expect(JSON.stringify(rows)).not.toContain(id);
  });

  it("keeps the login time it is given (a subscriber switch) but refuses one in the future or past the absolute limit", async () => {
    const loggedInAt = new Date(Date.now() - 60 * MINUTE).toISOString();
    const kept = AppSessionSchema.parse((await read(await start({ createdAt: loggedInAt }))).json());
    expect(kept.createdAt).toBe(loggedInAt);

    const before = await provider.db.selectFrom("app_sessions").select("session_id_hash").execute();
    for (const [createdAt, message] of [
      [new Date(Date.now() + 10 * MINUTE).toISOString(), "createdAt cannot be in the future."],
      [new Date(Date.now() - 12 * 60 * MINUTE - 1000).toISOString(), "createdAt is more than the absolute session limit ago: that login has ended."],
    ]) {
      const response = await asWebClient({
        method: "POST",
        url: APP_SESSIONS_PATH,
        payload: { subscriberUserId: lena, subscriberId: northgate, data: {}, createdAt },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: message });
    }
    expect(await provider.db.selectFrom("app_sessions").select("session_id_hash").execute()).toEqual(before);
  });

  it("refuses data larger than the store keeps, with the limit in the message", async () => {
    const response = await asWebClient({
      method: "POST",
      url: APP_SESSIONS_PATH,
      payload: { subscriberUserId: lena, subscriberId: northgate, data: { token: "x".repeat(20_000) } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain("The session data must be at most 16384 characters of JSON.");
  });

  it("has its data replaced by a write, and is gone after a delete, which a later write does not undo", async () => {
    const id = await start();
    const write = (data: Record<string, unknown>) =>
      asWebClient({ method: "PUT", url: `${APP_SESSIONS_PATH}/${id}`, payload: { subscriberUserId: lena, subscriberId: northgate, data } });
    expect((await write({ userId: lena, refreshToken: "rotated" })).statusCode).toBe(204);
    expect(AppSessionSchema.parse((await read(id)).json()).data).toEqual({ userId: lena, refreshToken: "rotated" });

    expect((await asWebClient({ method: "DELETE", url: `${APP_SESSIONS_PATH}/${id}` })).statusCode).toBe(204);
    expect((await read(id)).statusCode).toBe(404);
    const late = await write({ userId: lena, refreshToken: "late" });
    expect(late.statusCode).toBe(404);
    expect((await read(id)).statusCode).toBe(404);
    // Deleting again is no error.
    expect((await asWebClient({ method: "DELETE", url: `${APP_SESSIONS_PATH}/${id}` })).statusCode).toBe(204);
  });

  it("refuses a session, or a write to one, for a user who does not exist with 400, and keeps the session as it was", async () => {
    const stranger = { subscriberUserId: "no-such-user", subscriberId: northgate, data: { userId: "no-such-user" } };
    const created = await asWebClient({ method: "POST", url: APP_SESSIONS_PATH, payload: stranger });
    expect(created.statusCode, created.body).toBe(400);
    expect(created.json()).toMatchObject({ code: "UNKNOWN_USER" });
    const id = await start();
    const written = await asWebClient({ method: "PUT", url: `${APP_SESSIONS_PATH}/${id}`, payload: stranger });
    expect(written.statusCode, written.body).toBe(400);
    expect((await read(id)).json().data).toEqual({ userId: lena, refreshToken: secretToken });
  });

  it("answers 404 for an id it never issued and 400 for one it could not have issued", async () => {
    expect((await read("A".repeat(43))).statusCode).toBe(404);
    const malformed = await read("0123456789abcdef");
    expect(malformed.statusCode).toBe(400);
  });
});

describe("the idle and absolute limits", () => {
  it("counts a read as activity, at most once a minute", async () => {
    const id = await start();
    expect((await age(id, { lastSeenAt: Date.now() - 29 * MINUTE })).statusCode).toBe(204);
    const seen = AppSessionSchema.parse((await read(id)).json());
    expect(Date.now() - Date.parse(seen.lastSeenAt)).toBeLessThan(MINUTE);

    expect((await age(id, { lastSeenAt: Date.now() - 30 * 1000 })).statusCode).toBe(204);
    const notWritten = AppSessionSchema.parse((await read(id)).json());
    expect(Date.now() - Date.parse(notWritten.lastSeenAt)).toBeGreaterThanOrEqual(30 * 1000);
  });

  it("ends a session idle for 30 minutes: the read hands its data back once, then it is gone", async () => {
    const id = await start();
    await age(id, { lastSeenAt: Date.now() - 30 * MINUTE - 1000 });
    const ended = AppSessionSchema.parse((await read(id)).json());
    expect(ended).toMatchObject({ ended: "idle", data: { refreshToken: secretToken } });
    expect((await read(id)).statusCode).toBe(404);
  });

  it("ends a session 12 hours after login, however busy", async () => {
    const id = await start();
    await age(id, { createdAt: Date.now() - 12 * 60 * MINUTE + MINUTE, lastSeenAt: Date.now() });
    expect(AppSessionSchema.parse((await read(id)).json()).ended).toBeNull();
    await age(id, { createdAt: Date.now() - 12 * 60 * MINUTE - 1000, lastSeenAt: Date.now() });
    expect(AppSessionSchema.parse((await read(id)).json()).ended).toBe("absolute");
    expect((await read(id)).statusCode).toBe(404);
  });

  it("sweeps ended sessions nobody read again, and only those", async () => {
    const [idle, old, live] = [await start(), await start(), await start()];
    await age(idle, { lastSeenAt: Date.now() - 31 * MINUTE });
    await age(old, { createdAt: Date.now() - 13 * 60 * MINUTE });
    expect(await sweepAppSessions({ db: provider.db })).toBeGreaterThanOrEqual(2);
    expect((await read(idle)).statusCode).toBe(404);
    expect((await read(old)).statusCode).toBe(404);
    expect((await read(live)).statusCode).toBe(200);
  });
});

describe("the refresh lease", () => {
  const lease = (id: string) => asWebClient({ method: "POST", url: `${APP_SESSIONS_PATH}/${id}/refresh-lease` });

  it("is granted to one caller at a time, until the session's next write", async () => {
    const id = await start();
    const answers = await Promise.all([lease(id), lease(id), lease(id)]);
    expect(answers.map((answer) => (answer.json() as { granted: boolean }).granted).sort()).toEqual([false, false, true]);

    const write = await asWebClient({
      method: "PUT",
      url: `${APP_SESSIONS_PATH}/${id}`,
      payload: { subscriberUserId: lena, subscriberId: northgate, data: { userId: lena, refreshToken: "rotated" } },
    });
    expect(write.statusCode).toBe(204);
    expect((await lease(id)).json()).toEqual({ granted: true });
  });

  it("lapses after 15 seconds when its holder never writes", async () => {
    const id = await start();
    expect((await lease(id)).json()).toEqual({ granted: true });
    await provider.db.updateTable("app_sessions").set({ refresh_lease_until: new Date(Date.now() - 1) }).execute();
    expect((await lease(id)).json()).toEqual({ granted: true });
    expect((await lease(id)).json()).toEqual({ granted: false });
  });

  it("answers 404 for a session that has ended", async () => {
    const id = await start();
    await asWebClient({ method: "DELETE", url: `${APP_SESSIONS_PATH}/${id}` });
    expect((await lease(id)).statusCode).toBe(404);
  });
});

describe("suspension", () => {
  it("at one subscriber ends the user's sessions for that subscriber only", async () => {
    const morgan = DEMO_USERS.manager.subscriberUserId;
    const harperVale = DEMO_SUBSCRIBERS.harperVale.subscriberId;
    const ashdown = DEMO_SUBSCRIBERS.ashdown.subscriberId;
    const atHarperVale = await start({ subscriberUserId: morgan, subscriberId: harperVale });
    const atAshdown = await start({ subscriberUserId: morgan, subscriberId: ashdown });
    await revokeUserGrants(provider.db, morgan, harperVale);
    expect((await read(atHarperVale)).statusCode).toBe(404);
    expect((await read(atAshdown)).statusCode).toBe(200);
  });

  it("of the account by the provider's support ends every session of the user", async () => {
    const id = await start();
    const helpdesk = await provider.loginToken(DEMO_USERS.helpdesk.email);
    const response = await provider.call(helpdesk, {
      method: "PATCH",
      url: `/api/subscriber/v1/subscriber-users/${lena}`,
      ...(await versioned(provider.db, { status: "Suspended" }, { table: "subscriber_users", id: lena })),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await read(id)).statusCode).toBe(404);
  });
});
