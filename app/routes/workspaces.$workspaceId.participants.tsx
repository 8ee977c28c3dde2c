/** The workspace's Participants tab (document 2): not built yet, so its heading and an honest notice. */
import { GeneralErrorBoundary } from "../components/error-page";
import { NotAvailableYet } from "../workspaces/workspace-shell";
import { tabMeta } from "../workspaces/tab-meta";

export default function ParticipantsTab() {
  return <NotAvailableYet title="Participants" />;
}

export const meta = tabMeta("Participants");

export const ErrorBoundary = GeneralErrorBoundary;
