/**
 * The database: PGlite in a data folder by default (no server to install), PostgreSQL when DATABASE_URL
 * is set. One dialect, one set of migrations, run on every start.
 */
import { join } from "node:path";
import {
  Kysely,
  type Transaction,
  Migrator,
  NO_MIGRATIONS,
  PostgresDialect,
  type Migration,
  type MigrationProvider,
} from "kysely";
import { PGlitePreparingDialect } from "./pglite-dialect.js";
import { privateFolder } from "../../../scripts/private-folder.js";
import type { Database } from "./schema.js";
import * as initial from "./migrations/0001-initial.js";
import * as workspaces from "./migrations/0010-workspaces.js";
import * as workspaceSearchCovering from "./migrations/0011-workspace-search-covering.js";
import * as administration from "./migrations/0020-administration.js";
import * as membershipStatus from "./migrations/0021-membership-status.js";
import * as appSessions from "./migrations/0030-app-sessions.js";
import * as productClock from "./migrations/0031-product-clock.js";
import * as activation from "./migrations/0035-activation.js";
import * as loginThrottles from "./migrations/0036-login-throttles.js";
import * as parties from "./migrations/0040-parties.js";
import * as title from "./migrations/0045-title.js";
import * as listEntriesByWorkspace from "./migrations/0046-list-entries-by-workspace.js";
import * as financialSettlement from "./migrations/0050-financial-settlement.js";
import * as financialAccounts from "./migrations/0055-financial-accounts.js";
import * as lodgementFiles from "./migrations/0070-lodgement-files.js";
import * as lodgementDocuments from "./migrations/0075-lodgement-documents.js";
import * as stampDutyReturns from "./migrations/0080-stamp-duty-returns.js";
import * as lodgementResubmission from "./migrations/0081-lodgement-resubmission.js";
import * as userSearchKey from "./migrations/0090-user-search-key.js";
import * as workspaceListMonths from "./migrations/0095-workspace-list-months.js";
import * as statusAtSubscriber from "./migrations/0097-status-at-subscriber.js";
import * as workspaceListNames from "./migrations/0098-workspace-list-names.js";
import * as listEntriesPostcode from "./migrations/0099-list-entries-postcode.js";
import * as listEntriesReferenceKeys from "./migrations/0100-list-entries-reference-keys.js";
import * as listUpdatesWithoutTransitionJoins from "./migrations/0101-list-updates-without-transition-joins.js";
import * as listEntriesLenderReferenceFullIndex from "./migrations/0102-list-entries-lender-reference-full-index.js";
import * as ginIndexesWithoutPendingList from "./migrations/0103-gin-indexes-without-pending-list.js";

export type { Database } from "./schema.js";
export type DB = Kysely<Database>;
export type Trx = Transaction<Database>;

/** Migrations in order; a new file is added here with the next number. */
const MIGRATIONS: Record<string, Migration> = {
  "0001-initial": initial,
  "0010-workspaces": workspaces,
  "0011-workspace-search-covering": workspaceSearchCovering,
  "0020-administration": administration,
  "0021-membership-status": membershipStatus,
  "0030-app-sessions": appSessions,
  "0031-product-clock": productClock,
  "0035-activation": activation,
  "0036-login-throttles": loginThrottles,
  "0040-parties": parties,
  "0045-title": title,
  "0046-list-entries-by-workspace": listEntriesByWorkspace,
  "0050-financial-settlement": financialSettlement,
  "0055-financial-accounts": financialAccounts,
  "0070-lodgement-files": lodgementFiles,
  "0075-lodgement-documents": lodgementDocuments,
  "0080-stamp-duty-returns": stampDutyReturns,
  "0081-lodgement-resubmission": lodgementResubmission,
  "0090-user-search-key": userSearchKey,
  "0095-workspace-list-months": workspaceListMonths,
  "0097-status-at-subscriber": statusAtSubscriber,
  "0098-workspace-list-names": workspaceListNames,
  "0099-list-entries-postcode": listEntriesPostcode,
  "0100-list-entries-reference-keys": listEntriesReferenceKeys,
  "0101-list-updates-without-transition-joins": listUpdatesWithoutTransitionJoins,
  "0102-list-entries-lender-reference-full-index": listEntriesLenderReferenceFullIndex,
  "0103-gin-indexes-without-pending-list": ginIndexesWithoutPendingList,
};

class InCodeMigrations implements MigrationProvider {
  async getMigrations() {
    return MIGRATIONS;
  }
}

export interface DatabaseOptions {
  /** postgres://… for PostgreSQL; otherwise PGlite. */
  databaseUrl?: string;
  /** Folder for PGlite's files; "memory://" for an in-memory database (tests). */
  dataDir: string;
}

export async function openDatabase(options: DatabaseOptions): Promise<DB> {
  let db: DB;
  if (options.databaseUrl) {
    const { default: pg } = await import("pg");
    // Timestamps come back as Date objects; bigint counts as numbers.
    pg.types.setTypeParser(20, (value: string) => Number(value));
    db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: options.databaseUrl, max: 10 }) }),
    });
  } else {
    const [{ PGlite }, { pg_trgm }] = await Promise.all([
      import("@electric-sql/pglite"),
      import("@electric-sql/pglite/contrib/pg_trgm"),
    ]);
    // pg_trgm: the trigram index of the users search (migration 0090).
    const extensions = { pg_trgm };
    let pglite;
    if (options.dataDir === "memory://") {
      pglite = new PGlite({ extensions });
    } else {
      const folder = join(options.dataDir, "pglite");
      // The database holds tokens and sealed sessions: its folder and the data folder are the owner's only.
      privateFolder(options.dataDir);
      pglite = new PGlite(privateFolder(folder), { extensions });
    }
    await pglite.waitReady;
    db = new Kysely<Database>({ dialect: new PGlitePreparingDialect(pglite) });
  }
  await migrateToLatest(db);
  return db;
}

export async function migrateToLatest(db: DB): Promise<void> {
  const migrator = new Migrator({ db, provider: new InCodeMigrations() });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    throw new Error(
      `Database migration failed${failed ? ` at ${failed.migrationName}` : ""}: ${String(error)}`,
    );
  }
}

/** Rolls back every migration (dropping the tables): `npm run db:reset` on PostgreSQL. */
export async function rollBackAllMigrations(db: DB): Promise<void> {
  const migrator = new Migrator({ db, provider: new InCodeMigrations() });
  const { error, results } = await migrator.migrateTo(NO_MIGRATIONS);
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    throw new Error(
      `Rolling back the migrations failed${failed ? ` at ${failed.migrationName}` : ""}: ${String(error)}`,
    );
  }
}
