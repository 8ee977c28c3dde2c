/**
 * A title's register PDF (document 2 section 2.2's pdf chip): a resource route that fetches the document from
 * the provider with the user's own token (so only the workspace's participants get it) and answers it as an
 * attachment, with nosniff.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { titleDocumentResponse } from "../title/property-details.server";

export function loader({ request, params }: LoaderFunctionArgs) {
  return titleDocumentResponse(request, params.workspaceId, params.fileId);
}
