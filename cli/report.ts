/** How any error becomes one line on stderr and an exit code (loaded only when something failed). */
import { ZodError } from "zod";
import { ProviderError, ProviderUnavailableError } from "../core/shared/provider-errors.js";
import { UseCaseRefusal } from "../core/shared/refusals.js";
import { CliError, ExitCode, SESSION_EXPIRED } from "./errors.js";
import { TOKEN_ENV } from "./globals.js";

export interface ErrorReport {
  message: string;
  exitCode: ExitCode;
}

/** One clear line for any error; never includes tokens or secrets (the provider's messages carry none). */
export function describeError(error: unknown, env: Readonly<Record<string, string | undefined>> = {}): ErrorReport {
  if (error instanceof ProviderError && error.status === 401 && env[TOKEN_ENV]) {
    return { message: `The provider refused the access token in ${TOKEN_ENV} (expired or revoked): give a new one`, exitCode: ExitCode.failure };
  }
  if (error instanceof CliError) return { message: error.message, exitCode: error.exitCode };
  if (error instanceof UseCaseRefusal) {
    return { message: error.message, exitCode: error.kind === "invalid" ? ExitCode.usage : ExitCode.failure };
  }
  if (error instanceof ProviderUnavailableError) return { message: error.message, exitCode: ExitCode.failure };
  if (error instanceof ProviderError) {
    if (error.status === 401) return { message: SESSION_EXPIRED, exitCode: ExitCode.failure };
    const reference = error.status >= 500 && error.correlationId ? ` (correlation id ${error.correlationId})` : "";
    return { message: `${error.message}${reference}`, exitCode: ExitCode.failure };
  }
  if (error instanceof ZodError) {
    const [issue] = error.issues;
    const where = issue ? ` (${issue.path.map(String).join(".") || "answer"}: ${issue.message})` : "";
    return {
      message: `The provider answered with something this version of convey does not understand${where}`,
      exitCode: ExitCode.failure,
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { message: `Unexpected error: ${message}`, exitCode: ExitCode.failure };
}
