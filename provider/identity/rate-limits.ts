/**
 * Request rate limits per client address on the login form and the token endpoints (docs/decisions/0020), in
 * front of the login throttling (login-throttle.ts): these cap how fast one address may send requests at all,
 * the throttling how many wrong passwords it may try. An address over a limit is answered 429
 * TOO_MANY_REQUESTS with when to try again (and `retry-after`), before any password is hashed.
 *
 * The web app's server is not limited on the token endpoints when it authenticates as the web client with
 * its secret: it exchanges codes and refreshes tokens for every browser from one address.
 */
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ApiError } from "../platform/errors.js";
import { basicCredentials, sameSecret } from "../platform/http/auth.js";

export const LOGIN_RATE_LIMITS = {
  /** Login form submissions per address per minute. */
  loginPerMinute: 60,
  /** Token, device authorization and revocation requests per address per minute (the web client apart). */
  tokenPerMinute: 120,
} as const;

export async function registerLoginRateLimits(
  app: FastifyInstance,
  options: { mountPath: string; webClient: { clientId: string; clientSecret: string } },
): Promise<void> {
  const { mountPath, webClient } = options;
  const loginForm = new RegExp(`^${mountPath}/interaction/[^/]+/login$`);
  const tokenEndpoints = new Set(["/token", "/token/revocation", "/device/auth"].map((path) => `${mountPath}${path}`));

  const pathOf = (request: FastifyRequest) => request.url.split("?")[0] ?? "";
  const isLogin = (request: FastifyRequest) => request.method === "POST" && loginForm.test(pathOf(request));
  const isWebClient = (request: FastifyRequest) => {
    const credentials = basicCredentials(request.headers.authorization);
    return credentials !== undefined && credentials.clientId === webClient.clientId && sameSecret(credentials.clientSecret, webClient.clientSecret);
  };
  const isLimitedToken = (request: FastifyRequest) => request.method === "POST" && tokenEndpoints.has(pathOf(request)) && !isWebClient(request);

  // Two counters per address: the login form's and the token endpoints'.
  const keyOf = (request: FastifyRequest) => `${isLogin(request) ? "login" : "token"}:${request.ip}`;

  await app.register(rateLimit, {
    global: true,
    timeWindow: 60_000,
    max: (request) => (isLogin(request) ? LOGIN_RATE_LIMITS.loginPerMinute : LOGIN_RATE_LIMITS.tokenPerMinute),
    keyGenerator: keyOf,
    // Every other request passes untouched.
    allowList: (request) => !isLogin(request) && !isLimitedToken(request),
    errorResponseBuilder: (_request, context) =>
      new ApiError(
        429,
        "TOO_MANY_REQUESTS",
        `Too many requests from your address: try again in ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds.`,
      ),
  });
}
