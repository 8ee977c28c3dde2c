/**
 * Stored credentials: `credentials.json` in the user's config folder ($CONVEY_CONFIG_DIR, else
 * $XDG_CONFIG_HOME/convey, else ~/.config/convey); a named profile uses `credentials.<name>.json`. The
 * folder is kept at 0700 and the file at 0600 on every write; writes are atomic (temporary file +
 * rename) and serialised by a lock file, because refresh tokens rotate and two processes refreshing at
 * once would end the session.
 */
import { randomBytes } from "node:crypto";
import { chmod, mkdir, open, readFile, rename, rm, stat, unlink, writeFile } from "node:fs/promises";
import { isAbsolute, join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { z } from "zod";
import { CliError } from "../errors.js";
import type { Io } from "../io.js";

export const CREDENTIALS_FILE = "credentials.json";
const LOCK_STALE_MS = 30_000;
const LOCK_WAIT_MS = 20_000;

export const StoredCredentialsSchema = z.object({
  apiUrl: z.string(),
  kind: z.enum(["device", "client_credentials"]),
  clientId: z.string(),
  /** The subscriber asked for at login (`--subscriber`), if any. */
  subscriberId: z.string().optional(),
  accessToken: z.string(),
  /** ISO date-time. */
  expiresAt: z.string(),
  /** Device flow only; client credentials get a new token with CONVEY_CLIENT_SECRET instead. */
  refreshToken: z.string().optional(),
  savedAt: z.string(),
});
export type StoredCredentials = z.infer<typeof StoredCredentialsSchema>;

const CredentialsFileSchema = StoredCredentialsSchema.extend({ version: z.literal(1) });

export function configDir(io: Pick<Io, "env" | "homeDir">): string {
  const explicit = io.env.CONVEY_CONFIG_DIR;
  if (explicit) return explicit;
  const xdg = io.env.XDG_CONFIG_HOME;
  if (xdg && isAbsolute(xdg)) return join(xdg, "convey");
  return join(io.homeDir, ".config", "convey");
}

/** The default profile lives in credentials.json, a named one in credentials.<name>.json. */
export function credentialsFileName(profile: string): string {
  return profile === "default" ? CREDENTIALS_FILE : `credentials.${profile}.json`;
}

export class CredentialsStore {
  readonly file: string;
  private readonly lockFile: string;

  constructor(
    readonly dir: string,
    readonly profile: string,
  ) {
    this.file = join(dir, credentialsFileName(profile));
    this.lockFile = `${this.file}.lock`;
  }

  static for(io: Pick<Io, "env" | "homeDir">, profile: string): CredentialsStore {
    return new CredentialsStore(configDir(io), profile);
  }

  async get(): Promise<StoredCredentials | undefined> {
    return this.read({ tolerateDamage: false });
  }

  /**
   * Reads, changes and writes the credentials under the lock. `change` returns the new credentials,
   * `null` to delete them, or `undefined` to leave them as they are.
   */
  async update<T extends StoredCredentials | null | undefined>(
    change: (current: StoredCredentials | undefined) => Promise<T> | T,
  ): Promise<T> {
    return this.withLock(async () => {
      const next = await change(await this.read({ tolerateDamage: true }));
      if (next === null) await rm(this.file, { force: true });
      else if (next !== undefined) await this.write(next);
      return next;
    });
  }

  private async read({ tolerateDamage }: { tolerateDamage: boolean }): Promise<StoredCredentials | undefined> {
    let text: string;
    try {
      text = await readFile(this.file, "utf8");
    } catch (error) {
      if (isCode(error, "ENOENT")) return undefined;
      throw new CliError(`The credentials file ${this.file} could not be read (${(error as Error).message})`);
    }
    const parsed = CredentialsFileSchema.safeParse(safeJson(text));
    if (parsed.success) {
      const { version: _version, ...credentials } = parsed.data;
      return credentials;
    }
    if (tolerateDamage) return undefined;
    throw new CliError(`The credentials file ${this.file} is damaged: run \`convey login\` to replace it`);
  }

  private async write(credentials: StoredCredentials): Promise<void> {
    await this.securedDir();
    const temporary = join(this.dir, `.${credentialsFileName(this.profile)}.${process.pid}.${randomBytes(4).toString("hex")}`);
    try {
      await writeFile(temporary, `${JSON.stringify({ version: 1, ...credentials }, null, 2)}\n`, { mode: 0o600, flag: "wx" });
      await chmod(temporary, 0o600);
      await rename(temporary, this.file);
      await chmod(this.file, 0o600);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  /** Creates the folder if needed and makes it private; refuses a folder it cannot make private. */
  private async securedDir(): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    try {
      await chmod(this.dir, 0o700);
    } catch (error) {
      throw new CliError(
        `The config folder ${this.dir} cannot be made private (${(error as Error).message}): set CONVEY_CONFIG_DIR to a folder of your own`,
      );
    }
  }

  private async withLock<T>(work: () => Promise<T>): Promise<T> {
    await this.securedDir();
    const deadline = Date.now() + LOCK_WAIT_MS;
    for (;;) {
      try {
        const handle = await open(this.lockFile, "wx", 0o600);
        await handle.close();
        break;
      } catch (error) {
        if (!isCode(error, "EEXIST")) throw error;
        if (await this.lockIsStale()) {
          await rm(this.lockFile, { force: true });
          continue;
        }
        if (Date.now() > deadline) {
          throw new CliError(`Another convey process holds ${this.lockFile}: try again, or delete the file if none is running`);
        }
        await delay(50);
      }
    }
    try {
      return await work();
    } finally {
      await unlink(this.lockFile).catch(() => undefined);
    }
  }

  private async lockIsStale(): Promise<boolean> {
    try {
      return Date.now() - (await stat(this.lockFile)).mtimeMs > LOCK_STALE_MS;
    } catch {
      return false;
    }
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isCode(error: unknown, code: string): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === code;
}
