/**
 * The virus scan seam (docs/decisions/0701-file-storage-scanner-and-links.md, docs/sandboxes.md "Virus scan"):
 * `VirusScanner.scan(stream)` answers CLEAN, INFECTED with the signature's name, or ERROR (the scan could not
 * be made: tried again by the job). Two implementations:
 *
 * - The sandbox (default): finds the EICAR test string anywhere in the stream, across chunk boundaries, and
 *   answers ERROR for a file whose name or content holds `SCAN-FAIL`; `SCAN-SLOW` in the content waits
 *   two seconds before answering (to watch the PENDING state).
 * - ClamAV (`VIRUS_SCANNER=clamav`): clamd's INSTREAM command over TCP (`CLAMD_HOST`, `CLAMD_PORT`, default
 *   3310) or a Unix socket (`CLAMD_SOCKET`), the stream sent in chunks, never whole.
 */
import { connect, type Socket } from "node:net";
import type { Readable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";

export type ScanResult = { outcome: "CLEAN" } | { outcome: "INFECTED"; signature: string } | { outcome: "ERROR"; detail: string };

export interface VirusScanner {
  readonly kind: "sandbox" | "clamav";
  scan(stream: Readable, context: { fileName: string }): Promise<ScanResult>;
}

/** The EICAR anti-virus test file's string (https://www.eicar.org), as every scanner recognises it. */
export const EICAR_SIGNATURE = "X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*";
export const SANDBOX_SCAN_FAIL = "SCAN-FAIL";
export const SANDBOX_SCAN_SLOW = "SCAN-SLOW";
export const SANDBOX_SLOW_MS = 2000;

/**
 * Looks for fixed byte strings in a stream, keeping only the last (longest needle - 1) bytes of each chunk
 * so a needle split over two chunks is still found; memory stays bounded.
 */
export class StreamNeedleFinder {
  private tail = Buffer.alloc(0);
  private readonly needles: Buffer[];
  readonly found = new Set<string>();
  private readonly keep: number;

  constructor(needles: readonly string[]) {
    this.needles = needles.map((needle) => Buffer.from(needle, "latin1"));
    this.keep = Math.max(...this.needles.map((needle) => needle.length)) - 1;
  }

  push(chunk: Buffer): void {
    const window = this.tail.length ? Buffer.concat([this.tail, chunk]) : chunk;
    for (const needle of this.needles) {
      if (window.includes(needle)) this.found.add(needle.toString("latin1"));
    }
    this.tail = Buffer.from(window.subarray(Math.max(0, window.length - this.keep)));
  }
}

export class SandboxVirusScanner implements VirusScanner {
  readonly kind = "sandbox" as const;

  async scan(stream: Readable, context: { fileName: string }): Promise<ScanResult> {
    const finder = new StreamNeedleFinder([EICAR_SIGNATURE, SANDBOX_SCAN_FAIL, SANDBOX_SCAN_SLOW]);
    for await (const chunk of stream) finder.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
    if (finder.found.has(SANDBOX_SCAN_SLOW)) await sleep(SANDBOX_SLOW_MS);
    if (context.fileName.includes(SANDBOX_SCAN_FAIL) || finder.found.has(SANDBOX_SCAN_FAIL)) {
      return { outcome: "ERROR", detail: "The sandbox scanner was asked to fail (SCAN-FAIL)." };
    }
    if (finder.found.has(EICAR_SIGNATURE)) return { outcome: "INFECTED", signature: "Eicar-Test-Signature" };
    return { outcome: "CLEAN" };
  }
}

export interface ClamdOptions {
  host?: string;
  port?: number;
  socketPath?: string;
  /** How long the whole scan may take. */
  timeoutMs?: number;
}

/** clamd's INSTREAM chunk size: below its StreamMaxLength chunking defaults. */
const CLAMD_CHUNK = 64 * 1024;

/**
 * ClamAV through clamd (https://docs.clamav.net/manual/Usage/Scanning.html#clamd): `zINSTREAM\0`, then chunks
 * each prefixed with its length as a 4-byte big-endian number, then a zero length; clamd answers
 * `stream: OK`, `stream: <name> FOUND` or `... ERROR`.
 */
export class ClamdVirusScanner implements VirusScanner {
  readonly kind = "clamav" as const;
  constructor(private readonly options: ClamdOptions) {}

  async scan(stream: Readable): Promise<ScanResult> {
    let socket: Socket | undefined;
    try {
      socket = this.options.socketPath
        ? connect({ path: this.options.socketPath })
        : connect({ host: this.options.host ?? "127.0.0.1", port: this.options.port ?? 3310 });
      const opened = socket;
      opened.setTimeout(this.options.timeoutMs ?? 60_000, () => opened.destroy(new Error("clamd did not answer in time")));
      const answer = collectAnswer(opened);
      // A failure before the answer is awaited (a refused connection) is reported by the connect below;
      // marking the promise handled keeps it from becoming an unhandled rejection.
      answer.catch(() => undefined);
      await new Promise<void>((resolve, reject) => {
        opened.once("connect", resolve);
        opened.once("error", reject);
      });
      await write(opened, Buffer.from("zINSTREAM\0", "latin1"));
      for await (const chunk of stream) {
        const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
        for (let offset = 0; offset < bytes.length; offset += CLAMD_CHUNK) {
          const part = bytes.subarray(offset, offset + CLAMD_CHUNK);
          const length = Buffer.alloc(4);
          length.writeUInt32BE(part.length);
          await write(opened, length);
          await write(opened, part);
        }
      }
      await write(opened, Buffer.alloc(4));
      return parseClamdAnswer(await answer);
    } catch (error) {
      return { outcome: "ERROR", detail: `clamd: ${(error as Error).message}` };
    } finally {
      socket?.destroy();
    }
  }
}

function write(socket: Socket, bytes: Buffer): Promise<void> {
  return new Promise((resolve, reject) => socket.write(bytes, (error) => (error ? reject(error) : resolve())));
}

function collectAnswer(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    socket.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > 4096) socket.destroy(new Error("clamd answered too much"));
      else chunks.push(chunk);
      if (chunk.includes(0)) resolve(Buffer.concat(chunks).toString("latin1"));
    });
    socket.once("end", () => resolve(Buffer.concat(chunks).toString("latin1")));
    socket.once("error", reject);
  });
}

