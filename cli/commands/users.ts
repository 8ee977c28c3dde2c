/**
 * `convey users suspend|unsuspend|unblock <email>` (document 3 sections 4.6 and 8.4); the other user commands
 * are in users-admin.ts.
 */
import type { Command } from "commander";
import { z } from "zod";
import type { ManagedUser } from "../../core/administration/api.js";
import { fullName } from "../../core/administration/subscribers.js";
import { ADMINISTRATION_MESSAGES } from "../../core/administration/messages.js";
import {
  helpdeskStatusReach,
  isLoginBlocked,
  STATUS_OF_ACTION,
  statusReachDescription,
  statusReachUnnamedMessage,
  userStatusChange,
  userStatusChangedMessage,
  type StatusReach,
  type UserStatusAction,
} from "../../core/administration/users.js";
import { isHelpdeskAdministrator } from "../../core/shared/permissions/roles.js";
import { CliError, parseOptions, UsageError } from "../errors.js";
import type { Io } from "../io.js";
import { printJson } from "../output.js";
import { globalOptions, requireConfirmation, showMessage, step, YES_OPTION } from "./shared.js";
import { registerUserAdministration } from "./users-admin.js";

const StatusOptionsSchema = z
  .object({
    email: z.email({ error: "enter a valid email address" }),
    subscriber: z.string().trim().min(1, "enter a subscriber id").optional(),
    allSubscribers: z.boolean().default(false),
    yes: z.boolean().default(false),
  })
  .strict();

const DESCRIPTIONS: Record<UserStatusAction, string> = {
  suspend: "suspend a user: they can no longer access the product and their active sessions are logged out",
  unsuspend: "unsuspend a user: their access to the product is restored",
};

export function registerUsers(program: Command, io: Io): void {
  const users = program.command("users").description("manage subscriber users");
  registerUserAdministration(users, io);
  for (const action of ["suspend", "unsuspend"] as const) {
    users
      .command(`${action} <email>`)
      .description(DESCRIPTIONS[action])
      .option("--subscriber <id>", `${action} them at this subscriber only (helpdesk administrators; others act on their own subscriber)`)
      .option("--all-subscribers", `${action} their account at every subscriber they belong to (helpdesk administrators)`)
      .option(...YES_OPTION)
      .action((email: string, options: Record<string, unknown>, command: Command) =>
        changeUserStatus(io, command, action, { ...options, email }),
      );
  }
  users
    .command("unblock <email>")
    .description("lift the block on a user's login after too many failed passwords: they can log in again at once")
    .option("--subscriber <id>", "the user's subscriber (helpdesk administrators; others act on their own subscriber)")
    .action((email: string, options: Record<string, unknown>, command: Command) => unblockUser(io, command, { ...options, email }));
}

const UnblockOptionsSchema = StatusOptionsSchema.omit({ yes: true });

async function unblockUser(io: Io, command: Command, input: unknown): Promise<void> {
  const globals = globalOptions(command, io);
  const options = parseOptions(UnblockOptionsSchema, input);
  const [client, { authenticatedContext }] = await Promise.all([
    import("../../core/administration/client.js"),
    import("../services/session.js"),
  ]);
  const ctx = await authenticatedContext(io, globals);
  const user = await step(io, `Finding ${options.email}`, () => client.findManagedUserByEmail(ctx, options.email, options.subscriber));
  if (!isLoginBlocked(user)) return report(io, globals.json, user, "info", ADMINISTRATION_MESSAGES.notBlocked(user.firstName));
  const updated = await step(io, `Unblocking ${fullName(user)}`, () => client.unblockManagedUser(ctx, user.subscriberUserId));
  return report(io, globals.json, updated, "success", ADMINISTRATION_MESSAGES.unblocked(updated.firstName));
}

async function changeUserStatus(io: Io, command: Command, action: UserStatusAction, input: unknown): Promise<void> {
  const globals = globalOptions(command, io);
  const options = parseOptions(StatusOptionsSchema, input);
  if (options.subscriber !== undefined && options.allSubscribers) throw new UsageError("Give --subscriber <id> or --all-subscribers, not both");
  requireConfirmation(io, options.yes, `${action} ${options.email}`);
  const [client, { getMe, listAssociatedSubscribers }, { authenticatedContext }] = await Promise.all([
    import("../../core/administration/client.js"),
    import("../../core/administration/subscriber-users-client.js"),
    import("../services/session.js"),
  ]);
  const ctx = await authenticatedContext(io, globals);
  const me = await getMe(ctx);
  const helpdesk = isHelpdeskAdministrator(me.roles);
  if (options.allSubscribers && !helpdesk) {
    throw new UsageError("Only the provider's support changes a user at every subscriber: leave out --all-subscribers");
  }
  const user = await step(io, `Finding ${options.email}`, () => client.findManagedUserByEmail(ctx, options.email, options.subscriber));
  const wanted = STATUS_OF_ACTION[action];

  // The helpdesk administrator reaches every subscriber of the user: a user of several must be told where.
  let reach: Exclude<StatusReach, { kind: "unnamed" }> | undefined;
  if (helpdesk) {
    const subscribers = await listAssociatedSubscribers(ctx, user.subscriberUserId);
    const found = helpdeskStatusReach(subscribers, { subscriberId: options.subscriber, allSubscribers: options.allSubscribers });
    if (found.kind === "unnamed") {
      throw new UsageError(
        `${statusReachUnnamedMessage(fullName(user), wanted, found.subscribers)} Pass --subscriber <id> for one, or --all-subscribers for every one.`,
      );
    }
    reach = found;
  }

  const plan = userStatusChange(user, wanted);
  if (plan.kind === "refused") throw new CliError(plan.message);
  if (plan.kind === "unchanged") return report(io, globals.json, user, "info", plan.message);

  if (!options.yes) {
    const { askStatusChange } = await import("../ui/users.js");
    if (!(await askStatusChange(io, user, action, reach ? statusReachDescription(reach) : undefined))) throw new CliError("Cancelled: nothing was changed");
  }
  const verb = action === "suspend" ? "Suspending" : "Unsuspending";
  const at = reach?.kind === "subscriber" ? reach.subscriber.subscriberId : undefined;
  // Made against the version found: someone else's change in between answers 409 and changes nothing.
  const updated = await step(io, `${verb} ${fullName(user)}`, () => client.setManagedUserStatus(ctx, user.subscriberUserId, plan.status, user.version, at));
  return report(io, globals.json, updated, "success", userStatusChangedMessage(plan.status, updated.firstName), reach ? [statusReachDescription(reach)] : undefined);
}

async function report(io: Io, json: boolean, user: ManagedUser, kind: "success" | "info", message: string, details?: string[]) {
  if (json) printJson(io, user);
  else await showMessage(io, kind, message, details);
}
