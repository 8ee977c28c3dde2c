/**
 * Login with the provider's OpenID Connect endpoints through remix-auth and remix-auth-oauth2: authorization
 * code with PKCE (S256), a confidential client (HTTP Basic), refresh tokens, and the subscriber chosen with
 * the `organization` authorization parameter (as Auth0 does). Endpoints follow docs/architecture.md.
 *
 * The strategy builds the authorization redirect, keeps state and the PKCE verifier in its cookie and checks
 * them on the callback; the token-endpoint calls themselves go through core's provider client (undici).
 * arctic's own calls use the global fetch, which under remix-serve is undici 6 dispatching through the
 * undici 7 agent that core's client registers, and that agent refuses the Content-Length header arctic sets.
 */
import { Authenticator } from "remix-auth";
import { OAuth2RequestError, OAuth2Strategy } from "remix-auth-oauth2";
import { API_AUDIENCE, ORGANIZATION_PARAM } from "../../core/shared/contract.js";
import { exchangeAuthorizationCode, refreshAccessToken, revokeRefreshToken as revokeAtProvider, type ConfidentialClient, type TokenEndpointResponse } from "../../core/identity/oauth.js";
import { ProviderError, ProviderUnavailableError } from "../../core/shared/provider-errors.js";
import { config } from "../config.server";
import type { TokenSet } from "../session/token-refresh.server";
import { readAccessToken, type UserClaims } from "../../core/identity/claims";

const STRATEGY = "convey";
/** Name prefix of the short-lived cookies that carry the OAuth state and PKCE verifier (one per login started). */
const STATE_COOKIE = "convey_oauth";
/** Only the callback reads the state cookie. */
const STATE_COOKIE_PATH = "/authorize";

const issuer = `${config.providerUrl}/oidc`;
export const oidcEndpoints = {
  authorization: `${issuer}/auth`,
  token: `${issuer}/token`,
  revocation: `${issuer}/token/revocation`,
  endSession: `${issuer}/session/end`,
} as const;

export const LOGIN_SCOPES = ["openid", "offline_access", "profile", "email"];

export interface LoginResult extends TokenSet {
  claims: UserClaims;
}

type OAuth2Tokens = OAuth2Strategy.VerifyOptions["tokens"];

const webClient: ConfidentialClient = {
  clientId: config.webClientId,
  clientSecret: config.webClientSecret,
  tokenEndpoint: oidcEndpoints.token,
  revocationEndpoint: oidcEndpoints.revocation,
};
const redirectURI = `${config.appUrl}/authorize`;

/** The provider's OAuth refusals as remix-auth-oauth2 reports them (`code` = error, `description`). */
function asOAuthError(error: unknown): unknown {
  if (error instanceof ProviderError && !(error instanceof ProviderUnavailableError) && error.status < 500) {
    return new OAuth2RequestError(error.code, error.message, null, null);
  }
  return error;
}

/** A token response in the shape of arctic's OAuth2Tokens, which the strategy's verify callback receives. */
function oauth2Tokens(data: TokenEndpointResponse): OAuth2Tokens {
  const missing = (field: string): never => {
    throw new Error(`Missing or invalid '${field}' field`);
  };
  return {
    data,
    tokenType: () => data.token_type,
    accessToken: () => data.access_token,
    accessTokenExpiresInSeconds: () => data.expires_in ?? missing("expires_in"),
    accessTokenExpiresAt: () => new Date(Date.now() + (data.expires_in ?? missing("expires_in")) * 1000),
    hasRefreshToken: () => typeof data.refresh_token === "string",
    refreshToken: () => data.refresh_token ?? missing("refresh_token"),
    hasScopes: () => typeof data.scope === "string",
    scopes: () => (data.scope ?? missing("scope")).split(" "),
    idToken: () => data.id_token ?? missing("id_token"),
  };
}

/** Adds `resource`, `organization` and, for a fresh login, `prompt=login` to the authorization request. */
class ConveyStrategy extends OAuth2Strategy<LoginResult> {
  override name = STRATEGY;

  protected override authorizationParams(params: URLSearchParams, request: Request): URLSearchParams {
    const result = new URLSearchParams(params);
    result.set("resource", API_AUDIENCE);
    // The request reaching here was built by startLogin from validated values only.
    const wanted = new URL(request.url).searchParams;
    const organization = wanted.get(ORGANIZATION_PARAM);
    if (organization) result.set(ORGANIZATION_PARAM, organization);
    if (wanted.get("prompt") === "login") result.set("prompt", "login");
    return result;
  }

