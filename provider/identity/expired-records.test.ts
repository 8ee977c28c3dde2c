import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DB } from "../platform/db/index.js";
import { createTestDatabase, type TestDatabase } from "../platform/db/test-database.js";
import { createAdapterFactory } from "./adapter.js";
import { sweepExpiredIdentityRecords } from "./expired-records.js";
import { grantSubscriberOf, recordGrantSubscriber } from "./grant-subscribers.js";
import { testConfig } from "./testing/harness.js";

let db: DB;
let database: TestDatabase;
const config = testConfig(1);
beforeAll(async () => {
  database = await createTestDatabase("convey_expired_records_test");
  db = await openDatabase({ dataDir: "memory://", databaseUrl: database.databaseUrl });
});
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

describe("sweeping expired identity records", () => {
  it("deletes expired payloads and the subscriber records of grants that are gone, and keeps the living", async () => {
    const factory = createAdapterFactory(db, config);
    await factory("Grant").upsert("g-alive", { kind: "Grant", accountId: "u-1" }, 60);
    await recordGrantSubscriber(db, "g-alive", "s-1");
    await factory("Grant").upsert("g-expired", { kind: "Grant", accountId: "u-2" }, 60);
    await recordGrantSubscriber(db, "g-expired", null);
    await factory("Session").upsert("session-forever", { kind: "Session" }, 0);
    await db
      .updateTable("oidc_payloads")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("id", "=", "g-expired")
      .execute();

    await sweepExpiredIdentityRecords(db);

    const ids = await db.selectFrom("oidc_payloads").select("id").orderBy("id").execute();
    expect(ids.map((row) => row.id)).toEqual(["g-alive", "session-forever"]);
    expect(await grantSubscriberOf(db, "g-alive")).toBe("s-1");
    expect(await grantSubscriberOf(db, "g-expired")).toBeUndefined();
  });
});
