/**
 * One way to write (core/shared/versions.ts): the version a write was made against, and the one helper that
 * applies a write to a versioned row — in one transaction, the row's version moves on only if it is still the
 * one the caller saw (409 otherwise, nothing changed), the change runs, and its audit event is recorded.
 */
import { sql } from "kysely";
import { CONFLICT_MESSAGE } from "../../core/shared/errors.js";
import { INVALID_VERSION_MESSAGE, VERSION_REQUIRED_MESSAGE, versionOfIfMatch } from "../../core/shared/versions.js";
import type { RequestMeta } from "./access.js";
import { recordAuditEvent, type AuditEvent } from "./audit.js";
import type { DB, Trx } from "./db/index.js";
import { ApiError, badRequest, conflict } from "./errors.js";

export const preconditionRequired = () => new ApiError(428, "VERSION_REQUIRED", VERSION_REQUIRED_MESSAGE);

/** The version an If-Match header names, or null when there is none; 400 when it is not a version. */
export function versionIfGiven(ifMatch: string | string[] | undefined): number | null {
  const version = versionOfIfMatch(ifMatch);
  if (version === "invalid") throw badRequest(INVALID_VERSION_MESSAGE, "INVALID_VERSION");
  return version;
}

/** The version a write was made against, from If-Match: 428 without it, 400 when it is not a version. */
export function requiredVersion(ifMatch: string | string[] | undefined): number {
  const version = versionIfGiven(ifMatch);
  if (version === null) throw preconditionRequired();
  return version;
}

/** Versioned rows, by table and the column that names one. */
const KEYS = {
  subscribers: "subscriber_id",
  subscriber_users: "subscriber_user_id",
  lodgement_identifiers: "subscriber_id",
  notification_registrations: "registration_id",
  workspaces: "workspace_id",
  financial_accounts: "financial_account_id",
  lodgement_files: "file_id",
} as const;
export type VersionedTable = keyof typeof KEYS;

export interface VersionedRow {
  table: VersionedTable;
  id: string;
  /** The version the caller saw. */
  expected: number;
  /** The answer when there is no such row. */
  missing: () => ApiError;
}

/**
 * Moves a versioned row's version on from `expected`, which also locks the row until the transaction ends.
 * 409 with the conflict message when the row has moved on; the row's missing answer when it is gone. Returns
 * the new version. Every versioned write goes through here, directly or through `versionedWrite`.
 */
export async function moveVersionOn(trx: Trx, row: VersionedRow): Promise<number> {
  const key = KEYS[row.table];
  const bumped = await sql<{ version: number }>`
    UPDATE ${sql.table(row.table)} SET version = version + 1
    WHERE ${sql.ref(key)} = ${row.id} AND version = ${row.expected}
    RETURNING version`.execute(trx);
  if (bumped.rows.length === 0) {
    const exists = await sql`SELECT 1 FROM ${sql.table(row.table)} WHERE ${sql.ref(key)} = ${row.id}`.execute(trx);
    throw exists.rows.length === 0 ? row.missing() : conflict(CONFLICT_MESSAGE);
  }
  return bumped.rows[0]!.version;
}

/**
 * Applies `change` to a versioned row: in one transaction, moves the row's version on from `expected` (which
 * also locks it until the end), runs the change, and records `audit` (its details may depend on the change's
 * result). 409 with the conflict message when the row has moved on; the row's missing answer when it is gone.
 * Returns the change's result and the row's new version.
 */
export async function versionedWrite<R>(
  db: DB,
  row: VersionedRow,
  change: (trx: Trx) => Promise<R>,
  audit: AuditEvent | ((result: R) => AuditEvent | null) | null,
  meta: RequestMeta,
): Promise<{ result: R; version: number }> {
  return db.transaction().execute(async (trx) => {
    const version = await moveVersionOn(trx, row);
    const result = await change(trx);
    const event = typeof audit === "function" ? audit(result) : audit;
    if (event) await recordAuditEvent(trx, event, meta);
    return { result, version };
  });
}
