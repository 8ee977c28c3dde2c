/**
 * The feature-flag service (document 1 section 6): core's defaults per environment, overlaid with the
 * values the helpdesk administrator has set for that environment.
 */
import {
  defaultFeatureFlags,
  isFlagName,
  type Environment,
  type FeatureFlags,
} from "../../core/shared/feature-flags.js";
import { sql, type RawBuilder } from "kysely";
import { Permission } from "../../core/shared/permissions/roles.js";
import type { DB } from "./db/index.js";
import { notFound } from "./errors.js";
import type { VerifiedCaller } from "../identity/oidc.js";
import { requirePermission, type RequestMeta } from "./access.js";
import { AuditAction, recordAuditEvent } from "./audit.js";

export async function getFeatureFlags(db: DB, environment: Environment): Promise<FeatureFlags> {
  const rows = await db
    .selectFrom("feature_flags")
    .select(["name", "enabled"])
    .where("environment", "=", environment)
    .execute();
  return featureFlagsFrom(environment, rows);
}

/**
 * The environment's rows of feature_flags as one JSON value, for a statement that reads them beside other rows
 * (`featureFlagsFrom` makes the flags of them).
 */
export function featureFlagRowsJson(environment: Environment): RawBuilder<{ name: string; enabled: boolean }[]> {
  return sql`(select coalesce(json_agg(json_build_object('name', g.name, 'enabled', g.enabled)), '[]') from feature_flags g
    where g.environment = ${environment})`;
}

/** The environment's flags: its defaults overlaid with its rows of feature_flags (read by the caller). */
export function featureFlagsFrom(environment: Environment, rows: readonly { name: string; enabled: boolean }[]): FeatureFlags {
  const flags = defaultFeatureFlags(environment);
  for (const row of rows) {
    // A row for a flag that no longer exists is ignored rather than resurrected.
    if (isFlagName(row.name)) flags[row.name] = row.enabled;
  }
  return flags;
}

/** Sets one flag in one environment; only the helpdesk administrator holds edit:feature_flags. */
export async function setFeatureFlag(
  db: DB,
  caller: VerifiedCaller,
  change: { name: string; enabled: boolean; environment: Environment },
  meta: RequestMeta,
): Promise<FeatureFlags> {
  requirePermission(caller, Permission.EDIT_FEATURE_FLAGS);
  if (!isFlagName(change.name)) throw notFound(`There is no feature flag named ${change.name}.`);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("feature_flags")
      .values({
        environment: change.environment,
        name: change.name,
        enabled: change.enabled,
        updated_by: caller.userId,
      })
      .onConflict((oc) =>
        oc
          .columns(["environment", "name"])
          .doUpdateSet({ enabled: change.enabled, updated_by: caller.userId, updated_at: new Date() }),
      )
      .execute();
    await recordAuditEvent(
      trx,
      {
        actorUserId: caller.userId,
        subscriberId: caller.subscriberId,
        action: AuditAction.FEATURE_FLAG_UPDATED,
        target: change.name,
        details: { environment: change.environment, enabled: change.enabled },
      },
      meta,
    );
  });
  return getFeatureFlags(db, change.environment);
}
