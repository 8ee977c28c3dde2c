/** Runs `convey` in-process against captured streams, a temporary config folder and an instant clock. */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough, Writable } from "node:stream";
import { stripVTControlCharacters } from "node:util";
import type { Io } from "../../cli/io.js";
import { run } from "../../cli/main.js";

export class CapturedStream extends Writable {
  text = "";
  constructor(
    readonly isTTY = false,
    readonly columns = 100,
  ) {
    super();
  }
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: () => void) {
    this.text += chunk.toString();
    done();
  }
}

export interface ConveyRun {
  code: number;
  stdout: string;
  /** Without colour or cursor codes. */
  stderr: string;
  /** Every wait the CLI asked for, in milliseconds (the clock moves on at once). */
  sleeps: number[];
}

export interface RunOptions {
  env?: Record<string, string | undefined>;
  /** Pretend stdin and stderr are a terminal (prompts allowed). */
  terminal?: boolean;
  /** Keys typed at the terminal, one string per key press, sent after the CLI starts reading. */
  keys?: string[];
  /** Piped into stdin, which then ends (`--password-stdin`). */
  input?: string;
}

export class ConveyHarness {
  private constructor(readonly configDir: string) {}

  static async create(): Promise<ConveyHarness> {
    const root = await mkdtemp(join(tmpdir(), "convey-cli-test-"));
    return new ConveyHarness(join(root, "config"));
  }

  async dispose(): Promise<void> {
    await rm(join(this.configDir, ".."), { recursive: true, force: true });
  }

  async run(args: string[], options: RunOptions = {}): Promise<ConveyRun> {
    const stdout = new CapturedStream();
    const stderr = new CapturedStream(options.terminal ?? false);
    const stdin = Object.assign(new PassThrough(), {
      isTTY: options.terminal ?? false,
      setRawMode: () => stdin,
      ref: () => stdin,
      unref: () => stdin,
    });
    const sleeps: number[] = [];
    let offset = 0;
    const io: Io = {
      stdout,
      stderr,
      stdin,
      env: { CONVEY_CONFIG_DIR: this.configDir, CI: undefined, ...options.env },
      homeDir: join(this.configDir, "..", "home"),
      now: () => Date.now() + offset,
      sleep: async (ms) => {
        sleeps.push(ms);
        offset += ms;
      },
    };
    if (options.keys) typeKeys(stdin, stderr, options.keys);
    if (options.input !== undefined) stdin.end(options.input);
    const code = await run(args, io);
    return { code, stdout: stdout.text, stderr: stripVTControlCharacters(stderr.text), sleeps };
  }
}

/** Types each key once the prompt has been drawn again since the last one (Ink reads on 'readable'). */
function typeKeys(stdin: PassThrough, stderr: CapturedStream, keys: string[]) {
  const pending = [...keys];
  let seen = 0;
  const timer = setInterval(() => {
    if (pending.length === 0) return clearInterval(timer);
    if (stderr.text.length > seen && stripVTControlCharacters(stderr.text).includes("No, cancel")) {
      seen = stderr.text.length;
      stdin.write(pending.shift()!);
    }
  }, 20);
  timer.unref();
}
