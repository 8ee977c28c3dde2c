/**
 * The app's session storage (app/session/app-session-storage.server.ts) over a real provider: two storages
 * stand for two app processes behind a load balancer, sharing one provider and its database, as a deployment
 * shares SESSION_SECRET. What one process writes the other reads with the same cookie; a logout through one
 * ends the session for both; a session past its limit comes back marked as ended, for the app to close.
 */
import { createCookie } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAppSessionStorage } from "../../app/session/app-session-storage.server";
import type { AppSessionData } from "../../app/session/session.server";
import { setAppSessionTimes } from "../../provider/identity/app-sessions.js";
import { DEMO_SUBSCRIBERS, DEMO_USERS, startTestProvider, type TestProvider } from "./support.js";

let provider: TestProvider;
let processA: ReturnType<typeof createAppSessionStorage>;
let processB: ReturnType<typeof createAppSessionStorage>;

const cookie = () => createCookie("__session", { httpOnly: true, sameSite: "lax", path: "/", secrets: ["shared-session-secret"] });

const login: Omit<AppSessionData, "createdAt"> = {
  userId: DEMO_USERS.lender.subscriberUserId,
  accessToken: "access-token",
  accessTokenExpiresAt: Date.now() + 5 * 60_000,
  refreshToken: "refresh-token",
  idToken: null,
  selectedSubscriberId: DEMO_SUBSCRIBERS.northgate.subscriberId,
  pendingSubscriberId: null,
  csrfToken: "csrf-token",
};

beforeAll(async () => {
  provider = await startTestProvider();
  const address = await provider.app.listen({ port: 0, host: "127.0.0.1" });
  const store = { apiUrl: address, clientId: provider.config.webClient.clientId, clientSecret: provider.config.webClient.clientSecret };
  processA = createAppSessionStorage({ cookie: cookie(), store });
  processB = createAppSessionStorage({ cookie: cookie(), store });
});
afterAll(() => provider?.close());

/** Starts a session through `storage` and returns the Cookie header the browser would send back. */
async function startThrough(storage: typeof processA): Promise<string> {
  const session = await storage.getSession();
  for (const [key, value] of Object.entries(login)) session.set(key as keyof AppSessionData, value as never);
  const setCookie = await storage.commitSession(session);
  return setCookie.split(";")[0];
}

describe("sessions shared by two app processes", () => {
  it("are read by the other process with the same cookie, with the login time from the store", async () => {
    const browserCookie = await startThrough(processA);
    const seenByB = await processB.getSession(browserCookie);
    expect(seenByB.get("userId")).toBe(login.userId);
    expect(seenByB.get("refreshToken")).toBe("refresh-token");
    expect(Date.now() - (seenByB.get("createdAt") ?? 0)).toBeLessThan(60_000);
    expect(seenByB.get("endedBy")).toBeUndefined();
  });

  it("see each other's writes (a token refresh on one process)", async () => {
    const browserCookie = await startThrough(processA);
    const onB = await processB.getSession(browserCookie);
    onB.set("refreshToken", "rotated-on-b");
    await processB.commitSession(onB);
    expect((await processA.getSession(browserCookie)).get("refreshToken")).toBe("rotated-on-b");
  });

  it("end for both when one logs out, and a late write by the other does not bring the session back", async () => {
    const browserCookie = await startThrough(processA);
    const heldByA = await processA.getSession(browserCookie);
    await processB.destroySession(await processB.getSession(browserCookie));

    expect((await processA.getSession(browserCookie)).get("userId")).toBeUndefined();
    heldByA.set("refreshToken", "written-after-logout");
    await processA.commitSession(heldByA);
    expect((await processA.getSession(browserCookie)).get("userId")).toBeUndefined();
    expect((await processB.getSession(browserCookie)).get("userId")).toBeUndefined();
  });

  it("come back marked as ended once past the idle limit, with the tokens the app revokes, then not at all", async () => {
    const browserCookie = await startThrough(processA);
    const id = (await processA.getSession(browserCookie)).id;
    await setAppSessionTimes({ db: provider.db }, id, { lastSeenAt: new Date(Date.now() - 31 * 60_000).toISOString() });

    const ended = await processB.getSession(browserCookie);
    expect(ended.get("endedBy")).toBe("idle");
    expect(ended.get("refreshToken")).toBe("refresh-token");
    expect((await processA.getSession(browserCookie)).get("userId")).toBeUndefined();
  });

  it("keep the login time of the session a subscriber switch replaces", async () => {
    const loggedInAt = Date.now() - 3 * 60 * 60_000;
    const session = await processA.getSession();
    for (const [key, value] of Object.entries({ ...login, createdAt: loggedInAt })) session.set(key as keyof AppSessionData, value as never);
    const browserCookie = (await processA.commitSession(session)).split(";")[0];
    expect((await processB.getSession(browserCookie)).get("createdAt")).toBe(loggedInAt);
  });

  it("are not looked up for a cookie naming an id the store never issues", async () => {
    const forged = (await cookie().serialize("0123456789abcdef")).split(";")[0];
    const session = await processA.getSession(forged);
    expect(session.get("userId")).toBeUndefined();
    await expect(processA.destroySession(session)).resolves.toContain("__session=");
  });
});
