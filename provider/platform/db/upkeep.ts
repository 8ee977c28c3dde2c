/**
 * The embedded database's upkeep (docs/decisions/0915-embedded-database-upkeep.md): what PostgreSQL's
 * autovacuum does for a server. PGlite runs one standalone backend with no autovacuum launcher. Without
 * upkeep its tables keep every dead row, the visibility map that index-only scans read is never set, and
 * the statistics the planner reads stay as they were at the last ANALYZE.
 *
 * A table is vacuumed (and analysed) by autovacuum's default rules:
 * - its dead rows pass 50 + 20% of its live rows, or
 * - its rows inserted since the last vacuum pass 1,000 + 20%.
 * A table is only analysed when its rows changed since the last ANALYZE pass 50 + 10%.
 * Every schema's tables, the job queue's (pgboss) among them. Each table is its own statement: the one
 * session runs nothing else meanwhile, so no step holds it longer than one table takes.
 *
 * Where an autovacuum launcher runs (PostgreSQL), the job leaves the work to it.
 */
import { sql } from "kysely";
import { z } from "zod";
import { defineJob } from "../jobs/queue.js";
import type { DB } from "./index.js";

export interface Upkeep {
  vacuumed: string[];
  analysed: string[];
}

/** Vacuums and analyses the tables that autovacuum would, unless an autovacuum launcher runs; says which. */
export async function upkeepDatabase(db: DB): Promise<Upkeep> {
  const { rows: launchers } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'autovacuum launcher'`.execute(db);
  if (launchers[0]!.n > 0) return { vacuumed: [], analysed: [] };
  const { rows } = await sql<{ name: string; vacuum: boolean }>`
    SELECT name, vacuum_due AS vacuum FROM (
      SELECT schemaname || '.' || relname AS name,
        (n_dead_tup > 50 + 0.2 * n_live_tup OR n_ins_since_vacuum > 1000 + 0.2 * n_live_tup) AS vacuum_due,
        n_mod_since_analyze > 50 + 0.1 * n_live_tup AS analyze_due
      FROM pg_stat_user_tables) AS tables
    WHERE vacuum_due OR analyze_due
    ORDER BY name`.execute(db);
  const upkeep: Upkeep = { vacuumed: [], analysed: [] };
  for (const { name, vacuum } of rows) {
    if (vacuum) {
      await sql`VACUUM (ANALYZE) ${sql.table(name)}`.execute(db);
      upkeep.vacuumed.push(name);
    } else {
      await sql`ANALYZE ${sql.table(name)}`.execute(db);
      upkeep.analysed.push(name);
    }
  }
  return upkeep;
}

export const upkeepDatabaseJob = defineJob({
  name: "upkeep-database",
  data: z.object({}),
  retryLimit: 3,
  retryDelaySeconds: 60,
  retryBackoff: true,
  expireInSeconds: 10 * 60,
  repeatEveryMinutes: 10,
  async run(_data, { db }) {
    await upkeepDatabase(db);
  },
});
