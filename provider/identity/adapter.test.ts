import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DB } from "../platform/db/index.js";
import { createTestDatabase, type TestDatabase } from "../platform/db/test-database.js";
import { createAdapterFactory } from "./adapter.js";
import { grantSubscriberOf, recordGrantSubscriber } from "./grant-subscribers.js";
import { revokeUserGrants } from "./revoke-user.js";
import { createScriptClient } from "./script-clients.js";
import { testConfig } from "./testing/harness.js";

let db: DB;
let database: TestDatabase;
const config = testConfig(1);
beforeAll(async () => {
  database = await createTestDatabase("convey_adapter_test");
  db = await openDatabase({ dataDir: "memory://", databaseUrl: database.databaseUrl });
});
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

describe("the oidc_payloads adapter", () => {
  it("stores, finds, consumes and destroys a payload, with its indexed columns", async () => {
    const adapter = createAdapterFactory(db, config)("AuthorizationCode");
    await adapter.upsert("code-1", { kind: "AuthorizationCode", grantId: "g-1", accountId: "u-1", scope: "openid" }, 60);
    const row = await db.selectFrom("oidc_payloads").selectAll().where("id", "=", "code-1").executeTakeFirstOrThrow();
    expect(row).toMatchObject({ model: "AuthorizationCode", grant_id: "g-1", account_id: "u-1", uid: null, user_code: null, consumed_at: null });
    expect(row.expires_at!.getTime()).toBeGreaterThan(Date.now() + 50_000);

    expect(await adapter.find("code-1")).toEqual({ kind: "AuthorizationCode", grantId: "g-1", accountId: "u-1", scope: "openid" });
    await adapter.consume("code-1");
    expect((await adapter.find("code-1"))!.consumed).toBeGreaterThan(0);
    await adapter.destroy("code-1");
    expect(await adapter.find("code-1")).toBeUndefined();
  });

  it("keeps models apart and overwrites on upsert", async () => {
    const factory = createAdapterFactory(db, config);
    await factory("Session").upsert("same-id", { kind: "Session", uid: "uid-1", accountId: "u-1" }, 60);
    await factory("Interaction").upsert("same-id", { kind: "Interaction", uid: "uid-2" }, 60);
    await factory("Session").upsert("same-id", { kind: "Session", uid: "uid-3", accountId: "u-1" }, 60);
    expect(await factory("Session").findByUid("uid-3")).toMatchObject({ kind: "Session" });
    expect(await factory("Session").findByUid("uid-1")).toBeUndefined();
    expect(await factory("Interaction").find("same-id")).toMatchObject({ uid: "uid-2" });
  });

  it("finds device codes by user code, and hides expired payloads", async () => {
    const adapter = createAdapterFactory(db, config)("DeviceCode");
    await adapter.upsert("dc-1", { kind: "DeviceCode", userCode: "BCDFGHJK" }, 60);
    expect(await adapter.findByUserCode("BCDFGHJK")).toMatchObject({ kind: "DeviceCode" });
    await db.updateTable("oidc_payloads").set({ expires_at: new Date(Date.now() - 1000) }).where("id", "=", "dc-1").execute();
    expect(await adapter.findByUserCode("BCDFGHJK")).toBeUndefined();
    expect(await adapter.find("dc-1")).toBeUndefined();
  });

  it("revokes by grant id within its model only", async () => {
    const factory = createAdapterFactory(db, config);
    await factory("RefreshToken").upsert("rt-1", { kind: "RefreshToken", grantId: "g-2" }, 60);
    await factory("RefreshToken").upsert("rt-2", { kind: "RefreshToken", grantId: "g-3" }, 60);
    await factory("AuthorizationCode").upsert("ac-1", { kind: "AuthorizationCode", grantId: "g-2" }, 60);
    await factory("RefreshToken").revokeByGrantId("g-2");
    expect(await factory("RefreshToken").find("rt-1")).toBeUndefined();
    expect(await factory("RefreshToken").find("rt-2")).toBeDefined();
    expect(await factory("AuthorizationCode").find("ac-1")).toBeDefined();
  });

  it("forgets a destroyed grant's subscriber, and treats an expired row as gone", async () => {
    const factory = createAdapterFactory(db, config);
    await factory("Grant").upsert("g-10", { kind: "Grant", accountId: "u-10" }, 60);
    await recordGrantSubscriber(db, "g-10", "s-1");
    await factory("Grant").destroy("g-10");
    expect(await grantSubscriberOf(db, "g-10")).toBeUndefined();

    await factory("Grant").upsert("g-12", { kind: "Grant", accountId: "u-12" }, 60);
    await db.updateTable("oidc_payloads").set({ expires_at: new Date(Date.now() - 1000) }).where("id", "=", "g-12").execute();
    expect(await factory("Grant").find("g-12")).toBeUndefined();
  });

  it("serves script clients from script_clients, with the decrypted secret, and forgets revoked ones", async () => {
    await db.insertInto("subscribers").values({ subscriber_id: "s-a", name: "A", entity_type: "Lender", status: "Active", ip_allow_list: "[]" }).execute();
    await db
      .insertInto("subscriber_users")
      .values({ subscriber_user_id: "u-a", email: "a@a.example", first_name: "A", last_name: "A", status: "Active", global_roles: "[]" })
      .execute();
    const client = await createScriptClient(db, config, { name: "Nightly", subscriberId: "s-a", subscriberUserId: "u-a" });
    const adapter = createAdapterFactory(db, config)("Client");
    expect(await adapter.find(client.clientId)).toEqual({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      client_name: "Nightly",
      grant_types: ["client_credentials"],
      response_types: [],
      redirect_uris: [],
      token_endpoint_auth_method: "client_secret_basic",
    });
    await db.updateTable("script_clients").set({ revoked_at: new Date() }).where("client_id", "=", client.clientId).execute();
    expect(await adapter.find(client.clientId)).toBeUndefined();
    expect(await adapter.find("convey-web")).toBeUndefined();
  });
});

describe("revokeUserGrants", () => {
  it("deletes every payload of the account and of its grants, and their subscriber records", async () => {
    const factory = createAdapterFactory(db, config);
    await factory("Grant").upsert("g-20", { kind: "Grant", accountId: "u-20" }, 60);
    await recordGrantSubscriber(db, "g-20", "s-1");
    await factory("Session").upsert("se-20", { kind: "Session", accountId: "u-20", uid: "x" }, 60);
    await factory("RefreshToken").upsert("rt-20", { kind: "RefreshToken", accountId: "u-20", grantId: "g-20" }, 60);
    await factory("DeviceCode").upsert("dc-20", { kind: "DeviceCode", accountId: "u-20", grantId: "g-20" }, 60);
    await factory("Grant").upsert("g-21", { kind: "Grant", accountId: "u-21" }, 60);

    await revokeUserGrants(db, "u-20");

    const left = await db.selectFrom("oidc_payloads").select("id").where("id", "in", ["g-20", "se-20", "rt-20", "dc-20", "g-21"]).execute();
    expect(left.map((row) => row.id)).toEqual(["g-21"]);
    expect(await grantSubscriberOf(db, "g-20")).toBeUndefined();
  });
});
