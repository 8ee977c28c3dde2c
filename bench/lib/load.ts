/**
 * Bulk loading of synthetic workspaces, a batch in one transaction, each table one COPY of CSV: on PGlite
 * from its /dev/blob, on PostgreSQL from STDIN over a connection of the loader's own (pg-copy-streams), which
 * is PostgreSQL's bulk path. Without either (a plain Kysely handle, as tests pass), statements of a few
 * thousand rows with every column sent as one array parameter and expanded with unnest. The list projection
 * and its counters follow through the statement-level triggers of migration 0010 (COPY fires them with their
 * transition tables as INSERT does), exactly as for workspaces created through the API.
 */
import { once } from "node:events";
import type { PGlite, Transaction as PGliteTransaction } from "@electric-sql/pglite";
import { sql, type Kysely } from "kysely";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import type { DB } from "../../provider/platform/db/index.js";
import { taskRow } from "../../provider/workspaces/state.js";
import type { SyntheticWorkspace } from "./synthetic.js";

const CHUNK = 5000;

function chunks<T>(rows: readonly T[], size = CHUNK): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < rows.length; i += size) result.push(rows.slice(i, i + size));
  return result;
}

/** INSERT INTO table (columns) SELECT * FROM unnest($1::type[], …) for the rows of one chunk. */
async function insertUnnest(
  db: Kysely<unknown>,
  table: string,
  columns: [string, string][],
  rows: unknown[][],
): Promise<void> {
  const started = performance.now();
  for (const chunk of chunks(rows)) {
    const arrays = columns.map((_, index) => chunk.map((row) => row[index]));
    const unnest = sql.join(columns.map(([, type], index) => sql`${arrays[index]}::${sql.raw(type)}[]`));
    await sql`INSERT INTO ${sql.table(table)} (${sql.join(columns.map(([name]) => sql.ref(name)))}) SELECT * FROM unnest(${unnest})`.execute(
      db,
    );
  }
  if (process.env.LOAD_DEBUG) console.log(table, rows.length, (performance.now() - started).toFixed(0));
}

function csvValue(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value ? "t" : "f";
  if (typeof value === "number") return String(value);
  return `"${String(value).replace(/"/g, '""')}"`;
}

/** COPY table (columns) FROM a CSV blob, inside PGlite's transaction. */
async function copyRows(
  tx: PGliteTransaction,
  table: string,
  columns: [string, string][],
  rows: unknown[][],
): Promise<void> {
  const started = performance.now();
  const csv = rows.map((row) => row.map(csvValue).join(",")).join("\n") + "\n";
  await tx.query(
    `COPY ${table} (${columns.map(([name]) => name).join(", ")}) FROM '/dev/blob' WITH (FORMAT csv)`,
    [],
    { blob: new Blob([csv]) },
  );
  if (process.env.LOAD_DEBUG) console.log(table, rows.length, (performance.now() - started).toFixed(0));
}

/** Lines of CSV sent to PostgreSQL per write (about a megabyte), waiting for the socket when it is full. */
const COPY_LINES_PER_WRITE = 4000;

/** COPY table (columns) FROM STDIN as CSV on `client`, inside the transaction it has open. */
async function copyRowsFromStdin(
  client: pg.Client,
  table: string,
  columns: [string, string][],
  rows: unknown[][],
): Promise<void> {
  const started = performance.now();
  const stream = client.query(copyFrom(`COPY ${table} (${columns.map(([name]) => name).join(", ")}) FROM STDIN WITH (FORMAT csv)`));
  const finished = new Promise<void>((resolve, reject) => {
    stream.on("finish", resolve);
    stream.on("error", reject);
  });
  for (let i = 0; i < rows.length; i += COPY_LINES_PER_WRITE) {
    const lines = rows.slice(i, i + COPY_LINES_PER_WRITE).map((row) => row.map(csvValue).join(",")).join("\n") + "\n";
    if (!stream.write(lines)) await Promise.race([once(stream, "drain"), finished]);
  }
  stream.end();
  await finished;
  if (process.env.LOAD_DEBUG) console.log(table, rows.length, (performance.now() - started).toFixed(0));
}

