/** The feature-flag service: core's defaults per environment, overlaid with the helpdesk administrator's changes. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FeatureFlagsResponseSchema } from "../../core/shared/contract.js";
import { defaultFeatureFlags } from "../../core/shared/feature-flags.js";
import { DEMO_USERS, startTestProvider, type TestProvider } from "./support.js";

let provider: TestProvider;
let viewer: string;
let manager: string;
let helpdesk: string;

beforeAll(async () => {
  provider = await startTestProvider();
  [viewer, manager, helpdesk] = await Promise.all([
    provider.scriptToken("keystone"),
    provider.scriptToken("harperVale"),
    provider.loginToken(DEMO_USERS.helpdesk.email),
  ]);
});
afterAll(() => provider?.close());

async function flags(token: string, query = "") {
  const response = await provider.call(token, { method: "GET", url: `/api/v1/feature-flags${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return FeatureFlagsResponseSchema.parse(response.json());
}

function update(token: string, name: string, payload: unknown) {
  return provider.call(token, {
    method: "PUT",
    url: `/api/v1/feature-flags/${name}`,
    payload: payload as object,
  });
}

describe("GET /api/v1/feature-flags", () => {
  it("gives core's defaults for the provider's environment to any caller with a token", async () => {
    const body = await flags(viewer);
    expect(body).toEqual({ environment: "local", flags: defaultFeatureFlags("local") });
    expect(body.flags["switch-subscriber"]).toBe(true);
    expect(body.flags["app-dynamics-enabled"]).toBe(false);
  });

  it("gives the defaults of another environment on request", async () => {
    const body = await flags(viewer, "?environment=production");
    expect(body).toEqual({ environment: "production", flags: defaultFeatureFlags("production") });
    expect(body.flags["switch-subscriber"]).toBe(false);
  });

  it("refuses an unknown environment and a missing token", async () => {
    const bad = await provider.call(viewer, { method: "GET", url: "/api/v1/feature-flags?environment=moon" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("querystring.environment");
    const anonymous = await provider.call(undefined, { method: "GET", url: "/api/v1/feature-flags" });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ status: 401, code: "UNAUTHORIZED" });
  });
});

describe("PUT /api/v1/feature-flags/{name}", () => {
  it("refuses anyone but the helpdesk administrator, changing nothing", async () => {
    for (const token of [viewer, manager]) {
      const response = await update(token, "sdltEnabled", { enabled: true });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ status: 403, code: "FORBIDDEN" });
    }
    expect((await flags(viewer)).flags.sdltEnabled).toBe(false);
  });

  it("lets the helpdesk administrator turn a flag on in one environment, with an audit event", async () => {
    const response = await update(helpdesk, "sdltEnabled", { enabled: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(FeatureFlagsResponseSchema.parse(response.json())).toEqual({
      environment: "local",
      flags: { ...defaultFeatureFlags("local"), sdltEnabled: true },
    });
    expect((await flags(viewer)).flags.sdltEnabled).toBe(true);
    expect((await flags(viewer, "?environment=production")).flags.sdltEnabled).toBe(false);

    const events = await provider.db
      .selectFrom("audit_events")
      .selectAll()
      .where("action", "=", "FEATURE_FLAG_UPDATED")
      .execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actor_user_id: DEMO_USERS.helpdesk.subscriberUserId,
      target: "sdltEnabled",
    });
    expect(events[0].details).toEqual({ environment: "local", enabled: true });
  });

  it("sets a flag for a named environment and can turn a default off", async () => {
    const response = await update(helpdesk, "cces-enabled", { enabled: false, environment: "sandbox" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ environment: "sandbox", flags: { "cces-enabled": false } });
    expect((await flags(viewer, "?environment=sandbox")).flags["cces-enabled"]).toBe(false);
    expect((await flags(viewer)).flags["cces-enabled"]).toBe(true);
    const again = await update(helpdesk, "cces-enabled", { enabled: true, environment: "sandbox" });
    expect(again.json()).toMatchObject({ flags: { "cces-enabled": true } });
  });

  it("answers 404 for a flag that does not exist", async () => {
    const response = await update(helpdesk, "noSuchFlag", { enabled: true });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 404, code: "NOT_FOUND" });
  });

  it("answers 400 naming the field for a bad body", async () => {
    const response = await update(helpdesk, "sdltEnabled", { enabled: "yes" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, code: "VALIDATION_ERROR" });
    expect(response.json().message).toContain("body.enabled");
  });
});
