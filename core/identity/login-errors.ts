/**
 * Where the login callback sends a user, from the identity provider's error_description
 * (document 1 section 2.2). The query string is kept by the caller.
 */
export const LOGIN_REFUSALS = {
  blocked: "user is blocked",
  /** The account is suspended by the provider's support (everywhere). */
  suspended: "user is suspended",
  /** The user is suspended at the requested subscriber by its User Manager (document 1 section 6). */
  suspendedByUserManager: "user is suspended by a user manager",
  unrecognisedIp: "Access denied for your IP address.",
} as const;

/**
 * Who suspended the account, carried to the suspended page in its query string so that the page says it
 * (document 1 section 6, document 3 section 8.4); without it, the page speaks of the provider's support.
 */
/**
 * The provider API's code for a call from outside the selected subscriber's IP allow list (403, with
 * `LOGIN_REFUSALS.unrecognisedIp` as its message): a live session then ends on the unrecognised IP page.
 */
export const IP_ADDRESS_NOT_ALLOWED = "IP_ADDRESS_NOT_ALLOWED";

export const SUSPENDED_BY_PARAM = "suspended_by";
export const SUSPENDED_BY_USER_MANAGER = "user-manager";

export const ACCOUNT_PAGES = {
  blocked: "/user/blocked",
  suspended: "/user/suspended",
  unrecognisedIp: "/user/unrecognised-ip-address",
  linkExpired: "/email/verification-link-expired",
  alreadyVerified: "/email/already-verified",
  notActivated: "/user/account-not-activated",
} as const;

export const LANDING_PAGE = "/workspaces";

/**
 * The texts of a blocked and a suspended account: the specification's literal ones (document 1 section 2.2:
 * `user blocked`, `user suspended`) and those this product's identity provider sends (`user is blocked`,
 * `user is suspended`, as Auth0 does).
 */
const BLOCKED_TEXTS: ReadonlySet<string> = new Set(["user blocked", LOGIN_REFUSALS.blocked]);
const SUSPENDED_TEXTS: ReadonlySet<string> = new Set(["user suspended", LOGIN_REFUSALS.suspended]);

const NOT_PART_OF_ORGANIZATION = /^user .+ is not part of the .+ organization$/;

export function notPartOfOrganization(userId: string, subscriberName: string): string {
  return `user ${userId} is not part of the ${subscriberName} organization`;
}

/**
 * The page a login return goes to (a path, with the query parameters the page itself needs); undefined
 * description means no error.
 */
export function loginReturnPath(errorDescription: string | null | undefined): string {
  if (errorDescription === null || errorDescription === undefined) return LANDING_PAGE;
  const description = errorDescription.trim();
  if (BLOCKED_TEXTS.has(description)) return ACCOUNT_PAGES.blocked;
  if (SUSPENDED_TEXTS.has(description)) return ACCOUNT_PAGES.suspended;
  if (description === LOGIN_REFUSALS.suspendedByUserManager) {
    return `${ACCOUNT_PAGES.suspended}?${SUSPENDED_BY_PARAM}=${SUSPENDED_BY_USER_MANAGER}`;
  }
  if (description === LOGIN_REFUSALS.unrecognisedIp) return ACCOUNT_PAGES.unrecognisedIp;
  if (description === "This account is already verified" || description === "This URL can be used only once") {
    return ACCOUNT_PAGES.alreadyVerified;
  }
  if (description === "Access expired" || description === "invitation not found or already used") {
    return ACCOUNT_PAGES.linkExpired;
  }
  if (NOT_PART_OF_ORGANIZATION.test(description)) return ACCOUNT_PAGES.notActivated;
  return "/workspaces";
}
