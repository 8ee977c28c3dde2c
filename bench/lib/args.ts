/**
 * The benchmark's options, from its command line (`npm run bench -- --database postgres --sizes 100000,1000000`)
 * and from the environment variables it has always read (BENCH_SIZES, BENCH_SECTIONS, DATABASE_URL). An
 * argument wins over its variable. Bad input is refused with a message naming the argument, before anything
 * is loaded.
 */

export type BenchDatabaseKind = "pglite" | "postgres";

export interface BenchOptions {
  database: BenchDatabaseKind;
  /** PostgreSQL's address when `database` is postgres (the benchmark makes a database of its own beside it). */
  databaseUrl: string | undefined;
  /** Workspaces to load, smallest first, each size added to the last. */
  sizes: number[];
  /** Section names to run; undefined runs every section. */
  sections: string[] | undefined;
  /**
   * Results file names under bench/results/ without extension: latest (embedded) or postgres-latest, or
   * `--results` (a run of some sections only, kept beside the full run's figures instead of replacing them).
   */
  resultsName: string;
}

/** Where `--database postgres` goes without DATABASE_URL: the local server, trust authentication. */
export const DEFAULT_POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/postgres";
export const DEFAULT_SIZES = [1000, 10_000, 100_000];

export const BENCH_USAGE = `Usage: npm run bench -- [--database pglite|postgres] [--sizes N,N,…] [--sections name,name,…] [--results name]
  --database   pglite (the embedded database, the default) or postgres (DATABASE_URL, else ${DEFAULT_POSTGRES_URL})
  --sizes      workspaces to load, e.g. 1000,10000,100000 (the default; also BENCH_SIZES)
  --sections   sections to run (default all; also BENCH_SECTIONS)
  --results    the results files' name under bench/results (default latest, or postgres-latest)`;

export class BenchArgumentError extends Error {}

/** "100000,1_000_000" → [100000, 1000000], sorted and without repeats; refuses anything else. */
export function parseSizes(text: string, from: string): number[] {
  const parts = text.split(",").map((part) => part.trim().replace(/_/g, ""));
  const sizes = parts.map((part) => {
    if (!/^\d+$/.test(part) || Number(part) <= 0) {
      throw new BenchArgumentError(`${from}: "${part}" is not a number of workspaces (whole numbers above 0, comma-separated)`);
    }
    return Number(part);
  });
  return [...new Set(sizes)].sort((a, b) => a - b);
}

function parseList(text: string): string[] {
  return text.split(",").map((name) => name.trim()).filter(Boolean);
}

export function parseBenchOptions(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): BenchOptions {
  const given = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const argument = argv[i];
    const match = /^--(database|sizes|sections|results)(?:=(.*))?$/.exec(argument);
    if (!match) throw new BenchArgumentError(`Unknown argument "${argument}"\n${BENCH_USAGE}`);
    const value = match[2] ?? argv[++i];
    if (value === undefined || value === "" || value.startsWith("--")) {
      throw new BenchArgumentError(`--${match[1]} needs a value\n${BENCH_USAGE}`);
    }
    given.set(match[1], value);
  }

  const databaseArgument = given.get("database");
  if (databaseArgument !== undefined && databaseArgument !== "pglite" && databaseArgument !== "postgres") {
    throw new BenchArgumentError(`--database: "${databaseArgument}" is neither pglite nor postgres`);
  }
  // Without the argument, DATABASE_URL alone chooses PostgreSQL, as it always has.
  const database: BenchDatabaseKind = databaseArgument ?? (env.DATABASE_URL ? "postgres" : "pglite");
  const databaseUrl = database === "postgres" ? env.DATABASE_URL || DEFAULT_POSTGRES_URL : undefined;

  const sizesText = given.get("sizes") ?? env.BENCH_SIZES;
  const sizes = sizesText ? parseSizes(sizesText, given.has("sizes") ? "--sizes" : "BENCH_SIZES") : DEFAULT_SIZES;

  const sectionsText = given.get("sections") ?? env.BENCH_SECTIONS;
  const sections = sectionsText ? parseList(sectionsText) : undefined;

  const results = given.get("results");
  if (results !== undefined && !/^[a-z0-9][a-z0-9-]*$/.test(results)) {
    throw new BenchArgumentError(`--results: "${results}" is not a file name of lower-case letters, digits and dashes`);
  }
  return { database, databaseUrl, sizes, sections, resultsName: results ?? (database === "postgres" ? "postgres-latest" : "latest") };
}
