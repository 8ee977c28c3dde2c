/**
 * Authentication of API calls: `Authorization: Bearer <jwt>` checked by the identity provider (signature,
 * expiry, issuer, audience, grant still alive, user Active and not blocked). The verified caller is put on
 * the request; anything else is answered 401 before the route runs. The web app's session store is the one
 * exception: it answers the web client authenticated with its secret, never a user's token.
 */
import { createHash, timingSafeEqual } from "node:crypto";
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

/** The client id and secret of `Authorization: Basic` (client_secret_basic: each part form-encoded). */
export function basicCredentials(authorization: string | undefined): { clientId: string; clientSecret: string } | undefined {
  const match = authorization ? /^Basic[ \t]+([A-Za-z0-9+/]+=*)[ \t]*$/i.exec(authorization) : null;
  if (!match) return undefined;
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return undefined;
  const formDecode = (value: string) => {
    try {
      return decodeURIComponent(value.replace(/\+/g, " "));
    } catch {
      return undefined;
    }
  };
  const clientId = formDecode(decoded.slice(0, colon));
  const clientSecret = formDecode(decoded.slice(colon + 1));
  return clientId === undefined || clientSecret === undefined ? undefined : { clientId, clientSecret };
}

/** Whether two secrets are equal, in a time that does not depend on where they differ. */
export function sameSecret(a: string, b: string): boolean {
  const left = createHash("sha256").update(a).digest();
  const right = createHash("sha256").update(b).digest();
  return timingSafeEqual(left, right);
}

/**
 * Every route registered in `instance` is for the web app's server alone: it must authenticate as the
 * confidential web client with its secret. A user's access token, or any other client, is refused with 401.
 */
export function requireWebClient(instance: FastifyInstance, webClient: { clientId: string; clientSecret: string }): void {
  instance.addHook("onRequest", async (request) => {
    const credentials = basicCredentials(request.headers.authorization);
    if (!credentials) {
      throw unauthorized("Only the web app may call this: authenticate as its OAuth client with Authorization: Basic.");
    }
    if (credentials.clientId !== webClient.clientId || !sameSecret(credentials.clientSecret, webClient.clientSecret)) {
      throw unauthorized("The client id or secret was refused.");
    }
  });
}
