/**
 * Which pages prove the token's standing by their own provider call, so that the root loader need not ask
 * (docs/decisions/0012 and 0909). A server module: its imports (core's schemas) stay out of the browser's
 * bundle, which the root route's module is part of.
 */
import { can } from "../../core/shared/permissions/actions.js";
import { isWorkspaceId } from "../../core/workspaces/api.js";
import { subjectOf, type UserSession } from "./user-session.server";

/**
 * Whether the page's own loaders call the provider on every request and every revalidation (their routes'
 * `shouldRevalidate` says so), with the token of the session: the provider's answer to that call proves the
 * token's standing, so the root does not ask a second time (docs/decisions/0012). The workspace list (its
 * search) and every page of a workspace (the shell's workspace read, shared with its tab's), the pages most
 * visited; only when the user may list workspaces, since without that permission those loaders refuse with
 * a 403 before they call the provider.
 */
export function provesStanding(pathname: string, user: UserSession): boolean {
  if (!can(subjectOf(user), "viewWorkspaceList")) return false;
  if (pathname === "/workspaces") return true;
  const [, first, workspaceId] = pathname.split("/");
  return first === "workspaces" && isWorkspaceId(workspaceId);
}
