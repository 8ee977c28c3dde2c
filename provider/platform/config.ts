/** Provider configuration from the environment, with generated development defaults for every secret. */
import { z } from "zod";
import { parseTrustedHops } from "../../core/shared/client-address.js";
import { ENVIRONMENTS, type Environment } from "../../core/shared/feature-flags.js";
import { loadDevSecrets, resolveDataDir } from "../../scripts/dev-secrets.js";

export interface ProviderConfig {
  port: number;
  host: string;
  /** Public base URL of the provider, e.g. http://localhost:4000 */
  publicUrl: string;
  /** OIDC issuer: `${publicUrl}/oidc` */
  issuer: string;
  /** Base URL of the web app (for its client's redirect URIs). */
  appUrl: string;
  dataDir: string;
  /** PostgreSQL when set; otherwise PGlite in `${dataDir}/pglite` (or in memory when dataDir is "memory://"). */
  databaseUrl: string | undefined;
  environment: Environment;
  production: boolean;
  webClient: {
    clientId: string;
    clientSecret: string;
    redirectUris: string[];
    postLogoutRedirectUris: string[];
  };
  cliClientId: string;
  jwks: { keys: Record<string, unknown>[] };
  cookieKeys: string[];
  encryptionKey: Buffer;
  /**
   * Which peers may forward X-Forwarded-For (the app server forwards the end user's address): true (any),
   * false (none), or a comma-separated list of addresses, CIDR ranges and `loopback`, `linklocal`,
   * `uniquelocal`.
   */
  trustProxy: boolean | string;
  /** How many trusted proxies stand in front of the provider: the client is that many entries from the right. */
  trustedProxyHops: number;
  accessTokenTtlSeconds: number;
  logLevel: string;
}

const EnvSchema = z.object({
  PROVIDER_PORT: z.coerce.number().int().default(4000),
  PROVIDER_HOST: z.string().default("127.0.0.1"),
  PROVIDER_URL: z.string().url().optional(),
  APP_URL: z.string().url().default("http://localhost:3000"),
  DATABASE_URL: z.string().optional(),
  CONVEY_ENV: z.enum(ENVIRONMENTS).default("local"),
  NODE_ENV: z.string().optional(),
  WEB_CLIENT_ID: z.string().default("convey-web"),
  WEB_CLIENT_SECRET: z.string().optional(),
  CLI_CLIENT_ID: z.string().default("convey-cli"),
  OIDC_JWKS: z.string().optional(),
  OIDC_COOKIE_KEYS: z.string().optional(),
  ENCRYPTION_KEY: z.string().optional(),
  TRUST_PROXY: z.string().default("loopback"),
  TRUSTED_PROXY_HOPS: z.string().optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(300),
  LOG_LEVEL: z.string().default("info"),
});

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<ProviderConfig> = {},
): ProviderConfig {
  const e = EnvSchema.parse(env);
  // Either signal means production: no demo world, no generated secrets.
  const production = e.NODE_ENV === "production" || e.CONVEY_ENV === "production";
  const dataDir = overrides.dataDir ?? resolveDataDir(env);
  const needsDev = !e.WEB_CLIENT_SECRET || !e.OIDC_JWKS || !e.OIDC_COOKIE_KEYS || !e.ENCRYPTION_KEY;
  const dev = needsDev
    ? loadDevSecrets(dataDir === "memory://" ? resolveDataDir({ ...env, DATA_DIR: undefined }) : dataDir)
    : undefined;
  const publicUrl = (e.PROVIDER_URL ?? `http://localhost:${e.PROVIDER_PORT}`).replace(/\/$/, "");
  const appUrl = e.APP_URL.replace(/\/$/, "");
  const trustProxy = e.TRUST_PROXY === "true" ? true : e.TRUST_PROXY === "false" ? false : e.TRUST_PROXY;
  return {
    port: e.PROVIDER_PORT,
    host: e.PROVIDER_HOST,
    publicUrl,
    issuer: `${publicUrl}/oidc`,
    appUrl,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    environment: e.CONVEY_ENV,
    production,
    webClient: {
      clientId: e.WEB_CLIENT_ID,
      clientSecret: e.WEB_CLIENT_SECRET ?? dev!.webClientSecret,
      redirectUris: [`${appUrl}/authorize`],
      postLogoutRedirectUris: [`${appUrl}/`],
    },
    cliClientId: e.CLI_CLIENT_ID,
    jwks: e.OIDC_JWKS ? JSON.parse(e.OIDC_JWKS) : dev!.jwks,
    cookieKeys: e.OIDC_COOKIE_KEYS ? e.OIDC_COOKIE_KEYS.split(",") : dev!.cookieKeys,
    encryptionKey: Buffer.from(e.ENCRYPTION_KEY ?? dev!.encryptionKey, "base64"),
    trustProxy,
    trustedProxyHops: parseTrustedHops(e.TRUSTED_PROXY_HOPS),
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    logLevel: e.LOG_LEVEL,
    ...overrides,
  };
}
