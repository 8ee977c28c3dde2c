/**
 * Which roles each subscriber type may give its users, and the User Manager rule (document 3 sections 3
 * and 5.3). Pure: the provider, the app and the CLI call the same functions
 * (docs/decisions/0300-subscriber-administration.md).
 */
import { NAMED_ROLES, type NamedRole } from "../shared/permissions/roles.js";
import { SUBSCRIBER_ENTITY_TYPES, type SubscriberEntityType } from "./subscribers.js";
import { USER_FORM_MESSAGES } from "./schemas.js";

/** Roles that belong to the provider's own staff: never given to a subscriber's users through administration. */
export const PROVIDER_STAFF_ROLES: readonly NamedRole[] = [
  "Helpdesk Administrator",
  "Support Administrator",
  "System Administrator",
  "Settlement administrator",
];

const EVERY_FIRM: readonly NamedRole[] = [
  "User Manager",
  "Workspace Approver",
  "Workspace Creator",
  "Workspace User",
  "Workspace Viewer",
  "Funds Authoriser",
  "Financial Administrator",
];

/**
 * The roles a subscriber of each type may give its users, in the order of the spec's role list. Land
 * registry identifiers are held by firms that lodge (law and conveyancing firms), so only they get the
 * HMLR Administrator.
 */
export const ROLES_BY_SUBSCRIBER_TYPE: Readonly<Record<SubscriberEntityType, readonly NamedRole[]>> = {
  Lender: NAMED_ROLES.filter((role) => EVERY_FIRM.includes(role)),
  "Law Firm": NAMED_ROLES.filter((role) => EVERY_FIRM.includes(role) || role === "HMLR Administrator"),
  "Conveyancing Firm": NAMED_ROLES.filter((role) => EVERY_FIRM.includes(role) || role === "HMLR Administrator"),
};

/** Every role some subscriber type may give (what a helpdesk administrator sees without a type). */
export const ASSIGNABLE_ROLES: readonly NamedRole[] = NAMED_ROLES.filter((role) => !PROVIDER_STAFF_ROLES.includes(role));

/** `Law Firm`, `LAW_FIRM`, `law-firm` and `law firm` all name the Law Firm type; undefined when none matches. */
export function subscriberTypeFrom(text: string | null | undefined): SubscriberEntityType | undefined {
  if (!text) return undefined;
  const key = text.trim().toLowerCase().replace(/[\s_-]+/g, " ");
  return SUBSCRIBER_ENTITY_TYPES.find((type) => type.toLowerCase() === key);
}

export function rolesForSubscriberType(type: string | null | undefined): readonly NamedRole[] {
  const known = subscriberTypeFrom(type);
  return known ? ROLES_BY_SUBSCRIBER_TYPE[known] : ASSIGNABLE_ROLES;
}

/** Why these roles cannot be given at a subscriber of this type, or null when they can. */
export function subscriberRolesProblem(roles: readonly string[], type: string | null | undefined): string | null {
  const allowed: readonly string[] = rolesForSubscriberType(type);
  const refused = roles.filter((role) => !allowed.includes(role));
  if (refused.length === 0) return null;
  const where = subscriberTypeFrom(type) ? `a ${subscriberTypeFrom(type)}` : "a subscriber";
  return refused.length === 1
    ? `The role ${refused[0]} cannot be given to users of ${where}`
    : `The roles ${refused.join(", ")} cannot be given to users of ${where}`;
}

/** The User Manager rule of document 3 section 5.3: may this person add or remove User Manager? */
export function userManagerChangeRefusal(
  previousRoles: readonly string[],
  nextRoles: readonly string[],
  actorIsHelpdeskAdministrator: boolean,
): string | null {
  if (actorIsHelpdeskAdministrator) return null;
  return previousRoles.includes("User Manager") !== nextRoles.includes("User Manager") ? USER_FORM_MESSAGES.userManager : null;
}

/** Role lists are compared as sets: the order a form or a file gives them in is not a change. */
export function sameRoles(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((role) => right.has(role));
}

/** A user's roles after replacing them (`role`), adding (`addRole`) and removing (`removeRole`), in the order given. */
export function editedRoles(current: readonly string[], change: { role?: readonly string[]; addRole?: readonly string[]; removeRole?: readonly string[] }): string[] {
  let roles = change.role ? [...change.role] : [...current];
  for (const role of change.addRole ?? []) if (!roles.includes(role)) roles.push(role);
  roles = roles.filter((role) => !(change.removeRole ?? []).includes(role));
  return roles;
}
