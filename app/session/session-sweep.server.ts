/**
 * Deletes the files of sessions nobody will use again. File session storage deletes an expired session only
 * when its cookie comes back; a browser that never returns would leave its file (and tokens) behind. A
 * session file is rewritten at least once a minute while in use (lastSeenAt), so a file untouched for longer
 * than the idle limit belongs to an ended session.
 */
import { readdir, rmdir, stat, unlink } from "node:fs/promises";
import { join } from "node:path";

export async function sweepSessionFiles(dir: string, olderThanMs: number, now = Date.now()): Promise<number> {
  let removed = 0;
  const shards = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const shard of shards) {
    if (!shard.isDirectory()) continue;
    const shardDir = join(dir, shard.name);
    for (const file of await readdir(shardDir).catch(() => [] as string[])) {
      const path = join(shardDir, file);
      const info = await stat(path).catch(() => null);
      if (info?.isFile() && now - info.mtimeMs > olderThanMs) {
        await unlink(path).then(() => removed++, () => undefined);
      }
    }
    // Only succeeds when the shard is empty.
    await rmdir(shardDir).catch(() => undefined);
  }
  return removed;
}

/** Sweeps now and then every `everyMs`, without keeping the process alive. */
export function startSessionSweeper(dir: string, olderThanMs: number, everyMs: number): void {
  const sweep = () =>
    sweepSessionFiles(dir, olderThanMs).catch((error: unknown) =>
      console.warn(`Session sweep failed: ${(error as Error).message}`),
    );
  void sweep();
  setInterval(sweep, everyMs).unref();
}
