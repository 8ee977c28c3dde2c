/**
 * For loader tests that mock the session module: the signed-in user `requireUser` answers with, its calls
 * going to `apiUrl` (a provider stand-in the test starts). The helpdesk administrator unless told otherwise.
 */
import type { UserClaims } from "../../core/identity/claims.js";
import { ALL_PERMISSIONS, HELPDESK_ADMINISTRATOR } from "../../core/shared/permissions/roles.js";

export function signedInUser(
  apiUrl: string,
  claims: Pick<UserClaims, "userId" | "subscriberId" | "subscriberType" | "roles" | "permissions"> = {
    userId: "helen",
    subscriberId: null,
    subscriberType: null,
    roles: [HELPDESK_ADMINISTRATOR],
    permissions: [...ALL_PERMISSIONS],
  },
) {
  return {
    session: { id: "session-1" },
    claims: { ...claims, grantId: "grant-1" },
    csrfToken: "csrf",
    ctx: { apiUrl, accessToken: "token", correlationId: "correlation-1" },
  };
}
