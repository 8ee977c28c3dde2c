/** oidc-provider's configuration: clients, features, lifetimes, claims and the product's hooks. */
import type { AccessToken, AsymmetricSigningAlgorithm, ClientMetadata, Configuration, JWKS } from "oidc-provider";
import { errors } from "oidc-provider";
import { API_AUDIENCE, ORGANIZATION_PARAM } from "../../core/shared/contract.js";
import { fullName } from "../../core/administration/subscribers.js";
import type { ProviderConfig } from "../platform/config.js";
import type { DB } from "../platform/db/index.js";
import { findUserById, isUserInGoodStanding } from "./access-policy.js";
import { createAdapterFactory } from "./adapter.js";
import { accessTokenClaims, clientCredentialsClaims } from "./claims.js";
import { API_SCOPE, createLoadExistingGrant } from "./grants.js";
import type { ProviderPages } from "./provider-pages.js";

const HOUR = 60 * 60;
const TWELVE_HOURS = 12 * HOUR;

export interface ConfigurationOptions {
  config: ProviderConfig;
  db: DB;
  /** Public path the provider is mounted at, e.g. /oidc */
  mountPath: string;
  pages: ProviderPages;
}

/** The signing algorithm of the first signing key (RS256 for the generated development key). */
export function signingAlgorithm(config: ProviderConfig): string {
  const key = config.jwks.keys.find((candidate) => candidate.use === undefined || candidate.use === "sig");
  return typeof key?.alg === "string" ? key.alg : "RS256";
}

function staticClients(config: ProviderConfig): ClientMetadata[] {
  return [
    {
      client_id: config.webClient.clientId,
      client_secret: config.webClient.clientSecret,
      client_name: "Convey web app",
      token_endpoint_auth_method: "client_secret_basic",
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      redirect_uris: config.webClient.redirectUris,
      post_logout_redirect_uris: config.webClient.postLogoutRedirectUris,
    },
    {
      client_id: config.cliClientId,
      client_name: "Convey command-line tool",
      token_endpoint_auth_method: "none",
      grant_types: ["urn:ietf:params:oauth:grant-type:device_code", "refresh_token"],
      response_types: [],
      redirect_uris: [],
    },
  ];
}

export function buildConfiguration({ config, db, mountPath, pages }: ConfigurationOptions): Configuration {
  const secure = config.issuer.startsWith("https:");
  const cookie = { httpOnly: true, sameSite: "lax", signed: true, secure } as const;
  const alg = signingAlgorithm(config) as AsymmetricSigningAlgorithm;

  return {
    adapter: createAdapterFactory(db, config),
    clients: staticClients(config),
    clientDefaults: { id_token_signed_response_alg: alg, grant_types: ["authorization_code"], response_types: ["code"] },
    clientAuthMethods: ["client_secret_basic", "client_secret_post", "none"],
    clientBasedCORS: () => false,
    jwks: config.jwks as unknown as JWKS,
    cookies: {
      keys: config.cookieKeys,
      // Distinct names: cookies ignore the port, and the app shares the host in development.
      names: { session: "op_session", interaction: "op_interaction", resume: "op_interaction_resume" },
      long: cookie,
      short: cookie,
    },
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["name", "given_name", "middle_name", "family_name"],
    },
    scopes: ["openid", "offline_access"],
    responseTypes: ["code"],
    pkce: { methods: ["S256"], required: () => true },
    extraParams: {
      [ORGANIZATION_PARAM](_ctx, value) {
        if (value !== undefined && (value.length === 0 || value.length > 200)) {
          throw new errors.InvalidRequest(`${ORGANIZATION_PARAM} must be a subscriber id`);
        }
      },
    },
    features: {
      devInteractions: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      clientCredentials: { enabled: true },
      revocation: { enabled: true },
      introspection: { enabled: false },
      userinfo: { enabled: true },
      deviceFlow: {
        enabled: true,
        charset: "base-20",
        mask: "****-****",
        userCodeInputSource: pages.userCodeInputSource,
        userCodeConfirmSource: pages.userCodeConfirmSource,
        successSource: pages.successSource,
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: pages.logoutSource,
        postLogoutSuccessSource: pages.postLogoutSuccessSource,
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => API_AUDIENCE,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resourceIndicator) => {
          if (resourceIndicator !== API_AUDIENCE) throw new errors.InvalidTarget(`unknown resource ${resourceIndicator}`);
          return {
            scope: API_SCOPE,
            audience: API_AUDIENCE,
            accessTokenFormat: "jwt",
            accessTokenTTL: config.accessTokenTtlSeconds,
            jwt: { sign: { alg } },
          };
        },
      },
    },
    ttl: {
      AccessToken: config.accessTokenTtlSeconds,
      ClientCredentials: config.accessTokenTtlSeconds,
      AuthorizationCode: 60,
      DeviceCode: 10 * 60,
      IdToken: HOUR,
      Interaction: HOUR,
      RefreshToken: TWELVE_HOURS,
      Session: TWELVE_HOURS,
      Grant: TWELVE_HOURS,
    },
    // Refresh tokens for every client allowed the grant, without a consent screen for offline_access.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed("refresh_token"),
    rotateRefreshToken: true,
    // Tokens live with their grant (revocation, logout and suspension destroy it), not with the browser
    // session: a device login must outlive the browser tab it was approved in.
    expiresWithSession: () => false,
    loadExistingGrant: createLoadExistingGrant(db),
    interactions: { url: (_ctx, interaction) => `${mountPath}/interaction/${interaction.uid}` },
    // At the authorization endpoint (no token) the account is returned whatever its state, so that the
    // interaction can report the refusal; code, device code and refresh exchanges (token given) get
    // nothing for a user who is not Active or is blocked, and fail with invalid_grant.
    async findAccount(_ctx, sub, token) {
      const user = await findUserById(db, sub);
      if (token !== undefined && !isUserInGoodStanding(user)) return undefined;
      return {
        accountId: sub,
        claims: () =>
          user
            ? {
                sub,
                email: user.email,
                email_verified: true,
                name: fullName(user),
                given_name: user.firstName,
                middle_name: user.middleName ?? undefined,
                family_name: user.lastName,
              }
            : { sub },
      };
    },
    async extraTokenClaims(_ctx, token) {
      if (token.kind === "ClientCredentials") return clientCredentialsClaims(db, token.clientId ?? "");
      const { accountId, grantId } = token as AccessToken;
      return accountId && grantId ? accessTokenClaims(db, accountId, grantId) : undefined;
    },
    formats: {
      customizers: {
        // A script client's token speaks for its bound user: `sub` is that user, not the client.
        jwt(_ctx, token, parts) {
          const boundUser = token.kind === "ClientCredentials" ? token.extra?.sub : undefined;
          if (typeof boundUser === "string") parts.payload.sub = boundUser;
          return parts;
        },
      },
    },
    renderError: pages.renderError,
  };
}
