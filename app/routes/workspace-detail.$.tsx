/**
 * /workspace-detail/:workspaceId[/tab], the second form of the workspace page's address (document 1
 * section 2.1): /workspaces/:workspaceId is the canonical one, so this redirects there, tab and query kept.
 */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";

export function loader({ request, params }: LoaderFunctionArgs) {
  const rest = (params["*"] ?? "").split("/").filter(Boolean).map(encodeURIComponent).join("/");
  const { search } = new URL(request.url);
  return redirect(rest ? `/workspaces/${rest}${search}` : "/workspaces", 301);
}
