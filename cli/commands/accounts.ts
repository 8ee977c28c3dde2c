/**
 * Frequently used financial accounts on the command line (document 2 sections 3.12, 4.10 and 7.5):
 * `accounts list|add|verify|remove|import`. A helpdesk administrator names the subscriber with
 * `--subscriber <id>`; a Financial Administrator acts on the subscriber selected at login. The provider asks
 * the bank about every account added or changed; the result says whether it verified it.
 */
import type { Command } from "commander";
import { z } from "zod";
import { FrequentlyUsedAccountSchema } from "../../core/financials/schemas.js";
import { frequentlyUsedAccountDisplay } from "../../core/financials/rules.js";
import { CliError, parseOptions, UsageError } from "../errors.js";
import type { Io } from "../io.js";
import { printJson } from "../output.js";
import { addOutputOption, confirmChange, context, globalOptions, outputFormat, PositiveInt, printList, showMessage, step, YES_OPTION } from "./shared.js";

const subscriberOption = ["--subscriber <id>", "the subscriber (helpdesk administrators; others act on their own)"] as const;
const SubscriberSchema = z.uuid({ error: "a subscriber id is a UUID, as `convey subscribers list` shows it" }).optional();
const AccountIdSchema = z.uuid({ error: "an account id is a UUID, as `convey accounts list` shows it" });

const ListSchema = z
  .object({
    subscriber: SubscriberSchema,
    type: z.enum(["REDEMPTION", "CONVEYANCING_FEES"], { error: "use REDEMPTION or CONVEYANCING_FEES" }).default("REDEMPTION"),
    verified: z.boolean().default(false),
    page: PositiveInt(100_000).default(1),
    limit: PositiveInt(500).default(10),
    output: z.string().optional(),
  })
  .strict();

const AddSchema = z
  .object({ subscriber: SubscriberSchema, displayName: z.string(), accountName: z.string(), sortCode: z.string(), accountNumber: z.string() })
  .strict();

/** Usage errors in the form's own words (document 2 section 5.9), before anything is sent. */
function accountFields(options: z.infer<typeof AddSchema>) {
  const parsed = FrequentlyUsedAccountSchema.safeParse({
    type: "REDEMPTION",
    displayName: options.displayName,
    accountName: options.accountName,
    bankCode: options.sortCode,
    accountNumber: options.accountNumber,
  });
  if (!parsed.success) throw new UsageError(parsed.error.issues.map((issue) => issue.message).join("; "));
  return parsed.data;
}

