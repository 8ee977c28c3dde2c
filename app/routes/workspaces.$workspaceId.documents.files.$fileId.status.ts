/**
 * GET /workspaces/:workspaceId/documents/files/:fileId/status: the scan state of an upload as JSON, which
 * the Documents tab polls every second with JavaScript until it is no longer PENDING (decision 0720).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { fileStatusResponse } from "../documents/documents.server";

export function loader({ request, params }: LoaderFunctionArgs) {
  return fileStatusResponse(request, params.workspaceId, params.fileId);
}
