/** `npm run seed`: loads the demo world into the configured database and prints how to log in. */
import { loadConfig } from "../config.js";
import { openDatabase } from "../db/index.js";
import { describeDemoWorld, seedDemoWorld } from "../demo-world.js";

try {
  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const result = await seedDemoWorld(db, config);
    process.stdout.write(`${describeDemoWorld(result)}\n`);
  } finally {
    await db.destroy();
  }
} catch (error) {
  process.stderr.write(`Seeding failed: ${(error as Error).message}\n`);
  process.exitCode = 1;
}
