/**
 * Token-endpoint use-cases of a confidential OAuth client (the web app's `convey-web`): the authorization
 * code exchange with PKCE, refresh without `scope` (oidc-provider answers invalid_scope otherwise; the grant
 * keeps its scopes and resource) and revocation (RFC 7009). Client authentication is client_secret_basic
 * with each part form-encoded (RFC 6749 section 2.3.1).
 *
 * They go through the provider client, so an OAuth refusal arrives as a ProviderError whose `code` is the
 * OAuth `error` and whose message is the `error_description`; an unreachable endpoint as
 * ProviderUnavailableError.
 */
import { z } from "zod";
import { call, type RequestContext } from "../shared/provider-client.js";

export interface ConfidentialClient {
  clientId: string;
  clientSecret: string;
  /** Absolute URLs of the identity provider's endpoints. */
  tokenEndpoint: string;
  revocationEndpoint: string;
}

export const TokenEndpointResponseSchema = z.looseObject({
  access_token: z.string().min(1),
  token_type: z.string(),
  expires_in: z.number().positive().optional(),
  refresh_token: z.string().optional(),
  id_token: z.string().optional(),
  scope: z.string().optional(),
});
export type TokenEndpointResponse = z.infer<typeof TokenEndpointResponseSchema>;

const formEncode = (value: string) => encodeURIComponent(value).replace(/%20/g, "+");

/** The `Authorization: Basic` header of a confidential client (client_secret_basic). */
export function basicAuthorization(client: Pick<ConfidentialClient, "clientId" | "clientSecret">): Record<string, string> {
  const credentials = `${formEncode(client.clientId)}:${formEncode(client.clientSecret)}`;
  return { authorization: `Basic ${Buffer.from(credentials).toString("base64")}` };
}

function context(endpoint: string, ctx: Partial<RequestContext>): RequestContext {
  return { ...ctx, apiUrl: new URL(endpoint).origin, accessToken: undefined };
}

async function requestToken(
  client: ConfidentialClient,
  form: Record<string, string>,
  ctx: Partial<RequestContext>,
): Promise<TokenEndpointResponse> {
  const { data } = await call(context(client.tokenEndpoint, ctx), "POST", client.tokenEndpoint, {
    form,
    headers: basicAuthorization(client),
    schema: TokenEndpointResponseSchema,
  });
  return data;
}

export function exchangeAuthorizationCode(
  client: ConfidentialClient,
  grant: { code: string; codeVerifier: string; redirectUri: string },
  ctx: Partial<RequestContext> = {},
): Promise<TokenEndpointResponse> {
  return requestToken(
    client,
    {
      grant_type: "authorization_code",
      code: grant.code,
      code_verifier: grant.codeVerifier,
      redirect_uri: grant.redirectUri,
    },
    ctx,
  );
}

export function refreshAccessToken(
  client: ConfidentialClient,
  refreshToken: string,
  ctx: Partial<RequestContext> = {},
): Promise<TokenEndpointResponse> {
  return requestToken(client, { grant_type: "refresh_token", refresh_token: refreshToken }, ctx);
}

/** Revokes a refresh token: the provider destroys its grant, and with it every access token of the login. */
export async function revokeRefreshToken(
  client: ConfidentialClient,
  refreshToken: string,
  ctx: Partial<RequestContext> = {},
): Promise<void> {
  await call(context(client.revocationEndpoint, ctx), "POST", client.revocationEndpoint, {
    form: { token: refreshToken, token_type_hint: "refresh_token" },
    headers: basicAuthorization(client),
  });
}
