/** `convey auth status`: which login this run uses, and whether the provider accepts it (exit 1 when not). */
import type { Command } from "commander";
import type { Io } from "../io.js";
import { printJson } from "../output.js";
import { globalOptions, step } from "./shared.js";

export function registerAuth(program: Command, io: Io): void {
  const auth = program.command("auth").description("the login this run uses");
  auth
    .command("status")
    .description("show the profile, the provider, how you are logged in and as whom; exit 1 when not logged in or refused")
    .action(async (_options: unknown, command: Command) => {
      const globals = globalOptions(command, io);
      const { authStatus } = await import("../services/auth-status.js");
      const status = await step(io, "Checking your login with the provider", () => authStatus(io, globals));
      if (globals.json) return printJson(io, status);
      const { printAuthStatus } = await import("../ui/auth.js");
      printAuthStatus(io, status);
    });
}
