/**
 * The job `sweep-orphan-lodgement-files`, every hour of product time: removes stored objects that no file row
 * names and that are more than an hour old (real time), and leftovers of writes that never finished (a
 * folder's `.partial` files). Such objects come only from a failure between two steps that cannot share a
 * transaction: the provider stopping after an upload was stored but before its row was written, or a deleted
 * file whose object could not be removed. An hour is far longer than any upload takes to reach its row.
 */
import { z } from "zod";
import { resolveDataDir } from "../../scripts/dev-secrets.js";
import type { DB } from "../platform/db/index.js";
import { defineJob } from "../platform/jobs/queue.js";
import { FolderFileStorage, fileStorageFromEnvironment, type FileStorage } from "./storage.js";

export const ORPHAN_AGE_MS = 60 * 60_000;

/** Where the sweep looks: set by the file routes at start (the same storage the uploads use). */
let sweptStorage: FileStorage | undefined;
export function setSweptStorage(storage: FileStorage): void {
  sweptStorage = storage;
}

/** Removes what no row names and is older than ORPHAN_AGE_MS; answers how many objects went. */
export async function sweepOrphanFiles(db: DB, storage: FileStorage, now = new Date()): Promise<number> {
  let removed = 0;
  const old: string[] = [];
  for await (const object of storage.list()) {
    if (now.getTime() - object.modifiedAt.getTime() > ORPHAN_AGE_MS) old.push(object.key);
  }
  for (let start = 0; start < old.length; start += 500) {
    const batch = old.slice(start, start + 500);
    const partials = batch.filter((key) => key.endsWith(".partial"));
    const keys = batch.filter((key) => !key.endsWith(".partial"));
    const named = keys.length
      ? new Set((await db.selectFrom("lodgement_files").select("storage_key").where("storage_key", "in", keys).execute()).map((row) => row.storage_key))
      : new Set<string>();
    for (const key of keys) {
      if (named.has(key)) continue;
      await storage.delete(key);
      removed++;
    }
    if (storage instanceof FolderFileStorage) {
      for (const name of partials) {
        await storage.removePartial(name);
        removed++;
      }
    }
  }
  return removed;
}

export const sweepOrphanLodgementFilesJob = defineJob({
  name: "sweep-orphan-lodgement-files",
  data: z.object({}),
  retryLimit: 2,
  retryDelaySeconds: 300,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
  repeatEveryMinutes: 60,
  async run(_data, { db }) {
    await sweepOrphanFiles(db, sweptStorage ?? fileStorageFromEnvironment(resolveDataDir(process.env)));
  },
});
