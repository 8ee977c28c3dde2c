/**
 * Where the login callback sends the browser (document 1 section 2.2): the page chosen by core's
 * `loginReturnPath` from the provider's error_description, keeping the query string but not the OAuth
 * parameters of the callback itself.
 */
import { loginReturnPath } from "../../core/identity/login-errors.js";

const CALLBACK_PARAMS = ["code", "state", "iss", "session_state", "error", "error_description", "error_uri"];

export function loginReturnTarget(callbackUrl: URL, errorDescription: string | null | undefined): string {
  const [path, own] = loginReturnPath(errorDescription).split("?", 2) as [string, string | undefined];
  const query = new URLSearchParams(own);
  for (const [name, value] of new URLSearchParams(callbackUrl.search)) {
    if (!CALLBACK_PARAMS.includes(name) && !query.has(name)) query.append(name, value);
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** Refusals that concern the account itself; the app session cannot outlive them. */
export function endsTheSession(path: string): boolean {
  return path.startsWith("/user/blocked") || path.startsWith("/user/suspended");
}
