/**
 * Users at scale (issue 16, "Users at scale"): BENCH_USERS users (default 100,000) in one subscriber, Harper
 * & Vale LLP, loaded once before the first size in multi-row inserts of 1,000
 * (provider/administration/synthetic-users.ts), then at each size:
 *
 * - POST /api/subscriber/v1/subscriber-users/search as Harper & Vale's script client, one call at a time,
 *   for several query shapes: a name fragment, an email fragment, a rare text, a common text, filters, both
 *   sorts both ways, and a page far in. Target: p95 < 50 ms for each.
 * - The /users page of the real app (the production build, started by the workspaces-page section, or here
 *   when that section is not run), logged in as the User Manager of Harper & Vale, at 10 connections from a
 *   thread of their own. Target: p99 < 150 ms with no error.
 * - `convey users export --output <file>` (the spawned bin/convey.js) of every user of Harper & Vale.
 *   Targets: under 10 s; the CLI's memory growing less than 64 MB from when its first row was written to
 *   its peak (its resident set sampled every 20 ms). The provider's growth (this process) is reported too.
 *
 * docs/decisions/0900-users-search-at-scale.md, 0901-users-search-total-bound.md, 0902-users-export-streams.md.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { sql } from "kysely";
import { DEMO_SUBSCRIBERS, DEMO_USERS } from "../../provider/platform/demo-world.js";
import { insertSyntheticUsers, type SyntheticUser } from "../../provider/administration/synthetic-users.js";
import type { UserSearchRequest } from "../../core/administration/api.js";
import { harperValeCliEnvironment } from "../lib/cli-environment.js";
import { startLoadGenerator } from "../lib/load-worker.js";
import { HttpClient, repeat, summarise } from "../lib/measure.js";
import type { BenchContext, BenchEnvironment, BenchSection, Measurement, TargetResult } from "../lib/types.js";
import { logIn, runningApp, workspacesPageSection } from "./workspaces-page.js";

const SECTION = "users";
const USERS = Number(process.env.BENCH_USERS ?? 100_000);
export const SEARCH_P95_TARGET_MS = 50;
export const PAGE_P99_TARGET_MS = 150;
export const EXPORT_TARGET_SECONDS = 10;
export const EXPORT_MEMORY_TARGET_MB = 64;
const CONNECTIONS = 10;
const PAGE = "/users";
const PAGE_NAME = `GET ${PAGE} as the User Manager, ${CONNECTIONS} connections`;
const EXPORT_NAME = "convey users export --output (CSV) of every user";
const BIN = resolve(import.meta.dirname, "../../bin/convey.js");
const SUBSCRIBER = DEMO_SUBSCRIBERS.harperVale.subscriberId;

const FIRST = ["Olivia", "Amelia", "Isla", "Ava", "Mia", "Ivy", "Lily", "Rosie", "Noah", "Oliver", "George", "Arthur", "Leo", "Harry", "Oscar", "Theo", "Henry", "Jack", "Freddie", "Alfie", "Sofia", "Grace", "Florence", "Evie", "Ella", "Poppy", "Charlie", "Thomas", "James", "William"];
const LAST = ["Smith", "Jones", "Taylor", "Brown", "Williams", "Wilson", "Johnson", "Davies", "Patel", "Robinson", "Wright", "Thompson", "Evans", "Walker", "White", "Roberts", "Green", "Hall", "Thomas", "Clarke", "Jackson", "Wood", "Harris", "Edwards", "Turner", "Martin", "Cooper", "Hill", "Ward", "Hughes", "Moore", "Clark", "King", "Harrison", "Lewis", "Baker", "Lee", "Allen", "Morris", "Khan"];
const MIDDLE = ["Anne", "Marie", "John", "Louise", "Edward", "Rose"];
const ROLES = [["Workspace User"], ["Workspace Viewer"], ["Workspace Creator", "Workspace User"], ["Workspace Approver"]];

function* syntheticUsers(from: number, to: number): Generator<SyntheticUser> {
  for (let i = from; i < to; i++) {
    const first = FIRST[i % FIRST.length];
    const last = LAST[Math.floor(i / FIRST.length) % LAST.length];
    yield {
      subscriberUserId: `bench-user-${i}`,
      email: `${first}.${last}.${i}@harpervale.example`.toLowerCase(),
      firstName: first,
      middleName: i % 4 === 0 ? MIDDLE[i % MIDDLE.length] : null,
      lastName: last,
      status: i % 100 === 7 ? "Suspended" : i % 50 === 3 ? "Pending" : "Active",
      roleNames: ROLES[i % ROLES.length],
    };
  }
}

/** The query shapes measured; `vary` changes the input per call where a fixed text would only measure a cache. */
const SHAPES: { name: string; search: (i: number) => UserSearchRequest }[] = [
  { name: "name fragment ('olivia smi'), first name A→Z", search: () => ({ subscriberUserName: "olivia smi", limit: 10 }) },
  { name: "email fragment ('.4711@'), a rare match", search: (i) => ({ subscriberUserName: `.${4711 + (i % 50) * 13}@`, limit: 10 }) },
  { name: "rare text ('zqx'), no match", search: () => ({ subscriberUserName: "zqx", limit: 10 }) },
  { name: "common text ('a'), email Z→A", search: () => ({ subscriberUserName: "a", sortBy: "email", sortOrder: "DESC", limit: 10 }) },
  { name: "last name ('harris'), Suspended, Workspace Viewer, email A→Z", search: () => ({ subscriberUserName: "harris", status: ["Suspended"], roleNames: ["Workspace Viewer"], sortBy: "email", limit: 10 }) },
  { name: "no text, Active + Pending, first name Z→A", search: () => ({ status: ["Active", "Pending"], sortOrder: "DESC", limit: 20 }) },
  { name: "no text, first name A→Z, page 40", search: () => ({ page: 40, limit: 20 }) },
];

