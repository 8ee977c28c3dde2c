/**
 * The tasks derived from a workspace's parties and participants (core/parties/rules.ts), read in the
 * writer's transaction. Every write that changes parties ends with them: the parties' own writes
 * (party-changes.ts) and the title's writes that add or rename parties (provider/title/service.ts).
 */
import { deriveTasks, partyTasksDone } from "../../core/parties/rules.js";
import type { WorkspaceTask } from "../../core/workspaces/lifecycle.js";
import type { Trx } from "../platform/db/index.js";
import { addressesByParty, partyAddressRows, partyFacts, partyRows } from "./read.js";

/** `tasks` with the party-derived ones brought up to date; `actor` completes the ones that become done. */
export async function withPartyTasks(trx: Trx, workspaceId: string, tasks: readonly WorkspaceTask[], actor: string, at: string): Promise<WorkspaceTask[]> {
  const [parties, addresses, participants] = await Promise.all([
    partyRows(trx, workspaceId),
    partyAddressRows(trx, workspaceId),
    trx.selectFrom("workspace_participants").select("role").where("workspace_id", "=", workspaceId).execute(),
  ]);
  const done = partyTasksDone({
    parties: partyFacts(parties, addressesByParty(addresses)),
    participantRoles: participants.map((participant) => participant.role),
  });
  return deriveTasks(tasks, done, actor, at);
}
