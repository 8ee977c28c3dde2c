/**
 * The job `scan-lodgement-file` (document 3 section 4.2: a new file is PENDING until scanned), scheduled with
 * the file's row. It streams the stored object through the configured VirusScanner (virus-scan.ts) and
 * records the answer:
 *
 * - CLEAN → SUCCESS.
 * - INFECTED → VIRUS_FOUND, and the stored object is deleted (the row stays, so the uploader sees why).
 * - ERROR (or the object cannot be read) → the attempt fails and is tried again; once the retries are spent
 *   the last attempt records FAILED instead of failing.
 *
 * Idempotent: a file no longer PENDING (or no longer there) is left as it is, and the status changes only
 * from PENDING, so an attempt that runs twice records one answer.
 */
import { z } from "zod";
import { resolveDataDir } from "../../scripts/dev-secrets.js";
import type { DB } from "../platform/db/index.js";
import { defineJob } from "../platform/jobs/queue.js";
import { fileStorageFromEnvironment, type FileStorage } from "./storage.js";
import { virusScannerFromEnvironment, type ScanResult, type VirusScanner } from "./virus-scan.js";

/** Where the job finds stored files and its scanner: set by the file routes at start. */
let seams: { storage: FileStorage; scanner: VirusScanner } | undefined;
export function setFileScanSeams(value: { storage: FileStorage; scanner: VirusScanner }): void {
  seams = value;
}
function currentSeams(): { storage: FileStorage; scanner: VirusScanner } {
  return (seams ??= { storage: fileStorageFromEnvironment(resolveDataDir(process.env)), scanner: virusScannerFromEnvironment() });
}

const RETRY_LIMIT = 3;

/** Records an outcome for a file still PENDING; false when the file had already moved on. */
async function record(db: DB, fileId: string, status: "SUCCESS" | "VIRUS_FOUND" | "FAILED", detail: string | null, at: Date): Promise<boolean> {
  const updated = await db
    .updateTable("lodgement_files")
    .set({ upload_status: status, scan_detail: detail, scanned_at: at })
    .where("file_id", "=", fileId)
    .where("upload_status", "=", "PENDING")
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

export const scanLodgementFileJob = defineJob({
  name: "scan-lodgement-file",
  data: z.object({ fileId: z.string().uuid() }),
  retryLimit: RETRY_LIMIT,
  retryDelaySeconds: 10,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
  async run(data, { db, clock, job }) {
    const { storage, scanner } = currentSeams();
    const file = await db
      .selectFrom("lodgement_files")
      .select(["file_id", "file_name", "storage_key", "upload_status"])
      .where("file_id", "=", data.fileId)
      .executeTakeFirst();
    if (!file || file.upload_status !== "PENDING") return;

    let result: ScanResult;
    try {
      result = await scanner.scan(await storage.get(file.storage_key), { fileName: file.file_name });
    } catch (error) {
      result = { outcome: "ERROR", detail: `The stored file could not be read: ${(error as Error).message}` };
    }

    if (result.outcome === "CLEAN") {
      await record(db, file.file_id, "SUCCESS", null, clock.now());
      return;
    }
    if (result.outcome === "INFECTED") {
      // The bytes go before the status says so: a VIRUS_FOUND file never has a stored object to download.
      await storage.delete(file.storage_key);
      await record(db, file.file_id, "VIRUS_FOUND", result.signature, clock.now());
      return;
    }
    const lastAttempt = job.attempt > RETRY_LIMIT;
    if (lastAttempt) {
      await record(db, file.file_id, "FAILED", result.detail.slice(0, 500), clock.now());
      return;
    }
    throw new Error(`The virus scan of ${file.file_id} did not finish: ${result.detail}`);
  },
});
