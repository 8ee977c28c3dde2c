/**
 * Script clients: confidential OAuth clients for the client credentials grant, each bound to one subscriber
 * and one of its users, whose status and roles the client's tokens carry. The secret is stored encrypted
 * (AES-256-GCM) and shown once, when the client is created.
 */
import { randomBytes } from "node:crypto";
import type { AdapterPayload } from "oidc-provider";
import type { DB } from "../platform/db/index.js";
import type { ProviderConfig } from "../platform/config.js";
import { decryptSecret, encryptSecret } from "../platform/security/encryption.js";

export const SCRIPT_CLIENT_PREFIX = "script-";

export interface ScriptClientInput {
  name: string;
  subscriberId: string;
  subscriberUserId: string;
}

export async function createScriptClient(
  db: DB,
  config: ProviderConfig,
  input: ScriptClientInput,
): Promise<{ clientId: string; clientSecret: string }> {
  const clientId = `${SCRIPT_CLIENT_PREFIX}${randomBytes(12).toString("base64url")}`;
  // URL-safe, so HTTP Basic client authentication needs no form-encoding.
  const clientSecret = randomBytes(32).toString("base64url");
  await db
    .insertInto("script_clients")
    .values({
      client_id: clientId,
      client_secret_encrypted: encryptSecret(config.encryptionKey, clientSecret),
      name: input.name,
      subscriber_id: input.subscriberId,
      subscriber_user_id: input.subscriberUserId,
    })
    .execute();
  return { clientId, clientSecret };
}

export interface ScriptClientBinding {
  clientId: string;
  subscriberId: string;
  subscriberUserId: string;
}

/** The binding of a script client that is not revoked, or undefined. */
export async function findScriptClient(db: DB, clientId: string): Promise<ScriptClientBinding | undefined> {
  const row = await db
    .selectFrom("script_clients")
    .select(["client_id", "subscriber_id", "subscriber_user_id"])
    .where("client_id", "=", clientId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return row ? { clientId: row.client_id, subscriberId: row.subscriber_id, subscriberUserId: row.subscriber_user_id } : undefined;
}

/** oidc-provider client metadata for a script client that is not revoked. */
export async function loadScriptClientMetadata(
  db: DB,
  config: ProviderConfig,
  clientId: string,
): Promise<AdapterPayload | undefined> {
  const row = await db
    .selectFrom("script_clients")
    .select(["client_id", "client_secret_encrypted", "name"])
    .where("client_id", "=", clientId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    client_id: row.client_id,
    client_secret: decryptSecret(config.encryptionKey, row.client_secret_encrypted),
    client_name: row.name,
    grant_types: ["client_credentials"],
    response_types: [],
    redirect_uris: [],
    token_endpoint_auth_method: "client_secret_basic",
  };
}