/** clamd's answer to INSTREAM, e.g. `stream: OK`, `stream: Eicar-Signature FOUND`, `INSTREAM size limit exceeded. ERROR`. */
export function parseClamdAnswer(raw: string): ScanResult {
  const answer = raw.replace(/\0/g, "").trim();
  const found = /^stream: (.+) FOUND$/.exec(answer);
  if (found) return { outcome: "INFECTED", signature: found[1]!.slice(0, 200) };
  if (answer === "stream: OK") return { outcome: "CLEAN" };
  return { outcome: "ERROR", detail: `clamd answered ${JSON.stringify(answer.slice(0, 200))}` };
}

/** The scanner the environment names: ClamAV when VIRUS_SCANNER=clamav, the sandbox otherwise. */
export function virusScannerFromEnvironment(env: Record<string, string | undefined> = process.env): VirusScanner {
  const mode = (env.VIRUS_SCANNER ?? "sandbox").toLowerCase();
  if (mode === "clamav") {
    return new ClamdVirusScanner({
      socketPath: env.CLAMD_SOCKET || undefined,
      host: env.CLAMD_HOST || undefined,
      port: env.CLAMD_PORT ? Number(env.CLAMD_PORT) : undefined,
    });
  }
  if (mode !== "sandbox") throw new Error(`VIRUS_SCANNER must be "sandbox" or "clamav", not ${JSON.stringify(mode)}`);
  return new SandboxVirusScanner();
}
