/**
 * The web app's configuration, read once from the environment. Outside production the secrets fall back to
 * the generated per-data-folder secrets shared with the provider (scripts/dev-secrets.ts); in production
 * (CONVEY_ENV=production) a missing secret stops the server at start-up.
 *
 * NODE_ENV only says how the app was built: `npm start` serves a production build (NODE_ENV=production) on
 * a developer's machine, where scripts/start.ts has already written the development secrets.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { ENVIRONMENTS, FEATURE_FLAG_REFRESH_MS, type Environment } from "../core/shared/feature-flags.js";
import { loadDevSecrets, resolveDataDir, type DevSecrets } from "../scripts/dev-secrets.js";

export interface AppConfig {
  /** Public base URL of the provider (API and identity provider), without a trailing slash. */
  providerUrl: string;
  /** Public base URL of this app, without a trailing slash. */
  appUrl: string;
  webClientId: string;
  webClientSecret: string;
  sessionSecret: string;
  environment: Environment;
  helpUrl: string;
  /**
   * How long the feature flags read from the flag service are kept before they are read again: the
   * specification's refresh (document 1 section 9, 6 hours) unless FEATURE_FLAG_REFRESH_MS says otherwise
   * (docs/decisions/0211-feature-flag-refresh.md).
   */
  featureFlagRefreshMs: number;
  /** A production deployment (CONVEY_ENV=production): every secret must be configured. */
  production: boolean;
  /** Cookies carry Secure: a production build (NODE_ENV=production) or an https APP_URL. */
  secureCookies: boolean;
}

const EnvSchema = z.object({
  PROVIDER_URL: z.url().default("http://localhost:4000"),
  APP_URL: z.url().default("http://localhost:3000"),
  WEB_CLIENT_ID: z.string().min(1).default("convey-web"),
  WEB_CLIENT_SECRET: z.string().min(1).optional(),
  SESSION_SECRET: z.string().min(1).optional(),
  CONVEY_ENV: z.enum(ENVIRONMENTS).default("local"),
  HELP_URL: z.url().default("https://help.convey.example"),
  FEATURE_FLAG_REFRESH_MS: z.coerce.number().int().min(0).default(FEATURE_FLAG_REFRESH_MS),
  NODE_ENV: z.string().optional(),
});

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, "");

/** The development secrets: generated when missing in a development build, otherwise only read. */
function developmentSecrets(dataDir: string, nodeEnv: string | undefined): DevSecrets {
  if (nodeEnv !== "production") return loadDevSecrets(dataDir);
  const file = join(dataDir, "dev-secrets.json");
  if (!existsSync(file)) {
    throw new Error(`Missing configuration: set WEB_CLIENT_SECRET and SESSION_SECRET, or start with npm start (no ${file}).`);
  }
  return JSON.parse(readFileSync(file, "utf8")) as DevSecrets;
}

export function loadAppConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const e = EnvSchema.parse(env);
  const production = e.CONVEY_ENV === "production";
  const dataDir = resolveDataDir(env);
  let webClientSecret = e.WEB_CLIENT_SECRET;
  let sessionSecret = e.SESSION_SECRET;
  if (!webClientSecret || !sessionSecret) {
    if (production) {
      const missing = [!webClientSecret && "WEB_CLIENT_SECRET", !sessionSecret && "SESSION_SECRET"].filter(Boolean);
      throw new Error(`Missing configuration: ${missing.join(", ")} must be set in production.`);
    }
    const dev = developmentSecrets(dataDir, e.NODE_ENV);
    webClientSecret ??= dev.webClientSecret;
    sessionSecret ??= dev.sessionSecret;
  }
  const appUrl = withoutTrailingSlash(e.APP_URL);
  return {
    providerUrl: withoutTrailingSlash(e.PROVIDER_URL),
    appUrl,
    webClientId: e.WEB_CLIENT_ID,
    webClientSecret,
    sessionSecret,
    environment: e.CONVEY_ENV,
    helpUrl: e.HELP_URL,
    featureFlagRefreshMs: e.FEATURE_FLAG_REFRESH_MS,
    production,
    secureCookies: e.NODE_ENV === "production" || appUrl.startsWith("https:"),
  };
}

export const config: AppConfig = loadAppConfig();
