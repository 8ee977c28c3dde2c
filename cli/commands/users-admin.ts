/**
 * `convey users list|show|add|edit|resend-activation|import|export` (document 3 sections 2.4, 4.6, 5.3 and
 * 8.4). Suspend and unsuspend are in users.ts. Each command validates its options, calls one core
 * use-case, then prints JSON (`--json`) or a view on stderr.
 */
import type { Command } from "commander";
import { z } from "zod";
import { ADMINISTRATION_MESSAGES } from "../../core/administration/messages.js";
import { fullName, USER_STATUSES } from "../../core/administration/subscribers.js";
import { activationEmailRefusal } from "../../core/administration/users.js";
import { NAMED_ROLES } from "../../core/shared/permissions/roles.js";
import { CliError, ExitCode, parseOptions, UsageError } from "../errors.js";
import { isInteractive, type Io } from "../io.js";
import { printJson } from "../output.js";
import { addOutputOption, confirmChange, globalOptions, YES_OPTION, outputFormat, printList, showMessage, step, PositiveInt, context } from "./shared.js";
import type { ManagedUser } from "../../core/administration/api.js";
import type { PageInfo } from "../../core/shared/contract.js";

const subscriberOption = ["--subscriber <id>", "the subscriber (helpdesk administrators; others act on their own)"] as const;
const SubscriberSchema = z.string().trim().min(1, "enter a subscriber id").optional();
const EmailSchema = z.email({ error: "enter a valid email address" });
const ListOptionsSchema = z
  .object({
    subscriber: SubscriberSchema,
    search: z.string().trim().optional(),
    status: z.array(z.enum(USER_STATUSES, { error: `use ${USER_STATUSES.join(", ")}` })).optional(),
    role: z.array(z.enum(NAMED_ROLES, { error: `use one of ${NAMED_ROLES.join(", ")}` })).optional(),
    sort: z.enum(["firstName", "email"], { error: "use firstName or email" }).default("firstName"),
    order: z.enum(["asc", "desc"], { error: "use asc or desc" }).default("asc"),
    page: PositiveInt(100_000).default(1),
    limit: PositiveInt(1000).default(10),
    all: z.boolean().default(false),
    output: z.string().optional(),
  })
  .strict();

const ShowOptionsSchema = z.object({ email: EmailSchema, subscriber: SubscriberSchema }).strict();

const AddOptionsSchema = z
  .object({
    subscriber: SubscriberSchema,
    email: z.string({ error: "enter the new user's email address" }),
    firstName: z.string({ error: "enter the first name" }),
    middleName: z.string().optional(),
    lastName: z.string({ error: "enter the last name" }),
    role: z.array(z.string()).min(1, "give at least one role").optional(),
  })
  .strict();

const EditOptionsSchema = z
  .object({
    email: EmailSchema,
    subscriber: SubscriberSchema,
    firstName: z.string().optional(),
    middleName: z.string().optional(),
    lastName: z.string().optional(),
    role: z.array(z.string()).optional(),
    addRole: z.array(z.string()).optional(),
    removeRole: z.array(z.string()).optional(),
  })
  .strict();

const ImportOptionsSchema = z
  .object({ file: z.string().min(1), subscriber: SubscriberSchema, dryRun: z.boolean().default(false), yes: z.boolean().default(false) })
  .strict();

const ExportOptionsSchema = z
  .object({
    subscriber: SubscriberSchema,
    format: z.enum(["csv", "json"], { error: "use csv or json" }).optional(),
    output: z.string().min(1).optional(),
  })
  .strict();

const collect = (value: string, previous: string[] | undefined) => [...(previous ?? []), value];