  protected override async validateAuthorizationCode(code: string, codeVerifier: string): Promise<OAuth2Tokens> {
    try {
      return oauth2Tokens(await exchangeAuthorizationCode(webClient, { code, codeVerifier, redirectUri: redirectURI }));
    } catch (error) {
      throw asOAuthError(error);
    }
  }
}

function toLoginResult(tokens: OAuth2Tokens, previousRefreshToken: string | null = null): LoginResult {
  const accessToken = tokens.accessToken();
  const claims = readAccessToken(accessToken);
  const data = tokens.data as Record<string, unknown>;
  const expiresAt =
    claims.expiresAt ?? (typeof data.expires_in === "number" ? tokens.accessTokenExpiresAt().getTime() : Date.now());
  return {
    accessToken,
    accessTokenExpiresAt: expiresAt,
    refreshToken: tokens.hasRefreshToken() ? tokens.refreshToken() : previousRefreshToken,
    idToken: typeof data.id_token === "string" ? data.id_token : null,
    claims,
  };
}

const strategy = new ConveyStrategy(
  {
    clientId: config.webClientId,
    clientSecret: config.webClientSecret,
    authorizationEndpoint: oidcEndpoints.authorization,
    tokenEndpoint: oidcEndpoints.token,
    tokenRevocationEndpoint: oidcEndpoints.revocation,
    redirectURI,
    scopes: LOGIN_SCOPES,
    // Auth0 reads `audience`; oidc-provider reads `resource` (added above) and ignores this one.
    audience: API_AUDIENCE,
    cookie: {
      name: STATE_COOKIE,
      path: STATE_COOKIE_PATH,
      httpOnly: true,
      sameSite: "Lax",
      ...(config.secureCookies ? { secure: true as const } : {}),
    },
  },
  async ({ tokens }) => toLoginResult(tokens),
);

export const authenticator = new Authenticator<LoginResult>().use(strategy);

export interface LoginOptions {
  /** The subscriber to log in for; the provider picks the primary one when absent. */
  organization?: string | null;
  /** Ask for the password even when the provider still holds a session (after logout, or with no app session). */
  freshLogin: boolean;
}

/** Sends the browser to the provider's authorization endpoint. Always throws (the redirect is a Response). */
export async function startLogin(request: Request, options: LoginOptions): Promise<never> {
  const url = new URL("/login", config.appUrl);
  if (options.organization) url.searchParams.set(ORGANIZATION_PARAM, options.organization);
  if (options.freshLogin) url.searchParams.set("prompt", "login");
  await authenticator.authenticate(STRATEGY, new Request(url, { headers: request.headers }));
  throw new Error("The login strategy returned without redirecting to the provider.");
}

/**
 * Completes the login on the callback: checks the state cookie, exchanges the code (with the PKCE verifier)
 * and decodes the access token. Throws OAuth2RequestError for the provider's refusals, ReferenceError or
 * RangeError when the state cookie is missing or does not match.
 */
export function completeLogin(request: Request): Promise<LoginResult> {
  return authenticator.authenticate(STRATEGY, request);
}

/**
 * A refresh without `scope` (the strategy's own refreshToken() sends the configured scopes, which
 * oidc-provider refuses with invalid_scope). A refusal throws OAuth2RequestError.
 */
export async function refreshTokens(refreshToken: string): Promise<LoginResult> {
  try {
    return toLoginResult(oauth2Tokens(await refreshAccessToken(webClient, refreshToken)), refreshToken);
  } catch (error) {
    throw asOAuthError(error);
  }
}

/** Revokes a refresh token, which destroys its grant at the provider (and so every access token of it). */
export function revokeRefreshToken(refreshToken: string): Promise<void> {
  return revokeAtProvider(webClient, refreshToken);
}

/** The provider's RP-initiated logout, returning to the app's root. */
export function endSessionUrl(idToken: string | null): string {
  const url = new URL(oidcEndpoints.endSession);
  url.searchParams.set("client_id", config.webClientId);
  url.searchParams.set("post_logout_redirect_uri", `${config.appUrl}/`);
  if (idToken) url.searchParams.set("id_token_hint", idToken);
  return url.toString();
}

/** Set-Cookie headers that delete the state cookies a finished (or failed) login leaves behind. */
export function clearStateCookies(request: Request): string[] {
  const names = (request.headers.get("Cookie") ?? "")
    .split(";")
    .map((pair) => pair.split("=")[0]?.trim() ?? "")
    .filter((name) => name.startsWith(`${STATE_COOKIE}:`));
  const secure = config.secureCookies ? "; Secure" : "";
  return names.map((name) => `${name}=; Path=${STATE_COOKIE_PATH}; Max-Age=0; HttpOnly; SameSite=Lax${secure}`);
}
