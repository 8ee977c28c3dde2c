/**
 * A database of its own for one test file: an in-memory PGlite by default or, when DATABASE_URL names a
 * PostgreSQL server, a uniquely named database on it, dropped again by `drop()`. The provider's API, CLI and
 * identity provider tests all open theirs here, so that each suite runs on both paths.
 */
import { randomBytes } from "node:crypto";
import { setTimeout } from "node:timers/promises";
import pg from "pg";

export interface TestDatabase {
  /** For openDatabase / the provider's configuration: undefined on the embedded database. */
  databaseUrl: string | undefined;
  drop(): Promise<void>;
}

export async function createTestDatabase(prefix: string, baseUrl = process.env.DATABASE_URL): Promise<TestDatabase> {
  if (!baseUrl) return { databaseUrl: undefined, drop: async () => undefined };
  const name = `${prefix}_${randomBytes(8).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      try {
        // The server's pool may still be saying goodbye: wait for it rather than cut its connections.
        for (let attempt = 0; ; attempt++) {
          try {
            await client.query(`DROP DATABASE IF EXISTS ${name}${attempt >= 50 ? " WITH (FORCE)" : ""}`);
            break;
          } catch (error) {
            if ((error as { code?: string }).code !== "55006" || attempt >= 50) throw error;
            await setTimeout(100);
          }
        }
      } finally {
        await client.end();
      }
    },
  };
}
