/**
 * The identity provider: oidc-provider 8 mounted under the issuer's path (/oidc) of the Fastify app, with the
 * product's own login page, database persistence, JWT access tokens for the provider API that carry the
 * selected subscriber, roles and permissions, and the refusals the spec maps (docs/architecture.md).
 *
 *   const oidc = await createOidc({ config, db, log, clock });
 *   await oidc.register(app);                          // /oidc/* incl. the login pages and their assets
 *   const caller = await oidc.verifyAccessToken(jwt);  // throws InvalidTokenError
 *   await oidc.revokeUserGrants(userId);               // on suspension (of the account)
 *   await oidc.revokeUserGrants(userId, subscriberId); // on suspension at one subscriber
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import Provider, { type KoaContextWithOIDC } from "oidc-provider";
import type { ProviderConfig } from "../platform/config.js";
import type { DB } from "../platform/db/index.js";
import { rememberClientIp } from "./client-ip.js";
import { buildConfiguration } from "./configuration.js";
import { providerPages } from "./provider-pages.js";
import { LOGOUT_SCRIPT, PRODUCT_CSS } from "./html.js";
import type { Clock } from "./activation.js";
import { registerActivationRoutes } from "./activation-routes.js";
import { registerInteractionRoutes } from "./interactions.js";
import { createLoginThrottle } from "./login-throttle.js";
import { revokeUserGrants } from "./revoke-user.js";
import { contentSecurityPolicy, originsOf, securityHeaders } from "./security-headers.js";
import { createAccessTokenVerifier, type VerifiedCaller } from "./verify.js";

export { InvalidTokenError, type VerifiedCaller } from "./verify.js";

export interface Oidc {
  provider: Provider;
  /** Mounts /oidc/* (the provider, the login pages and their assets) on the Fastify app. */
  register(app: FastifyInstance): Promise<void>;
  /** Signature, expiry, issuer, audience, grant (or script client) still valid, user Active and not blocked. */
  verifyAccessToken(token: string): Promise<VerifiedCaller>;
  /**
   * Destroys every grant, session, code and token of the user (suspension of the account), or, given a
   * subscriber, the grants issued for that subscriber with their codes and tokens (suspension there).
   */
  revokeUserGrants(userId: string, subscriberId?: string): Promise<void>;
}

/** The public path the provider lives under: the issuer's path, e.g. /oidc */
export function mountPathOf(issuer: string): string {
  const path = new URL(issuer).pathname.replace(/\/+$/, "");
  if (!path) throw new Error(`The OIDC issuer must have a path, e.g. ${issuer.replace(/\/+$/, "")}/oidc`);
  return path;
}

const require = createRequire(import.meta.url);

export async function createOidc(deps: { config: ProviderConfig; db: DB; log: FastifyBaseLogger; clock: Clock }): Promise<Oidc> {
  const { config, db, log, clock } = deps;
  const throttle = createLoginThrottle({ db, now: () => clock.now() });
  const mountPath = mountPathOf(config.issuer);
  const pages = providerPages({ mountPath, appUrl: `${config.appUrl}/` });
  const provider = new Provider(config.issuer, buildConfiguration({ config, db, mountPath, pages }));
  // Forwarded protocol and host are honoured (TLS offloading); the client address comes from Fastify.
  provider.proxy = true;

  const csp = contentSecurityPolicy(originsOf([...config.webClient.redirectUris, ...config.webClient.postLogoutRedirectUris]));
  const pageHeaders = securityHeaders(csp);
  provider.use(async (ctx, next) => {
    // Set before the provider renders, so that its auto-submit pages add their script's hash to the CSP.
    ctx.set(pageHeaders);
    await next();
    pages.replaceSessionlessLogout(ctx as KoaContextWithOIDC);
  });
  provider.on("server_error", (_ctx: unknown, error: Error) => log.error({ err: error }, "identity provider error"));

  const verifyAccessToken = createAccessTokenVerifier({ config, db });
  const callback = provider.callback();

  async function register(app: FastifyInstance): Promise<void> {
    // oidc-provider reads its own request bodies: the stream is handed over untouched.
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser("*", (_request, _payload, done) => done(null));
      scope.all(`${mountPath}/*`, (request, reply) => {
        const raw = request.raw as typeof request.raw & { originalUrl?: string };
        const url = raw.url ?? "/";
        rememberClientIp(raw, request.ip);
        // Koa sees the path below the mount point; originalUrl lets it build absolute /oidc/... URLs.
        raw.originalUrl = url;
        raw.url = url.slice(mountPath.length) || "/";
        reply.hijack();
        void callback(raw, reply.raw);
      });
    });

    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser(
        "application/x-www-form-urlencoded",
        { parseAs: "string", bodyLimit: 16 * 1024 },
        (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      );
      registerInteractionRoutes(scope, { provider, db, throttle, log, clock, mountPath, appUrl: config.appUrl, pageHeaders });
      registerActivationRoutes(scope, {
        db,
        clock,
        log,
        mountPath,
        appUrl: config.appUrl,
        secure: new URL(config.issuer).protocol === "https:",
        pageHeaders,
      });
      registerAssets(scope, `${mountPath}/assets`);
    });
  }

  return { provider, register, verifyAccessToken, revokeUserGrants: (userId, subscriberId) => revokeUserGrants(db, userId, subscriberId) };
}

function registerAssets(scope: FastifyInstance, assetsPath: string): void {
  const pico = readFileSync(require.resolve("@picocss/pico/css/pico.min.css"));
  const assets: Record<string, { type: string; body: string | Buffer }> = {
    "pico.min.css": { type: "text/css; charset=utf-8", body: pico },
    "oidc.css": { type: "text/css; charset=utf-8", body: PRODUCT_CSS },
    "logout.js": { type: "text/javascript; charset=utf-8", body: LOGOUT_SCRIPT },
  };
  for (const [name, asset] of Object.entries(assets)) {
    scope.get(`${assetsPath}/${name}`, (_request, reply) =>
      reply
        .type(asset.type)
        .headers({ "cache-control": "public, max-age=3600", "x-content-type-options": "nosniff" })
        .send(asset.body),
    );
  }
}
