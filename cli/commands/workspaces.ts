/**
 * Workspaces on the command line, for helpdesk staff (document 2 sections 3.1 to 3.5, 4.1, 4.2 and 4.4):
 * `workspaces show <reference or id>` prints one workspace's parties with their representation and
 * proprietor match statuses, its title search status and unmatched proprietors, and its borrowers
 * validation status. The use-case (finding the workspace, reading its case, title and match) is core's
 * (core/workspaces/overview-client.ts); this file only parses, calls and prints.
 */
import type { Command } from "commander";
import type { Io } from "../io.js";
import { printJson } from "../output.js";
import { context, globalOptions, step } from "./shared.js";

export function registerWorkspaces(program: Command, io: Io): void {
  const workspaces = program.command("workspaces").description("transaction workspaces (helpdesk staff)");

  workspaces
    .command("show <referenceOrId>")
    .description("one workspace: parties, representation, title search status and proprietor match statuses")
    .action(async (referenceOrId: string, _options: Record<string, unknown>, command: Command) => {
      const globals = globalOptions(command, io);
      const [client, ctx] = await Promise.all([import("../../core/workspaces/overview-client.js"), context(io, command)]);
      const overview = await step(io, `Reading workspace ${referenceOrId}`, () => client.showWorkspace(ctx, referenceOrId));
      if (globals.json) return printJson(io, overview);
      (await import("../ui/workspaces.js")).print.workspace(io, overview);
    });
}
