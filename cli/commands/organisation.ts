/**
 * Organisation settings and the rest of administration on the command line (document 3 sections 2.4, 5.3,
 * 7.3 and 8.4): `ip-allow-list show|set|add|remove`, `lodgement-identifiers show|set`,
 * `subscribers list`, `audit list`, `flags list|set`.
 *
 * Passwords are read from a prompt on a terminal or from stdin (`--password-stdin`), never from arguments,
 * which other users of the machine can see in the process list.
 */
import type { Command } from "commander";
import { z } from "zod";
import { ENVIRONMENTS } from "../../core/shared/feature-flags.js";
import { lodgementIdentifiersSavedMessage } from "../../core/administration/messages.js";
import { SUBSCRIBER_ENTITY_TYPES } from "../../core/administration/subscribers.js";
import { CliError, parseOptions, UsageError } from "../errors.js";
import { canPrompt, type Io } from "../io.js";
import { printJson } from "../output.js";
import { addOutputOption, confirmChange, globalOptions, requireConfirmation, YES_OPTION, outputFormat, printList, showMessage, step, PositiveInt, context } from "./shared.js";

const subscriberOption = ["--subscriber <id>", "the subscriber (helpdesk administrators; others act on their own)"] as const;
const SubscriberSchema = z.string().trim().min(1, "enter a subscriber id").optional();
const collect = (value: string, previous: string[] | undefined) => [...(previous ?? []), value];


export function registerOrganisation(program: Command, io: Io): void {
  registerIpAllowList(program, io);
  registerLodgementIdentifiers(program, io);
  registerSubscribers(program, io);
  registerAudit(program, io);
  registerFlags(program, io);
}

const IpShowSchema = z.object({ subscriber: SubscriberSchema }).strict();
const IpChangeSchema = z
  .object({ subscriber: SubscriberSchema, entries: z.array(z.string()), none: z.boolean().default(false), yes: z.boolean().default(false) })
  .strict();

function registerIpAllowList(program: Command, io: Io): void {
  const ip = program
    .command("ip-allow-list")
    .description("a subscriber's IP allow list: logins and API calls from other addresses are refused (empty: no restriction)");

  ip.command("show")
    .description("show the IP allow list, who changed it last and when")
    .option(...subscriberOption)
    .action(async (options: Record<string, unknown>, command: Command) => {
      const globals = globalOptions(command, io);
      const { subscriber } = parseOptions(IpShowSchema, options);
      const [service, client, ctx] = await Promise.all([
        import("../services/administration.js"),
        import("../../core/administration/client.js"),
        context(io, command),
      ]);
      const chosen = await service.chooseSubscriber(ctx, subscriber);
      const details = await step(io, `Reading the connection settings of ${chosen.name}`, () =>
        client.getSubscriberDetails(ctx, chosen.subscriberId),
      );
      if (globals.json) return printJson(io, { subscriberId: details.subscriberId, name: details.name, ...details.ipAllow });
      (await import("../ui/administration.js")).print.connection(io, details);
    });

  for (const action of ["set", "add", "remove"] as const) {
    const descriptions = {
      set: "replace the list with these addresses and CIDR ranges (--none removes the restriction)",
      add: "add addresses or CIDR ranges to the list",
      remove: "remove addresses or CIDR ranges from the list",
    };
    const sub = ip
      .command(`${action} ${action === "set" ? "[entries...]" : "<entries...>"}`)
      .description(descriptions[action])
      .option(...subscriberOption);
    if (action === "set") sub.option("--none", "an empty list: every address is allowed");
    if (action !== "add") sub.option(...YES_OPTION);
    sub.addHelpText("after", "\nEntries may be separated by spaces or commas: 203.0.113.0/24 2001:db8::/32, 198.51.100.7");
    sub.action(async (entries: string[], options: Record<string, unknown>, command: Command) => {
      const globals = globalOptions(command, io);
      const parsed = parseOptions(IpChangeSchema, { ...options, entries });
      const rules = await import("../../core/administration/ip-allow-list.js");
      const text = parsed.entries.join(" ");
      requireConfirmation(io, parsed.yes || action === "add", `${action === "set" ? "replace" : "change"} the IP allow list`);
      if (action === "set" && parsed.none && text.trim() !== "") throw new UsageError("--none takes no addresses");
      if (action === "set" && !parsed.none && text.trim() === "") {
        throw new UsageError("Give the addresses, or --none to remove the restriction");
      }
      const problem = rules.ipAllowListProblem(text);
      if (problem !== null) throw new UsageError(problem);
      const list = rules.IpAllowListSchema.parse(text);
      const [service, organisation, ctx] = await Promise.all([
        import("../services/administration.js"),
        import("../../core/administration/organisation-client.js"),
        context(io, command),
      ]);
      const chosen = await service.chooseSubscriber(ctx, parsed.subscriber);
      const details = await organisation.changeIpAllowList(ctx, chosen.subscriberId, { action, entries: list }, async (current, next) => {
        if (action !== "add") await confirmChange(io, parsed.yes, ipAllowListQuestion(chosen.name, current, next));
      });
      if (globals.json) return printJson(io, { subscriberId: details.subscriberId, name: details.name, ...details.ipAllow });
      const addresses = details.ipAllow?.ipAddresses ?? [];
      await showMessage(
        io,
        "success",
        addresses.length > 0
          ? `The IP allow list of ${details.name} now allows ${addresses.join(", ")}`
          : `${details.name} has no IP allow list now: every address is allowed`,
      );
    });
  }
}