export function registerAccounts(program: Command, io: Io): void {
  const accounts = program
    .command("accounts")
    .description("a subscriber's frequently used financial accounts (Financial Administrators and the helpdesk)");

  addOutputOption(accounts.command("list").description("saved accounts, most recently changed first, with the bank's verification"))
    .option(...subscriberOption)
    .option("--type <type>", "REDEMPTION (default) or CONVEYANCING_FEES")
    .option("--verified", "only verified accounts")
    .option("--page <n>", "the page (from 1)", "1")
    .option("--limit <n>", "accounts per page (at most 500)", "10")
    .action(async (options: Record<string, unknown>, command: Command) => {
      const globals = globalOptions(command, io);
      const { output, subscriber, ...parsed } = parseOptions(ListSchema, options);
      const format = outputFormat(globals, output);
      const [client, ctx] = await Promise.all([import("../../core/financials/accounts-client.js"), context(io, command)]);
      const result = await step(io, "Reading the accounts", () =>
        client.listFinancialAccounts(ctx, { subscriberId: subscriber, type: parsed.type, verified: parsed.verified || undefined, page: parsed.page, limit: parsed.limit }),
      );
      const { ACCOUNT_COLUMNS, print } = await import("../ui/accounts.js");
      await printList(io, format, {
        json: result,
        columns: ACCOUNT_COLUMNS,
        rows: result.records,
        table: async () => print.accounts(io, result.records, result.page),
      });
    });

  accounts
    .command("add")
    .description("add a Redemption account; the bank checks it, and one it does not verify waits for review")
    .option(...subscriberOption)
    .requiredOption("--display-name <name>", "the name the account is picked by")
    .requiredOption("--account-name <name>", "the account holder's name, as the bank knows it")
    .requiredOption("--sort-code <code>", "six digits, e.g. 08-99-99")
    .requiredOption("--account-number <number>", "eight digits")
    .action(async (options: Record<string, unknown>, command: Command) => {
      const globals = globalOptions(command, io);
      const parsed = parseOptions(AddSchema, options);
      const fields = accountFields(parsed);
      const [client, ctx] = await Promise.all([import("../../core/financials/accounts-client.js"), context(io, command)]);
      const account = await step(io, "Adding the account (the bank checks it)", () =>
        client.addFinancialAccount(ctx, { subscriberId: parsed.subscriber, type: "REDEMPTION", displayName: fields.displayName, accountName: fields.accountName, bankCode: fields.bankCode, accountNumber: fields.accountNumber }),
      );
      if (globals.json) return printJson(io, account);
      const detail = account.accountVerificationDetail;
      if (detail.verified) return showMessage(io, "success", `${account.displayName} was added: the bank verified it (${account.financialAccountId})`);
      const bankName = detail.actualName ? ` The bank's name for it: ${detail.actualName}.` : "";
      await showMessage(io, "warning", `${account.displayName} was added but the bank did not verify it (${detail.status}): review it with \`convey accounts verify ${account.financialAccountId}\`.${bankName}`);
    });

  accounts
    .command("verify <id>")
    .description("verify manually an account the bank did not verify (records who and when)")
    .option(...YES_OPTION)
    .action(async (id: string, options: { yes?: boolean }, command: Command) => {
      const globals = globalOptions(command, io);
      const financialAccountId = parseOptions(AccountIdSchema, id);
      const [client, ctx] = await Promise.all([import("../../core/financials/accounts-client.js"), context(io, command)]);
      const account = await step(io, "Reading the account", () => client.getFinancialAccount(ctx, financialAccountId));
      if (account.accountVerificationDetail.verified) throw new CliError(`${account.displayName} is already verified: nothing was changed`);
      await confirmChange(io, options.yes ?? false, {
        question: `Verify ${account.displayName} manually?`,
        explanation: `The bank answered ${account.accountVerificationDetail.status}${account.accountVerificationDetail.actualName ? `, naming it ${account.accountVerificationDetail.actualName}` : ""}.`,
        confirmLabel: "Verify",
        withoutTerminal: "verify the account",
      });
      const verified = await step(io, "Verifying the account", () => client.verifyFinancialAccount(ctx, financialAccountId, account.version));
      if (globals.json) return printJson(io, verified);
      await showMessage(io, "success", `${verified.displayName} is ${frequentlyUsedAccountDisplay(verified.accountVerificationDetail).toLowerCase()}`);
    });

  accounts
    .command("remove <id>")
    .description("delete a saved account")
    .option(...YES_OPTION)
    .action(async (id: string, options: { yes?: boolean }, command: Command) => {
      const globals = globalOptions(command, io);
      const financialAccountId = parseOptions(AccountIdSchema, id);
      const [client, ctx] = await Promise.all([import("../../core/financials/accounts-client.js"), context(io, command)]);
      const account = await step(io, "Reading the account", () => client.getFinancialAccount(ctx, financialAccountId));
      await confirmChange(io, options.yes ?? false, {
        question: `Delete ${account.displayName}?`,
        explanation: "It can no longer be picked for line items. This cannot be undone.",
        confirmLabel: "Delete",
        withoutTerminal: "delete the account",
      });
      await step(io, "Deleting the account", () => client.deleteFinancialAccount(ctx, financialAccountId, account.version));
      if (globals.json) return printJson(io, { financialAccountId, deleted: true });
      await showMessage(io, "success", `${account.displayName} has been deleted`);
    });

  accounts
    .command("import <file>")
    .description("add or update Redemption accounts from a CSV file (displayName,accountName,sortCode,accountNumber); safe to run again")
    .option(...subscriberOption)
    .action(async (file: string, options: Record<string, unknown>, command: Command) => {
      const globals = globalOptions(command, io);
      const { subscriber } = parseOptions(z.object({ subscriber: SubscriberSchema }).strict(), options);
      const [service, ctx] = await Promise.all([import("../services/account-import.js"), context(io, command)]);
      const rows = await service.readAccountsFile(file);
      const report = await step(io, `Importing ${rows.length} accounts`, () => service.importAccounts(ctx, subscriber, rows));
      const summary = { created: 0, updated: 0, unchanged: 0, refused: 0 };
      for (const row of report) summary[row.outcome]++;
      if (globals.json) printJson(io, { file, subscriberId: subscriber ?? null, summary, rows: report });
      else {
        for (const row of report) {
          const what = row.outcome === "refused" ? `refused: ${row.reason}` : `${row.outcome} (${row.status})`;
          io.stdout.write(`row ${row.row}  ${row.displayName}  ${row.sortCode}/${row.accountNumber}  ${what}\n`);
        }
        await showMessage(io, summary.refused > 0 ? "warning" : "success", `${summary.created} created, ${summary.updated} updated, ${summary.unchanged} unchanged, ${summary.refused} refused`);
      }
      if (summary.refused > 0) throw new CliError(`${summary.refused} of ${report.length} rows were refused`);
    });
}