export function registerUserAdministration(users: Command, io: Io): void {
  addOutputOption(users
    .command("list")
    .description("list a subscriber's users: search, filter by status and role, sort and page"))
    .option(...subscriberOption)
    .option("--search <text>", "names or email containing the text")
    .option("--status <status>", `only users with this status (${USER_STATUSES.join(", ")}); repeat for several`, collect)
    .option("--role <role>", "only users with this role; repeat for several", collect)
    .option("--sort <field>", "firstName or email", "firstName")
    .option("--order <order>", "asc or desc", "asc")
    .option("--page <n>", "the page (from 1)", "1")
    .option("--limit <n>", "rows per page (10 or 20 on screen; at most 1000)", "10")
    .option("--all", "every page")
    .action((options: Record<string, unknown>, command: Command) => listUsers(io, command, options));

  users
    .command("show <email>")
    .description("show one user: name, email, status, subscriber and roles")
    .option(...subscriberOption)
    .action(async (email: string, options: Record<string, unknown>, command: Command) => {
      const globals = globalOptions(command, io);
      const { email: address, subscriber } = parseOptions(ShowOptionsSchema, { ...options, email });
      const [{ findManagedUserByEmail }, ctx] = await Promise.all([import("../../core/administration/client.js"), context(io, command)]);
      const user = await step(io, `Finding ${address}`, () => findManagedUserByEmail(ctx, address, subscriber));
      if (globals.json) return printJson(io, user);
      (await import("../ui/administration.js")).print.user(io, user);
    });

  users
    .command("add")
    .description("add a user: they are Pending until they activate their account, and an invitation is sent")
    .option(...subscriberOption)
    .requiredOption("--email <email>", "their email address (cannot be changed later)")
    .requiredOption("--first-name <name>", "first name")
    .option("--middle-name <name>", "middle name")
    .requiredOption("--last-name <name>", "last name")
    .option("--role <role>", "a role to give; repeat for several (see `convey users roles`)", collect)
    .action((options: Record<string, unknown>, command: Command) => addUser(io, command, options));

  users
    .command("edit <email>")
    .description("change a user's names or roles (the email cannot change; single sign-on users' names are locked)")
    .option(...subscriberOption)
    .option("--first-name <name>", "new first name")
    .option("--middle-name <name>", "new middle name (\"\" removes it)")
    .option("--last-name <name>", "new last name")
    .option("--role <role>", "replace the roles with these; repeat for several", collect)
    .option("--add-role <role>", "add a role; repeat for several", collect)
    .option("--remove-role <role>", "remove a role; repeat for several", collect)
    .action((email: string, options: Record<string, unknown>, command: Command) => editUser(io, command, { ...options, email }));

  users
    .command("resend-activation <email>")
    .description("send a Pending user's activation email again")
    .option(...subscriberOption)
    .action(async (email: string, options: Record<string, unknown>, command: Command) => {
      const globals = globalOptions(command, io);
      const { email: address, subscriber } = parseOptions(ShowOptionsSchema, { ...options, email });
      const [client, ctx] = await Promise.all([import("../../core/administration/client.js"), context(io, command)]);
      const user = await step(io, `Finding ${address}`, () => client.findManagedUserByEmail(ctx, address, subscriber));
      const refusal = activationEmailRefusal(user);
      if (refusal) throw new CliError(refusal.message);
      const updated = await step(io, `Re-sending the activation email to ${user.email}`, () =>
        client.resendActivationEmail(ctx, user.subscriberUserId, user.email, user.version),
      );
      if (globals.json) return printJson(io, updated);
      await showMessage(io, "success", ADMINISTRATION_MESSAGES.activationEmailResent(user.email));
    });

  users
    .command("roles")
    .description("the roles a subscriber's users may be given")
    .option(...subscriberOption)
    .action(async (options: Record<string, unknown>, command: Command) => {
      const globals = globalOptions(command, io);
      const { subscriber } = parseOptions(z.object({ subscriber: SubscriberSchema }).strict(), options);
      const [service, client, ctx] = await Promise.all([
        import("../services/administration.js"),
        import("../../core/administration/client.js"),
        context(io, command),
      ]);
      const chosen = await service.chooseSubscriber(ctx, subscriber);
      const roles = await client.listRoles(ctx, chosen.entityType);
      if (globals.json) return printJson(io, { subscriberId: chosen.subscriberId, subscriberType: chosen.entityType, roles });
      await showMessage(io, "info", `Roles for users of ${chosen.name} (${chosen.entityType})`, roles);
    });

  users
    .command("import <file>")
    .description("create, update, suspend or unsuspend users from a .csv or .json file, matched by email; safe to re-run")
    .option(...subscriberOption)
    .option("--dry-run", "check every row and say what would happen, changing nothing")
    .option(...YES_OPTION)
    .addHelpText(
      "after",
      `
Columns (CSV header or JSON keys): email, firstName, middleName, lastName, roles (separated by ';' in CSV,
a list in JSON), status (Active or Suspended; empty leaves it as it is). Every row is checked before
anything is written; each row is reported as created, updated, suspended, unsuspended, unchanged or
refused with the reason. Exit code 1 when any row was refused (the other rows are still done).
An import that suspends users names them and asks first on a terminal; without one it needs --yes.`,
    )
    .action((file: string, options: Record<string, unknown>, command: Command) => importUsers(io, command, { ...options, file }));

  users
    .command("export")
    .description("write a subscriber's users as CSV (default) or JSON, in the form `users import` reads")
    .option(...subscriberOption)
    .option("--format <format>", "csv or json (default: csv; json with --json)")
    .option("--output <file>", "write to this file instead of stdout")
    .action((options: Record<string, unknown>, command: Command) => exportUsers(io, command, options));
}


