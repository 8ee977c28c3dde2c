/**
 * `npm run bench`: the project's performance benchmark (issue 4, "Performance").
 *
 * Starts the real provider on a fresh PGlite data folder under .tmp/ (or on PostgreSQL with DATABASE_URL),
 * seeds the demo world, then loads synthetic workspaces with their parties, participants, references and
 * tasks to each size in turn (1,000 → 10,000 → 100,000 by default) and runs every section of
 * bench/sections/index.ts at each size through the real HTTP API with real access tokens. Prints p50, p95
 * and p99 per measurement per size, how each grows from the smallest size to the largest, and one line per
 * target saying met or not met; writes bench/results/latest.json and bench/results/latest.md.
 *
 * Environment: BENCH_SIZES (comma-separated, default 1000,10000,100000), BENCH_ITERATIONS (default 60),
 * BENCH_WARMUP (default 5), BENCH_SECTIONS (names, default all), BENCH_KEEP=1 keeps the data folder,
 * DATABASE_URL for PostgreSQL, BENCH_PORT for the provider's port (a free one by default). Exit code 1 when a target is not met.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { join } from "node:path";
import { request } from "undici";
import { API_AUDIENCE } from "../core/shared/contract.js";
import { loadConfig } from "../provider/platform/config.js";
import { DEMO_PASSWORD, DEMO_SUBSCRIBERS, seedDemoWorld, type DemoScriptClient } from "../provider/platform/demo-world.js";
import { buildServer } from "../provider/platform/server.js";
import { freshSecretsEnv } from "../scripts/dev-secrets.js";
import { freePort } from "../scripts/free-port.js";
import { authorizationCodeToken } from "../tests/api/support.js";
import { BenchArgumentError, parseBenchOptions } from "./lib/args.js";
import { openBenchDatabase } from "./lib/database.js";
import { insertSubscribers, insertWorkspaces, vacuumAnalyze, type LongestVacuum } from "./lib/load.js";
import { syntheticWorkspaces, type SyntheticParticipants } from "./lib/synthetic.js";
import type { BenchEnvironment, Measurement, TargetResult } from "./lib/types.js";
import { SECTIONS } from "./sections/index.js";

const ROOT = join(import.meta.dirname, "..");
const RESULTS = join(ROOT, "bench", "results");

const benchOptions = (() => {
  try {
    const parsed = parseBenchOptions(process.argv.slice(2), process.env);
    const unknown = parsed.sections?.filter((name) => !SECTIONS.some((section) => section.name === name)) ?? [];
    if (unknown.length) throw new BenchArgumentError(`No section named ${unknown.join(", ")}: the sections are ${SECTIONS.map((section) => section.name).join(", ")}`);
    return parsed;
  } catch (error) {
    if (!(error instanceof BenchArgumentError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
})();
const sizes = benchOptions.sizes;
const iterations = Number(process.env.BENCH_ITERATIONS ?? 60);
const warmup = Number(process.env.BENCH_WARMUP ?? 5);
const loadMethod = benchOptions.database === "postgres" ? "COPY FROM STDIN" : "COPY from PGlite's /dev/blob";
const sections = SECTIONS.filter((section) => !benchOptions.sections || benchOptions.sections.includes(section.name));
const log = (line: string) => process.stdout.write(`${line}\n`);
const fmt = (n: number) => n.toLocaleString("en-GB");

/** Other lenders and firms, so that visibility matters: Northgate Bank is the lender on 40% of workspaces. */
const EXTRA_LENDERS = Array.from({ length: 20 }, (_, i) => ({ subscriberId: `5b100000-0000-4000-8000-${String(i).padStart(12, "0")}`, name: `Bench Lender ${i + 1}`, entityType: "Lender" }));
const EXTRA_FIRMS = Array.from({ length: 60 }, (_, i) => ({ subscriberId: `5b200000-0000-4000-8000-${String(i).padStart(12, "0")}`, name: `Bench Law Firm ${i + 1}`, entityType: i % 3 === 0 ? "Conveyancing Firm" : "Law Firm" }));
const PARTICIPANTS: SyntheticParticipants = {
  lenders: [[DEMO_SUBSCRIBERS.northgate.subscriberId, 13], ...EXTRA_LENDERS.map((s) => [s.subscriberId, 1] as [string, number])],
  firms: [
    [DEMO_SUBSCRIBERS.harperVale.subscriberId, 15],
    [DEMO_SUBSCRIBERS.keystone.subscriberId, 8],
    ...EXTRA_FIRMS.map((s) => [s.subscriberId, 1] as [string, number]),
  ],
};

