/**
 * The one check of a path to return to (`returnTo`, `redirectTo`, …) that came from a request: the page
 * may link or redirect to it only when a browser would stay on this site. A browser forgives a lot: it
 * drops tabs and newlines anywhere in a URL, strips leading spaces and controls, reads `\` as `/`, and
 * resolves `//host`, `/\host`, `scheme:` and dot segments (`/.//host`), so no list of bad prefixes is
 * enough. The value is refused when it holds a control character or a backslash, does not start with a
 * single `/`, or, resolved with the WHATWG URL parser against a placeholder origin, leaves that origin or
 * ends on a path that starts with `//` (which would leave it when written back as a link).
 */

/** Anything resolved against it that is still on it stayed on the site. */
const PLACEHOLDER_ORIGIN = "https://local-path.invalid";
/** C0 controls, DEL, C1 controls and the Unicode line and paragraph separators. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/** Longer than any path the app builds: refused rather than carried from page to page. */
const MAX_LENGTH = 2048;

export function isSafeLocalPath(value: string | null | undefined): value is string {
  if (!value || value.length > MAX_LENGTH) return false;
  if (!value.startsWith("/") || value.startsWith("//")) return false;
  if (CONTROL_CHARACTERS.test(value) || value.includes("\\")) return false;
  let resolved: URL;
  try {
    resolved = new URL(value, PLACEHOLDER_ORIGIN);
  } catch {
    return false;
  }
  if (resolved.origin !== PLACEHOLDER_ORIGIN) return false;
  // `/.//host` resolves to the path `//host`; `/%2F%2Fhost` and `/%5Chost` are decoded by some routers.
  const path = safeDecode(resolved.pathname);
  return path !== undefined && !path.startsWith("//") && !path.startsWith("/\\");
}

/** The value when it is a safe local path (see above), else the fallback. */
export function safeLocalPath(value: string | null | undefined, fallback = "/workspaces"): string {
  return isSafeLocalPath(value) ? value : fallback;
}

function safeDecode(path: string): string | undefined {
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}
