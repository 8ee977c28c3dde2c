/**
 * The data folder holds the generated secrets, the embedded database (tokens, sealed sessions) and logs:
 * readable by its owner only, whatever the umask, also when it was made earlier with looser modes.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../provider/platform/db/index.js";
import { loadDevSecrets } from "./dev-secrets.js";
import { privateFile, privateFolder } from "./private-folder.js";

const root = mkdtempSync(join(tmpdir(), "convey-modes-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe("the data folder's modes", () => {
  it("makes folders 0700 and files 0600, also ones made earlier with looser modes", () => {
    const previous = process.umask(0o022);
    try {
      const folder = join(root, "loose", "data");
      mkdirSync(folder, { recursive: true, mode: 0o755 });
      writeFileSync(join(folder, "file"), "x", { mode: 0o644 });
      expect(modeOf(privateFolder(folder))).toBe(0o700);
      expect(modeOf(privateFile(join(folder, "file")))).toBe(0o600);
      expect(modeOf(privateFolder(join(root, "new", "deeper")))).toBe(0o700);
    } finally {
      process.umask(previous);
    }
  });

  it("keeps the development secrets in a private data folder, and makes an older one private again", () => {
    const previous = process.umask(0o022);
    try {
      const dataDir = join(root, "secrets");
      loadDevSecrets(dataDir);
      expect(modeOf(dataDir)).toBe(0o700);
      expect(modeOf(join(dataDir, "dev-secrets.json"))).toBe(0o600);
      chmodSync(dataDir, 0o755);
      chmodSync(join(dataDir, "dev-secrets.json"), 0o644);
      loadDevSecrets(dataDir);
      expect(modeOf(dataDir)).toBe(0o700);
      expect(modeOf(join(dataDir, "dev-secrets.json"))).toBe(0o600);
    } finally {
      process.umask(previous);
    }
  });

  it("opens the embedded database in private folders", async () => {
    const previous = process.umask(0o022);
    const dataDir = join(root, "database");
    mkdirSync(dataDir, { mode: 0o755 });
    try {
      const db = await openDatabase({ dataDir, databaseUrl: undefined });
      await db.destroy();
    } finally {
      process.umask(previous);
    }
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(join(dataDir, "pglite"))).toBe(0o700);
  });
});
