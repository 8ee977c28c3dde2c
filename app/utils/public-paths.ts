/**
 * Routes outside the authenticated app (document 1 section 2.1, plus the login and logout endpoints). They
 * render as standalone cards without the header; every other path needs a session.
 */
import { ACCOUNT_PAGES } from "../../core/identity/login-errors.js";

export const PUBLIC_PATHS: readonly string[] = [...Object.values(ACCOUNT_PAGES), "/authorize", "/login", "/logout"];

export function isPublicPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return PUBLIC_PATHS.includes(path);
}
