/**
 * Where the login callback sends a user, from the identity provider's error_description
 * (document 1 section 2.2). The query string is kept by the caller.
 */
export const LOGIN_REFUSALS = {
  blocked: "user is blocked",
  suspended: "user is suspended",
  unrecognisedIp: "Access denied for your IP address.",
} as const;

export const ACCOUNT_PAGES = {
  blocked: "/user/blocked",
  suspended: "/user/suspended",
  unrecognisedIp: "/user/unrecognised-ip-address",
  linkExpired: "/email/verification-link-expired",
  alreadyVerified: "/email/already-verified",
  notActivated: "/user/account-not-activated",
} as const;

export const LANDING_PAGE = "/workspaces";

const NOT_PART_OF_ORGANIZATION = /^user .+ is not part of the .+ organization$/;

export function notPartOfOrganization(userId: string, subscriberName: string): string {
  return `user ${userId} is not part of the ${subscriberName} organization`;
}

/** The path (without query string) a login return goes to; undefined description means no error. */
export function loginReturnPath(errorDescription: string | null | undefined): string {
  if (errorDescription === null || errorDescription === undefined) return LANDING_PAGE;
  const description = errorDescription.trim();
  if (description === LOGIN_REFUSALS.blocked) return ACCOUNT_PAGES.blocked;
  if (description === LOGIN_REFUSALS.suspended) return ACCOUNT_PAGES.suspended;
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
