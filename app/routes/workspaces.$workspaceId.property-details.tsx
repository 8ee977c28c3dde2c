/** The workspace's Property details tab (document 2): not built yet, so its heading and an honest notice. */
import { GeneralErrorBoundary } from "../components/error-page";
import { NotAvailableYet } from "../workspaces/workspace-shell";
import { tabMeta } from "../workspaces/tab-meta";

export default function PropertyDetailsTab() {
  return <NotAvailableYet title="Property details" />;
}

export const meta = tabMeta("Property details");

export const ErrorBoundary = GeneralErrorBoundary;
