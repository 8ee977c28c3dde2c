/**
 * The demo world's organisation settings (document 3 section 2.4): Ashdown Legal signs in with enterprise
 * single sign-on (one connection with a client secret); Harper & Vale LLP has its land registry and revenue
 * authority identifiers; Keystone Conveyancing has none yet ('To be provided'). Lodgement identifiers and
 * notification registrations are left for the screens to create. Idempotent: values already there stay.
 *
 * The secrets are demo values, exported so that tests can prove they never leave the provider.
 */
import type { ProviderConfig } from "../platform/config.js";
import type { DB } from "../platform/db/index.js";
import { encryptSecret } from "../platform/security/encryption.js";

/** DEMO_SUBSCRIBERS of demo-world.ts (which imports this module, so the ids are repeated rather than imported). */
const ASHDOWN = "5b000000-0000-4000-8000-000000000004";
const HARPER_VALE = "5b000000-0000-4000-8000-000000000002";

export const DEMO_SSO_CONNECTION = {
  subscriberId: ASHDOWN,
  connectionId: "con_ashdown_entra",
  clientId: "ashdown-legal-entra-id",
  clientSecret: "demo-ashdown-sso-client-secret-7Qx",
} as const;

export const DEMO_AUTHORITY_IDENTIFIERS = [
  {
    subscriberId: HARPER_VALE,
    authorityType: "LODGEMENT",
    authorityAlias: "hmlr",
    userName: "harpervale-hmlr",
    password: "demo-hmlr-password-K2v",
    storn: null,
  },
  {
    subscriberId: HARPER_VALE,
    authorityType: "REVENUE",
    authorityAlias: "hmrc",
    userName: "harpervale-hmrc",
    password: "demo-hmrc-password-P8w",
    storn: "STN0123456",
  },
] as const;

export async function seedAdministration(db: DB, config: ProviderConfig): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("subscribers")
      .set({ authentication_type: "ENTERPRISE_CONNECTION" })
      .where("subscriber_id", "=", DEMO_SSO_CONNECTION.subscriberId)
      .execute();
    await trx
      .insertInto("sso_connections")
      .values({
        connection_id: DEMO_SSO_CONNECTION.connectionId,
        subscriber_id: DEMO_SSO_CONNECTION.subscriberId,
        client_id: DEMO_SSO_CONNECTION.clientId,
        client_secret_encrypted: encryptSecret(config.encryptionKey, DEMO_SSO_CONNECTION.clientSecret),
        last_modified_at: new Date(),
      })
      .onConflict((oc) => oc.column("connection_id").doNothing())
      .execute();
    await trx
      .insertInto("external_authority_identifiers")
      .values(
        DEMO_AUTHORITY_IDENTIFIERS.map((identifier) => ({
          subscriber_id: identifier.subscriberId,
          authority_type: identifier.authorityType,
          authority_alias: identifier.authorityAlias,
          user_name: identifier.userName,
          password_encrypted: encryptSecret(config.encryptionKey, identifier.password),
          storn: identifier.storn,
        })),
      )
      .onConflict((oc) => oc.columns(["subscriber_id", "authority_type"]).doNothing())
      .execute();
  });
}
