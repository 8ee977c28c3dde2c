/** What every command shares: the global options, progress, and outcome lines. */
import type { Command } from "commander";
import { z } from "zod";
import { parseOptions, UsageError } from "../errors.js";
import { isInteractive, type Io } from "../io.js";
import type { GlobalOptions } from "../globals.js";
import type { MessageKind } from "../ui/message.js";

const ApiUrlSchema = z
  .url({ protocol: /^https?$/, error: "enter a URL starting with http:// or https://" })
  .transform((url) => url.replace(/\/+$/, ""));

const GlobalOptionsSchema = z.object({
  json: z.boolean().default(false),
  apiUrl: ApiUrlSchema.optional(),
  profile: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/, "use up to 64 letters, digits, '.', '_' or '-'")
    .default("default"),
});

/** The program's options as seen from a (sub)command; CONVEY_API_URL stands in for a missing --api-url. */
export function globalOptions(command: Command, io: Io): GlobalOptions {
  const options = command.optsWithGlobals<{ json?: boolean; apiUrl?: string; profile?: string }>();
  const fromEnv = options.apiUrl === undefined && Boolean(io.env.CONVEY_API_URL);
  try {
    return parseOptions(GlobalOptionsSchema, {
      json: options.json,
      apiUrl: fromEnv ? io.env.CONVEY_API_URL : options.apiUrl,
      profile: options.profile,
    });
  } catch (error) {
    if (fromEnv && error instanceof UsageError) throw new UsageError(error.message.replace("--api-url", "CONVEY_API_URL"));
    throw error;
  }
}

/** Runs one step of a command, with a spinner on a terminal (Ink is loaded only then). */
export async function step<T>(io: Io, title: string, work: () => Promise<T>): Promise<T> {
  if (!isInteractive(io)) return work();
  const { withTask } = await import("../ui/render.js");
  return withTask(io, title, work);
}

/** Prints an outcome line on stderr. */
export async function showMessage(io: Io, kind: MessageKind, text: string, details?: string[]): Promise<void> {
  const { printMessage } = await import("../ui/message.js");
  printMessage(io, kind, text, details);
}
