/**
 * Documents and lodgement on the command line, for helpdesk staff (document 3 sections 3, 4.1 and 7.1):
 * `documents list <workspace>` prints the workspace's documents (applications with what is attached, then the
 * documents held in the case); `lodgement status <workspace>` its lodgement case, what stops submission, and
 * its lodgement requests. The use-case is core's (core/documents/overview-client.ts); this file only parses,
 * calls and prints.
 */
import type { Command } from "commander";
import type { Io } from "../io.js";
import { printJson } from "../output.js";
import { addOutputOption, context, globalOptions, outputFormat, printList, step } from "./shared.js";

export function registerDocuments(program: Command, io: Io): void {
  const documents = program.command("documents").description("a workspace's lodgement documents (helpdesk staff)");
  addOutputOption(
    documents
      .command("list <workspace>")
      .description("the documents of a workspace (its reference, e.g. WS-0000011, or id): applications, attached and held documents"),
  ).action(async (referenceOrId: string, options: Record<string, unknown>, command: Command) => {
    const globals = globalOptions(command, io);
    const format = outputFormat(globals, options.output);
    const [client, ctx] = await Promise.all([import("../../core/documents/overview-client.js"), context(io, command)]);
    const overview = await step(io, `Reading the documents of ${referenceOrId}`, () => client.lodgementOverview(ctx, referenceOrId));
    const rows = client.documentRows(overview.documents);
    const { DOCUMENT_COLUMNS, print } = await import("../ui/lodgement.js");
    await printList(io, format, { json: { records: overview.documents }, columns: DOCUMENT_COLUMNS, rows, table: async () => print.documents(io, rows) });
  });

  const lodgement = program.command("lodgement").description("a workspace's lodgement with the land registry (helpdesk staff)");
  lodgement
    .command("status <workspace>")
    .description("the lodgement case of a workspace: status, fee, what stops submission, the requests and their answers")
    .action(async (referenceOrId: string, _options: Record<string, unknown>, command: Command) => {
      const globals = globalOptions(command, io);
      const [client, ctx] = await Promise.all([import("../../core/documents/overview-client.js"), context(io, command)]);
      const overview = await step(io, `Reading the lodgement of ${referenceOrId}`, () => client.lodgementOverview(ctx, referenceOrId));
      if (globals.json) return printJson(io, { workspace: overview.workspace, lodgementCase: overview.lodgementCase, requests: overview.requests });
      (await import("../ui/lodgement.js")).print.lodgement(io, overview);
    });
}
