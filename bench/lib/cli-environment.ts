/**
 * The environment `convey` runs in for a benchmark section: its own configuration folder, the run's provider,
 * and Harper & Vale's script client secret (its id is given to `convey login`), plain output.
 */
import { join } from "node:path";
import type { BenchEnvironment } from "./types.js";

export function harperValeCliEnvironment(env: BenchEnvironment, folder: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    CONVEY_CONFIG_DIR: join(folder, "config"),
    CONVEY_API_URL: env.providerUrl,
    CONVEY_CLIENT_SECRET: env.scriptClients.harperVale.clientSecret,
    NO_COLOR: "1",
    CI: "1",
  };
}
