/**
 * Subscriber administration from the terminal (document 3 sections 2.4, 4.6, 5.3 and 8.4): which
 * subscriber a command acts on, users, the IP allow list, lodgement identifiers, subscribers, the audit
 * log. The provider decides who may do what; these functions call core's client and word the outcomes in
 * the spec's own toasts.
 */
import type { ManagedUser } from "../../core/administration/api.js";
import { MASKED_PASSWORD } from "../../core/administration/enums.js";
import {
  getLodgementIdentifiers,
  getSubscriberDetails,
  listSubscribers,
  saveLodgementIdentifiers,
  searchManagedUsers,
  setIpAllowList,
} from "../../core/administration/client.js";
import { type RequestContext } from "../../core/shared/provider-client.js";
import { ProviderError } from "../../core/shared/provider-errors.js";
import { ADMINISTRATION_MESSAGES } from "../../core/administration/messages.js";
import { getMe } from "../../core/administration/subscriber-users-client.js";
import { fullName } from "../../core/administration/subscribers.js";
import { LodgementIdentifiersSchema } from "../../core/administration/schemas.js";
import { CliError, UsageError } from "../errors.js";

export interface SubscriberChoice {
  subscriberId: string;
  name: string;
  entityType: string;
}

/**
 * The subscriber a command acts on: `--subscriber` when given (a helpdesk administrator's choice; for
 * anyone else it must be their own), else the subscriber selected at login. A helpdesk administrator
 * has none selected, so must name one.
 */
export async function chooseSubscriber(ctx: RequestContext, requested: string | undefined): Promise<SubscriberChoice> {
  if (requested) {
    try {
      const details = await getSubscriberDetails(ctx, requested);
      return { subscriberId: details.subscriberId, name: details.name, entityType: details.entityType };
    } catch (error) {
      // Without VIEW_ORGANISATIONS the details are refused; the caller's own subscriber is still known.
      if (!(error instanceof ProviderError) || error.status !== 403) throw error;
    }
  }
  const me = await getMe(ctx);
  const own = me.selectedSubscriber;
  if (!own) {
    throw new UsageError(
      requested
        ? `There is no subscriber ${requested} you may administer`
        : "Name the subscriber with --subscriber <id> (see `convey subscribers list`): a helpdesk administrator acts on any of them",
    );
  }
  if (requested && requested !== own.subscriberId) {
    throw new CliError(`Subscriber not found: you act only for ${own.name}`);
  }
  return { subscriberId: own.subscriberId, name: own.name, entityType: own.entityType };
}

/** Every user of a subscriber matching the search, page after page (users export, users list --all). */
export async function allUsers(
  ctx: RequestContext,
  search: Parameters<typeof searchManagedUsers>[1],
): Promise<ManagedUser[]> {
  const users: ManagedUser[] = [];
  for (let page = 1; ; page++) {
    const result = await searchManagedUsers(ctx, { ...search, page, limit: 1000 });
    users.push(...result.records);
    if (result.records.length === 0 || users.length >= result.page.totalRecords) return users;
  }
}

/** Roles after `--role` (replace), `--add-role` and `--remove-role`, in the order given. */
export function editedRoles(current: readonly string[], options: { role?: string[]; addRole?: string[]; removeRole?: string[] }): string[] {
  let roles = options.role ? [...options.role] : [...current];
  for (const role of options.addRole ?? []) if (!roles.includes(role)) roles.push(role);
  roles = roles.filter((role) => !(options.removeRole ?? []).includes(role));
  return roles;
}

/** The IP allow list after `set`, `add` or `remove`; the provider checks and canonicalises every entry. */
export function editedIpAllowList(current: readonly string[], change: { action: "set" | "add" | "remove"; entries: string[] }): string[] {
  if (change.action === "set") return [...change.entries];
  if (change.action === "add") return [...current, ...change.entries.filter((entry) => !current.includes(entry))];
  const removed = new Set(change.entries);
  const missing = change.entries.filter((entry) => !current.includes(entry));
  if (missing.length > 0) throw new CliError(`Not on the IP allow list: ${missing.join(", ")}`);
  return current.filter((entry) => !removed.has(entry));
}

export async function changeIpAllowList(
  ctx: RequestContext,
  subscriberId: string,
  change: { action: "set" | "add" | "remove"; entries: string[] },
) {
  const details = await getSubscriberDetails(ctx, subscriberId);
  if (!details.ipAllow) throw new CliError("You may not see this subscriber's connection settings");
  const next = editedIpAllowList(details.ipAllow.ipAddresses, change);
  return setIpAllowList(ctx, subscriberId, next, details.version);
}

export { getLodgementIdentifiers, getSubscriberDetails, listSubscribers };

export interface LodgementIdentifiersChange {
  primaryUserName?: string;
  secondaryUserName?: string;
  /** undefined: keep the stored password (an update only). */
  primaryPassword?: string;
  secondaryPassword?: string;
}

/**
 * Creates the lodgement identifiers (both user names and passwords needed) or updates them (what is left
 * out stays), checked with the form's rules before anything is sent. Nothing to change: no call.
 */
export async function setLodgementIdentifiers(ctx: RequestContext, subscriberId: string, change: LodgementIdentifiersChange) {
  const current = await getLodgementIdentifiers(ctx, subscriberId);
  const existing = current.identifiers;
  const primary = { userName: change.primaryUserName ?? existing?.primary.userName ?? "", password: change.primaryPassword };
  const secondary = { userName: change.secondaryUserName ?? existing?.secondary.userName ?? "", password: change.secondaryPassword };
  const stand = (password: string | undefined) => (existing && password === undefined ? MASKED_PASSWORD : password);
  const checked = LodgementIdentifiersSchema.safeParse({
    primary: { userName: primary.userName, password: stand(primary.password) },
    secondary: { userName: secondary.userName, password: stand(secondary.password) },
  });
  if (!checked.success) throw new UsageError([...new Set(checked.error.issues.map((issue) => issue.message))].join("; "));
  const unchanged =
    existing &&
    existing.primary.userName === primary.userName &&
    existing.secondary.userName === secondary.userName &&
    primary.password === undefined &&
    secondary.password === undefined;
  if (unchanged) return { created: false, changed: false, identifiers: current };
  const saved = await saveLodgementIdentifiers(
    ctx,
    {
      subscriberId,
      identifiers: {
        primary: primary.password === undefined ? { userName: primary.userName } : primary,
        secondary: secondary.password === undefined ? { userName: secondary.userName } : secondary,
      },
    },
    current.version,
  );
  return { ...saved, changed: true };
}
