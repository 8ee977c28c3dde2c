import type { ProviderConfig } from "../config.js";
import type { DB } from "../db/index.js";
import type { Mailer } from "../mail/index.js";
import type { Oidc } from "../oidc/index.js";

/** What the API routes are built from. */
export interface ApiDeps {
  config: ProviderConfig;
  db: DB;
  oidc: Oidc;
  mailer: Mailer;
}