type Writer = (table: string, columns: [string, string][], rows: unknown[][]) => Promise<void>;

/**
 * Where a load goes: the Kysely handle; PGlite itself when the database is PGlite, or a PostgreSQL
 * connection of the loader's own (no other statement runs on it), for COPY.
 */
export interface LoadTarget {
  db: DB;
  pglite?: PGlite;
  copyClient?: pg.Client;
}

export async function insertWorkspaces(
  target: LoadTarget | DB,
  workspaces: readonly SyntheticWorkspace[],
  options: { tasks?: boolean } = {},
): Promise<void> {
  const { db: database, pglite, copyClient }: LoadTarget = "selectFrom" in target ? { db: target } : target;
  const highest = Math.max(...workspaces.map((w) => w.sequence));
  if (copyClient) {
    await copyClient.query("BEGIN");
    try {
      await writeAll((table, columns, rows) => copyRowsFromStdin(copyClient, table, columns, rows), workspaces, options);
      await copyClient.query(
        `SELECT setval('workspace_reference_seq', greatest($1::bigint, (SELECT last_value FROM workspace_reference_seq)))`,
        [highest],
      );
      await copyClient.query("COMMIT");
    } catch (error) {
      await copyClient.query("ROLLBACK").catch(() => undefined);
      throw error;
    }
    return;
  }
  if (pglite) {
    await pglite.transaction(async (tx) => {
      // PGlite is one session, shared with the running provider, and a trigger's statements keep the plans
      // they were first given in a session: plans made while the provider wrote a workspace or two (transition
      // tables of a row or two) can go quadratic over a batch's 25,000; a batch then took many minutes instead
      // of 30 s. Discarded, each statement is planned again for the batch. (PostgreSQL loads on a connection of
      // its own, whose plans are made for batches.)
      await tx.exec("DISCARD PLANS");
      await writeAll((table, columns, rows) => copyRows(tx, table, columns, rows), workspaces, options);
      await tx.query(
        `SELECT setval('workspace_reference_seq', greatest($1::bigint, (SELECT last_value FROM workspace_reference_seq)))`,
        [highest],
      );
    });
    return;
  }
  await database.transaction().execute(async (trx) => {
    const db = trx as unknown as Kysely<unknown>;
    await writeAll((table, columns, rows) => insertUnnest(db, table, columns, rows), workspaces, options);
    await sql`SELECT setval('workspace_reference_seq', greatest(${highest}::bigint, (SELECT last_value FROM workspace_reference_seq)))`.execute(
      db,
    );
  });
}

