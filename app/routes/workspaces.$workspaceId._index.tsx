/**
 * /workspaces/:workspaceId opens the overview tab (document 2 section 2.1). A form posted to this address
 * without JavaScript reaches this index route, so it answers with the workspace page's action (approve,
 * unapprove) as the layout route does for a post with JavaScript.
 */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";

export { action } from "./workspaces.$workspaceId";

export function loader({ params }: LoaderFunctionArgs) {
  return redirect(`/workspaces/${params.workspaceId}/overview`);
}
