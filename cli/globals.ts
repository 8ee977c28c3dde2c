/** The program-wide options every command sees, and their defaults (no I/O, cheap to load). */
export const DEFAULT_API_URL = "http://localhost:4000";
/** Where a script client's secret is read from; convey never stores it. */
export const CLIENT_SECRET_ENV = "CONVEY_CLIENT_SECRET";
/**
 * An access token to use as it is, for jobs that cannot write a config folder: nothing is read from or
 * written to the credentials folder, and nothing is renewed (the provider's tokens live 5 minutes).
 */
export const TOKEN_ENV = "CONVEY_TOKEN";
/** With CONVEY_CLIENT_SECRET and no stored login: a script client logs in for this run only, in memory. */
export const CLIENT_ID_ENV = "CONVEY_CLIENT_ID";

export interface GlobalOptions {
  json: boolean;
  /** The provider asked for by `--api-url` or CONVEY_API_URL (validated, no trailing slash), if any. */
  apiUrl?: string;
  profile: string;
}

/** Where to log in: the provider asked for, else the local one. */
export function apiUrlFor(globals: GlobalOptions): string {
  return globals.apiUrl ?? DEFAULT_API_URL;
}
