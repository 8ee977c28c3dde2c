/**
 * A workspace's documents and lodgement on the command line, for helpdesk staff (document 3 sections 2.1,
 * 4.1 and 7.1): `documents list <workspace>` prints its files and documents with their scan status and the
 * application each is attached to; `lodgement status <workspace>` prints its lodgement case, applications
 * with fees, what stops submission and its requests to the land registry. The use-cases are core's
 * (core/documents/helpdesk-client.ts); this file only parses, calls and prints.
 */
import type { Command } from "commander";
import type { Io } from "../io.js";
import { printJson } from "../output.js";
import { addOutputOption, context, globalOptions, outputFormat, printList, step } from "./shared.js";

export function registerDocuments(program: Command, io: Io): void {
  const documents = program.command("documents").description("a workspace's lodgement documents and files (helpdesk staff)");

  addOutputOption(
    documents
      .command("list <referenceOrId>")
      .description("files and documents of a workspace, newest first: type, scan status, application, upload and submit dates"),
  ).action(async (referenceOrId: string, options: Record<string, unknown>, command: Command) => {
    const globals = globalOptions(command, io);
    const format = outputFormat(globals, options.output);
    const [client, ctx] = await Promise.all([import("../../core/documents/helpdesk-client.js"), context(io, command)]);
    const listed = await step(io, `Reading the documents of ${referenceOrId}`, () => client.workspaceDocuments(ctx, referenceOrId));
    const { DOCUMENT_COLUMNS } = await import("../ui/columns.js");
    await printList(io, format, {
      json: listed,
      columns: DOCUMENT_COLUMNS,
      rows: listed.documents,
      table: async () => (await import("../ui/documents.js")).print.documents(io, listed),
    });
  });

  const lodgement = program.command("lodgement").description("a workspace's lodgement with the land registry (helpdesk staff)");
  lodgement
    .command("status <referenceOrId>")
    .description("the lodgement case, its applications and fees, what stops submission, and the requests to the land registry")
    .action(async (referenceOrId: string, _options: Record<string, unknown>, command: Command) => {
      const globals = globalOptions(command, io);
      const [client, ctx] = await Promise.all([import("../../core/documents/helpdesk-client.js"), context(io, command)]);
      const status = await step(io, `Reading the lodgement of ${referenceOrId}`, () => client.lodgementStatus(ctx, referenceOrId));
      if (globals.json) return printJson(io, status);
      (await import("../ui/documents.js")).print.lodgement(io, status);
    });
}
