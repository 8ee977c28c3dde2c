/**
 * The workspace's Participants, Property details, Financials and Documents tabs end to end (issues 12, 13 and 14, "Performance"), on the app
 * the workspaces-page section started (so this section runs after it), logged in as the Northgate Bank
 * lender, on a demo workspace of theirs whose title search has succeeded (so the title panel, the proprietor
 * matching and the parties all render). At each size, each tab with 10 connections in alternating rounds
 * with the bare page, as the /workspaces page is measured.
 *
 * Targets at the largest size: each tab's p99 < 150 ms with no error, and its throughput at least 40% of the
 * bare page's.
 */
import { DEMO_USERS } from "../../provider/platform/demo-world.js";
import { summarise } from "../lib/measure.js";
import type { BenchContext, BenchSection, Measurement, TargetResult } from "../lib/types.js";
import {
  BARE,
  CONNECTIONS,
  cost,
  loadInRounds,
  logIn,
  PAGE_P99_TARGET_MS,
  runningApp,
  THROUGHPUT_RATIO_TARGET,
} from "./workspaces-page.js";

const SECTION = "workspace-tabs";
const TABS = ["participants", "property-details", "financials", "documents"] as const;
const tabName = (tab: string) => `GET /workspaces/{id}/${tab} as the lender, ${CONNECTIONS} connections`;
const bareName = (tab: string) => `GET ${BARE} (bare page, alternating with ${tab}), ${CONNECTIONS} connections`;

/** The lender's demo workspace whose title search succeeded (provider/title/seed.ts). */
async function benchWorkspaceId(ctx: BenchContext): Promise<string> {
  const row = await ctx.db
    .selectFrom("workspaces as w")
    .innerJoin("workspace_participants as p", "p.workspace_id", "w.workspace_id")
    .innerJoin("lodgement_cases as c", "c.workspace_id", "w.workspace_id")
    .innerJoin("user_subscribers as us", "us.subscriber_id", "p.subscriber_id")
    .innerJoin("subscriber_users as u", "u.subscriber_user_id", "us.subscriber_user_id")
    .select("w.workspace_id")
    .where("u.email", "=", DEMO_USERS.lender.email)
    .where("c.last_title_search_status", "=", "SUCCESS")
    .where("w.status", "not in", ["CANCELLED"])
    .orderBy("w.workspace_reference_id")
    .executeTakeFirst();
  if (!row) throw new Error("No demo workspace of the lender has a title: the demo world seeds one");
  return row.workspace_id;
}

export const workspaceTabsSection: BenchSection = {
  name: SECTION,

  async run(ctx: BenchContext): Promise<Measurement[]> {
    const app = runningApp();
    const cookie = await logIn(app, ctx.providerUrl, DEMO_USERS.lender.email);
    const workspaceId = await benchWorkspaceId(ctx);
    const total = Number(process.env.BENCH_PAGE_REQUESTS ?? ctx.iterations * 20);
    const warmup = Math.max(CONNECTIONS * 2, ctx.warmup * CONNECTIONS);
    const measurements: Measurement[] = [];
    for (const tab of TABS) {
      const { bare, page } = await loadInRounds(app, cookie, total, warmup, `/workspaces/${workspaceId}/${tab}`);
      const barePerSecond = bare.durations.length / bare.seconds;
      const pagePerSecond = page.durations.length / page.seconds;
      const ratio = pagePerSecond / barePerSecond;
      const pair = [
        summarise(SECTION, bareName(tab), ctx.size, bare.durations, bare.errors, { requestsPerSecond: Math.round(barePerSecond), ...cost(bare) }),
        summarise(SECTION, tabName(tab), ctx.size, page.durations, page.errors, {
          requestsPerSecond: Math.round(pagePerSecond),
          throughputOfBarePage: `${Math.round(ratio * 100)}%`,
          ...cost(page),
        }),
      ];
      for (const m of pair) {
        ctx.log(
          `  ${m.name.padEnd(70)} p50 ${m.p50.toFixed(1).padStart(6)}  p95 ${m.p95.toFixed(1).padStart(6)}  p99 ${m.p99.toFixed(1).padStart(6)} ms  ${m.notes?.requestsPerSecond} req/s, ${m.errors} errors; per request: app CPU ${m.notes?.appCpuMsPerRequest} ms, provider CPU ${m.notes?.providerCpuMsPerRequest} ms`,
        );
      }
      measurements.push(...pair);
    }
    return measurements;
  },

  targets(measurements, sizes): TargetResult[] {
    const largest = sizes[sizes.length - 1];
    const at = (name: string) => measurements.find((m) => m.name === name && m.size === largest);
    const where = `at ${largest.toLocaleString("en-GB")} workspaces`;
    return TABS.flatMap((tab) => {
      const page = at(tabName(tab));
      const bare = at(bareName(tab));
      const ratio = page && bare ? Number(page.notes?.requestsPerSecond ?? 0) / Math.max(1, Number(bare.notes?.requestsPerSecond ?? 0)) : NaN;
      return [
        {
          section: SECTION,
          target: `/workspaces/{id}/${tab} at ${CONNECTIONS} concurrent connections: p99 < ${PAGE_P99_TARGET_MS} ms and no error ${where}`,
          met: page !== undefined && page.errors === 0 && page.p99 < PAGE_P99_TARGET_MS,
          detail: page ? `p99 ${page.p99} ms, ${page.errors} errors of ${page.samples}` : "not measured",
        },
        {
          section: SECTION,
          target: `/workspaces/{id}/${tab} throughput at least ${THROUGHPUT_RATIO_TARGET * 100}% of a bare page of the same app (${BARE}) ${where}`,
          met: Number.isFinite(ratio) && ratio >= THROUGHPUT_RATIO_TARGET,
          detail: page && bare ? `${page.notes?.requestsPerSecond} vs ${bare.notes?.requestsPerSecond} req/s: ${Math.round(ratio * 100)}%` : "not measured",
        },
      ];
    });
  },
};
