/**
 * oidc-provider's storage over the `oidc_payloads` table: sessions, interactions, grants, codes, refresh
 * tokens and device codes survive a restart and are shared by every provider process. The indexed columns
 * (grant_id, uid, user_code, account_id) let the provider find a session by uid, a device code by user code,
 * revoke everything of a grant, and let suspension revoke everything of an account.
 *
 * The `Client` model is not stored here: static clients live in the configuration, and script clients are
 * read from `script_clients` (see script-clients.ts).
 */
import type { Adapter, AdapterPayload } from "oidc-provider";
import type { DB } from "../platform/db/index.js";
import type { ProviderConfig } from "../platform/config.js";
import { loadScriptClientMetadata } from "./script-clients.js";
import { forgetGrantSubscribers } from "./grant-subscribers.js";

function toDate(value: Date | string | null): Date | null {
  return value === null ? null : value instanceof Date ? value : new Date(value);
}

const asString = (value: unknown): string | null => (typeof value === "string" && value ? value : null);

class PayloadAdapter implements Adapter {
  constructor(
    private readonly db: DB,
    private readonly model: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    const row = {
      model: this.model,
      id,
      payload: JSON.stringify(payload),
      grant_id: asString(payload.grantId),
      user_code: asString(payload.userCode),
      uid: asString(payload.uid),
      account_id: asString(payload.accountId),
      expires_at: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
    };
    await this.db
      .insertInto("oidc_payloads")
      .values(row)
      .onConflict((conflict) =>
        conflict.columns(["model", "id"]).doUpdateSet({
          payload: row.payload,
          grant_id: row.grant_id,
          user_code: row.user_code,
          uid: row.uid,
          account_id: row.account_id,
          expires_at: row.expires_at,
        }),
      )
      .execute();
  }

  find(id: string) {
    return this.findBy("id", id);
  }

  findByUid(uid: string) {
    return this.findBy("uid", uid);
  }

  findByUserCode(userCode: string) {
    return this.findBy("user_code", userCode);
  }

  async consume(id: string): Promise<void> {
    await this.db
      .updateTable("oidc_payloads")
      .set({ consumed_at: new Date() })
      .where("model", "=", this.model)
      .where("id", "=", id)
      .execute();
  }

  async destroy(id: string): Promise<void> {
    await this.db.deleteFrom("oidc_payloads").where("model", "=", this.model).where("id", "=", id).execute();
    if (this.model === "Grant") await forgetGrantSubscribers(this.db, [id]);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.deleteFrom("oidc_payloads").where("model", "=", this.model).where("grant_id", "=", grantId).execute();
  }

  private async findBy(column: "id" | "uid" | "user_code", value: string): Promise<AdapterPayload | undefined> {
    const row = await this.db
      .selectFrom("oidc_payloads")
      .select(["payload", "expires_at", "consumed_at"])
      .where("model", "=", this.model)
      .where(column, "=", value)
      .executeTakeFirst();
    if (!row) return undefined;
    const expiresAt = toDate(row.expires_at);
    if (expiresAt && expiresAt.getTime() <= Date.now()) return undefined;
    const consumedAt = toDate(row.consumed_at);
    return {
      ...(row.payload as AdapterPayload),
      ...(consumedAt ? { consumed: Math.floor(consumedAt.getTime() / 1000) } : {}),
    };
  }
}

/** Script clients, read on every lookup so that a revocation takes effect at once. */
class ScriptClientAdapter implements Adapter {
  constructor(
    private readonly db: DB,
    private readonly config: ProviderConfig,
  ) {}

  async find(id: string): Promise<AdapterPayload | undefined> {
    return loadScriptClientMetadata(this.db, this.config, id);
  }

  async upsert(): Promise<void> {
    throw new Error("Clients are not registered through oidc-provider.");
  }

  async findByUid(): Promise<undefined> {
    return undefined;
  }

  async findByUserCode(): Promise<undefined> {
    return undefined;
  }

  async consume(): Promise<void> {}

  async destroy(): Promise<void> {}

  async revokeByGrantId(): Promise<void> {}
}

/**
 * The `adapter` option: one adapter instance per model name. Expired rows are swept by a job
 * (expired-records.ts); until then `find` treats them as gone.
 */
export function createAdapterFactory(db: DB, config: ProviderConfig): (model: string) => Adapter {
  return (model: string) =>
    model === "Client" ? new ScriptClientAdapter(db, config) : new PayloadAdapter(db, model);
}
