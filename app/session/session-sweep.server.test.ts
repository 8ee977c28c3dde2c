import { mkdirSync, mkdtempSync, existsSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sweepSessionFiles } from "./session-sweep.server";

function sessionFile(dir: string, id: string, ageMs: number, now: number): string {
  mkdirSync(join(dir, id.slice(0, 4)), { recursive: true });
  const path = join(dir, id.slice(0, 4), id.slice(4));
  writeFileSync(path, JSON.stringify({ data: {}, expires: null }));
  const time = new Date(now - ageMs);
  utimesSync(path, time, time);
  return path;
}

describe("sweepSessionFiles", () => {
  it("deletes the files untouched for longer than the limit and keeps the rest", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sessions-"));
    const now = Date.now();
    const limit = 31 * 60_000;
    const stale = sessionFile(dir, "aaaa000000000001", limit + 1_000, now);
    const lonely = sessionFile(dir, "bbbb000000000001", limit + 1_000, now);
    const fresh = sessionFile(dir, "aaaa000000000002", 60_000, now);

    expect(await sweepSessionFiles(dir, limit, now)).toBe(2);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(lonely)).toBe(false);
    expect(existsSync(join(dir, "bbbb"))).toBe(false);
    expect(existsSync(fresh)).toBe(true);
  });

  it("does nothing when the folder does not exist yet", async () => {
    expect(await sweepSessionFiles(join(tmpdir(), "no-such-sessions-folder"), 1)).toBe(0);
  });
});
