/**
 * A title search against the land registry sandbox through the real HTTP API (document 2 section 7.2; issue
 * 12 "Performance"): Retrieve on a workspace with no title yet, answered with a register (stored, the
 * proprietor match derived, the borrowers validation status and tasks stored, the version moved on; the PDF
 * is made at its first download), as the helpdesk administrator, on the product clock set inside land registry business
 * hours. Each timed call uses a workspace of its own (a title once held is not retrieved again). Target: p95
 * under 50 ms at the largest size.
 */
import { sql } from "kysely";
import { DEMO_USERS } from "../../provider/platform/demo-world.js";
import { DEMO_WORKSPACES } from "../../provider/workspaces/seed.js";
import { HttpClient, repeat, summarise } from "../lib/measure.js";
import type { BenchContext, BenchSection, Measurement, TargetResult } from "../lib/types.js";

const SECTION = "title-search";
export const TITLE_SEARCH_P95_TARGET_MS = 50;
/** Wednesday noon in London, inside land registry business hours. */
const OPEN = "2030-01-16T12:00:00Z";

async function run(ctx: BenchContext): Promise<Measurement[]> {
  const helpdesk = await ctx.token({ email: DEMO_USERS.helpdesk.email });
  const http = new HttpClient(ctx.providerUrl);
  try {
    const clock = await http.request("PUT", "/api/v1/clock", { token: helpdesk, body: { now: OPEN } });
    if (clock.status !== 200) throw new Error(`Setting the clock answered ${clock.status}: ${clock.body}`);
    // Synthetic remortgage workspaces with no title yet, each searched once; the demo world's are left as
    // seeded, so a titled demo workspace the tabs section measures stays the same one at every size.
    const needed = ctx.iterations + ctx.warmup;
    const demoWorkspaceIds = Object.values(DEMO_WORKSPACES).map((workspace) => workspace.workspaceId);
    const { rows } = await sql<{ lodgement_case_id: string; version: number }>`
      SELECT c.lodgement_case_id, w.version FROM lodgement_cases c JOIN workspaces w USING (workspace_id)
      WHERE c.last_title_search_status IS NULL AND w.transaction_type = 'REMORTGAGE' AND w.status = 'CREATED'
        AND w.workspace_id <> ALL(${demoWorkspaceIds}::uuid[])
      ORDER BY c.workspace_id LIMIT ${needed}`.execute(ctx.db);
    if (rows.length < needed) throw new Error(`Only ${rows.length} workspaces without a title for ${needed} searches`);
    let next = 0;
    const statuses = new Map<number, number>();
    const { durations, errors } = await repeat(ctx.iterations, ctx.warmup, async () => {
      const target = rows[next++]!;
      const answer = await http.request("POST", `/api/v1/lodgement-cases/${target.lodgement_case_id}/title-search`, {
        token: helpdesk,
        body: { titleNumber: "DN100002" },
        headers: { "if-match": `"${target.version}"` },
      });
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      const ok = answer.status === 200 && (JSON.parse(answer.body) as { lodgementCase: { lastTitleSearchStatus: string } }).lodgementCase.lastTitleSearchStatus === "SUCCESS";
      return { ms: answer.ms, ok };
    });
    return [summarise(SECTION, "retrieve a title (sandbox)", ctx.size, durations, errors, Object.fromEntries([...statuses].map(([status, n]) => [`HTTP ${status}`, n])))];
  } finally {
    await http.request("DELETE", "/api/v1/clock", { token: helpdesk });
    await http.close();
  }
}

function targets(measurements: readonly Measurement[], sizes: readonly number[]): TargetResult[] {
  const largest = sizes[sizes.length - 1];
  return measurements
    // Every section's measurements come here: this section judges its own.
    .filter((measurement) => measurement.section === SECTION && measurement.size === largest)
    .map((measurement) => ({
      section: SECTION,
      target: `${measurement.name}: p95 under ${TITLE_SEARCH_P95_TARGET_MS} ms, no error`,
      met: measurement.p95 < TITLE_SEARCH_P95_TARGET_MS && measurement.errors === 0,
      detail: `p95 ${measurement.p95} ms, ${measurement.errors} errors at ${largest.toLocaleString("en-GB")} workspaces`,
    }));
}

export const titleSearchSection: BenchSection = { name: SECTION, run, targets };
