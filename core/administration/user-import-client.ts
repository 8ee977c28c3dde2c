/**
 * The bulk user import as a use-case (document 3 section 6), shared by every client that sends a file of
 * users: the rows that passed core's checks (planImport) go to the provider's bulk call in chunks of 500,
 * each chunk one transaction there. A refused row stops nothing, nor does a chunk whose call fails: its rows
 * are reported refused with the reason when the call never reached the provider or was refused, and
 * `unknown` when it was sent but its answer was lost (the provider may well have saved them). Rows already
 * in the state the file gives are reported unchanged, so a second run, or a run after one that was killed
 * half-way, finishes the work, or confirms it, without duplicates.
 */
import { BULK_USERS_MAX_ROWS, type BulkUserResult } from "./api.js";
import { bulkSubscriberUsers } from "./client.js";
import { BULK_IMPORT_PERMISSIONS, type ImportOutcome, type ImportPlan, type ImportReport, type ImportRowReport } from "./user-import.js";
import { type RequestContext } from "../shared/provider-client.js";
import { ProviderAnswerLostError, ProviderError, ProviderUnavailableError } from "../shared/provider-errors.js";
import { hasAllPermissions } from "../shared/permissions/roles.js";
import { UseCaseRefusal } from "../shared/refusals.js";
import { getMe } from "./subscriber-users-client.js";
import { ADMINISTRATION_MESSAGES } from "./messages.js";

/** Refuses once, before any row is read or sent, a caller who may not import users. */
export async function checkImportAllowed(ctx: RequestContext): Promise<void> {
  const me = await getMe(ctx);
  if (!hasAllPermissions(me.permissions, BULK_IMPORT_PERMISSIONS)) throw new UseCaseRefusal(ADMINISTRATION_MESSAGES.importNotAllowed);
}

/** A refusal of the caller rather than of the rows (not logged in, no permission, address refused): stops the run. */
function refusesTheCaller(error: ProviderError): boolean {
  return error.status === 401 || error.status === 403;
}

export interface ImportProgress {
  done: number;
  total: number;
  summary: Record<ImportOutcome, number>;
}

export function emptySummary(): Record<ImportOutcome, number> {
  return { created: 0, updated: 0, suspended: 0, unsuspended: 0, unchanged: 0, refused: 0, unknown: 0 };
}

/** Waits before each new attempt at a chunk whose call failed for a passing reason (network, 429, 502–504). */
export const CHUNK_RETRY_DELAYS_MS: readonly number[] = [1000, 4000];

/** A failure of the whole call that a later attempt may not meet (the bulk call is safe to repeat). */
function isPassing(error: ProviderError): boolean {
  return error instanceof ProviderUnavailableError || [429, 502, 503, 504].includes(error.status);
}

/** Why every row of a chunk is refused when its call failed even after the retries. */
export function chunkFailureReason(error: ProviderError): string {
  const id = error.correlationId ? ` (correlation id ${error.correlationId})` : "";
  return `Not imported: ${error.message}${id}. Run the import again to finish.`;
}

/** Why the outcome of every row of a chunk is unknown when its call was sent but no answer came back. */
export function chunkOutcomeUnknownReason(error: ProviderError): string {
  const id = error.correlationId ? ` (correlation id ${error.correlationId})` : "";
  return `Unknown: run again to confirm. ${error.message}${id}; the provider may have saved these rows, and a second run reports them unchanged if it did.`;
}

/**
 * Sends the valid rows in chunks and reports every row of the file, in file order. Stops on nothing: a call
 * that fails for a passing reason is tried again after a wait, and a chunk whose call still fails has each
 * of its rows reported refused (or unknown, when the answer was lost) with the reason while the next chunks
 * go on (a second run finishes them). A refusal of the caller (401, 403) is no row's: it is thrown once, and
 * the run stops.
 */
export async function runImport(
  ctx: RequestContext,
  options: {
    file: string;
    subscriberId: string;
    dryRun: boolean;
    chunkSize?: number;
    sleep?: (ms: number) => Promise<void>;
    retryDelaysMs?: readonly number[];
  },
  plan: ImportPlan,
  onProgress?: (progress: ImportProgress) => void,
): Promise<ImportReport> {
  const chunkSize = Math.min(options.chunkSize ?? BULK_USERS_MAX_ROWS, BULK_USERS_MAX_ROWS);
  const retryDelays = options.retryDelaysMs ?? CHUNK_RETRY_DELAYS_MS;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((done) => setTimeout(done, ms)));
  const reports: ImportRowReport[] = [...plan.refused];
  const summary = emptySummary();
  summary.refused = plan.refused.length;
  const total = plan.valid.length + plan.refused.length;
  let done = plan.refused.length;
  onProgress?.({ done, total, summary: { ...summary } });
  for (let start = 0; start < plan.valid.length; start += chunkSize) {
    const chunk = plan.valid.slice(start, start + chunkSize);
    const send = () =>
      bulkSubscriberUsers(
        ctx,
        options.subscriberId,
        chunk.map((entry) => entry.user),
        { dryRun: options.dryRun },
      );
    let results: BulkUserResult[] | undefined;
    let failure: ProviderError | undefined;
    for (let attempt = 0; results === undefined && failure === undefined; attempt++) {
      try {
        results = (await send()).results;
      } catch (error) {
        if (!(error instanceof ProviderError) || refusesTheCaller(error)) throw error;
        if (!isPassing(error) || attempt >= retryDelays.length) failure = error;
        else await sleep(retryDelays[attempt]!);
      }
    }
    if (failure) {
      const lost = failure instanceof ProviderAnswerLostError;
      const outcome: ImportOutcome = lost ? "unknown" : "refused";
      const reason = lost ? chunkOutcomeUnknownReason(failure) : chunkFailureReason(failure);
      for (const entry of chunk) {
        summary[outcome]++;
        reports.push({ row: entry.row, email: entry.user.email, outcome, changes: [], reason });
      }
    }
    for (const result of results ?? []) {
      const entry = chunk[result.index];
      if (!entry) continue;
      summary[result.outcome]++;
      reports.push({ row: entry.row, email: result.email, outcome: result.outcome, changes: result.changes, reason: result.reason });
    }
    done += chunk.length;
    onProgress?.({ done, total, summary: { ...summary } });
  }
  reports.sort((a, b) => a.row - b.row);
  return { file: options.file, dryRun: options.dryRun, subscriberId: options.subscriberId, summary, rows: reports };
}