let folder: string | null = null;
let startedApp = false;
let loaded = 0;
let cliEnv: NodeJS.ProcessEnv = { ...process.env };

/** The resident set of a process in bytes, from /proc (0 when it has gone). */
function rssOf(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

interface ExportRun {
  ms: number;
  firstByteMs: number;
  code: number | null;
  cliGrowth: number;
  cliPeak: number;
  providerGrowth: number;
  bytes: number;
  rows: number;
  stderr: string;
}

/** `convey users export --output <file>`, timed, its memory sampled every 20 ms from its first written byte. */
function exportAll(path: string): Promise<ExportRun> {
  return new Promise((done) => {
    const started = performance.now();
    const providerStart = process.memoryUsage().rss;
    let providerPeak = providerStart;
    const child = spawn(BIN, ["users", "export", "--output", path], { env: cliEnv, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    let baseline = 0;
    let peak = 0;
    let firstByteMs = NaN;
    const timer = setInterval(() => {
      providerPeak = Math.max(providerPeak, process.memoryUsage().rss);
      const rss = rssOf(child.pid!);
      peak = Math.max(peak, rss);
      let size = 0;
      try {
        size = statSync(path).size;
      } catch {
        size = 0;
      }
      if (size > 0 && baseline === 0 && rss > 0) {
        baseline = rss;
        firstByteMs = performance.now() - started;
      }
    }, 20);
    child.on("close", (code) => {
      clearInterval(timer);
      let text = "";
      try {
        text = readFileSync(path, "utf8");
      } catch {
        text = "";
      }
      const rows = Math.max(0, text.split("\r\n").filter(Boolean).length - 1);
      done({
        ms: performance.now() - started,
        firstByteMs,
        code,
        cliGrowth: baseline ? peak - baseline : NaN,
        cliPeak: peak,
        providerGrowth: providerPeak - providerStart,
        bytes: text.length,
        rows,
        stderr,
      });
    });
  });
}

async function loadUsers(ctx: BenchEnvironment): Promise<void> {
  if (loaded >= USERS) return;
  const started = performance.now();
  await insertSyntheticUsers(ctx.db, SUBSCRIBER, syntheticUsers(loaded, USERS));
  loaded = USERS;
  // As after each size's workspaces: what the database's upkeep (upkeep-database) would do after such a load.
  await sql`VACUUM (ANALYZE) subscriber_users`.execute(ctx.db);
  await sql`VACUUM (ANALYZE) user_subscribers`.execute(ctx.db);
  const { rows } = await sql<{ trigram: boolean }>`select exists (select 1 from pg_indexes where indexname = 'subscriber_users_search_key') as trigram`.execute(ctx.db);
  ctx.log(
    `  loaded ${USERS.toLocaleString("en-GB")} users into Harper & Vale LLP in ${((performance.now() - started) / 1000).toFixed(1)} s` +
      `${rows[0]?.trigram ? "" : " (this database has no pg_trgm: the search key has no trigram index, so text is matched by a scan)"}`,
  );
}

const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;

export const usersSection: BenchSection = {
  name: SECTION,

  async setup(env) {
    folder = mkdtempSync(join(tmpdir(), "convey-bench-users-"));
    try {
      runningApp();
    } catch {
      // The app is the workspaces-page section's; started here when that section is not in the run.
      await workspacesPageSection.setup!(env);
      startedApp = true;
    }
    const client = env.scriptClients.harperVale;
    cliEnv = harperValeCliEnvironment(env, folder);
    const login = await new Promise<number | null>((done) => {
      const child = spawn(BIN, ["--json", "login", "--client-id", client.clientId], { env: cliEnv, stdio: "ignore" });
      child.on("close", done);
    });
    if (login !== 0) throw new Error("convey login failed");
  },

  async run(ctx: BenchContext): Promise<Measurement[]> {
    await loadUsers(ctx);
    const measurements: Measurement[] = [];
    const token = await ctx.token({ subscriber: "harperVale" });
    const http = new HttpClient(ctx.providerUrl);
    try {
      for (const shape of SHAPES) {
        let notes: Record<string, string | number> = {};
        const { durations, errors } = await repeat(ctx.iterations, ctx.warmup, async (i) => {
          const result = await http.request("POST", "/api/subscriber/v1/subscriber-users/search", { token, body: { subscriberId: SUBSCRIBER, ...shape.search(Math.max(0, i)) } });
          if (result.status === 200 && i === 0) {
            const { page } = JSON.parse(result.body) as { page: { totalRecords: number; pageRecords: number; totalIsLowerBound: boolean } };
            notes = { totalRecords: `${page.totalIsLowerBound ? "more than " : ""}${page.totalRecords}`, pageRecords: page.pageRecords };
          }
          return { ms: result.ms, ok: result.status === 200 };
        });
        const m = summarise(SECTION, `search: ${shape.name}`, ctx.size, durations, errors, notes);
        measurements.push(m);
        ctx.log(`  ${m.name.padEnd(72)} p50 ${m.p50.toFixed(1).padStart(6)}  p95 ${m.p95.toFixed(1).padStart(6)} ms  ${JSON.stringify(notes)}${errors ? `, ${errors} errors` : ""}`);
      }
    } finally {
      await http.close();
    }

    const app = runningApp();
    const cookie = await logIn(app, ctx.providerUrl, DEMO_USERS.manager.email);
    const total = Number(process.env.BENCH_PAGE_REQUESTS ?? ctx.iterations * 20);
    const generator = startLoadGenerator(app.origin, CONNECTIONS);
    try {
      await generator.run(PAGE, cookie, Math.max(CONNECTIONS * 2, ctx.warmup * CONNECTIONS));
      const load = await generator.run(PAGE, cookie, total);
      const m = summarise(SECTION, PAGE_NAME, ctx.size, load.durations, load.errors, { requestsPerSecond: Math.round(load.durations.length / load.seconds) });
      measurements.push(m);
      ctx.log(`  ${m.name.padEnd(72)} p50 ${m.p50.toFixed(1).padStart(6)}  p99 ${m.p99.toFixed(1).padStart(6)} ms  ${m.notes?.requestsPerSecond} req/s, ${m.errors} errors`);
    } finally {
      await generator.close();
    }

    const run = await exportAll(join(folder!, `users-${ctx.size}.csv`));
    const m = summarise(SECTION, EXPORT_NAME, ctx.size, [run.ms], run.code === 0 && run.rows >= USERS ? 0 : 1, {
      rows: run.rows,
      megabytes: mb(run.bytes),
      firstRowWrittenMs: Math.round(run.firstByteMs),
      cliMemoryGrowthMb: mb(run.cliGrowth),
      cliPeakMb: mb(run.cliPeak),
      providerMemoryGrowthMb: mb(run.providerGrowth),
    });
    measurements.push(m);
    ctx.log(`  ${EXPORT_NAME}: ${(run.ms / 1000).toFixed(1)} s, exit ${run.code}, ${JSON.stringify(m.notes)}${run.code ? ` ${run.stderr.slice(-300)}` : ""}`);
    return measurements;
  },

  targets(measurements: readonly Measurement[], sizes: readonly number[]): TargetResult[] {
    const largest = sizes[sizes.length - 1];
    const at = (name: string) => measurements.find((m) => m.section === SECTION && m.name === name && m.size === largest);
    const users = `with ${USERS.toLocaleString("en-GB")} users in one subscriber`;
    const searches = SHAPES.map((shape): TargetResult => {
      const m = at(`search: ${shape.name}`);
      return {
        section: SECTION,
        target: `users search, ${shape.name}: p95 < ${SEARCH_P95_TARGET_MS} ms ${users}`,
        met: Boolean(m) && m!.errors === 0 && m!.p95 < SEARCH_P95_TARGET_MS,
        detail: m ? `p95 ${m.p95} ms, ${m.errors} errors, ${JSON.stringify(m.notes)}` : "not measured",
      };
    });
    const page = at(PAGE_NAME);
    const exported = at(EXPORT_NAME);
    const growth = Number(exported?.notes?.cliMemoryGrowthMb ?? NaN);
    return [
      ...searches,
      {
        section: SECTION,
        target: `${PAGE} at ${CONNECTIONS} concurrent connections: p99 < ${PAGE_P99_TARGET_MS} ms and no error ${users}`,
        met: Boolean(page) && page!.errors === 0 && page!.p99 < PAGE_P99_TARGET_MS,
        detail: page ? `p99 ${page.p99} ms, ${page.errors} errors of ${page.samples}` : "not measured",
      },
      {
        section: SECTION,
        target: `convey users export of ${USERS.toLocaleString("en-GB")} users in under ${EXPORT_TARGET_SECONDS} s`,
        met: Boolean(exported) && exported!.errors === 0 && exported!.p50 < EXPORT_TARGET_SECONDS * 1000,
        detail: exported ? `${(exported.p50 / 1000).toFixed(1)} s, ${exported.notes?.rows} rows${exported.errors ? ", with errors" : ""}` : "not measured",
      },
      {
        section: SECTION,
        target: `convey users export: the CLI's memory grows less than ${EXPORT_MEMORY_TARGET_MB} MB from its first row written`,
        met: Boolean(exported) && exported!.errors === 0 && growth < EXPORT_MEMORY_TARGET_MB,
        detail: exported ? `${growth} MB (peak ${exported.notes?.cliPeakMb} MB; first row after ${exported.notes?.firstRowWrittenMs} ms; provider grew ${exported.notes?.providerMemoryGrowthMb} MB)` : "not measured",
      },
    ];
  },

  report() {
    return [
      "## Users at scale",
      "",
      `${USERS.toLocaleString("en-GB")} users in Harper & Vale LLP. The search matches a search key kept beside each user (the lower-cased full name, first and last name, and email, one per line) through a trigram index (pg_trgm) and reads the page from the sort's btree index; totals are counted to 1,000 and given as "more than 1,000" above (docs/decisions/0900-users-search-at-scale.md, 0901-users-search-total-bound.md). The export asks for pages of 1,000 after the last email written and writes each before asking for the next (0902-users-export-streams.md).`,
      "",
    ].join("\n");
  },

  async teardown() {
    if (startedApp) await workspacesPageSection.teardown?.();
    startedApp = false;
    if (folder) rmSync(folder, { recursive: true, force: true });
    folder = null;
  },
};
