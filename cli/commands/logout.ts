/** `convey logout`: revoke the session at the provider, then forget the stored credentials. */
import type { Command } from "commander";
import { z } from "zod";
import { parseOptions } from "../errors.js";
import type { Io } from "../io.js";
import { printJson } from "../output.js";
import { globalOptions } from "./shared.js";

const LogoutOptionsSchema = z.object({ force: z.boolean().default(false) }).strict();

export function registerLogout(program: Command, io: Io): void {
  program
    .command("logout")
    .description("log out: revoke the session at the provider and delete the stored credentials")
    .option("--force", "delete the stored credentials even if the provider cannot be reached to revoke the session")
    .action(async (options: unknown, command: Command) => {
      const globals = globalOptions(command, io);
      const { force } = parseOptions(LogoutOptionsSchema, options);
      const { logout } = await import("../services/login.js");
      const result = await logout(io, globals.profile, { force });
      if (globals.json) {
        printJson(io, result);
      } else {
        const { printLoggedOut } = await import("../ui/login.js");
        printLoggedOut(io, result);
      }
    });
}
