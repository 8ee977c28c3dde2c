/**
 * `npm run provider`: the provider on PROVIDER_HOST:PROVIDER_PORT. Outside production a database without
 * subscribers gets the demo world first. SIGINT and SIGTERM close the server and the database cleanly.
 */
import { loadConfig, type ProviderConfig } from "./config.js";
import { buildServer, type ProviderServer } from "./server.js";
import { describeDemoWorld, seedDemoWorld } from "./demo-world.js";

let config: ProviderConfig;
let server: ProviderServer;
try {
  config = loadConfig();
  server = await buildServer({ config });
} catch (error) {
  process.stderr.write(`The provider could not start: ${(error as Error).message}\n`);
  process.exit(1);
}
const { app, db, close } = server;

try {
  if (!config.production) {
    const anySubscriber = await db.selectFrom("subscribers").select("subscriber_id").executeTakeFirst();
    if (!anySubscriber) {
      const result = await seedDemoWorld(db, config);
      // For the person starting the product: where to log in (stdout, not the JSON log).
      process.stdout.write(`${describeDemoWorld(result)}\n\n`);
    }
  }
  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    { url: config.publicUrl, openapi: `${config.publicUrl}/api/docs/openapi.json` },
    `Provider listening on ${config.publicUrl}`,
  );
} catch (error) {
  app.log.fatal({ err: error }, "The provider could not start");
  await close().catch(() => undefined);
  process.exit(1);
}

let stopping = false;
async function shutDown(signal: NodeJS.Signals): Promise<void> {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, "Shutting down");
  try {
    await close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, "Shutdown failed");
    process.exit(1);
  }
}
process.once("SIGINT", (signal) => void shutDown(signal));
process.once("SIGTERM", (signal) => void shutDown(signal));
