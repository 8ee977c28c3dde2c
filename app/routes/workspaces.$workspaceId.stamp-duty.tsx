/**
 * The stamp duty tab (document 3 section 2.3): only where its rule shows it — the user may view stamp duty,
 * the SDLT flag is on, a purchase, a buyer with dual representation — else not found; without the view
 * permission, 403. The return itself is not built yet: its heading and an honest notice.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "../components/error-page";
import { tabMeta } from "../workspaces/tab-meta";
import { checkStampDutyTab } from "../workspaces/workspace-page.server";
import { NotAvailableYet } from "../workspaces/workspace-shell";

export function loader({ request, params }: LoaderFunctionArgs) {
  return checkStampDutyTab(request, params.workspaceId);
}

export default function StampDutyTab() {
  return <NotAvailableYet title="Stamp duty" />;
}

export const meta = tabMeta("Stamp duty");

export const ErrorBoundary = GeneralErrorBoundary;