async function writeAll(
  write: Writer,
  workspaces: readonly SyntheticWorkspace[],
  options: { tasks?: boolean },
): Promise<void> {
  await write(
    "workspaces",
    [
      ["workspace_id", "uuid"],
      ["workspace_reference_id", "text"],
      ["transaction_type", "text"],
      ["status", "text"],
      ["security_address_id", "uuid"],
      ["address_building_name", "text"],
      ["address_building_number", "text"],
      ["address_flat", "text"],
      ["address_street", "text"],
      ["address_town", "text"],
      ["address_postcode", "text"],
      ["completion_date", "date"],
      ["borrowers_validation_status", "text"],
      ["pending_labels", "int"],
      ["subscriber_id", "text"],
      ["created_at", "timestamptz"],
      ["updated_at", "timestamptz"],
      ["cancellation_reason", "text"],
      ["actioned_at", "timestamptz"],
    ],
    workspaces.map((w) => [
      w.workspaceId,
      w.workspaceReferenceId,
      w.transactionType,
      w.status,
      w.securityAddressId,
      w.address.buildingName,
      w.address.buildingNumber,
      w.address.flat,
      w.address.street,
      w.address.town,
      w.address.postcode,
      w.completionDate,
      w.borrowersValidationStatus,
      w.pendingLabels,
      w.ownerSubscriberId,
      w.createdAt,
      w.createdAt,
      w.status === "CANCELLED" ? "APPLICANT_DECIDED_NOT_TO_PROCEED" : null,
      w.status === "CANCELLED" ? w.createdAt : null,
    ]),
  );
  await write(
    "workspace_parties",
    [
      ["party_id", "uuid"],
      ["workspace_id", "uuid"],
      ["position", "int"],
      ["role", "text"],
      ["type", "text"],
      ["forenames", "text"],
      ["surname", "text"],
      ["organisation_name", "text"],
      ["registration_number", "text"],
      ["organisation_type", "text"],
    ],
    workspaces.flatMap((w) =>
      w.parties.map((p) => [
        p.partyId,
        w.workspaceId,
        p.position,
        p.role,
        p.type,
        p.forenames,
        p.surname,
        p.organisationName,
        p.registrationNumber,
        p.type === "ORGANISATION" ? "LIMITED_COMPANY" : null,
      ]),
    ),
  );
  await write(
    "workspace_participants",
    [
      ["participant_id", "uuid"],
      ["workspace_id", "uuid"],
      ["subscriber_id", "text"],
      ["role", "text"],
      ["is_approved", "boolean"],
    ],
    workspaces.flatMap((w) =>
      w.participants.map((p) => [
        p.participantId,
        w.workspaceId,
        p.subscriberId,
        p.role,
        !["CREATED", "READY", "CANCELLED"].includes(w.status) &&
          (p.role === "BUYER_REPRESENTATIVE" || p.role === "INCOMING_LENDER_REPRESENTATIVE"),
      ]),
    ),
  );
  await write(
    "workspace_references",
    [
      ["reference_id", "uuid"],
      ["workspace_id", "uuid"],
      ["reference_number", "text"],
      ["representative_role", "text"],
      ["representative_id", "uuid"],
    ],
    workspaces.flatMap((w) =>
      w.references.map((r) => [
        r.referenceId,
        w.workspaceId,
        r.referenceNumber,
        r.representativeRole,
        r.representativeId,
      ]),
    ),
  );
  if (options.tasks !== false) {
    await write(
      "workspace_tasks",
      [
        ["workspace_id", "uuid"],
        ["task_name", "text"],
        ["status", "text"],
        ["assignee_role", "text"],
        ["completed_by", "text"],
        ["completed_at", "timestamptz"],
      ],
      workspaces.flatMap((w) =>
        w.tasks.map((task) => {
          const row = taskRow(w.workspaceId, task);
          return [
            row.workspace_id,
            row.task_name,
            row.status,
            row.assignee_role,
            row.completed_by,
            row.completed_at,
          ];
        }),
      ),
    );
  }
}

/** Subscribers the synthetic workspaces name besides the demo world's. */
export async function insertSubscribers(
  database: DB,
  subscribers: { subscriberId: string; name: string; entityType: string }[],
): Promise<void> {
  if (subscribers.length === 0) return;
  await database
    .insertInto("subscribers")
    .values(
      subscribers.map((s) => ({
        subscriber_id: s.subscriberId,
        name: s.name,
        entity_type: s.entityType,
        status: "Active",
        ip_allow_list: JSON.stringify([]),
      })),
    )
    .onConflict((oc) => oc.column("subscriber_id").doNothing())
    .execute();
}

/** The table whose VACUUM (ANALYZE) took longest: how long the upkeep-database job holds the embedded database. */
export interface LongestVacuum {
  table: string;
  seconds: number;
}

/**
 * Statistics for the planner and the visibility map for index-only scans (PGlite runs no autovacuum): VACUUM
 * (ANALYZE) of each table the load wrote, one statement a table as the product's upkeep-database job runs
 * them; answers the longest, which is how long that job would hold the embedded database's one session.
 */
export async function vacuumAnalyze(database: DB): Promise<LongestVacuum> {
  let longest: LongestVacuum = { table: "", seconds: 0 };
  for (const table of [
    "workspaces",
    "workspace_parties",
    "workspace_participants",
    "workspace_references",
    "workspace_tasks",
    "workspace_list_entries",
    "workspace_list_counts",
    "workspace_list_months",
    "workspace_list_names",
  ]) {
    const started = performance.now();
    await sql`VACUUM (ANALYZE) ${sql.table(table)}`.execute(database);
    const seconds = (performance.now() - started) / 1000;
    if (seconds > longest.seconds) longest = { table, seconds };
  }
  return longest;
}
