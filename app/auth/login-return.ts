/**
 * Where the login callback sends the browser (document 1 section 2.2): the page chosen by core's
 * `loginReturnPath` from the provider's error_description, keeping the query string but not the OAuth
 * parameters of the callback itself.
 */
import { loginReturnPath } from "../../core/login-errors.js";

const CALLBACK_PARAMS = ["code", "state", "iss", "session_state", "error", "error_description", "error_uri"];

export function loginReturnTarget(callbackUrl: URL, errorDescription: string | null | undefined): string {
  const query = new URLSearchParams(callbackUrl.search);
  for (const name of CALLBACK_PARAMS) query.delete(name);
  const search = query.toString();
  return search ? `${loginReturnPath(errorDescription)}?${search}` : loginReturnPath(errorDescription);
}

/** Refusals that concern the account itself; the app session cannot outlive them. */
export function endsTheSession(path: string): boolean {
  return path.startsWith("/user/blocked") || path.startsWith("/user/suspended");
}
