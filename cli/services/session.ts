/**
 * The logged-in session of a profile: which provider it belongs to, and a valid access token for it.
 * A device-flow token is refreshed when it has 30 seconds or less to live (the rotated refresh token is
 * saved at once); a client-credentials token is requested again with CONVEY_CLIENT_SECRET.
 */
import { randomUUID } from "node:crypto";
import type { RequestContext } from "../../core/shared/provider-client.js";
import { CliError, NotLoggedInError, SessionExpiredError } from "../errors.js";
import { apiUrlFor, CLIENT_ID_ENV, CLIENT_SECRET_ENV, TOKEN_ENV, type GlobalOptions } from "../globals.js";
import type { Io } from "../io.js";
import { CredentialsStore, type StoredCredentials } from "./credentials.js";
import { clientCredentialsToken, discover, oauthErrorCode, refreshTokens, type TokenSet } from "./oauth.js";

export const REFRESH_MARGIN_MS = 30_000;

export function expiresSoon(credentials: StoredCredentials, now: number): boolean {
  return Date.parse(credentials.expiresAt) - now <= REFRESH_MARGIN_MS;
}

/** The stored credentials of the profile, checked against the provider asked for, if any. */
export async function currentCredentials(io: Io, globals: GlobalOptions): Promise<StoredCredentials> {
  const credentials = await CredentialsStore.for(io, globals.profile).get();
  if (!credentials) throw new NotLoggedInError();
  const wanted = globals.apiUrl;
  if (wanted !== undefined && wanted !== credentials.apiUrl) {
    throw new NotLoggedInError(`Not logged in to ${wanted}: run \`convey login --api-url ${wanted}\``);
  }
  return credentials;
}

/** Where this run's access token comes from. */
export type SessionSource = "token" | "client" | "stored";

/**
 * How this run is authenticated, in order: CONVEY_TOKEN (used as it is); CONVEY_CLIENT_ID with
 * CONVEY_CLIENT_SECRET and no stored login of the profile (a script client's token, in memory only);
 * else the profile's stored login. The first two never touch the config folder.
 */
export async function sessionSource(io: Io, globals: GlobalOptions): Promise<SessionSource> {
  if (io.env[TOKEN_ENV]) return "token";
  if (io.env[CLIENT_ID_ENV] && io.env[CLIENT_SECRET_ENV]) {
    const stored = await CredentialsStore.for(io, globals.profile).get().catch(() => undefined);
    if (!stored) return "client";
  }
  return "stored";
}

/** A request context with a valid access token and one correlation id for the whole command. */
export async function authenticatedContext(io: Io, globals: GlobalOptions): Promise<RequestContext> {
  const correlationId = randomUUID();
  const source = await sessionSource(io, globals);
  if (source === "token") return { apiUrl: apiUrlFor(globals), accessToken: io.env[TOKEN_ENV]!, correlationId };
  if (source === "client") {
    const apiUrl = apiUrlFor(globals);
    const clientId = io.env[CLIENT_ID_ENV]!;
    try {
      const tokens = await clientCredentialsToken(apiUrl, await discover(apiUrl), { clientId, clientSecret: io.env[CLIENT_SECRET_ENV]! }, io.now());
      return { apiUrl, accessToken: tokens.accessToken, correlationId };
    } catch (error) {
      if (oauthErrorCode(error) === "invalid_client") {
        throw new CliError(`The provider refused client ${clientId} (${CLIENT_ID_ENV}) with the secret in ${CLIENT_SECRET_ENV}`);
      }
      throw error;
    }
  }
  let credentials = await currentCredentials(io, globals);
  if (expiresSoon(credentials, io.now())) credentials = await renew(io, globals.profile);
  return { apiUrl: credentials.apiUrl, accessToken: credentials.accessToken, correlationId };
}

/** Renews under the lock, after reading again: another process may have refreshed meanwhile. */
async function renew(io: Io, profile: string): Promise<StoredCredentials> {
  const renewed = await CredentialsStore.for(io, profile).update(async (current) => {
    if (!current) throw new NotLoggedInError();
    if (!expiresSoon(current, io.now())) return undefined;
    const tokens = await newTokens(io, current);
    return withTokens(current, tokens, io.now());
  });
  if (renewed) return renewed;
  const current = await CredentialsStore.for(io, profile).get();
  if (!current) throw new NotLoggedInError();
  return current;
}

async function newTokens(io: Io, credentials: StoredCredentials): Promise<TokenSet> {
  const discovery = await discover(credentials.apiUrl);
  if (credentials.kind === "client_credentials") {
    const clientSecret = io.env[CLIENT_SECRET_ENV];
    if (!clientSecret) {
      throw new CliError(
        `The access token of client ${credentials.clientId} has expired and ${CLIENT_SECRET_ENV} is not set: ` +
          `set ${CLIENT_SECRET_ENV} to the client's secret (convey never stores it) to renew the token`,
      );
    }
    try {
      return await clientCredentialsToken(
        credentials.apiUrl,
        discovery,
        { clientId: credentials.clientId, clientSecret },
        io.now(),
      );
    } catch (error) {
      if (oauthErrorCode(error) === "invalid_client") {
        throw new CliError(`The provider refused client ${credentials.clientId} with the secret in ${CLIENT_SECRET_ENV}`);
      }
      throw error;
    }
  }
  if (!credentials.refreshToken) throw new SessionExpiredError();
  try {
    return await refreshTokens(credentials.apiUrl, discovery, credentials.refreshToken, io.now());
  } catch (error) {
    if (oauthErrorCode(error) === "invalid_grant") throw new SessionExpiredError();
    throw error;
  }
}

export function withTokens(credentials: StoredCredentials, tokens: TokenSet, now: number): StoredCredentials {
  return {
    ...credentials,
    accessToken: tokens.accessToken,
    // Rotation: the new refresh token replaces the old one, which the provider no longer accepts.
    refreshToken: tokens.refreshToken ?? credentials.refreshToken,
    expiresAt: new Date(tokens.expiresAt).toISOString(),
    savedAt: new Date(now).toISOString(),
  };
}
