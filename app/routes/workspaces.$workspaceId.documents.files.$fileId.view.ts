/**
 * GET /workspaces/:workspaceId/documents/files/:fileId/view: the View action of a file. Asks the provider,
 * with the user's own token, for the file's signed link (valid 60 seconds, only for an organisation the
 * file's policy allows) and redirects the browser to it; links open it in a new window (target=_blank,
 * rel=noopener).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { fileViewResponse } from "../documents/documents.server";

export function loader({ request, params }: LoaderFunctionArgs) {
  return fileViewResponse(request, params.workspaceId, params.fileId);
}
