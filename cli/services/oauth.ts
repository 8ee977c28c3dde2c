/**
 * The OAuth calls the CLI makes to the provider's identity provider (mounted under /oidc): discovery,
 * the device authorization grant (RFC 8628), refresh, client credentials and revocation (RFC 7009).
 * They go through core's provider client, which turns `{ error, error_description }` answers into a
 * ProviderError whose `code` is the OAuth error and whose message is the description.
 */
import { z } from "zod";
import { API_AUDIENCE, ORGANIZATION_PARAM } from "../../core/shared/contract.js";
import { call, type RequestContext } from "../../core/shared/provider-client.js";
import { ProviderError, ProviderUnavailableError } from "../../core/shared/provider-errors.js";
import { CliError } from "../errors.js";

/** The public client of the CLI (device flow + refresh tokens). */
export const CLI_CLIENT_ID = "convey-cli";
export const DEVICE_FLOW_SCOPE = "openid offline_access profile email";
const DEVICE_CODE_GRANT = "urn:ietf:params:oauth:grant-type:device_code";
/** RFC 8628 section 3.2: the interval when the provider gives none, and the slow_down step. */
const DEFAULT_INTERVAL_SECONDS = 5;
const SLOW_DOWN_SECONDS = 5;
const DEFAULT_TOKEN_LIFETIME_SECONDS = 300;

const DiscoverySchema = z.object({
  issuer: z.string(),
  token_endpoint: z.string(),
  device_authorization_endpoint: z.string().optional(),
  revocation_endpoint: z.string().optional(),
});
export type Discovery = z.infer<typeof DiscoverySchema>;

const DeviceAuthorizationSchema = z.object({
  device_code: z.string(),
  user_code: z.string(),
  verification_uri: z.string(),
  verification_uri_complete: z.string().optional(),
  expires_in: z.number().positive(),
  interval: z.number().nonnegative().optional(),
});

const TokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.string(),
  expires_in: z.number().positive().optional(),
  refresh_token: z.string().optional(),
  scope: z.string().optional(),
});

export interface DeviceAuthorization {
  deviceCode: string;
  userCode: string;
  verificationUri: string;
  verificationUriComplete?: string;
  /** Epoch milliseconds after which the device code is no longer accepted. */
  expiresAt: number;
  intervalSeconds: number;
}

