/**
 * Bulk user management through the real command line (issue 5, "Performance"): `convey users import` of a
 * CSV file of 10,000 new users for one subscriber, then the same file again (every row unchanged), by the
 * spawned bin/convey.js logged in as a script client, against the provider and database of the run. At each
 * size a new file of new emails is imported, so the subscriber keeps growing (10,000 users more per size).
 *
 * Targets, at the largest size: 10,000 new users in under 60 s; the re-run in under 15 s.
 * BENCH_IMPORT_ROWS changes the number of rows (the targets are stated for 10,000).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { harperValeCliEnvironment } from "../lib/cli-environment.js";
import { summarise } from "../lib/measure.js";
import type { BenchContext, BenchEnvironment, BenchSection, Measurement, TargetResult } from "../lib/types.js";

const SECTION = "users-import";
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
export const IMPORT_TARGET_SECONDS = 60;
export const RERUN_TARGET_SECONDS = 15;
const BIN = resolve(import.meta.dirname, "../../bin/convey.js");
const NEW_USERS = `import ${ROWS.toLocaleString("en-GB")} new users (convey users import, CSV)`;
const RERUN = `re-run the same file, nothing to change`;
const ROLES = ["Workspace User", "Workspace Viewer", "Workspace Creator;Workspace User", "Workspace Approver", "Funds Authoriser;Workspace Viewer"];

let folder: string | null = null;
let cliEnv: NodeJS.ProcessEnv = { ...process.env };

interface Run {
  ms: number;
  code: number | null;
  summary: Record<string, number> | null;
  stderr: string;
}

function convey(args: string[]): Promise<Run> {
  return new Promise((done) => {
    const started = performance.now();
    const child = spawn(BIN, args, { env: cliEnv, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("close", (code) => {
      let summary: Record<string, number> | null = null;
      try {
        summary = (JSON.parse(stdout) as { summary?: Record<string, number> }).summary ?? null;
      } catch {
        summary = null;
      }
      done({ ms: performance.now() - started, code, summary, stderr });
    });
  });
}

/** A file of `ROWS` new users of Harper & Vale LLP, different at each size; a tenth without a status column value. */
function writeUsersFile(size: number): string {
  const lines = ["email,firstName,middleName,lastName,roles,status"];
  for (let i = 0; i < ROWS; i++) {
    const letters = String.fromCharCode(65 + (i % 26)) + String.fromCharCode(65 + (Math.floor(i / 26) % 26));
    lines.push(`bench.${size}.user${i}@harpervale.example,Bench,${i % 3 === 0 ? "Middle" : ""},User-${letters},${ROLES[i % ROLES.length]},${i % 10 === 0 ? "" : "Active"}`);
  }
  const path = join(folder!, `users-${size}.csv`);
  writeFileSync(path, `${lines.join("\n")}\n`);
  return path;
}

export const usersImportSection: BenchSection = {
  name: SECTION,

  async setup(env: BenchEnvironment) {
    folder = mkdtempSync(join(tmpdir(), "convey-bench-import-"));
    const client = env.scriptClients.harperVale;
    cliEnv = harperValeCliEnvironment(env, folder);
    const login = await convey(["--json", "login", "--client-id", client.clientId]);
    if (login.code !== 0) throw new Error(`convey login failed: ${login.stderr}`);
  },

  async run(ctx: BenchContext): Promise<Measurement[]> {
    const path = writeUsersFile(ctx.size);
    const first = await convey(["--json", "users", "import", path]);
    const created = first.summary?.created ?? 0;
    ctx.log(`  ${NEW_USERS}: ${(first.ms / 1000).toFixed(1)} s (created ${created}, exit ${first.code})`);
    const again = await convey(["--json", "users", "import", path]);
    const unchanged = again.summary?.unchanged ?? 0;
    ctx.log(`  ${RERUN}: ${(again.ms / 1000).toFixed(1)} s (unchanged ${unchanged}, exit ${again.code})`);
    return [
      summarise(SECTION, NEW_USERS, ctx.size, [first.ms], first.code === 0 && created === ROWS ? 0 : 1, { rows: ROWS, created }),
      summarise(SECTION, RERUN, ctx.size, [again.ms], again.code === 0 && unchanged === ROWS ? 0 : 1, { rows: ROWS, unchanged }),
    ];
  },

  targets(measurements: readonly Measurement[], sizes: readonly number[]): TargetResult[] {
    const largest = sizes[sizes.length - 1];
    const verdict = (name: string, seconds: number, what: string): TargetResult => {
      const m = measurements.find((candidate) => candidate.section === SECTION && candidate.name === name && candidate.size === largest);
      const met = Boolean(m) && m!.errors === 0 && m!.p50 < seconds * 1000;
      const detail = m ? `${(m.p50 / 1000).toFixed(1)} s${m.errors ? ", with errors" : ""}, ${JSON.stringify(m.notes)}` : "not measured";
      return { section: SECTION, target: `${what} in under ${seconds} s`, met, detail };
    };
    return [
      verdict(NEW_USERS, IMPORT_TARGET_SECONDS, `convey users import of ${ROWS.toLocaleString("en-GB")} new users`),
      verdict(RERUN, RERUN_TARGET_SECONDS, "re-running the same import (no changes)"),
    ];
  },

  report() {
    return [
      "## Users import",
      "",
      `\`convey users import\` (the spawned bin/convey.js, a script client of Harper & Vale LLP) of a CSV of ${ROWS.toLocaleString("en-GB")} new users at each size, then the same file again. The CLI checks every row with core's rules, then sends chunks of 500 rows to POST /api/subscriber/v1/subscribers/{id}/subscriber-users/bulk, one transaction per chunk (docs/decisions/0301-bulk-user-import.md).`,
      "",
    ].join("\n");
  },

  async teardown() {
    if (folder) rmSync(folder, { recursive: true, force: true });
    folder = null;
  },
};
