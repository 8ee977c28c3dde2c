/**
 * The participants tab's read (core/parties/tab-api.ts): the participants, the law firms, the lenders and
 * the title's match, after one permission check and from one read of the rows they share.
 */
import type { ParticipantsTabResponse } from "../../core/parties/tab-api.js";
import type { VerifiedCaller } from "../identity/oidc.js";
import type { DB } from "../platform/db/index.js";
import { titleMatchOfWorkspace } from "../title/service.js";
import { findVisibleWorkspace, requireAction } from "../workspaces/access.js";
import { participantRecordsOf } from "../workspaces/service.js";
import { lawFirmsOf, lendersOf, workspaceRows } from "./read.js";

export async function participantsTab(db: DB, caller: VerifiedCaller, workspaceId: string): Promise<ParticipantsTabResponse> {
  const workspace = await findVisibleWorkspace(db, caller, workspaceId);
  requireAction(caller, "viewWorkspace", workspace);
  const rows = await workspaceRows(db, workspaceId);
  const [participants, lawFirms, lenders, title] = await Promise.all([
    participantRecordsOf(db, workspaceId, rows),
    lawFirmsOf(db, workspaceId, rows),
    lendersOf(db, workspaceId, rows),
    titleMatchOfWorkspace(db, workspace, rows.parties),
  ]);
  return { participants, lawFirms, lenders, title };
}
