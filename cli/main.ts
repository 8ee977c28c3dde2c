/**
 * The `convey` command line. `buildProgram` wires commander to the commands; `run` turns any outcome
 * into an exit code (0 success, 1 failure, 2 usage error); `main` is the process entry point used by
 * bin/convey.js and `npm run cli`. Heavy modules (Ink, undici) are loaded only by the commands that
 * need them, so that `convey --help` answers at once.
 */
import "./ci-mode.js";
import { Command, CommanderError } from "commander";
import { createRequire } from "node:module";
import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { registerAccounts } from "./commands/accounts.js";
import { registerAuth } from "./commands/auth.js";
import { registerCompletion } from "./commands/completion.js";
import { addExamples } from "./commands/examples.js";
import { registerJobs } from "./commands/jobs.js";
import { registerDocuments } from "./commands/documents.js";
import { registerMail } from "./commands/mail.js";
import { registerLogin } from "./commands/login.js";
import { registerLogout } from "./commands/logout.js";
import { registerOrganisation } from "./commands/organisation.js";
import { registerSdlt } from "./commands/sdlt.js";
import { registerUsers } from "./commands/users.js";
import { registerWhoAmI } from "./commands/whoami.js";
import { registerWorkspaces } from "./commands/workspaces.js";
import { ExitCode } from "./errors.js";
import { processIo, type Io } from "./io.js";
import { printError } from "./output.js";
import { DEFAULT_API_URL } from "./globals.js";

/** The package's version: written into the built command by its build, read from package.json when run from source. */
declare const CONVEY_VERSION: string | undefined;
const version =
  typeof CONVEY_VERSION === "string"
    ? CONVEY_VERSION
    : (createRequire(import.meta.url)("../package.json") as { version: string }).version;

export function buildProgram(io: Io): Command {
  const program = new Command("convey")
    .description("The conveyancing workspace on the command line: for helpdesk staff and scripts.")
    .version(version, "-V, --version")
    .option("--json", "print the result as JSON on stdout (messages still go to stderr)")
    .option("--api-url <url>", `the provider's address (default: $CONVEY_API_URL or ${DEFAULT_API_URL})`)
    .option("--profile <name>", "which stored login to use (default: $CONVEY_PROFILE or \"default\")")
    .showHelpAfterError("(run `convey --help` for usage)")
    .addHelpText(
      "after",
      `
Environment: CONVEY_API_URL, CONVEY_PROFILE; CONVEY_TOKEN (an access token, nothing stored) or
CONVEY_CLIENT_ID with CONVEY_CLIENT_SECRET (a script client, nothing stored) for jobs without a config
folder; CONVEY_CONFIG_DIR; NO_COLOR. Results go to stdout, messages to stderr; exit 0 success, 1 failure,
2 usage error.`,
    )
    .exitOverride()
    .configureOutput({
      writeOut: (text) => void io.stdout.write(text),
      writeErr: (text) => void io.stderr.write(text),
      getOutHelpWidth: () => io.stdout.columns || 80,
      getErrHelpWidth: () => io.stderr.columns || 80,
      getOutHasColors: () => false,
      getErrHasColors: () => false,
    });
  // Subcommands copy the settings above (exit override, output) when they are created.
  registerLogin(program, io);
  registerLogout(program, io);
  registerWhoAmI(program, io);
  registerAuth(program, io);
  registerUsers(program, io);
  registerOrganisation(program, io);
  registerJobs(program, io);
  registerWorkspaces(program, io);
  registerDocuments(program, io);
  registerSdlt(program, io);
  registerMail(program, io);
  registerAccounts(program, io);
  registerCompletion(program, io);
  addExamples(program);
  return program;
}

/** Runs the CLI with the arguments after the program name and answers the exit code. */
export async function run(args: readonly string[], io: Io): Promise<ExitCode> {
  const program = buildProgram(io);
  try {
    await program.parseAsync([...args], { from: "user" });
    return ExitCode.success;
  } catch (error) {
    if (error instanceof CommanderError) return commanderExitCode(error);
    const { describeError } = await import("./report.js");
    const { message, exitCode } = describeError(error, io.env);
    printError(io, message);
    return exitCode;
  }
}

/** Help and version are successes; every other commander complaint (already printed) is a usage error. */
function commanderExitCode(error: CommanderError): ExitCode {
  if (error.code === "commander.helpDisplayed" || error.code === "commander.version") return ExitCode.success;
  if (error.code === "commander.help" && error.exitCode === 0) return ExitCode.success;
  return ExitCode.usage;
}

export async function main(args: readonly string[] = process.argv.slice(2)): Promise<never> {
  // A reader that stops early (`convey --json whoami | head -1`) is not an error worth a stack trace.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EPIPE") process.exit(ExitCode.success);
      throw error;
    });
  }
  const code = await run(args, processIo());
  await Promise.all([drain(process.stdout), drain(process.stderr)]);
  // Exit now rather than wait for idle keep-alive connections to close.
  process.exit(code);
}

function drain(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => stream.write("", () => resolve()));
}

function isEntryPoint(): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return realpathSync(script) === fileURLToPath(import.meta.url);
  } catch {
    return false;
  }
}

if (isEntryPoint()) await main();
