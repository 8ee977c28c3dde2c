/** The workspace's Documents tab (document 2): not built yet, so its heading and an honest notice. */
import { GeneralErrorBoundary } from "../components/error-page";
import { NotAvailableYet } from "../workspaces/workspace-shell";
import { tabMeta } from "../workspaces/tab-meta";

export default function DocumentsTab() {
  return <NotAvailableYet title="Documents" />;
}

export const meta = tabMeta("Documents");

export const ErrorBoundary = GeneralErrorBoundary;