async function main(): Promise<number> {
  const started = Date.now();
  const dataDir = join(ROOT, ".tmp", `bench-${new Date().toISOString().replace(/[:.]/g, "-")}`);
  // BENCH_PORT: the provider's port when the machine's ports are shared out; a free one otherwise.
  const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
  const databaseUrl = benchOptions.databaseUrl;
  log(`Benchmark: sizes ${sizes.map(fmt).join(" → ")}, ${iterations} timed calls per measurement after ${warmup} warm-up calls`);
  log(`Machine: ${cpus().length} CPUs (${cpus()[0]?.model ?? "unknown"}), ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}`);
  log(`Database: ${databaseUrl ? `PostgreSQL (${redacted(databaseUrl)}, a database of the run's own beside it)` : `PGlite in ${dataDir}`}`);
  const loadAtStart = loadavg()[0];
  log(`Load average at start: ${loadAtStart.toFixed(2)} (other processes on this machine share its CPUs)`);

  const bench = await openBenchDatabase({ dataDir, databaseUrl, keep: process.env.BENCH_KEEP === "1" });
  const env = { ...freshSecretsEnv(), PROVIDER_PORT: String(port), PROVIDER_URL: `http://127.0.0.1:${port}`, CONVEY_ENV: "local", LOG_LEVEL: "silent" } as unknown as NodeJS.ProcessEnv;
  const config = loadConfig(env, { dataDir });
  const server = await buildServer({ config, db: bench.db });
  await server.app.listen({ port, host: "127.0.0.1" });
  const seed = await seedDemoWorld(bench.db, config);
  await insertSubscribers(bench.db, [...EXTRA_LENDERS, ...EXTRA_FIRMS]);
  const scriptClients = Object.fromEntries(
    (Object.keys(DEMO_SUBSCRIBERS) as (keyof typeof DEMO_SUBSCRIBERS)[]).map((key) => [
      key,
      seed.scriptClients.find((client) => client.subscriberId === DEMO_SUBSCRIBERS[key].subscriberId)!,
    ]),
  ) as Record<string, DemoScriptClient>;
  const host = new URL(config.publicUrl).host;

  const environment: BenchEnvironment = {
    database: benchOptions.database,
    providerUrl: config.publicUrl,
    config,
    db: bench.db,
    scriptClients,
    iterations,
    warmup,
    log,
    async token(who) {
      if ("email" in who) {
        return authorizationCodeToken((options) => server.app.inject({ ...options, headers: { host, ...options.headers } }), config, who.email, DEMO_PASSWORD);
      }
      const client = scriptClients[who.subscriber];
      // No keep-alive: a socket left idle through a long load is closed by the server while this process is
      // busy loading, and the next token request would meet it as ECONNRESET.
      const response = await request(`${config.publicUrl}/oidc/token`, {
        reset: true,
        method: "POST",
        headers: {
          authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString("base64")}`,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ grant_type: "client_credentials", resource: API_AUDIENCE }).toString(),
      });
      const body = (await response.body.json()) as { access_token?: string };
      if (response.statusCode !== 200 || !body.access_token) throw new Error(`Token request failed: ${response.statusCode}`);
      return body.access_token;
    },
    captureSql: bench.captureSql,
  };

  const measurements: Measurement[] = [];
  const loads: Load[] = [];
  const reports: string[] = [];
  try {
    for (const section of sections) await section.setup?.(environment);
    let loaded = 0;
    for (const size of sizes) {
      const loadStarted = Date.now();
      const added = size - loaded;
      let sequence = 1000 + loaded;
      while (loaded < size) {
        const count = Math.min(25_000, size - loaded);
        await insertWorkspaces(bench, syntheticWorkspaces({ seed: 20_000 + loaded, firstSequence: sequence, count, participants: PARTICIPANTS }));
        loaded += count;
        sequence += count;
        // Progress every 100,000 added, for the long loads.
        if (added >= 200_000 && (added - (size - loaded)) % 100_000 === 0) log(`  ${fmt(loaded)} workspaces, ${((Date.now() - loadStarted) / 1000).toFixed(0)} s`);
      }
      const loadSeconds = (Date.now() - loadStarted) / 1000;
      const longestVacuum = await vacuumAnalyze(bench.db);
      const seconds = (Date.now() - loadStarted) / 1000;
      loads.push({ size, added, loadSeconds, vacuumSeconds: seconds - loadSeconds, longestVacuum, seconds, loadAverage: Math.round(loadavg()[0] * 100) / 100 });
      log("");
      log(
        `${fmt(size)} workspaces: ${fmt(added)} added by ${loadMethod} in ${loadSeconds.toFixed(1)} s (${fmt(Math.round(added / loadSeconds))} a second), VACUUM ANALYZE ${(seconds - loadSeconds).toFixed(1)} s (${longestVacuumText(longestVacuum)}); load average ${loadavg()[0].toFixed(2)}`,
      );
      for (const section of sections) {
        log(` ${section.name}`);
        measurements.push(...(await section.run({ ...environment, size, sizes })));
      }
    }
  } finally {
    reports.push(...sections.map((section) => section.report?.() ?? "").filter(Boolean));
    for (const section of sections) await section.teardown?.().catch(() => undefined);
    await server.close();
    await bench.close();
  }

  const targets: TargetResult[] = sections.flatMap((section) => section.targets(measurements, sizes));
  const growth = growthTable(measurements);
  log("");
  log(sizes.length > 1 ? `Growth of p95 from ${fmt(sizes[0])} to ${sizes.slice(1).map(fmt).join(" to ")} workspaces` : `p95 at ${fmt(sizes[0])} workspaces (one size: no growth)`);
  for (const line of growth.lines) log(`  ${line}`);
  log("");
  log("Targets");
  for (const target of targets) log(`  ${target.met ? "met    " : "NOT MET"}  ${target.target} (${target.detail})`);
  const metCount = targets.filter((target) => target.met).length;
  log(`  ${metCount} of ${targets.length} targets met`);

  mkdirSync(RESULTS, { recursive: true });
  const result = {
    startedAt: new Date(started).toISOString(),
    durationSeconds: Math.round((Date.now() - started) / 1000),
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? null,
      memoryGb: Math.round(totalmem() / 2 ** 30),
      node: process.version,
      loadAverage: { atStart: Math.round(loadAtStart * 100) / 100, atEnd: Math.round(loadavg()[0] * 100) / 100 },
    },
    database: databaseUrl ? "postgresql" : "pglite",
    sizes,
    iterations,
    warmup,
    loads,
    measurements,
    targets,
  };
  writeFileSync(join(RESULTS, `${benchOptions.resultsName}.json`), `${JSON.stringify(result, null, 2)}\n`);
  writeFileSync(join(RESULTS, `${benchOptions.resultsName}.md`), markdown(result, growth.markdown, reports));
  log("");
  log(`Wrote bench/results/${benchOptions.resultsName}.json and bench/results/${benchOptions.resultsName}.md (${result.durationSeconds} s in all)`);
  return metCount === targets.length ? 0 : 1;
}

/** The address without its password, for the log. */
function redacted(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}

const longestVacuumText = ({ table, seconds }: LongestVacuum) => `the longest, ${table}, ${seconds.toFixed(1)} s`;

/** How long one size took to load: its workspaces, with their parties, participants, references, tasks and list entries. */
interface Load {
  size: number;
  added: number;
  loadSeconds: number;
  vacuumSeconds: number;
  longestVacuum: LongestVacuum;
  seconds: number;
  loadAverage: number;
}

function growthTable(measurements: readonly Measurement[]): { lines: string[]; markdown: string } {
  const names = [...new Set(measurements.map((m) => `${m.section}\u0000${m.name}`))];
  const lines: string[] = [];
  const rows: string[] = [];
  for (const key of names) {
    const [section, name] = key.split("\u0000");
    const bySize = sizes.map((size) => measurements.find((m) => m.section === section && m.name === name && m.size === size));
    const p95s = bySize.map((m) => (m ? m.p95 : NaN));
    const ratio = p95s[p95s.length - 1] / p95s[0];
    const figures = p95s.map((p) => `${p.toFixed(1)}`).join(" → ");
    lines.push(`${name.padEnd(58)} ${figures} ms  (×${ratio.toFixed(1)})`);
    rows.push(`| ${section} | ${name} | ${p95s.map((p) => p.toFixed(1)).join(" | ")} | ×${ratio.toFixed(1)} |`);
  }
  const header = `| section | measurement | ${sizes.map((size) => `p95 at ${fmt(size)} (ms)`).join(" | ")} | growth |\n|---|---|${sizes.map(() => "---:").join("|")}|---:|`;
  return { lines, markdown: `${header}\n${rows.join("\n")}` };
}

function markdown(
  result: {
    startedAt: string;
    durationSeconds: number;
    machine: { cpus: number; cpuModel: string | null; memoryGb: number; node: string; loadAverage: { atStart: number; atEnd: number } };
    database: string; loads: Load[]; measurements: Measurement[]; targets: TargetResult[] },
  growth: string,
  extra: string[],
): string {
  const lines = [
    "# Benchmark results",
    "",
    `Run ${result.startedAt} on ${result.machine.cpus} CPUs (${result.machine.cpuModel}), ${result.machine.memoryGb} GB, Node ${result.machine.node}; database ${result.database}; ${iterations} timed calls per measurement after ${warmup} warm-up calls, one at a time over one keep-alive connection; ${result.durationSeconds} s in all. One-minute load average ${result.machine.loadAverage.atStart} at the start and ${result.machine.loadAverage.atEnd} at the end (the machine is shared: a load above its ${result.machine.cpus} CPUs means other work was competing with the benchmark).`,
    "",
    "Written by `npm run bench` (bench/run.ts). Each size adds synthetic workspaces (bench/lib/synthetic.ts) to the same database, then runs VACUUM ANALYZE.",
    "",
    "## Targets",
    "",
    ...result.targets.map((target) => `- ${target.met ? "**met**" : "**NOT MET**"}: ${target.target} (${target.detail})`),
    "",
    "## Growth of p95",
    "",
    growth,
    "",
    "## Every measurement",
    "",
    "| section | measurement | workspaces | p50 (ms) | p95 (ms) | p99 (ms) | errors | notes |",
    "|---|---|---:|---:|---:|---:|---:|---|",
    ...result.measurements.map(
      (m) =>
        `| ${m.section} | ${m.name} | ${fmt(m.size)} | ${m.p50} | ${m.p95} | ${m.p99} | ${m.errors} | ${Object.entries(m.notes ?? {})
          .map(([key, value]) => `${key} ${value}`)
          .join(", ")} |`,
    ),
    "",
    "## Loading",
    "",
    `Each size's new workspaces by ${loadMethod}, 25,000 a transaction (with about 1.6 parties, 2 participants, 1.9 references and 6.9 tasks each, and the list projection's entries and counters through its triggers), then VACUUM ANALYZE.`,
    "",
    ...result.loads.map(
      (load) =>
        `- to ${fmt(load.size)} workspaces: ${fmt(load.added)} added in ${load.loadSeconds.toFixed(1)} s (${fmt(Math.round(load.added / load.loadSeconds))} a second), VACUUM ANALYZE ${load.vacuumSeconds.toFixed(1)} s (${longestVacuumText(load.longestVacuum)}); one-minute load average ${load.loadAverage} after`,
    ),
    "",
    ...extra,
  ];
  return `${lines.join("\n")}\n`;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(2);
  },
);
