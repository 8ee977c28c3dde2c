/** What every command shares: the global options, progress, and outcome lines. */
import type { Command } from "commander";
import { z } from "zod";
import { CliError, parseOptions, UsageError } from "../errors.js";
import { canPrompt, isInteractive, type Io } from "../io.js";
import type { GlobalOptions } from "../globals.js";
import type { MessageKind } from "../ui/message.js";
import type { Column } from "../ui/columns.js";
import { printJson } from "../output.js";

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

/** A whole number option from 1 to `max` (a page, a page size). */
export const PositiveInt = (max: number) =>
  z.coerce.number({ error: "enter a whole number" }).int("enter a whole number").min(1, "enter 1 or more").max(max, `enter at most ${max}`);

/** The request context of a logged-in command: stored credentials, CONVEY_TOKEN or a script client. */
export async function context(io: Io, command: Command) {
  const { authenticatedContext } = await import("../services/session.js");
  return authenticatedContext(io, globalOptions(command, io));
}

/**
 * The program's options as seen from a (sub)command; CONVEY_API_URL stands in for a missing --api-url and
 * CONVEY_PROFILE for a missing --profile.
 */
export function globalOptions(command: Command, io: Io): GlobalOptions {
  const options = command.optsWithGlobals<{ json?: boolean; apiUrl?: string; profile?: string }>();
  const urlFromEnv = options.apiUrl === undefined && Boolean(io.env.CONVEY_API_URL);
  const profileFromEnv = options.profile === undefined && Boolean(io.env.CONVEY_PROFILE);
  try {
    return parseOptions(GlobalOptionsSchema, {
      json: options.json,
      apiUrl: urlFromEnv ? io.env.CONVEY_API_URL : options.apiUrl,
      profile: profileFromEnv ? io.env.CONVEY_PROFILE : options.profile,
    });
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    let message = error.message;
    if (urlFromEnv) message = message.replace("--api-url", "CONVEY_API_URL");
    if (profileFromEnv) message = message.replace("--profile", "CONVEY_PROFILE");
    throw new UsageError(message);
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

export const OUTPUT_FORMATS = ["table", "json", "csv"] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];
const OutputFormatSchema = z.enum(OUTPUT_FORMATS, { error: `use ${OUTPUT_FORMATS.join(", ")}` });

/** `--output table|json|csv`, on every command that prints a list. */
export function addOutputOption(command: Command): Command {
  return command.option("-o, --output <format>", `how to print the list: ${OUTPUT_FORMATS.join(", ")} (default: table; json with --json)`);
}

/** The list format asked for: `--output`, else json with `--json`, else a table. `--json` with another format is a usage error. */
export function outputFormat(globals: GlobalOptions, output: unknown): OutputFormat {
  if (output === undefined) return globals.json ? "json" : "table";
  const { output: format } = parseOptions(z.object({ output: OutputFormatSchema }), { output });
  if (globals.json && format !== "json") throw new UsageError(`--json prints JSON: leave it out for --output ${format}`);
  return format;
}

/** Prints a list's result on stdout: the provider's answer as JSON, the rows as CSV, or a table view. */
export async function printList<T>(
  io: Io,
  format: OutputFormat,
  list: { json: unknown; columns: readonly Column<T>[]; rows: readonly T[]; table: () => Promise<void> },
): Promise<void> {
  if (format === "json") return printJson(io, list.json);
  if (format === "csv") {
    const { formatCsv } = await import("../services/csv.js");
    io.stdout.write(formatCsv([list.columns.map((column) => column.header), ...list.rows.map((row) => list.columns.map((column) => column.value(row)))]));
    return;
  }
  await list.table();
}

export const YES_OPTION = ["-y, --yes", "do not ask for confirmation (required when there is no terminal to ask on)"] as const;

/**
 * Before a change that cannot simply be undone: on a terminal the question is asked (starting on "No");
 * without one, `--yes` is required (a usage error otherwise, before anything is sent), so a script never
 * does it by accident.
 */
export function requireConfirmation(io: Io, yes: boolean, withoutTerminal: string): void {
  if (!yes && !canPrompt(io)) throw new UsageError(`There is no terminal to ask for confirmation on: pass --yes to ${withoutTerminal}`);
}

/** Asks the question (see requireConfirmation); "No" or Escape cancels with nothing changed. */
export async function confirmChange(
  io: Io,
  yes: boolean,
  question: { question: string; explanation: string; confirmLabel: string; withoutTerminal: string },
): Promise<void> {
  requireConfirmation(io, yes, question.withoutTerminal);
  if (yes) return;
  const { confirm } = await import("../ui/render.js");
  const confirmed = await confirm(io, { question: question.question, explanation: question.explanation, confirmLabel: question.confirmLabel });
  if (!confirmed) throw new CliError("Cancelled: nothing was changed");
}