/** What `ip-allow-list set|remove` asks before saving: what the list becomes, and what that means for logins. */
export function ipAllowListQuestion(subscriber: string, current: readonly string[], next: readonly string[]) {
  const dropped = current.filter((entry) => !next.includes(entry));
  const list = (entries: readonly string[]) => (entries.length > 0 ? entries.join(", ") : "none");
  return {
    question: `Change the IP allow list of ${subscriber}?`,
    explanation:
      next.length === 0
        ? `Now: ${list(current)}. After: none, so every address is allowed.`
        : `Now: ${list(current)}. After: ${list(next)}.${dropped.length > 0 ? ` Logins and API calls from ${list(dropped)} will be refused.` : ""} Anyone outside the list is logged out at their next request.`,
    confirmLabel: "Yes, change the list",
    withoutTerminal: "change the IP allow list",
  };
}

const IdentifiersShowSchema = z.object({ subscriber: SubscriberSchema }).strict();
const IdentifiersSetSchema = z
  .object({
    subscriber: SubscriberSchema,
    primaryUser: z.string().trim().min(1, "enter the primary username").optional(),
    secondaryUser: z.string().trim().min(1, "enter the secondary username").optional(),
    passwordStdin: z.boolean().default(false),
    yes: z.boolean().default(false),
  })
  .strict();

function registerLodgementIdentifiers(program: Command, io: Io): void {
  const identifiers = program
    .command("lodgement-identifiers")
    .description("a subscriber's land registry lodgement identifiers: primary and secondary user name and password");

  identifiers
    .command("show")
    .description("show the user names (passwords are never shown)")
    .option(...subscriberOption)
    .action(async (options: Record<string, unknown>, command: Command) => {
      const globals = globalOptions(command, io);
      const { subscriber } = parseOptions(IdentifiersShowSchema, options);
      const [service, client, ctx] = await Promise.all([
        import("../services/administration.js"),
        import("../../core/administration/client.js"),
        context(io, command),
      ]);
      const chosen = await service.chooseSubscriber(ctx, subscriber);
      const current = await step(io, `Reading the lodgement identifiers of ${chosen.name}`, () =>
        client.getLodgementIdentifiers(ctx, chosen.subscriberId),
      );
      if (globals.json) return printJson(io, current);
      (await import("../ui/administration.js")).print.lodgementIdentifiers(io, current, chosen.name);
    });

  identifiers
    .command("set")
    .description("create the identifiers, or change user names and passwords (passwords from a prompt or --password-stdin)")
    .option(...subscriberOption)
    .option("--primary-user <name>", "the primary user name")
    .option("--secondary-user <name>", "the secondary user name")
    .option("--password-stdin", "read the passwords from stdin: the primary on the first line, the secondary on the second (an empty line keeps the current one)")
    .option(...YES_OPTION)
    .addHelpText(
      "after",
      `
Passwords are never taken from arguments. On a terminal they are asked for; in scripts:
  printf '%s\\n%s\\n' "$PRIMARY" "$SECONDARY" | convey lodgement-identifiers set --password-stdin --primary-user a --secondary-user b
Without a terminal and without --password-stdin, existing passwords are kept. Replacing a stored
password asks first on a terminal, and needs --yes without one.`,
    )
    .action(async (options: Record<string, unknown>, command: Command) => {
      const globals = globalOptions(command, io);
      const parsed = parseOptions(IdentifiersSetSchema, options);
      const [service, client, organisation, ctx] = await Promise.all([
        import("../services/administration.js"),
        import("../../core/administration/client.js"),
        import("../../core/administration/organisation-client.js"),
        context(io, command),
      ]);
      const chosen = await service.chooseSubscriber(ctx, parsed.subscriber);
      const current = await client.getLodgementIdentifiers(ctx, chosen.subscriberId);
      const exists = current.identifiers !== null;
      const passwords = await readPasswords(io, { fromStdin: parsed.passwordStdin, exists });
      const replaced = [passwords.primaryPassword !== undefined && "primary", passwords.secondaryPassword !== undefined && "secondary"].filter(Boolean);
      if (exists && replaced.length > 0) {
        await confirmChange(io, parsed.yes, {
          question: `Replace the stored ${replaced.join(" and ")} password${replaced.length > 1 ? "s" : ""} of ${chosen.name}?`,
          explanation: "The stored password cannot be shown or restored afterwards; lodgements use the new one at once.",
          confirmLabel: "Yes, replace",
          withoutTerminal: "replace the stored passwords",
        });
      }
      const result = await step(io, `Saving the lodgement identifiers of ${chosen.name}`, () =>
        organisation.setLodgementIdentifiers(ctx, chosen.subscriberId, {
          primaryUserName: parsed.primaryUser,
          secondaryUserName: parsed.secondaryUser,
          ...passwords,
        }),
      );
      if (globals.json) return printJson(io, result.identifiers);
      if (!result.changed) return showMessage(io, "info", "Nothing to change: the lodgement identifiers are as given");
      await showMessage(io, "success", lodgementIdentifiersSavedMessage(result.created));
    });
}

