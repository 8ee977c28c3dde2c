import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { loadAppConfig as LoadAppConfig } from "./config.server";

let loadAppConfig: typeof LoadAppConfig;
const secrets = { WEB_CLIENT_SECRET: "client-secret", SESSION_SECRET: "session-secret" };
/** An environment with only the given variables. */
const env = (vars: Record<string, string>) => vars as NodeJS.ProcessEnv;

beforeAll(async () => {
  // Importing the module loads the process's own config: point it at a throw-away folder.
  vi.stubEnv("DATA_DIR", mkdtempSync(join(tmpdir(), "config-")));
  ({ loadAppConfig } = await import("./config.server"));
});

describe("loadAppConfig", () => {
  it("uses the documented defaults", () => {
    const config = loadAppConfig(env({ ...secrets, DATA_DIR: "/srv/convey" }));
    expect(config).toMatchObject({
      providerUrl: "http://localhost:4000",
      appUrl: "http://localhost:3000",
      webClientId: "convey-web",
      environment: "local",
      helpUrl: "https://help.convey.example",
      production: false,
      secureCookies: false,
      featureFlagRefreshMs: 21_600_000,
    });
  });

  it("reads the feature flags' refresh from FEATURE_FLAG_REFRESH_MS", () => {
    expect(loadAppConfig(env({ ...secrets, FEATURE_FLAG_REFRESH_MS: "0" })).featureFlagRefreshMs).toBe(0);
    expect(() => loadAppConfig(env({ ...secrets, FEATURE_FLAG_REFRESH_MS: "-1" }))).toThrow();
  });

  it("refuses to start in production without every secret", () => {
    expect(() => loadAppConfig(env({ CONVEY_ENV: "production", WEB_CLIENT_SECRET: "x" }))).toThrow(/SESSION_SECRET/);
    expect(() => loadAppConfig(env({ CONVEY_ENV: "production" }))).toThrow(/WEB_CLIENT_SECRET, SESSION_SECRET/);
    expect(loadAppConfig(env({ CONVEY_ENV: "production", ...secrets, APP_URL: "https://app.example/" }))).toMatchObject({
      production: true,
      secureCookies: true,
      appUrl: "https://app.example",
    });
  });

  it("falls back to the generated development secrets outside production", () => {
    const dataDir = mkdtempSync(join(tmpdir(), "config-dev-"));
    const config = loadAppConfig(env({ DATA_DIR: dataDir, NODE_ENV: "development" }));
    expect(config.webClientSecret).toMatch(/^[\w-]{40,}$/);
    expect(loadAppConfig(env({ DATA_DIR: dataDir, NODE_ENV: "development" })).sessionSecret).toBe(config.sessionSecret);
  });

  it("reads, but never generates, the development secrets under a production build", () => {
    const dataDir = mkdtempSync(join(tmpdir(), "config-build-"));
    expect(() => loadAppConfig(env({ DATA_DIR: dataDir, NODE_ENV: "production" }))).toThrow(/dev-secrets\.json/);
    writeFileSync(join(dataDir, "dev-secrets.json"), JSON.stringify({ webClientSecret: "w", sessionSecret: "s" }));
    expect(loadAppConfig(env({ DATA_DIR: dataDir, NODE_ENV: "production" }))).toMatchObject({
      webClientSecret: "w",
      sessionSecret: "s",
      secureCookies: true,
    });
  });
});
