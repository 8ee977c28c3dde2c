/**
 * Everything a workspace's detail and its participants tab are made of, read in one statement: the parties and
 * their addresses, the participants, the references, the tasks, the law firms, and the title's rows (the
 * lodgement case, its latest title, the parties' resolutions and the proprietors' choices). A tab's page reads
 * the detail on every load; as a dozen small statements it was most of the provider's work for the page
 * (decision 0917). Each list comes back as JSON, in the order its own query gave it; the caller has already
 * checked that the workspace may be seen.
 */
import { sql, type Selectable } from "kysely";
import type { DB, Trx } from "../platform/db/index.js";
import { withDates } from "../platform/db/json-rows.js";
import { CASE_TIMESTAMPS } from "../documents/case-rows.js";
import type { LodgementCasesTable, TitlesTable } from "../platform/db/schema.js";
import type { LawFirmRow, PartyAddressRow, PartyRow, WorkspaceRows } from "../parties/read.js";
import type { TitleRows } from "../title/service.js";
import { tasksFrom, type TaskRow } from "./state.js";
import type { WorkspaceTask } from "../../core/workspaces/lifecycle.js";

export interface WorkspaceDetailRows extends WorkspaceRows {
  addresses: PartyAddressRow[];
  tasks: WorkspaceTask[];
  lawFirms: LawFirmRow[];
  title: TitleRows;
}

/** As the statement answers them: JSON, so each timestamp is text until `withDates` makes it a Date again. */
interface Answer {
  parties: PartyRow[];
  addresses: PartyAddressRow[];
  participants: WorkspaceRows["participants"];
  reference_rows: WorkspaceRows["references"];
  tasks: TaskRow[];
  law_firms: LawFirmRow[];
  lodgement_case: Selectable<LodgementCasesTable> | null;
  title: Selectable<TitlesTable> | null;
  resolutions: TitleRows["resolutions"];
  choices: TitleRows["choices"];
}

export async function readWorkspaceDetailRows(
  db: DB | Trx,
  workspaceId: string,
): Promise<WorkspaceDetailRows> {
  const { rows } = await sql<Answer>`
    select
      (select coalesce(json_agg(p order by p.position), '[]') from workspace_parties p where p.workspace_id = ${workspaceId}) as parties,
      (select coalesce(json_agg(a order by a.created_at), '[]') from workspace_party_addresses a where a.workspace_id = ${workspaceId}) as addresses,
      (select coalesce(json_agg(json_build_object(
          'participant_id', p.participant_id, 'subscriber_id', p.subscriber_id, 'role', p.role, 'is_approved', p.is_approved,
          'status', p.status, 'name', s.name, 'entity_type', s.entity_type)), '[]')
        from workspace_participants p join subscribers s on s.subscriber_id = p.subscriber_id
        where p.workspace_id = ${workspaceId}) as participants,
      (select coalesce(json_agg(json_build_object(
          'reference_id', r.reference_id, 'reference_number', r.reference_number,
          'representative_role', r.representative_role, 'representative_id', r.representative_id) order by r.created_at, r.reference_id), '[]')
        from workspace_references r where r.workspace_id = ${workspaceId}) as reference_rows,
      (select coalesce(json_agg(json_build_object(
          'task_name', t.task_name, 'status', t.status, 'assignee_role', t.assignee_role,
          'completed_by', t.completed_by, 'completed_at', t.completed_at) order by t.task_name), '[]')
        from workspace_tasks t where t.workspace_id = ${workspaceId}) as tasks,
      (select coalesce(json_agg(f order by f.created_at, f.law_firm_id), '[]') from workspace_law_firms f where f.workspace_id = ${workspaceId}) as law_firms,
      (select row_to_json(c) from lodgement_cases c where c.workspace_id = ${workspaceId}) as lodgement_case,
      -- A case never searched holds no title, and then the resolutions and choices change nothing.
      (select row_to_json(t) from titles t join lodgement_cases c on c.lodgement_case_id = t.lodgement_case_id
        where c.workspace_id = ${workspaceId} and c.last_title_search_status is not null
        order by t.retrieved_at desc limit 1) as title,
      (select coalesce(json_agg(json_build_object('party_id', r.party_id, 'resolution', r.resolution)), '[]')
        from title_party_resolutions r where r.workspace_id = ${workspaceId}) as resolutions,
      (select coalesce(json_agg(json_build_object('proprietor_id', ch.proprietor_id, 'title_status', ch.title_status)), '[]')
        from title_proprietor_choices ch join lodgement_cases c on c.lodgement_case_id = ch.lodgement_case_id
        where c.workspace_id = ${workspaceId}) as choices
  `.execute(db);
  const answer = rows[0];
  return {
    parties: answer.parties.map((row) => withDates(row, ["created_at"])),
    addresses: answer.addresses.map((row) => withDates(row, ["created_at"])),
    participants: answer.participants,
    references: answer.reference_rows,
    tasks: tasksFrom(answer.tasks),
    lawFirms: answer.law_firms.map((row) => withDates(row, ["created_at", "updated_at"])),
    title: {
      lodgementCase: answer.lodgement_case
        ? withDates(answer.lodgement_case, CASE_TIMESTAMPS)
        : undefined,
      title: answer.title ? withDates(answer.title, ["retrieved_at"]) : undefined,
      resolutions: answer.resolutions,
      choices: answer.choices,
    },
  };
}
