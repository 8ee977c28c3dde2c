/**
 * Stamp duty land tax on the command line. `sdlt calculate` prints the tax core/sdlt/calculation.ts
 * calculates for a price, an effective date and the purchaser's circumstances: the rule set, its bands and
 * the total (no login: nothing is sent anywhere). `sdlt status <workspace>` prints a workspace's SDLT return
 * for helpdesk staff: the decision and authority, the application's status and sections, the calculated
 * against the entered tax, and the filing (core/sdlt/helpdesk-client.ts). This file only parses, calls and prints.
 */
import type { Command } from "commander";
import { z } from "zod";
import { sdltMoneySchema } from "../../core/shared/money.js";
import { parseOptions, UsageError } from "../errors.js";
import type { Io } from "../io.js";
import { printJson } from "../output.js";
import { addOutputOption, context, globalOptions, outputFormat, printList, step } from "./shared.js";

export const SDLT_KINDS = ["residential", "non-residential", "mixed"] as const;

const CalculateOptionsSchema = z.object({
  price: sdltMoneySchema("Price"),
  effectiveDate: z
    .string({ error: "enter the effective date as YYYY-MM-DD" })
    .regex(/^\d{4}-\d{2}-\d{2}$/, "enter the effective date as YYYY-MM-DD"),
  kind: z.enum(SDLT_KINDS, { error: `use ${SDLT_KINDS.join(", ")}` }).default("residential"),
  firstTimeBuyer: z.boolean().default(false),
  additional: z.boolean().default(false),
  nonResident: z.boolean().default(false),
});

export function registerSdlt(program: Command, io: Io): void {
  const sdlt = program
    .command("sdlt")
    .description("stamp duty land tax: the tax calculated, and a workspace's SDLT return (helpdesk staff)");

  addOutputOption(
    sdlt
      .command("calculate")
      .description(
        "the SDLT on a purchase in England: the rule set in force, its bands and the total (no login needed)",
      )
      .option("--price <pounds>", "the chargeable consideration in whole pounds, e.g. 295000")
      .option("--effective-date <date>", "the effective date of the transaction, YYYY-MM-DD")
      .option("--kind <kind>", `${SDLT_KINDS.join(", ")} (default: residential)`)
      .option("--first-time-buyer", "claim first-time buyer relief (residential, up to its ceiling)")
      .option("--additional", "an additional dwelling: the higher rates (residential, £40,000 or more)")
      .option(
        "--non-resident",
        "a non-UK resident purchaser: the 2% surcharge (residential, from 1 April 2021)",
      ),
  ).action(async (options: Record<string, unknown>, command: Command) => {
    const globals = globalOptions(command, io);
    const format = outputFormat(globals, options.output);
    const parsed = parseOptions(CalculateOptionsSchema, {
      price: options.price ?? "",
      effectiveDate: options.effectiveDate,
      kind: options.kind,
      firstTimeBuyer: options.firstTimeBuyer,
      additional: options.additional,
      nonResident: options.nonResident,
    });
    const { calculateSdlt, SDLT_CALCULATION_NOTE, SdltCalculationError } =
      await import("../../core/sdlt/calculation.js");
    const input = {
      price: parsed.price / 100,
      kind: parsed.kind,
      effectiveDate: parsed.effectiveDate,
      firstTimeBuyer: parsed.firstTimeBuyer,
      additionalDwelling: parsed.additional,
      nonResident: parsed.nonResident,
    };
    let result;
    try {
      result = calculateSdlt(input);
    } catch (error) {
      if (error instanceof SdltCalculationError) throw new UsageError(error.message);
      throw error;
    }
    const calculation = { input, ...result, note: SDLT_CALCULATION_NOTE };
    const { SDLT_BAND_COLUMNS } = await import("../ui/columns.js");
    await printList(io, format, {
      json: calculation,
      columns: SDLT_BAND_COLUMNS,
      rows: calculation.bands,
      table: async () => (await import("../ui/sdlt.js")).print.calculation(io, calculation),
    });
  });

  sdlt
    .command("status <referenceOrId>")
    .description(
      "a workspace's SDLT return: decision and authority, status, sections, calculated and entered tax, filing",
    )
    .action(async (referenceOrId: string, _options: Record<string, unknown>, command: Command) => {
      const globals = globalOptions(command, io);
      const [client, ctx] = await Promise.all([
        import("../../core/sdlt/helpdesk-client.js"),
        context(io, command),
      ]);
      const status = await step(io, `Reading the stamp duty return of ${referenceOrId}`, () =>
        client.sdltStatus(ctx, referenceOrId),
      );
      if (globals.json) return printJson(io, status);
      (await import("../ui/sdlt.js")).print.status(io, status);
    });
}
