/**
 * The mail sandbox's mailbox on the command line, outside production (docs/sandboxes.md): `mail list` shows
 * the emails the product would have sent, newest first; `mail show` one of them with its text and links.
 */
import type { Command } from "commander";
import { z } from "zod";
import { MailIdParamsSchema } from "../../core/shared/mail-sandbox.js";
import { parseOptions } from "../errors.js";
import type { Io } from "../io.js";
import { printJson } from "../output.js";
import { addOutputOption, globalOptions, outputFormat, printList, step, PositiveInt, context } from "./shared.js";

const MailListSchema = z
  .object({
    to: z.email({ error: "enter an email address" }).optional(),
    page: PositiveInt(100_000).default(1),
    limit: PositiveInt(1000).default(20),
    output: z.string().optional(),
  })
  .strict();


export function registerMail(program: Command, io: Io): void {
  const mail = program
    .command("mail")
    .description("the mail sandbox's mailbox: the emails the product would have sent (outside production)");

  addOutputOption(mail
    .command("list")
    .description("emails newest first: id, when sent (product clock), to whom, subject"))
    .option("--to <email>", "only the emails to this address")
    .option("--page <n>", "the page (from 1)", "1")
    .option("--limit <n>", "rows per page (at most 1000)", "20")
    .action(async (options: Record<string, unknown>, command: Command) => {
      const globals = globalOptions(command, io);
      const { output, ...parsed } = parseOptions(MailListSchema, options);
      const format = outputFormat(globals, output);
      const [client, ctx] = await Promise.all([import("../../core/shared/mail-sandbox-client.js"), context(io, command)]);
      const result = await step(io, "Reading the mailbox", () => client.listMail(ctx, parsed));
      const { MAIL_COLUMNS } = await import("../ui/columns.js");
      await printList(io, format, {
        json: result,
        columns: MAIL_COLUMNS,
        rows: result.records,
        table: async () => (await import("../ui/mail.js")).print.list(io, result.records, result.page),
      });
    });

  mail
    .command("show <id>")
    .description("one email with its text and links, by the id `convey mail list` shows")
    .action(async (id: string, _options: Record<string, unknown>, command: Command) => {
      const globals = globalOptions(command, io);
      const mailId = parseOptions(MailIdParamsSchema.shape.id, id);
      const [client, ctx] = await Promise.all([import("../../core/shared/mail-sandbox-client.js"), context(io, command)]);
      const message = await step(io, "Reading the email", () => client.showMail(ctx, mailId));
      if (globals.json) return printJson(io, message);
      (await import("../ui/mail.js")).print.message(io, message);
    });
}