/** The passwords from stdin, or asked on a terminal; undefined keeps the stored one (updates only). */
async function readPasswords(
  io: Io,
  options: { fromStdin: boolean; exists: boolean },
): Promise<{ primaryPassword?: string; secondaryPassword?: string }> {
  const keep = (value: string | undefined) => (value === undefined || value === "" ? undefined : value);
  if (options.fromStdin) {
    if (io.stdin.isTTY) throw new UsageError("--password-stdin reads from a pipe or a file, not from the terminal");
    const chunks: Buffer[] = [];
    for await (const chunk of io.stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
    const [primary, secondary] = Buffer.concat(chunks).toString("utf8").split(/\r?\n/);
    return { primaryPassword: keep(primary), secondaryPassword: keep(secondary) };
  }
  if (canPrompt(io)) {
    const { askPassword } = await import("../ui/password-prompt.js");
    const hint = options.exists ? "Leave it empty to keep the current password" : undefined;
    const primary = await askPassword(io, { label: "Primary password", hint });
    if (primary === null) throw new CliError("Cancelled: nothing was changed");
    const secondary = await askPassword(io, { label: "Secondary password", hint });
    if (secondary === null) throw new CliError("Cancelled: nothing was changed");
    return { primaryPassword: keep(primary), secondaryPassword: keep(secondary) };
  }
  if (!options.exists) {
    throw new UsageError("There is no terminal to ask for the passwords on: pass them on stdin with --password-stdin (never as arguments)");
  }
  return {};
}

const SubscribersListSchema = z
  .object({
    type: z.array(z.enum(SUBSCRIBER_ENTITY_TYPES, { error: `use ${SUBSCRIBER_ENTITY_TYPES.join(", ")}` })).optional(),
    name: z.string().trim().max(200, "at most 200 characters").optional(),
    page: PositiveInt(100_000).default(1),
    limit: PositiveInt(1000).default(50),
    output: z.string().optional(),
  })
  .strict();

function registerSubscribers(program: Command, io: Io): void {
  addOutputOption(program
    .command("subscribers")
    .description("subscribers")
    .command("list")
    .description("every subscriber, by name (helpdesk administrators; others see their own)"))
    .option("--type <type>", `only this type (${SUBSCRIBER_ENTITY_TYPES.join(", ")}); repeat for several`, collect)
    .option("--name <text>", "only those whose name holds this text (any case)")
    .option("--page <n>", "the page (from 1)", "1")
    .option("--limit <n>", "rows per page (at most 1000)", "50")
    .action(async (options: Record<string, unknown>, command: Command) => {
      const globals = globalOptions(command, io);
      const parsed = parseOptions(SubscribersListSchema, options);
      const format = outputFormat(globals, parsed.output);
      const [client, ctx] = await Promise.all([import("../../core/administration/client.js"), context(io, command)]);
      const result = await step(io, "Listing subscribers", () =>
        client.listSubscribers(ctx, { types: parsed.type, name: parsed.name, page: parsed.page, limit: parsed.limit }),
      );
      const { SUBSCRIBER_COLUMNS } = await import("../ui/columns.js");
      await printList(io, format, {
        json: result,
        columns: SUBSCRIBER_COLUMNS,
        rows: result.records,
        table: async () => (await import("../ui/administration.js")).print.subscribers(io, result.records),
      });
    });
}

const AuditListSchema = z
  .object({
    subscriber: SubscriberSchema,
    action: z.string().trim().min(1).optional(),
    page: PositiveInt(100_000).default(1),
    limit: PositiveInt(1000).default(20),
    output: z.string().optional(),
  })
  .strict();

function registerAudit(program: Command, io: Io): void {
  addOutputOption(program
    .command("audit")
    .description("the audit log of administrative changes")
    .command("list")
    .description("who changed what, at which subscriber, when and from where; newest first"))
    .option("--subscriber <id>", "one subscriber (helpdesk administrators see every subscriber's without it)")
    .option("--action <action>", "only this action, e.g. USER_SUSPENDED or IP_ALLOW_LIST_UPDATED")
    .option("--page <n>", "the page (from 1)", "1")
    .option("--limit <n>", "rows per page (at most 1000)", "20")
    .action(async (options: Record<string, unknown>, command: Command) => {
      const globals = globalOptions(command, io);
      const parsed = parseOptions(AuditListSchema, options);
      const format = outputFormat(globals, parsed.output);
      const [client, ctx] = await Promise.all([import("../../core/administration/client.js"), context(io, command)]);
      const result = await step(io, "Reading the audit log", () =>
        client.listAuditEvents(ctx, { subscriberId: parsed.subscriber, action: parsed.action, page: parsed.page, limit: parsed.limit }),
      );
      const { AUDIT_COLUMNS } = await import("../ui/columns.js");
      await printList(io, format, {
        json: result,
        columns: AUDIT_COLUMNS,
        rows: result.records,
        table: async () => (await import("../ui/administration.js")).print.audit(io, result.records, result.page),
      });
    });
}

const EnvironmentSchema = z.enum(ENVIRONMENTS, { error: `use ${ENVIRONMENTS.join(", ")}` }).optional();
const FlagsListSchema = z.object({ environment: EnvironmentSchema, output: z.string().optional() }).strict();
const FlagsSetSchema = z.object({
  environment: EnvironmentSchema,
  yes: z.boolean().default(false),
  name: z.string().min(1),
  value: z.enum(["on", "off", "true", "false"], { error: "use on or off" }),
}).strict();

function registerFlags(program: Command, io: Io): void {
  const flags = program.command("flags").description("feature flags");
  addOutputOption(flags
    .command("list")
    .description("every feature flag and whether it is on"))
    .option("--environment <environment>", `${ENVIRONMENTS.join(", ")} (default: the provider's own)`)
    .action(async (options: Record<string, unknown>, command: Command) => {
      const globals = globalOptions(command, io);
      const parsed = parseOptions(FlagsListSchema, options);
      const format = outputFormat(globals, parsed.output);
      const [client, ctx] = await Promise.all([import("../../core/shared/feature-flags-client.js"), context(io, command)]);
      const result = await step(io, "Reading the feature flags", () => client.getFeatureFlags(ctx, parsed.environment));
      const { flagColumns, flagRows } = await import("../ui/columns.js");
      await printList(io, format, {
        json: result,
        columns: flagColumns(result.environment),
        rows: flagRows(result.flags),
        table: async () => (await import("../ui/administration.js")).print.flags(io, result.flags, result.environment),
      });
    });
  flags
    .command("set <name> <value>")
    .description("turn a feature flag on or off (helpdesk administrators); production asks first")
    .option("--environment <environment>", `${ENVIRONMENTS.join(", ")} (default: the provider's own)`)
    .option(...YES_OPTION)
    .action(async (name: string, value: string, options: Record<string, unknown>, command: Command) => {
      const globals = globalOptions(command, io);
      const parsed = parseOptions(FlagsSetSchema, { ...options, name, value });
      const enabled = parsed.value === "on" || parsed.value === "true";
      const withoutTerminal = `turn ${parsed.name} ${enabled ? "on" : "off"} in production`;
      if (parsed.environment === "production") requireConfirmation(io, parsed.yes, withoutTerminal);
      const [client, ctx] = await Promise.all([import("../../core/shared/feature-flags-client.js"), context(io, command)]);
      // The provider's own environment is known only once asked: production asks first there too.
      const current = await client.getFeatureFlags(ctx, parsed.environment);
      if (current.environment === "production") {
        await confirmChange(io, parsed.yes, {
          question: `Turn ${parsed.name} ${enabled ? "on" : "off"} in production?`,
          explanation: `It is ${current.flags[parsed.name] ? "on" : "off"} now; the change reaches every user of production at their next page.`,
          confirmLabel: `Yes, turn it ${enabled ? "on" : "off"}`,
          withoutTerminal,
        });
      }
      const result = await step(io, `Turning ${name} ${enabled ? "on" : "off"}`, () =>
        client.setFeatureFlag(ctx, parsed.name, enabled, parsed.environment),
      );
      if (globals.json) return printJson(io, result);
      await showMessage(io, "success", `${parsed.name} is ${enabled ? "on" : "off"} in ${result.environment}`);
    });
}
