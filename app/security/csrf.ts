/**
 * Pure checks of the CSRF defence: a mutating request must come from the app's own origin (Sec-Fetch-Site
 * and Origin, whichever the browser sends; at least one is required) and carry the session's token.
 */
import { timingSafeEqual } from "node:crypto";

export function isSameOriginRequest(headers: Headers, appOrigin: string): boolean {
  const site = headers.get("Sec-Fetch-Site");
  const origin = headers.get("Origin");
  if (site === null && origin === null) return false;
  if (site !== null && site !== "same-origin") return false;
  if (origin !== null && origin !== appOrigin) return false;
  return true;
}

export function tokensMatch(expected: string | null | undefined, submitted: unknown): boolean {
  if (!expected || typeof submitted !== "string" || submitted.length === 0) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(submitted);
  return a.length === b.length && timingSafeEqual(a, b);
}
