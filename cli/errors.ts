/**
 * Errors the CLI raises itself. Exit codes: 0 success, 1 failure (including the provider's refusals),
 * 2 usage error. cli/report.ts turns any error into one line on stderr.
 */
import type { z } from "zod";

export const ExitCode = { success: 0, failure: 1, usage: 2 } as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** A failure with a message meant for the person at the terminal. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode = ExitCode.failure,
  ) {
    super(message);
    this.name = "CliError";
  }
}

/** The command was called wrongly: nothing was attempted. */
export class UsageError extends CliError {
  constructor(message: string) {
    super(message, ExitCode.usage);
    this.name = "UsageError";
  }
}

export const NOT_LOGGED_IN = "Not logged in: run `convey login`";
export const SESSION_EXPIRED = "Your session has expired or was revoked: run `convey login`";

export class NotLoggedInError extends CliError {
  constructor(message = NOT_LOGGED_IN) {
    super(message);
    this.name = "NotLoggedInError";
  }
}

export class SessionExpiredError extends CliError {
  constructor() {
    super(SESSION_EXPIRED);
    this.name = "SessionExpiredError";
  }
}

/** Validates parsed options; a failure is a usage error naming the option as typed on the command line. */
export function parseOptions<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const key = issue.path.map(String).join(".");
    return key ? `${optionLabel(key)}: ${issue.message}` : issue.message;
  });
  throw new UsageError(lines.join("; "));
}

function optionLabel(key: string): string {
  if (key === "email") return "<email>";
  if (key === "shell") return "<shell>";
  return `--${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
}
