/** The workspace's Financials tab (document 2): not built yet, so its heading and an honest notice. */
import { GeneralErrorBoundary } from "../components/error-page";
import { NotAvailableYet } from "../workspaces/workspace-shell";
import { tabMeta } from "../workspaces/tab-meta";

export default function FinancialsTab() {
  return <NotAvailableYet title="Financials" />;
}

export const meta = tabMeta("Financials");

export const ErrorBoundary = GeneralErrorBoundary;