async function listUsers(io: Io, command: Command, input: Record<string, unknown>) {
  const globals = globalOptions(command, io);
  const options = parseOptions(ListOptionsSchema, input);
  const [service, client, ctx] = await Promise.all([
    import("../services/administration.js"),
    import("../../core/administration/client.js"),
    context(io, command),
  ]);
  const subscriber = await service.chooseSubscriber(ctx, options.subscriber);
  const search = {
    subscriberId: subscriber.subscriberId,
    subscriberUserName: options.search || undefined,
    status: options.status,
    roleNames: options.role,
    sortBy: options.sort,
    sortOrder: options.order === "desc" ? ("DESC" as const) : ("ASC" as const),
  };
  const format = outputFormat(globals, options.output);
  const { USER_COLUMNS } = await import("../ui/columns.js");
  const table = (users: ManagedUser[], page: PageInfo & { totalIsLowerBound?: boolean }) => async () =>
    (await import("../ui/administration.js")).print.users(io, { users, page, subscriber: subscriber.name });
  if (options.all) {
    const records = await step(io, `Listing the users of ${subscriber.name}`, () => client.listAllManagedUsers(ctx, search));
    const page = { page: 1, limit: Math.max(records.length, 1), totalRecords: records.length, pageRecords: records.length };
    return printList(io, format, { json: { records, totalRecords: records.length }, columns: USER_COLUMNS, rows: records, table: table(records, page) });
  }
  const result = await step(io, `Listing the users of ${subscriber.name}`, () =>
    client.searchManagedUsers(ctx, { ...search, page: options.page, limit: options.limit }),
  );
  return printList(io, format, { json: result, columns: USER_COLUMNS, rows: result.records, table: table(result.records, result.page) });
}

