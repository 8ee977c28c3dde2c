/**
 * Saving a line item with a bank account check through the real HTTP API (issue 13, "Performance"): the law
 * firm approver adds Redemption destinations with a typed bank account to a demo workspace of theirs, each
 * one modulus-checked and name-checked by the Confirmation of Payee sandbox (COP_SANDBOX_LATENCY_MS, default
 * 150 ms). Then a few saves whose name check never answers (the TIMEOUT fixture), which must give up at the
 * configured time-out (COP_TIMEOUT_MS, default 5 s).
 *
 * Targets at the largest size: a save with a check p95 under the sandbox's latency + 50 ms, no error; a
 * time-out never holds the request longer than the time-out + 1 s.
 */
import { sql } from "kysely";
import { SCHEDULES_PATH } from "../../core/financials/api.js";
import { DEMO_USERS } from "../../provider/platform/demo-world.js";
import { SANDBOX_LATENCY_MS, SANDBOX_SORT_CODE } from "../../provider/financials/payee-check-sandbox.js";
import { HttpClient, repeat, summarise } from "../lib/measure.js";
import type { BenchContext, BenchSection, Measurement, TargetResult } from "../lib/types.js";

const SECTION = "line-item-save";
const SAVE = "add a Redemption with a bank check (sandbox)";
const TIMEOUT = "add a Redemption whose name check never answers";
const TIMEOUT_SAMPLES = 3;
const latencyMs = () => Number(process.env.COP_SANDBOX_LATENCY_MS || SANDBOX_LATENCY_MS);
const timeoutMs = () => Number(process.env.COP_TIMEOUT_MS || 5_000);

/** A demo workspace of the law firm approver's subscriber, before approval. */
async function benchSchedule(ctx: BenchContext): Promise<{ scheduleId: string; workspaceId: string }> {
  const { rows } = await sql<{ financial_settlement_schedule_id: string; workspace_id: string }>`
    SELECT s.financial_settlement_schedule_id, s.workspace_id FROM financial_settlement_schedules s
    JOIN workspaces w USING (workspace_id)
    JOIN workspace_participants p ON p.workspace_id = w.workspace_id
    JOIN user_subscribers us ON us.subscriber_id = p.subscriber_id
    JOIN subscriber_users u ON u.subscriber_user_id = us.subscriber_user_id
    WHERE u.email = ${DEMO_USERS.manager.email} AND w.status = 'CREATED' AND p.role <> 'SELLER_REPRESENTATIVE'
    ORDER BY w.workspace_reference_id LIMIT 1`.execute(ctx.db);
  if (!rows[0]) throw new Error("No demo workspace of the law firm before approval");
  return { scheduleId: rows[0].financial_settlement_schedule_id, workspaceId: rows[0].workspace_id };
}

async function run(ctx: BenchContext): Promise<Measurement[]> {
  const token = await ctx.token({ email: DEMO_USERS.manager.email });
  const http = new HttpClient(ctx.providerUrl);
  try {
    const { scheduleId, workspaceId } = await benchSchedule(ctx);
    const read = await http.request("GET", `${SCHEDULES_PATH}?workspace_id=${workspaceId}`, { token });
    let version = (JSON.parse(read.body) as { records: { version: number }[] }).records[0]!.version;
    const add = async (accountNumber: string, n: number) => {
      const answer = await http.request("POST", `${SCHEDULES_PATH}/${scheduleId}/line-items`, {
        token,
        headers: { "if-match": `"${version}"` },
        body: {
          category: "REDEMPTION",
          amount: 10_000 + n,
          reference: `BENCH ${n}`.slice(0, 18),
          bankAccount: { accountName: "Harbour Building Society", accountNumber, bankCode: SANDBOX_SORT_CODE, accountType: "BUSINESS" },
        },
      });
      if (answer.status === 201) version = (JSON.parse(answer.body) as { version: number }).version;
      return answer;
    };
    let n = 0;
    const saves = await repeat(ctx.iterations, ctx.warmup, async () => {
      const answer = await add("10000003", n++);
      return { ms: answer.ms, ok: answer.status === 201 };
    });
    const timeouts = await repeat(TIMEOUT_SAMPLES, 0, async () => {
      const answer = await add("10000142", n++);
      const ok = answer.status === 201 && (JSON.parse(answer.body) as { lineItems: { verificationDetail: { status: string } | null }[] }).lineItems.some((item) => item.verificationDetail?.status === "TIMEOUT");
      return { ms: answer.ms, ok };
    });
    return [
      summarise(SECTION, SAVE, ctx.size, saves.durations, saves.errors, { sandboxLatencyMs: latencyMs() }),
      summarise(SECTION, TIMEOUT, ctx.size, timeouts.durations, timeouts.errors, { timeoutMs: timeoutMs() }),
    ];
  } finally {
    await http.close();
  }
}

function targets(measurements: readonly Measurement[], sizes: readonly number[]): TargetResult[] {
  const largest = sizes[sizes.length - 1];
  const where = `at ${largest.toLocaleString("en-GB")} workspaces`;
  const at = (name: string) => measurements.find((m) => m.section === SECTION && m.name === name && m.size === largest);
  const save = at(SAVE);
  const timeout = at(TIMEOUT);
  const saveLimit = latencyMs() + 50;
  const timeoutLimit = timeoutMs() + 1_000;
  return [
    {
      section: SECTION,
      target: `${SAVE}: p95 under the sandbox's latency + 50 ms (${saveLimit} ms), no error ${where}`,
      met: save !== undefined && save.errors === 0 && save.p95 < saveLimit,
      detail: save ? `p95 ${save.p95} ms, ${save.errors} errors of ${save.samples}` : "not measured",
    },
    {
      section: SECTION,
      target: `${TIMEOUT}: never longer than the time-out + 1 s (${timeoutLimit} ms), saved as TIMEOUT ${where}`,
      met: timeout !== undefined && timeout.errors === 0 && timeout.max < timeoutLimit,
      detail: timeout ? `max ${timeout.max} ms, ${timeout.errors} errors of ${timeout.samples}` : "not measured",
    },
  ];
}

export const lineItemSaveSection: BenchSection = { name: SECTION, run, targets };
