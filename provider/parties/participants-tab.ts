/**
 * The participants tab's read (core/parties/tab-api.ts): the participants, the law firms, the lenders and
 * the title's match, after one permission check and from one statement's read of the rows they share
 * (provider/workspaces/detail-rows.ts).
 */
import type { ParticipantsTabResponse } from "../../core/parties/tab-api.js";
import type { VerifiedCaller } from "../identity/oidc.js";
import type { DB } from "../platform/db/index.js";
import { titleMatchOf } from "../title/service.js";
import { findVisibleWorkspace, requireAction } from "../workspaces/access.js";
import { readWorkspaceDetailRows } from "../workspaces/detail-rows.js";
import { participantRecordsOf } from "../workspaces/service.js";
import { lawFirmsOf, lendersOf } from "./read.js";

export async function participantsTab(db: DB, caller: VerifiedCaller, workspaceId: string): Promise<ParticipantsTabResponse> {
  const workspace = await findVisibleWorkspace(db, caller, workspaceId);
  requireAction(caller, "viewWorkspace", workspace);
  const rows = await readWorkspaceDetailRows(db, workspaceId);
  const [participants, lawFirms, lenders] = await Promise.all([
    participantRecordsOf(db, workspaceId, rows),
    lawFirmsOf(db, workspaceId, rows),
    lendersOf(db, workspaceId, rows),
  ]);
  return { participants, lawFirms, lenders, title: titleMatchOf(workspace, rows.parties, rows.title) };
}