async function addUser(io: Io, command: Command, input: Record<string, unknown>) {
  const globals = globalOptions(command, io);
  const options = parseOptions(AddOptionsSchema, input);
  const [service, users, ctx] = await Promise.all([
    import("../services/administration.js"),
    import("../../core/administration/users-client.js"),
    context(io, command),
  ]);
  const subscriber = await service.chooseSubscriber(ctx, options.subscriber);
  const { role, subscriber: _subscriber, ...names } = options;
  const user = await step(io, `Adding ${options.email} to ${subscriber.name}`, () =>
    users.addManagedUser(ctx, subscriber, { ...names, roles: role ?? [] }),
  );
  if (globals.json) return printJson(io, user);
  // A helpdesk administrator's add of an existing account makes them a user here too: nobody is invited.
  if (!user.invited) {
    return showMessage(io, "success", ADMINISTRATION_MESSAGES.userAdded(fullName(user)), [
      ADMINISTRATION_MESSAGES.existingUserJoined(user.email, subscriber.name),
    ]);
  }
  await showMessage(io, "success", ADMINISTRATION_MESSAGES.userAdded(fullName(user)), [
    user.invitationFailure === null
      ? `${user.email} is Pending until they activate their account: the invitation has been sent`
      : `${user.email} is Pending until they activate their account`,
  ]);
  if (user.invitationFailure !== null) {
    await showMessage(io, "warning", ADMINISTRATION_MESSAGES.invitationFailed(user.email, user.invitationFailure), [
      "Send it again with `convey users resend-activation` once the address is right",
    ]);
  }
}

async function editUser(io: Io, command: Command, input: Record<string, unknown>) {
  const globals = globalOptions(command, io);
  const { email, subscriber: requested, ...change } = parseOptions(EditOptionsSchema, input);
  if (Object.values(change).every((value) => value === undefined)) {
    throw new UsageError("Say what to change: --first-name, --middle-name, --last-name, --role, --add-role or --remove-role");
  }
  const [service, client, users, ctx] = await Promise.all([
    import("../services/administration.js"),
    import("../../core/administration/client.js"),
    import("../../core/administration/users-client.js"),
    context(io, command),
  ]);
  const user = await step(io, `Finding ${email}`, () => client.findManagedUserByEmail(ctx, email, requested));
  const subscriber = user.subscriberId ? await service.chooseSubscriber(ctx, requested ?? user.subscriberId) : undefined;
  const result = await step(io, `Saving ${user.email}`, () =>
    users.editManagedUser(ctx, user, change, { subscriberType: subscriber?.entityType, subscriberId: requested }),
  );
  if (globals.json) return printJson(io, result.user);
  if (!result.changed) return showMessage(io, "info", `${user.firstName} already has these names and roles: nothing was changed`);
  await showMessage(io, "success", ADMINISTRATION_MESSAGES.userChangesSaved(fullName(result.user)));
}

async function importUsers(io: Io, command: Command, input: Record<string, unknown>) {
  const globals = globalOptions(command, io);
  const options = parseOptions(ImportOptionsSchema, input);
  const imports = await import("../services/user-import.js");
  imports.formatOf(options.file);
  const rows = await imports.readImportFile(options.file);
  const [service, rules, bulk, ctx] = await Promise.all([
    import("../services/administration.js"),
    import("../../core/administration/user-import.js"),
    import("../../core/administration/user-import-client.js"),
    context(io, command),
  ]);
  await bulk.checkImportAllowed(ctx);
  const subscriber = await service.chooseSubscriber(ctx, options.subscriber);
  const plan = rules.planImport(rows, subscriber.entityType);
  if (!options.dryRun && plan.valid.some((entry) => entry.user.status === "Suspended")) {
    // Which rows would suspend someone is the provider's answer: a dry run says, changing nothing.
    const preview = await step(io, `Checking ${options.file}`, () =>
      bulk.runImport(ctx, { file: options.file, subscriberId: subscriber.subscriberId, dryRun: true, sleep: (ms) => io.sleep(ms) }, plan),
    );
    const suspended = preview.rows.filter((row) => row.outcome === "suspended").map((row) => row.email);
    if (suspended.length > 0) {
      const shown = suspended.length > 10 ? `${suspended.slice(0, 10).join(", ")} and ${suspended.length - 10} more` : suspended.join(", ");
      await confirmChange(io, options.yes, {
        question: `This import suspends ${suspended.length} user${suspended.length === 1 ? "" : "s"} of ${subscriber.name}: go on?`,
        explanation: `Suspended: ${shown}. They can no longer access the product and their active sessions are logged out.`,
        confirmLabel: "Yes, import and suspend",
        withoutTerminal: `import ${options.file}, which suspends ${suspended.length} user${suspended.length === 1 ? "" : "s"} (${shown})`,
      });
    }
  }

  const view = isInteractive(io) ? (await import("../ui/user-import.js")).showImportProgress(io) : undefined;
  let report;
  try {
    report = await bulk.runImport(
      ctx,
      { file: options.file, subscriberId: subscriber.subscriberId, dryRun: options.dryRun, sleep: (ms) => io.sleep(ms) },
      plan,
      view ? (progress) => view.progress(progress) : undefined,
    );
  } finally {
    await view?.finish();
  }
  if (globals.json) printJson(io, report);
  else (await import("../ui/user-import.js")).printImportReport(io, report);
  if (report.summary.refused > 0 || report.summary.unknown > 0) {
    const parts = [
      ...(report.summary.refused > 0 ? [`${report.summary.refused} of ${report.rows.length} rows were refused`] : []),
      ...(report.summary.unknown > 0 ? [`${report.summary.unknown} of ${report.rows.length} rows are unknown (run again to confirm)`] : []),
    ];
    throw new CliError(`${parts.join("; ")}; the others were ${options.dryRun ? "checked" : "done"}`, ExitCode.failure);
  }
}

