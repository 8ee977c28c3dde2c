/**
 * Authentication of API calls: `Authorization: Bearer <jwt>` checked by the identity provider (signature,
 * expiry, issuer, audience, grant still alive, user Active and not blocked). The verified caller is put on
 * the request; anything else is answered 401 before the route runs.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { unauthorized } from "../errors.js";
import { InvalidTokenError, type Oidc, type VerifiedCaller } from "../../identity/oidc.js";
import type { RequestMeta } from "../access.js";

export { isHelpdesk, requireHelpdeskAdministrator, requirePermission } from "../access.js";

declare module "fastify" {
  interface FastifyRequest {
    /** Set on every authenticated route (see `requireAuthentication`) before its handler runs. */
    caller: VerifiedCaller;
  }
}

const BEARER = /^Bearer[ \t]+([A-Za-z0-9\-._~+/]+=*)[ \t]*$/i;

export function bearerToken(authorization: string | undefined): string | undefined {
  return authorization ? BEARER.exec(authorization)?.[1] : undefined;
}

/** Every route registered in `instance` (an encapsulated plugin context) requires a valid access token. */
export function requireAuthentication(
  instance: FastifyInstance,
  oidc: Pick<Oidc, "verifyAccessToken">,
): void {
  instance.decorateRequest("caller");
  instance.addHook("onRequest", async (request) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw unauthorized("An access token is required: send it as Authorization: Bearer <token>.");
    try {
      request.caller = await oidc.verifyAccessToken(token);
    } catch (error) {
      if (error instanceof InvalidTokenError) {
        const reason = error.message.replace(/\.+$/, "") || "it is not valid";
        throw unauthorized(`The access token was refused: ${reason}.`);
      }
      throw error;
    }
  });
}

/** What the audit trail records about the request that made a change. */
export function requestMeta(request: FastifyRequest): RequestMeta {
  return { correlationId: request.id, ipAddress: request.ip ?? null };
}
