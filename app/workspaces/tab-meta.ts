/** A workspace tab's page title: the tab, the workspace reference id, the product. */
import type { MetaFunction } from "@remix-run/node";
import { titleFor } from "../utils/meta";

export const WORKSPACE_ROUTE_ID = "routes/workspaces.$workspaceId";

export function tabMeta(label: string): MetaFunction {
  return ({ matches, error }) => {
    const parent = matches.find((match) => match.id === WORKSPACE_ROUTE_ID)?.data as { view?: { workspaceReferenceId: string } } | undefined;
    const reference = parent?.view?.workspaceReferenceId;
    return titleFor(reference ? `${label}, ${reference}` : label, error);
  };
}
