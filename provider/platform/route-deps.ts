import type { ProviderConfig } from "./config.js";
import type { DB } from "./db/index.js";
import type { Mailer } from "./mail.js";
import type { Oidc } from "../identity/oidc.js";

/** What the API routes are built from. */
export interface ApiDeps {
  config: ProviderConfig;
  db: DB;
  oidc: Oidc;
  mailer: Mailer;
}
