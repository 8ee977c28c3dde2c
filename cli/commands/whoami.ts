/** `convey whoami`: the logged-in user, their selected subscriber and roles. */
import type { Command } from "commander";
import type { Io } from "../io.js";
import { printJson } from "../output.js";
import { globalOptions, step } from "./shared.js";

export function registerWhoAmI(program: Command, io: Io): void {
  program
    .command("whoami")
    .description("show who you are logged in as: name, email, selected subscriber and roles")
    .action(async (_options: unknown, command: Command) => {
      const globals = globalOptions(command, io);
      const { whoAmI } = await import("../services/whoami.js");
      const { me, apiUrl } = await step(io, "Asking the provider who you are", () => whoAmI(io, globals));
      if (globals.json) {
        printJson(io, me);
      } else {
        const { printWhoAmI } = await import("../ui/whoami.js");
        printWhoAmI(io, { me, apiUrl, profile: globals.profile });
      }
    });
}
