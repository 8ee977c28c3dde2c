import type { ProductClock } from "./clock.js";
import type { ProviderConfig } from "./config.js";
import type { DB } from "./db/index.js";
import type { JobQueue } from "./jobs/queue.js";
import type { Mailer } from "./mail.js";
import type { Oidc } from "../identity/oidc.js";
import type { ActivationSender } from "../identity/activation.js";

/** What the API routes are built from. */
export interface ApiDeps {
  config: ProviderConfig;
  db: DB;
  oidc: Oidc;
  mailer: Mailer;
  /** Sends activation links (invitations and re-sent activation emails) through the mailer. */
  activation: ActivationSender;
  /** The product's time: real in production, settable elsewhere (docs/decisions/0015-job-queue-and-clock.md). */
  clock: ProductClock;
  jobs: JobQueue;
}
