/**
 * The real provider (server, identity provider, demo world) listening on a free port of 127.0.0.1, for
 * end-to-end tests of `convey`: on an in-memory PGlite, or on a database of its own under DATABASE_URL
 * (as tests/api/support.ts does). Its issuer and public URL are that port's, so the CLI's OAuth discovery
 * leads back to it.
 */
import { loadConfig, type ProviderConfig } from "../../provider/platform/config.js";
import type { DB } from "../../provider/platform/db/index.js";
import { createTestDatabase } from "../../provider/platform/db/test-database.js";
import { freshSecretsEnv } from "../../scripts/dev-secrets.js";
import { freePort } from "../../scripts/free-port.js";
import { DEMO_SUBSCRIBERS, seedDemoWorld, type DemoScriptClient, type DemoSubscriberKey } from "../../provider/platform/demo-world.js";
import type { JobDefinition, JobQueue } from "../../provider/platform/jobs/queue.js";
import { buildServer, type ProviderServer } from "../../provider/platform/server.js";
import { DEMO_PASSWORD, authorizationCodeToken } from "../api/support.js";

export interface RealProvider {
  url: string;
  db: DB;
  config: ProviderConfig;
  jobs: JobQueue;
  /** The seeded script client of a demo subscriber (id and secret). */
  scriptClient(subscriber: DemoSubscriberKey): DemoScriptClient;
  /** A person's access token, through the real login page (as the device flow's browser step would). */
  loginToken(email: string): Promise<string>;
  close(): Promise<void>;
}

export async function startRealProvider(
  options: { dataDir?: string; jobs?: readonly JobDefinition[] } = {},
): Promise<RealProvider> {
  const port = await freePort();
  const database = await createTestDatabase("convey_cli_test");
  const env = {
    PROVIDER_PORT: String(port),
    PROVIDER_URL: `http://127.0.0.1:${port}`,
    CONVEY_ENV: "local",
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    ...freshSecretsEnv(),
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
  } as unknown as NodeJS.ProcessEnv;
  const config = loadConfig(env, { dataDir: options.dataDir ?? "memory://" });
  let server: ProviderServer;
  try {
    server = await buildServer({ config, jobs: options.jobs });
  } catch (error) {
    await database.drop();
    throw error;
  }
  const seed = await seedDemoWorld(server.db, config);
  await server.app.listen({ host: "127.0.0.1", port });
  return {
    url: config.publicUrl,
    db: server.db,
    config,
    jobs: server.jobs,
    scriptClient(subscriber) {
      const client = seed.scriptClients.find((candidate) => candidate.subscriberId === DEMO_SUBSCRIBERS[subscriber].subscriberId);
      if (!client) throw new Error(`No script client for ${subscriber}`);
      return client;
    },
    loginToken(email) {
      const host = new URL(config.publicUrl).host;
      const inject: Parameters<typeof authorizationCodeToken>[0] = (request) =>
        server.app.inject({ ...request, headers: { host, ...request.headers } });
      return authorizationCodeToken(inject, config, email, DEMO_PASSWORD);
    },
    async close() {
      try {
        await server.close();
      } finally {
        await database.drop();
      }
    },
  };
}
