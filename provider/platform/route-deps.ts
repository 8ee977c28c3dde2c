import type { ProductClock } from "./clock.js";
import type { ProviderConfig } from "./config.js";
import type { DB } from "./db/index.js";
import type { JobQueue } from "./jobs/queue.js";
import type { Mailer } from "./mail.js";
import type { Oidc } from "../identity/oidc.js";

/** What the API routes are built from. */
export interface ApiDeps {
  config: ProviderConfig;
  db: DB;
  oidc: Oidc;
  mailer: Mailer;
  /** The product's time: real in production, settable elsewhere (docs/decisions/0015-job-queue-and-clock.md). */
  clock: ProductClock;
  jobs: JobQueue;
}
