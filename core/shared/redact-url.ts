/**
 * Request logs (the app's and the provider's) never hold credentials: the values of the query parameters
 * that carry an authorization code, OAuth state, a token or a secret are replaced before a URL is logged.
 */

/** Query parameters whose values are never logged. */
export const SECRET_QUERY_PARAMETERS: ReadonlySet<string> = new Set([
  "code",
  "state",
  "session_state",
  "token",
  "access_token",
  "refresh_token",
  "id_token",
  "id_token_hint",
  "logout_hint",
  "client_secret",
  "code_verifier",
  "device_code",
  "user_code",
  "password",
]);

export const REDACTED = "[redacted]";

/**
 * The request target (`/path?query`) or absolute URL with every secret parameter's value replaced; names
 * are compared without regard to case or percent-encoding. A fragment is dropped (it may hold tokens too);
 * anything else is kept as it was.
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf("?");
  if (queryStart === -1) return url;
  const hashStart = url.indexOf("#", queryStart);
  const query = url.slice(queryStart + 1, hashStart === -1 ? undefined : hashStart);
  const redacted = query
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      const rawName = equals === -1 ? pair : pair.slice(0, equals);
      return SECRET_QUERY_PARAMETERS.has(decodedName(rawName)) && equals !== -1 ? `${rawName}=${REDACTED}` : pair;
    })
    .join("&");
  return `${url.slice(0, queryStart)}?${redacted}`;
}

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, " ")).trim().toLowerCase();
  } catch {
    return name.toLowerCase();
  }
}
