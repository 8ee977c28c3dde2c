import { describe, expect, it } from "vitest";
import { BenchArgumentError, DEFAULT_POSTGRES_URL, DEFAULT_SIZES, parseBenchOptions } from "./args.js";

describe("the benchmark's options", () => {
  it("runs the embedded database at 1,000, 10,000 and 100,000 with nothing given", () => {
    expect(parseBenchOptions([], {})).toEqual({
      database: "pglite",
      databaseUrl: undefined,
      sizes: DEFAULT_SIZES,
      sections: undefined,
      resultsName: "latest",
    });
  });

  it("takes --database postgres and --sizes, defaulting to the local server and writing results of its own", () => {
    const options = parseBenchOptions(["--database", "postgres", "--sizes", "100000,1000000"], {});
    expect(options).toMatchObject({ database: "postgres", databaseUrl: DEFAULT_POSTGRES_URL, sizes: [100_000, 1_000_000], resultsName: "postgres-latest" });
  });

  it("uses DATABASE_URL for --database postgres when it is set", () => {
    const options = parseBenchOptions(["--database=postgres"], { DATABASE_URL: "postgres://root@127.0.0.1:5432/test" });
    expect(options.databaseUrl).toBe("postgres://root@127.0.0.1:5432/test");
  });

  it("still reads BENCH_SIZES, BENCH_SECTIONS and DATABASE_URL alone, as before the arguments", () => {
    const options = parseBenchOptions([], { BENCH_SIZES: "10000, 1000", BENCH_SECTIONS: "search, workspaces-page", DATABASE_URL: "postgres://x@h/db" });
    expect(options).toMatchObject({ database: "postgres", databaseUrl: "postgres://x@h/db", sizes: [1000, 10_000], sections: ["search", "workspaces-page"] });
  });

  it("lets an argument win over its variable, and --database pglite over DATABASE_URL", () => {
    const options = parseBenchOptions(["--database", "pglite", "--sizes", "1_000", "--sections", "search"], { BENCH_SIZES: "5", DATABASE_URL: "postgres://x@h/db", BENCH_SECTIONS: "users" });
    expect(options).toMatchObject({ database: "pglite", databaseUrl: undefined, sizes: [1000], sections: ["search"], resultsName: "latest" });
  });

  it("writes a partial run's results under the name given, refusing a name that is not a plain file name", () => {
    expect(parseBenchOptions(["--database", "postgres", "--sections", "search", "--results", "postgres-search"], {}).resultsName).toBe("postgres-search");
    expect(() => parseBenchOptions(["--results", "../latest"], {})).toThrow(/--results: "..\/latest" is not a file name/);
  });

  it("refuses bad input with a message naming it", () => {
    expect(() => parseBenchOptions(["--database", "mysql"], {})).toThrow(/--database: "mysql" is neither pglite nor postgres/);
    expect(() => parseBenchOptions(["--sizes", "100k"], {})).toThrow(/--sizes: "100k" is not a number of workspaces/);
    expect(() => parseBenchOptions([], { BENCH_SIZES: "0" })).toThrow(/BENCH_SIZES: "0"/);
    expect(() => parseBenchOptions(["--sizes"], {})).toThrow(/--sizes needs a value/);
    expect(() => parseBenchOptions(["--sizes", "--database", "postgres"], {})).toThrow(/--sizes needs a value/);
    expect(() => parseBenchOptions(["--fast"], {})).toThrow(BenchArgumentError);
  });
});
