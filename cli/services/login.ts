/** Logging in (device flow for people, client credentials for scripts) and out; tokens are never returned. */
import type { Me } from "../../core/identity/api.js";
import { readAccessToken } from "../../core/identity/claims.js";
import { getMe } from "../../core/administration/subscriber-users-client.js";
import { CliError } from "../errors.js";
import { describeError } from "../report.js";
import type { Io } from "../io.js";
import { CredentialsStore, type StoredCredentials } from "./credentials.js";
import {
  CLI_CLIENT_ID,
  clientCredentialsToken,
  discover,
  oauthErrorCode,
  pollDeviceToken,
  revokeRefreshToken,
  startDeviceAuthorization,
  type DeviceAuthorization,
  type TokenSet,
} from "./oauth.js";

export interface LoginResult {
  profile: string;
  apiUrl: string;
  kind: StoredCredentials["kind"];
  clientId: string;
  subscriberId: string | null;
  expiresAt: string;
  credentialsFile: string;
  me: Me;
}

export interface DeviceLoginRequest {
  apiUrl: string;
  profile: string;
  subscriberId?: string;
}

export async function loginWithDeviceFlow(
  io: Io,
  request: DeviceLoginRequest,
  onCode: (authorization: DeviceAuthorization) => void | Promise<void>,
): Promise<LoginResult> {
  const discovery = await discover(request.apiUrl);
  const authorization = await startDeviceAuthorization(request.apiUrl, discovery, {
    subscriberId: request.subscriberId,
    now: io.now(),
  });
  await onCode(authorization);
  const tokens = await pollDeviceToken(request.apiUrl, discovery, authorization, io);
  return finishLogin(io, request.profile, tokens, {
    apiUrl: request.apiUrl,
    kind: "device",
    clientId: CLI_CLIENT_ID,
    subscriberId: request.subscriberId,
  });
}

export interface ClientCredentialsLoginRequest {
  apiUrl: string;
  profile: string;
  clientId: string;
  clientSecret: string;
}

export async function loginWithClientCredentials(io: Io, request: ClientCredentialsLoginRequest): Promise<LoginResult> {
  const discovery = await discover(request.apiUrl);
  let tokens: TokenSet;
  try {
    tokens = await clientCredentialsToken(request.apiUrl, discovery, request, io.now());
  } catch (error) {
    if (oauthErrorCode(error) === "invalid_client") {
      throw new CliError(`The provider refused client ${request.clientId}: check the client id and secret`);
    }
    throw error;
  }
  return finishLogin(io, request.profile, tokens, {
    apiUrl: request.apiUrl,
    kind: "client_credentials",
    clientId: request.clientId,
  });
}

async function finishLogin(
  io: Io,
  profile: string,
  tokens: TokenSet,
  identity: Pick<StoredCredentials, "apiUrl" | "kind" | "clientId" | "subscriberId">,
): Promise<LoginResult> {
  const credentials: StoredCredentials = {
    ...identity,
    accessToken: tokens.accessToken,
    // Client credentials have no refresh token, and their secret is never stored.
    refreshToken: identity.kind === "device" ? tokens.refreshToken : undefined,
    expiresAt: new Date(tokens.expiresAt).toISOString(),
    savedAt: new Date(io.now()).toISOString(),
  };
  const store = CredentialsStore.for(io, profile);
  let previous: StoredCredentials | undefined;
  await store.update((current) => {
    previous = current;
    return credentials;
  });
  if (previous) await revokePrevious(previous, credentials);
  const me = await getMe({ apiUrl: credentials.apiUrl, accessToken: credentials.accessToken });
  return {
    profile,
    apiUrl: credentials.apiUrl,
    kind: credentials.kind,
    clientId: credentials.clientId,
    subscriberId: credentials.subscriberId ?? null,
    expiresAt: credentials.expiresAt,
    credentialsFile: store.file,
    me,
  };
}

/**
 * A new login replaces the profile's old one: end the old grant too, if the provider is reachable. The
 * provider may have reused the old grant for the new login (same subscriber, same browser session); its
 * grant id (`gid` in the access token) tells, and a shared grant is left alone.
 */
async function revokePrevious(previous: StoredCredentials, next: StoredCredentials): Promise<void> {
  if (previous.kind !== "device" || !previous.refreshToken || previous.apiUrl !== next.apiUrl) return;
  const previousGrant = grantIdOf(previous.accessToken);
  const nextGrant = grantIdOf(next.accessToken);
  if (previousGrant === undefined || nextGrant === undefined || previousGrant === nextGrant) return;
  try {
    await revokeRefreshToken(previous.apiUrl, await discover(previous.apiUrl), previous.refreshToken);
  } catch {
    // The old refresh token expires on its own; the new login does not depend on this.
  }
}

/** The grant id claim of a JWT access token, read without verification (only to compare two grants). */
export function grantIdOf(accessToken: string): string | undefined {
  try {
    return readAccessToken(accessToken).grantId ?? undefined;
  } catch {
    return undefined;
  }
}

export interface LogoutResult {
  profile: string;
  wasLoggedIn: boolean;
  /** Whether the provider ended the grant (device logins; client-credentials tokens simply expire). */
  revoked: boolean;
  apiUrl: string | null;
}

export async function logout(io: Io, profile: string, options: { force: boolean }): Promise<LogoutResult> {
  const store = CredentialsStore.for(io, profile);
  const credentials = await store.get();
  if (!credentials) return { profile, wasLoggedIn: false, revoked: false, apiUrl: null };
  let revoked = false;
  if (credentials.kind === "device" && credentials.refreshToken) {
    try {
      await revokeRefreshToken(credentials.apiUrl, await discover(credentials.apiUrl), credentials.refreshToken);
      revoked = true;
    } catch (error) {
      if (!options.force) {
        throw new CliError(
          `The session could not be revoked at ${credentials.apiUrl} (${describeError(error).message}), so the ` +
            "credentials were kept: run `convey logout` again, or `convey logout --force` to forget them anyway",
        );
      }
    }
  }
  await store.update(() => null);
  return { profile, wasLoggedIn: true, revoked, apiUrl: credentials.apiUrl };
}