export interface TokenSet {
  accessToken: string;
  refreshToken?: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

/** The identity provider's metadata at `${apiUrl}/oidc/.well-known/openid-configuration`. */
export async function discover(apiUrl: string): Promise<Discovery> {
  const url = `${apiUrl}/oidc/.well-known/openid-configuration`;
  try {
    return (await call({ apiUrl }, "GET", url, { schema: DiscoverySchema })).data;
  } catch (error) {
    if (error instanceof ProviderError && !(error instanceof ProviderUnavailableError)) {
      throw new CliError(`No identity provider answered at ${url} (${error.status})`);
    }
    throw error;
  }
}

export async function startDeviceAuthorization(
  apiUrl: string,
  discovery: Discovery,
  options: { subscriberId?: string; now: number },
): Promise<DeviceAuthorization> {
  const endpoint = discovery.device_authorization_endpoint;
  if (!endpoint) throw new CliError(`The identity provider at ${apiUrl} does not offer the device login`);
  const form: Record<string, string> = {
    client_id: CLI_CLIENT_ID,
    scope: DEVICE_FLOW_SCOPE,
    resource: API_AUDIENCE,
  };
  if (options.subscriberId) form[ORGANIZATION_PARAM] = options.subscriberId;
  const { data } = await call({ apiUrl }, "POST", endpoint, { form, schema: DeviceAuthorizationSchema });
  return {
    deviceCode: data.device_code,
    userCode: data.user_code,
    verificationUri: data.verification_uri,
    verificationUriComplete: data.verification_uri_complete,
    expiresAt: options.now + data.expires_in * 1000,
    intervalSeconds: data.interval ?? DEFAULT_INTERVAL_SECONDS,
  };
}

export interface PollClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const DEVICE_CODE_EXPIRED = "The login code expired before it was approved: run `convey login` again";

/**
 * Polls the token endpoint until the person approves or refuses: waits `interval` between polls,
 * adds 5 seconds on `slow_down`, keeps going on `authorization_pending`, and stops on anything else.
 */
export async function pollDeviceToken(
  apiUrl: string,
  discovery: Discovery,
  authorization: DeviceAuthorization,
  clock: PollClock,
): Promise<TokenSet> {
  let intervalSeconds = authorization.intervalSeconds;
  for (;;) {
    await clock.sleep(intervalSeconds * 1000);
    if (clock.now() >= authorization.expiresAt) throw new CliError(DEVICE_CODE_EXPIRED);
    try {
      return await requestToken(apiUrl, discovery, clock.now(), {
        grant_type: DEVICE_CODE_GRANT,
        device_code: authorization.deviceCode,
        client_id: CLI_CLIENT_ID,
      });
    } catch (error) {
      const code = oauthErrorCode(error);
      if (code === "authorization_pending") continue;
      if (code === "slow_down") {
        intervalSeconds += SLOW_DOWN_SECONDS;
        continue;
      }
      if (code === "expired_token") throw new CliError(DEVICE_CODE_EXPIRED);
      if (code === "access_denied") throw new CliError(`Login refused: ${(error as ProviderError).message}`);
      throw error;
    }
  }
}

/** Refresh without `scope` (oidc-provider answers invalid_scope otherwise); the grant keeps its resource. */
export async function refreshTokens(apiUrl: string, discovery: Discovery, refreshToken: string, now: number) {
  return requestToken(apiUrl, discovery, now, {
    grant_type: "refresh_token",
    refresh_token: refreshToken,
    client_id: CLI_CLIENT_ID,
  });
}

/** Client credentials with client_secret_basic (RFC 6749 section 2.3.1: each part form-encoded). */
export async function clientCredentialsToken(
  apiUrl: string,
  discovery: Discovery,
  client: { clientId: string; clientSecret: string },
  now: number,
): Promise<TokenSet> {
  const basic = Buffer.from(`${formEncode(client.clientId)}:${formEncode(client.clientSecret)}`).toString("base64");
  return requestToken(
    apiUrl,
    discovery,
    now,
    { grant_type: "client_credentials", resource: API_AUDIENCE },
    { authorization: `Basic ${basic}` },
  );
}

/** Revokes a refresh token, which ends the grant and with it every access token of the login. */
export async function revokeRefreshToken(apiUrl: string, discovery: Discovery, refreshToken: string): Promise<void> {
  const endpoint = discovery.revocation_endpoint;
  if (!endpoint) throw new CliError(`The identity provider at ${apiUrl} does not offer token revocation`);
  await call({ apiUrl }, "POST", endpoint, {
    form: { token: refreshToken, token_type_hint: "refresh_token", client_id: CLI_CLIENT_ID },
  });
}

export function oauthErrorCode(error: unknown): string | undefined {
  if (error instanceof ProviderError && !(error instanceof ProviderUnavailableError)) return error.code;
  return undefined;
}

async function requestToken(
  apiUrl: string,
  discovery: Discovery,
  now: number,
  form: Record<string, string>,
  headers?: Record<string, string>,
): Promise<TokenSet> {
  const ctx: RequestContext = { apiUrl };
  const { data } = await call(ctx, "POST", discovery.token_endpoint, { form, headers, schema: TokenResponseSchema });
  return {
    accessToken: data.access_token,
    refreshToken: data.refresh_token,
    expiresAt: now + (data.expires_in ?? DEFAULT_TOKEN_LIFETIME_SECONDS) * 1000,
  };
}

function formEncode(value: string): string {
  return new URLSearchParams({ v: value }).toString().slice(2);
}
