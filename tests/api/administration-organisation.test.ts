/**
 * Organisation settings (document 3 sections 2.4, 5.3, 7.3 and 8.4; issue 5): subscriber list and details,
 * the IP allow list and its enforcement on the API and at login, the SSO client secret, notification
 * registrations, authority and lodgement identifiers, and the audit log.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AuditEventsResponseSchema,
  ExternalAuthorityIdentifiersResponseSchema,
  LodgementIdentifiersResponseSchema,
  NotificationRegistrationSchema,
  NotificationRegistrationsResponseSchema,
  SubscriberDetailsSchema,
} from "../../core/administration/api.js";
import { AssociatedSubscribersResponseSchema } from "../../core/administration/api.js";
import { CONFLICT_MESSAGE } from "../../core/shared/errors.js";
import { IP_ALLOW_LIST_MESSAGE } from "../../core/administration/ip-allow-list.js";
import { decryptSecret } from "../../provider/platform/security/encryption.js";
import { DEMO_SSO_CONNECTION } from "../../provider/administration/seed.js";
import { API, auditEvents, personWithRoles } from "./administration-support.js";
import { DEMO_SUBSCRIBERS, DEMO_USERS, startTestProvider, versioned, type TestProvider } from "./support.js";

let provider: TestProvider;
let manager: string; // Morgan Harper, User Manager at Harper & Vale
let lender: string; // Lena North at Northgate: no administration permissions
let helpdesk: string;
let keystoneManager: string; // a User Manager at Keystone
let harperHmlr: string; // an HMLR Administrator at Harper & Vale

const harperVale = DEMO_SUBSCRIBERS.harperVale.subscriberId;
const keystone = DEMO_SUBSCRIBERS.keystone.subscriberId;
const ashdown = DEMO_SUBSCRIBERS.ashdown.subscriberId;
const northgate = DEMO_SUBSCRIBERS.northgate.subscriberId;

beforeAll(async () => {
  provider = await startTestProvider();
  [manager, lender, helpdesk] = await Promise.all([
    provider.scriptToken("harperVale"),
    provider.scriptToken("northgate"),
    provider.loginToken(DEMO_USERS.helpdesk.email),
  ]);
  keystoneManager = (await personWithRoles(provider, "keystone", ["User Manager"], "Kim")).token;
  harperHmlr = (await personWithRoles(provider, "harperVale", ["HMLR Administrator"], "Hal")).token;
});
afterAll(() => provider?.close());

const get = (token: string, url: string, headers: Record<string, string> = {}) =>
  provider.call(token, { method: "GET", url, headers });

async function setIpAllowList(token: string, subscriberId: string, metadata: string[], extra: Record<string, unknown> = {}, headers = {}) {
  const write = await versioned(provider.db, { type: "USER_IP_WHITELIST", data: { metadata }, ...extra }, { table: "subscribers", id: subscriberId });
  return provider.call(token, {
    method: "PATCH",
    url: `${API}/idp-metadata/${subscriberId}/USER_IP_WHITELIST`,
    payload: write.payload,
    headers: { ...write.headers, ...headers },
  });
}

describe("GET /api/subscriber/v1/subscribers (the helpdesk administrator's selector)", () => {
  it("lists every subscriber by name, filtered by type", async () => {
    const all = AssociatedSubscribersResponseSchema.parse((await get(helpdesk, `${API}/subscribers?page=1&limit=1000`)).json());
    expect(all.records.map((s) => s.name)).toEqual(["Ashdown Legal", "Harper & Vale LLP", "Keystone Conveyancing", "Northgate Bank"]);
    const firms = AssociatedSubscribersResponseSchema.parse(
      (await get(helpdesk, `${API}/subscribers?page=1&limit=1000&type=Law Firm&type=Conveyancing Firm`)).json(),
    );
    expect(firms.records.map((s) => s.entityType)).toEqual(["Law Firm", "Law Firm", "Conveyancing Firm"]);
    const lenders = AssociatedSubscribersResponseSchema.parse((await get(helpdesk, `${API}/subscribers?type=LENDER`)).json());
    expect(lenders.records.map((s) => s.name)).toEqual(["Northgate Bank"]);
    expect((await get(helpdesk, `${API}/subscribers?type=Bank`)).statusCode).toBe(400);
    expect((await get(helpdesk, `${API}/subscribers?limit=1001`)).statusCode).toBe(400);
  });
});

describe("GET /api/subscriber/v1/subscribers/{id}/details", () => {
  it("shows the caller's own subscriber with its IP allow list and user authentication", async () => {
    const response = await get(manager, `${API}/subscribers/${harperVale}/details`);
    expect(response.statusCode, response.body).toBe(200);
    expect(SubscriberDetailsSchema.parse(response.json())).toMatchObject({
      subscriberId: harperVale,
      name: "Harper & Vale LLP",
      entityType: "Law Firm",
      userAuthentication: { type: "AUTH0_DATABASE_CONNECTION", sso: [] },
      ipAllow: { ipAddresses: [], lastModifiedAt: null, lastModifiedBy: null },
    });
  });

  it("shows an SSO connection's client id and whether a secret is set, never the secret", async () => {
    const response = await get(helpdesk, `${API}/subscribers/${ashdown}/details`);
    const details = SubscriberDetailsSchema.parse(response.json());
    expect(details.userAuthentication).toMatchObject({
      type: "ENTERPRISE_CONNECTION",
      sso: [{ connectionId: DEMO_SSO_CONNECTION.connectionId, clientId: DEMO_SSO_CONNECTION.clientId, clientSecretSet: true }],
    });
    expect(response.body).not.toContain(DEMO_SSO_CONNECTION.clientSecret);
  });

  it("answers 404 for another subscriber and 403 without VIEW_ORGANISATIONS", async () => {
    expect((await get(manager, `${API}/subscribers/${keystone}/details`)).statusCode).toBe(404);
    expect((await get(manager, `${API}/subscribers/no-such-subscriber/details`)).statusCode).toBe(404);
    expect((await get(lender, `${API}/subscribers/${northgate}/details`)).statusCode).toBe(403);
  });
});

describe("the IP allow list", () => {
  it("is validated entry by entry, stored canonical without duplicates, with who and when", async () => {
    const bad = await setIpAllowList(helpdesk, keystone, ["203.0.113.7", "not-an-address"]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(IP_ALLOW_LIST_MESSAGE);

    const response = await setIpAllowList(helpdesk, keystone, ["203.0.113.0/24", "2001:DB8::/32", " 203.0.113.0/24 ", "198.51.100.9"]);
    expect(response.statusCode, response.body).toBe(200);
    const details = SubscriberDetailsSchema.parse(response.json());
    expect(details.ipAllow).toMatchObject({
      ipAddresses: ["203.0.113.0/24", "2001:db8::/32", "198.51.100.9"],
      lastModifiedBy: "Helen Desk",
    });
    expect(Date.now() - Date.parse(details.ipAllow!.lastModifiedAt!)).toBeLessThan(60_000);
    const [event] = await auditEvents(provider, { action: "IP_ALLOW_LIST_UPDATED", target: keystone });
    expect(event).toMatchObject({ actor_user_id: DEMO_USERS.helpdesk.subscriberUserId, subscriber_id: keystone, ip_address: "127.0.0.1" });
    expect(event!.details).toEqual({ from: [], to: ["203.0.113.0/24", "2001:db8::/32", "198.51.100.9"] });

    const stale = await setIpAllowList(helpdesk, keystone, [], { version: details.version - 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(CONFLICT_MESSAGE);
    expect((await setIpAllowList(helpdesk, keystone, [], { version: details.version })).statusCode).toBe(200);
  });

  it("refuses the subscriber's API calls from outside a non-empty list with 403, and its logins; an empty list restores access", async () => {
    const meCall = (token: string, from?: string) => get(token, "/api/v1/me", from ? { "x-forwarded-for": from } : {});
    expect((await meCall(lender)).statusCode).toBe(200);

    expect((await setIpAllowList(helpdesk, northgate, ["203.0.113.0/24"])).statusCode).toBe(200);
    try {
      const refused = await meCall(lender);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ status: 403, code: "IP_ADDRESS_NOT_ALLOWED", message: "Access denied for your IP address." });
      // Forwarded by the app server (a trusted proxy on loopback): the end user's address counts.
      expect((await meCall(lender, "203.0.113.42")).statusCode).toBe(200);
      expect((await meCall(lender, "198.51.100.1")).statusCode).toBe(403);
      // Other subscribers and the helpdesk administrator are not affected.
      expect((await meCall(manager)).statusCode).toBe(200);
      expect((await meCall(helpdesk)).statusCode).toBe(200);
      await expect(provider.loginToken(DEMO_USERS.lender.email)).rejects.toThrow("Access denied for your IP address.");
    } finally {
      expect((await setIpAllowList(helpdesk, northgate, [])).statusCode).toBe(200);
    }
    expect((await meCall(lender)).statusCode).toBe(200);
    await expect(provider.loginToken(DEMO_USERS.lender.email)).resolves.toBeTruthy();
  });

  it("does not let a User Manager lock themself out, and answers 404 for another subscriber", async () => {
    const lockout = await setIpAllowList(manager, harperVale, ["203.0.113.0/24"]);
    expect(lockout.statusCode).toBe(400);
    expect(lockout.json().code).toBe("IP_ALLOW_LIST_EXCLUDES_CALLER");
    const withOwn = await setIpAllowList(manager, harperVale, ["203.0.113.0/24", "127.0.0.1"]);
    expect(withOwn.statusCode, withOwn.body).toBe(200);
    expect(SubscriberDetailsSchema.parse(withOwn.json()).ipAllow!.lastModifiedBy).toBe("Morgan Harper");
    expect((await setIpAllowList(manager, harperVale, [])).statusCode).toBe(200);

    expect((await setIpAllowList(manager, keystone, [])).statusCode).toBe(404);
    expect((await setIpAllowList(lender, northgate, [])).statusCode).toBe(403);
    const wrongType = await provider.call(helpdesk, {
      method: "PATCH",
      url: `${API}/idp-metadata/${keystone}/SOMETHING_ELSE`,
      payload: { type: "USER_IP_WHITELIST", data: { metadata: [] } },
    });
    expect(wrongType.statusCode).toBe(404);
  });
});

describe("PATCH /api/subscriber/v1/idp-sso/{subscriberId}", () => {
  const setSecret = async (token: string, subscriberId: string, connectionId: string, clientSecret: string) =>
    provider.call(token, {
      method: "PATCH",
      url: `${API}/idp-sso/${subscriberId}?connection_id=${connectionId}`,
      ...(await versioned(provider.db, { clientSecret }, { table: "subscribers", id: subscriberId })),
    });

  it("stores a new client secret sealed and says only that one is set", async () => {
    const secret = "a-brand-new-client-secret-9Zz";
    const response = await setSecret(helpdesk, ashdown, DEMO_SSO_CONNECTION.connectionId, secret);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).not.toContain(secret);
    expect(SubscriberDetailsSchema.parse(response.json()).userAuthentication!.sso[0]!.clientSecretSet).toBe(true);
    const row = await provider.db
      .selectFrom("sso_connections")
      .select("client_secret_encrypted")
      .where("connection_id", "=", DEMO_SSO_CONNECTION.connectionId)
      .executeTakeFirstOrThrow();
    expect(row.client_secret_encrypted).not.toContain(secret);
    expect(decryptSecret(provider.config.encryptionKey, row.client_secret_encrypted!)).toBe(secret);
    const [event] = await auditEvents(provider, { action: "SSO_CLIENT_SECRET_UPDATED" });
    expect(event!.details).toEqual({ connectionId: DEMO_SSO_CONNECTION.connectionId, clientSecretChanged: true });
  });

  it("checks the secret (at most 100 characters, no leading whitespace) and the connection", async () => {
    expect((await setSecret(helpdesk, ashdown, DEMO_SSO_CONNECTION.connectionId, " leading")).statusCode).toBe(400);
    expect((await setSecret(helpdesk, ashdown, DEMO_SSO_CONNECTION.connectionId, "x".repeat(101))).statusCode).toBe(400);
    expect((await setSecret(helpdesk, ashdown, DEMO_SSO_CONNECTION.connectionId, "")).statusCode).toBe(400);
    expect((await setSecret(helpdesk, ashdown, "con_unknown", "fine-secret")).statusCode).toBe(404);
    expect((await setSecret(manager, ashdown, DEMO_SSO_CONNECTION.connectionId, "fine-secret")).statusCode).toBe(404);
  });
});

describe("notification registrations (/api/notification/v2)", () => {
  const URL = "/api/notification/v2/notification-registrations";
  const register = (token: string, body: Record<string, unknown>, query = "") =>
    provider.call(token, { method: "POST", url: `${URL}${query}`, payload: body });

  it("creates one EMAIL registration per subscriber, lists it, and updates it with its version", async () => {
    const missingTypes = await register(manager, { notificationType: "EMAIL", attributes: { email: "alerts@harpervale.example" }, eventTypes: [] });
    expect(missingTypes.statusCode).toBe(400);
    expect(missingTypes.json().message).toBe("Please select at least one notification type");
    for (const [email, message] of [
      ["not-an-email", "Invalid email format"],
      [`${"a".repeat(40)}@harpervale.example`, "Email address must be 50 characters or less"],
      ["", "Email is required"],
    ]) {
      const response = await register(manager, { attributes: { email }, eventTypes: ["LODGEMENT_CASE_REQUISITIONED"] });
      expect(response.json().message).toBe(message);
    }

    const body = { notificationType: "EMAIL", attributes: { email: "alerts@harpervale.example" }, eventTypes: ["LODGEMENT_CASE_REQUISITIONED"] };
    const created = await register(manager, body);
    expect(created.statusCode, created.body).toBe(201);
    const registration = NotificationRegistrationSchema.parse(created.json());
    expect(registration).toMatchObject({ subscriberId: harperVale, attributes: { email: "alerts@harpervale.example" }, version: 1 });
    expect((await register(manager, body)).statusCode).toBe(409);

    const list = NotificationRegistrationsResponseSchema.parse((await get(manager, `${URL}?page=1&limit=20`)).json());
    expect(list.records.map((r) => r.registrationId)).toEqual([registration.registrationId]);
    const helpdeskList = NotificationRegistrationsResponseSchema.parse((await get(helpdesk, `${URL}?page=1&limit=20&subscriberId=${harperVale}`)).json());
    expect(helpdeskList.records).toHaveLength(1);

    const put = async (token: string, change: Record<string, unknown>) =>
      provider.call(token, {
        method: "PUT",
        url: `${URL}/${registration.registrationId}`,
        ...(await versioned(provider.db, { ...body, ...change }, { table: "notification_registrations", id: registration.registrationId })),
      });
    const updated = await put(manager, { attributes: { email: "desk@harpervale.example" }, eventTypes: [], version: 1 });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ attributes: { email: "desk@harpervale.example" }, eventTypes: [], version: 2 });
    expect((await put(manager, { version: 1 })).statusCode).toBe(409);
    expect((await put(keystoneManager, {})).statusCode).toBe(404);
    expect((await put(lender, {})).statusCode).toBe(403);
    const [event] = await auditEvents(provider, { action: "NOTIFICATION_REGISTRATION_UPDATED" });
    expect(event!.details).toMatchObject({ from: { email: "alerts@harpervale.example" }, to: { email: "desk@harpervale.example" } });
  });

  it("keeps a User Manager to their own subscriber", async () => {
    const response = await register(keystoneManager, { attributes: { email: "k@keystone.example" }, eventTypes: ["LODGEMENT_CASE_REQUISITIONED"] }, `?subscriberId=${harperVale}`);
    expect(response.statusCode).toBe(404);
  });
});

describe("authority and lodgement identifiers", () => {
  it("lists the land registry and revenue identifiers without passwords; missing ones are null", async () => {
    const harper = ExternalAuthorityIdentifiersResponseSchema.parse(
      (await get(helpdesk, `${API}/lodging-party/${harperVale}/ext-authority-identifiers`)).json(),
    );
    expect(harper.records).toEqual([
      { authorityType: "LODGEMENT", authorityAlias: "hmlr", userName: "harpervale-hmlr", passwordSet: true, storn: null },
      { authorityType: "REVENUE", authorityAlias: "hmrc", userName: "harpervale-hmrc", passwordSet: true, storn: "STN0123456" },
    ]);
    const keystoneRecords = ExternalAuthorityIdentifiersResponseSchema.parse(
      (await get(helpdesk, `${API}/lodging-party/${keystone}/ext-authority-identifiers`)).json(),
    );
    expect(keystoneRecords.records.map((r) => [r.userName, r.passwordSet])).toEqual([
      [null, false],
      [null, false],
    ]);
    expect((await get(manager, `${API}/lodging-party/${harperVale}/ext-authority-identifiers`)).statusCode).toBe(403);
    expect((await get(harperHmlr, `${API}/lodging-party/${keystone}/ext-authority-identifiers`)).statusCode).toBe(404);
    expect((await get(harperHmlr, `${API}/lodging-party/${harperVale}/ext-authority-identifiers`)).statusCode).toBe(200);
  });

  it("creates lodgement identifiers, then updates them keeping the passwords left out", async () => {
    const url = `${API}/lodgement-identifiers`;
    const save = async (token: string, body: Record<string, unknown>) => provider.call(token, { method: "POST", url, ...(await versioned(provider.db, body)) });
    const empty = LodgementIdentifiersResponseSchema.parse((await get(harperHmlr, url)).json());
    expect(empty).toMatchObject({ subscriberId: harperVale, identifiers: null, version: null });

    const missing = await save(harperHmlr, { identifiers: { primary: { userName: "hv-primary" }, secondary: { userName: "hv-secondary" } } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe("Primary password is required; Secondary password is required");
    const same = await save(harperHmlr, {
      identifiers: { primary: { userName: "hv-one", password: "p1-secret" }, secondary: { userName: "HV-ONE", password: "p2-secret" } },
    });
    expect(same.json().message).toBe("Usernames cannot be same");

    const created = await save(harperHmlr, {
      identifiers: { primary: { userName: "hv-primary", password: "primary-pass-1" }, secondary: { userName: "hv-secondary", password: "secondary-pass-1" } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const identifiers = LodgementIdentifiersResponseSchema.parse(created.json());
    expect(identifiers).toMatchObject({
      identifiers: { primary: { userName: "hv-primary", passwordSet: true }, secondary: { userName: "hv-secondary", passwordSet: true } },
      version: 1,
      lastModifiedBy: "Hal Person",
    });

    const updated = await save(harperHmlr, {
      identifiers: { primary: { userName: "hv-primary-2" }, secondary: { userName: "hv-secondary", password: "*****" } },
      version: 1,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ identifiers: { primary: { userName: "hv-primary-2" } }, version: 2 });
    const row = await provider.db
      .selectFrom("lodgement_identifiers")
      .selectAll()
      .where("subscriber_id", "=", harperVale)
      .executeTakeFirstOrThrow();
    expect(decryptSecret(provider.config.encryptionKey, row.primary_password_encrypted)).toBe("primary-pass-1");
    expect(decryptSecret(provider.config.encryptionKey, row.secondary_password_encrypted)).toBe("secondary-pass-1");
    expect((await save(harperHmlr, { identifiers: { primary: { userName: "a" }, secondary: { userName: "b" } }, version: 1 })).statusCode).toBe(409);

    const events = await auditEvents(provider, { target: harperVale });
    expect(events.filter((e) => e.action.startsWith("LODGEMENT_IDENTIFIERS")).map((e) => e.details)).toEqual([
      { primaryUserName: "hv-primary", secondaryUserName: "hv-secondary", primaryPasswordChanged: true, secondaryPasswordChanged: true },
      { primaryUserName: "hv-primary-2", secondaryUserName: "hv-secondary", primaryPasswordChanged: false, secondaryPasswordChanged: false },
    ]);

    expect((await get(manager, url)).statusCode).toBe(403);
    expect((await get(harperHmlr, `${url}?subscriberId=${keystone}`)).statusCode).toBe(404);
    expect((await get(helpdesk, url)).statusCode).toBe(400);
    expect(LodgementIdentifiersResponseSchema.parse((await get(helpdesk, `${url}?subscriberId=${harperVale}`)).json()).version).toBe(2);
  });
});

describe("GET /api/subscriber/v1/audit-events", () => {
  it("gives a User Manager their own subscriber's events, newest first, with who, what, when and from where", async () => {
    const response = await get(manager, `${API}/audit-events?page=1&limit=100`);
    expect(response.statusCode, response.body).toBe(200);
    const events = AuditEventsResponseSchema.parse(response.json());
    expect(events.records.length).toBeGreaterThan(0);
    expect(new Set(events.records.map((e) => e.subscriberId))).toEqual(new Set([harperVale]));
    const times = events.records.map((e) => Date.parse(e.occurredAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(events.records.find((e) => e.action === "IP_ALLOW_LIST_UPDATED")).toMatchObject({
      actorName: expect.stringMatching(/Morgan Harper|Helen Desk/),
      ipAddress: "127.0.0.1",
    });
    expect((await get(manager, `${API}/audit-events?subscriberId=${keystone}`)).statusCode).toBe(404);
    expect((await get(lender, `${API}/audit-events`)).statusCode).toBe(403);
  });

  it("gives the helpdesk administrator every subscriber's, or one's, filtered by action", async () => {
    const all = AuditEventsResponseSchema.parse((await get(helpdesk, `${API}/audit-events?limit=1000`)).json());
    expect(new Set(all.records.map((e) => e.subscriberId))).toEqual(new Set([harperVale, keystone, northgate, ashdown]));
    const one = AuditEventsResponseSchema.parse(
      (await get(helpdesk, `${API}/audit-events?subscriberId=${keystone}&action=IP_ALLOW_LIST_UPDATED`)).json(),
    );
    expect(one.records.every((e) => e.subscriberId === keystone && e.action === "IP_ALLOW_LIST_UPDATED")).toBe(true);
    expect(one.page.totalRecords).toBe(2);
  });
});