/**
 * Streams: the header leaves at once and each page of users (up to 1,000, read from the email index after
 * the last one written: managedUserPagesByEmail) is written before the next is asked for, waiting while the
 * output is full, so memory stays flat whatever the number of users (docs/decisions/0902-users-export-streams.md).
 * A file that could not be finished is removed rather than left looking complete.
 */
async function exportUsers(io: Io, command: Command, input: Record<string, unknown>) {
  const globals = globalOptions(command, io);
  const options = parseOptions(ExportOptionsSchema, input);
  const format = options.format ?? (globals.json ? "json" : "csv");
  if (!options.output && globals.json && format === "csv") throw new UsageError("--json prints JSON: use --format json, or --output <file> for CSV");
  const [service, client, imports, ctx] = await Promise.all([
    import("../services/administration.js"),
    import("../../core/administration/client.js"),
    import("../services/user-import.js"),
    context(io, command),
  ]);
  const subscriber = await service.chooseSubscriber(ctx, options.subscriber);
  const { createWriteStream } = await import("node:fs");
  const out = options.output ? createWriteStream(options.output, { mode: 0o600 }) : io.stdout;
  // A file that cannot be opened or written fails the next write (the stream reports it later, by event).
  let failure: Error | undefined;
  if (options.output) out.on("error", (error: Error) => (failure ??= error));
  const write = (text: string) =>
    new Promise<void>((done, fail) => {
      if (failure) return fail(failure);
      if (text === "" || out.write(text)) return done();
      const onDrain = () => (out.off("error", onError), done());
      const onError = (error: Error) => (out.off("drain", onDrain), fail(error));
      out.once("drain", onDrain).once("error", onError);
    });
  const pieces = imports.exportPieces(format);
  try {
    await step(io, `Reading the users of ${subscriber.name}`, async () => {
      await write(pieces.start());
      for await (const page of client.managedUserPagesByEmail(ctx, { subscriberId: subscriber.subscriberId })) await write(pieces.page(page));
      await write(pieces.end());
    });
  } catch (error) {
    if (options.output) {
      out.destroy();
      (await import("node:fs")).rmSync(options.output, { force: true });
    }
    throw error;
  }
  if (!options.output) return;
  await new Promise<void>((done, fail) => out.end((error?: Error | null) => (error ? fail(error) : done())));
  if (globals.json) return printJson(io, { file: options.output, format, users: pieces.count() });
  return showMessage(io, "success", `Wrote ${pieces.count()} users of ${subscriber.name} to ${options.output}`);
}
