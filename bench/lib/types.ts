/**
 * What a benchmark section is. `bench/run.ts` loads the database to each size in turn and hands every
 * section the same context; a section measures what it owns and states its targets. The search section is
 * bench/sections/search.ts; the page section (the authenticated /workspaces page end to end, its
 * throughput against a bare page, the JavaScript it ships) is added to bench/sections/index.ts the same way.
 */
import type { DB } from "../../provider/platform/db/index.js";
import type { ProviderConfig } from "../../provider/platform/config.js";
import type { DemoScriptClient } from "../../provider/platform/demo-world.js";
import type { BenchDatabaseKind } from "./args.js";

export interface Measurement {
  section: string;
  /** What was measured, the same name at every size. */
  name: string;
  /** Workspaces in the database when measured. */
  size: number;
  samples: number;
  errors: number;
  /** Milliseconds. */
  p50: number;
  p95: number;
  p99: number;
  mean: number;
  min: number;
  max: number;
  /** Anything else worth reporting (rows returned, totalRecords, requests per second…). */
  notes?: Record<string, string | number>;
}

export interface TargetResult {
  section: string;
  target: string;
  met: boolean;
  /** The figure behind the verdict. */
  detail: string;
}

/** What lives for the whole run. */
export interface BenchEnvironment {
  /** The database the provider runs on: the embedded one (PGlite) or PostgreSQL. */
  database: BenchDatabaseKind;
  /** http://127.0.0.1:<port>, the provider with its API and identity provider. */
  providerUrl: string;
  config: ProviderConfig;
  db: DB;
  /** The demo world's script clients (client credentials), by subscriber key. */
  scriptClients: Record<string, DemoScriptClient>;
  /** A fresh access token: a demo script client's by subscriber key, or a person's by email (login page). */
  token(who: { subscriber: string } | { email: string }): Promise<string>;
  /** Every SQL statement the provider runs while `fn` runs (for EXPLAIN). */
  captureSql<T>(fn: () => Promise<T>): Promise<{ result: T; statements: { sql: string; parameters: readonly unknown[] }[] }>;
  iterations: number;
  warmup: number;
  log(line: string): void;
}

/** What changes per size. */
export interface BenchContext extends BenchEnvironment {
  size: number;
  /** Sizes of the whole run, smallest first; the last one is where targets are judged. */
  sizes: readonly number[];
}

export interface BenchSection {
  name: string;
  setup?(env: BenchEnvironment): Promise<void>;
  run(ctx: BenchContext): Promise<Measurement[]>;
  /** Verdicts over every size's measurements (targets are judged at the largest size). */
  targets(measurements: readonly Measurement[], sizes: readonly number[]): TargetResult[];
  /** Extra markdown for the summary (plans, explanations). */
  report?(): string;
  teardown?(): Promise<void>;
}
