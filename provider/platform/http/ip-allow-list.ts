/**
 * The subscriber's IP allow list on the API (document 3 section 2.4, issue 5): a caller acting for a
 * subscriber whose list is not empty may call only from an address on it; anything else is answered 403
 * with the login refusal's own words. The helpdesk administrator (no subscriber) is not subject to any
 * subscriber's list. Script clients act for their subscriber, so they are subject to it too.
 *
 * The address is Fastify's `request.ip`, which honours X-Forwarded-For from trusted proxies only
 * (TRUST_PROXY, loopback by default; core/shared/client-address.ts): the app server forwards its user's address that way. The list is
 * read on every call, with the token's standing (oidc/verify.ts), so a change applies to the very next
 * request.
 */
import type { FastifyInstance } from "fastify";
import { IP_ADDRESS_NOT_ALLOWED, LOGIN_REFUSALS } from "../../../core/identity/login-errors.js";
import { ApiError } from "../errors.js";
import { isAddressAllowed } from "../security/ip-allow-list.js";

/** Registered after `requireAuthentication` in the same context, so the caller is known. */
export function enforceIpAllowList(instance: FastifyInstance): void {
  instance.addHook("onRequest", async (request) => {
    const subscriberId = request.caller?.subscriberId;
    if (!subscriberId) return;
    if (!isAddressAllowed(request.ip, request.caller.ipAllowList)) {
      request.log.info({ subscriberId, ip: request.ip }, "API call refused by the subscriber's IP allow list");
      throw new ApiError(403, IP_ADDRESS_NOT_ALLOWED, LOGIN_REFUSALS.unrecognisedIp);
    }
  });
}
