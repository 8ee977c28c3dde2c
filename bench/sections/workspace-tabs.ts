/**
 * The workspace page and every built tab end to end (issues 12, 13, 14 and 16, "Performance"), on the app the
 * workspaces-page section started (so this section runs after it): the workspace page as it opens (its
 * Overview tab: /workspaces/{id} redirects there) and the Participants, Property details, Financials and
 * Documents tabs logged in as the Northgate Bank lender, on their demo remortgage WS-0000002 whose title search
 * has succeeded (so the title panel, the proprietor matching and the parties all render); the Stamp duty tab
 * logged in as Harper & Vale's manager (the buyer's representative) on the dual-represented demo purchase
 * WS-0000003, with the SDLT flag on for that measurement only (the tab is not found without it). At each
 * size, each tab with 10 connections in alternating rounds with the bare page, as the /workspaces page is
 * measured.
 *
 * Targets at the largest size: each tab's p99 < 150 ms with no error, and its throughput at least 40% of the
 * bare page's.
 */
import { DEMO_USERS } from "../../provider/platform/demo-world.js";
import { DEMO_WORKSPACES } from "../../provider/workspaces/seed.js";
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
/** Who opens each tab, and on which workspace: the lender's titled workspace, or the demo purchase whose buyer is dual-represented. */
interface Tab {
  tab: string;
  as: keyof typeof DEMO_USERS;
  workspace: "lender's titled workspace" | "dual-represented purchase";
  /** A feature flag the tab needs on (set for its measurement only). */
  flag?: string;
}
const ALL_TABS: readonly Tab[] = [
  { tab: "overview", as: "lender", workspace: "lender's titled workspace" },
  { tab: "participants", as: "lender", workspace: "lender's titled workspace" },
  { tab: "property-details", as: "lender", workspace: "lender's titled workspace" },
  { tab: "financials", as: "lender", workspace: "lender's titled workspace" },
  { tab: "documents", as: "lender", workspace: "lender's titled workspace" },
  { tab: "stamp-duty", as: "manager", workspace: "dual-represented purchase", flag: "sdltEnabled" },
];
/** BENCH_TABS (comma-separated, e.g. participants,documents) measures only those tabs, to profile one. */
const only = process.env.BENCH_TABS?.split(",").filter(Boolean);
const TABS = only ? ALL_TABS.filter(({ tab }) => only.includes(tab)) : ALL_TABS;
const tabName = (tab: string) => {
  const who = TABS.find((t) => t.tab === tab)?.as === "manager" ? "the buyer's representative" : "the lender";
  return `GET /workspaces/{id}/${tab} as ${who}, ${CONNECTIONS} connections`;
};
const bareName = (tab: string) => `GET ${BARE} (bare page, alternating with ${tab}), ${CONNECTIONS} connections`;

/** A feature flag in the run's environment, straight in its table (the bench's own database). */
async function setFlag(ctx: BenchContext, name: string, enabled: boolean): Promise<void> {
  await ctx.db
    .insertInto("feature_flags")
    .values({ environment: ctx.config.environment, name, enabled, updated_by: null })
    .onConflict((oc) => oc.columns(["environment", "name"]).doUpdateSet({ enabled, updated_at: new Date() }))
    .execute();
}

export const workspaceTabsSection: BenchSection = {
  name: SECTION,

  async run(ctx: BenchContext): Promise<Measurement[]> {
    const app = runningApp();
    const workspaces = {
      // The same workspace at every size: the demo world's titled remortgage, which no other section writes to
      // (title-search keeps to synthetic workspaces; line-item-save and document-upload write to WS-0000001).
      "lender's titled workspace": DEMO_WORKSPACES.remortgageReady.workspaceId,
      "dual-represented purchase": DEMO_WORKSPACES.purchaseReady.workspaceId,
    };
    const total = Number(process.env.BENCH_PAGE_REQUESTS ?? ctx.iterations * 20);
    const warmup = Math.max(CONNECTIONS * 2, ctx.warmup * CONNECTIONS);
    const measurements: Measurement[] = [];
    const cookies = new Map<string, string>();
    for (const { tab, as, workspace, flag } of TABS) {
      // The flag before the login: the app reads the flags once per session.
      if (flag) await setFlag(ctx, flag, true);
      let cookie = cookies.get(as);
      if (!cookie || flag) cookie = await logIn(app, ctx.providerUrl, DEMO_USERS[as].email);
      if (!flag) cookies.set(as, cookie);
      const { bare, page } = await loadInRounds(app, cookie, total, warmup, `/workspaces/${workspaces[workspace]}/${tab}`).finally(
        () => (flag ? setFlag(ctx, flag, false) : undefined),
      );
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
    return TABS.flatMap(({ tab }) => {
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
