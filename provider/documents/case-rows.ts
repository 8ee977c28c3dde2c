/**
 * Everything a read of a workspace's lodgement case answers from, in one statement: the case, the workspace's
 * parties, the case's documents (with their files' names and scan statuses), requests and files, the held
 * title's register and the change-of-name resolutions, the participant subscribers and the environment's
 * feature flags. The Documents tab reads the case in full on every load; as fourteen small statements it was
 * most of the provider's work for the page (decision 0920). Each list comes back as JSON, in the order its own
 * query gives it; the caller has already checked that the workspace may be seen.
 */
import { sql } from "kysely";
import type { Environment } from "../../core/shared/feature-flags.js";
import type { DB, Trx } from "../platform/db/index.js";
import { withDates } from "../platform/db/json-rows.js";
import { featureFlagRowsJson } from "../platform/feature-flags.js";
import type { FileRow } from "./files.js";
import type { CaseRow, DocumentRow, PartyRow, RequestRow, TitleFacts } from "./lodgement.js";

export interface CaseRows {
  lodgementCase: CaseRow;
  parties: PartyRow[];
  documents: DocumentRow[];
  requests: RequestRow[];
  titleFacts: TitleFacts;
  /** Newest first. */
  files: FileRow[];
  /** By subscriber name. */
  participants: { subscriber_id: string; name: string; role: string; entity_type: string }[];
  featureFlags: { name: string; enabled: boolean }[];
}

/** As the statement answers them: JSON, so each timestamp is text until `withDates` makes it a Date again. */
interface Answer {
  lodgement_case: CaseRow;
  parties: PartyRow[];
  documents: DocumentRow[];
  requests: RequestRow[];
  title: TitleFacts["title"] | null;
  resolutions: TitleFacts["resolutions"];
  files: FileRow[];
  participants: CaseRows["participants"];
  feature_flags: CaseRows["featureFlags"];
}

/** The timestamp columns of a lodgement case, for a case read as JSON. */
export const CASE_TIMESTAMPS = [
  "last_title_search_time",
  "created_at",
  "updated_at",
  "approved_at",
  "resubmission_prepared_at",
] as const satisfies readonly (keyof CaseRow)[];

/** The workspace's case and what its reads need, or undefined when the workspace has no case. */
export async function readCaseRows(
  db: DB | Trx,
  workspaceId: string,
  environment: Environment,
): Promise<CaseRows | undefined> {
  const { rows } = await sql<Answer>`
    select
      row_to_json(c) as lodgement_case,
      (select coalesce(json_agg(json_build_object(
          'party_id', p.party_id, 'role', p.role, 'type', p.type, 'forenames', p.forenames, 'surname', p.surname,
          'organisation_name', p.organisation_name, 'representative_type', p.representative_type,
          'verification_of_identity', p.verification_of_identity) order by p.position), '[]')
        from workspace_parties p where p.workspace_id = c.workspace_id) as parties,
      (select coalesce(json_agg(to_jsonb(d) || jsonb_build_object('file_name', f.file_name, 'upload_status', f.upload_status)
          order by d.created_at, d.document_id), '[]')
        from lodgement_documents d left join lodgement_files f on f.file_id = d.file_id
        where d.lodgement_case_id = c.lodgement_case_id) as documents,
      (select coalesce(json_agg(r order by r.submitted_at desc), '[]') from lodgement_requests r
        where r.lodgement_case_id = c.lodgement_case_id) as requests,
      (select json_build_object('register', t.register) from titles t where t.lodgement_case_id = c.lodgement_case_id
        order by t.retrieved_at desc limit 1) as title,
      (select coalesce(json_agg(json_build_object('party_id', r.party_id)), '[]') from title_party_resolutions r
        where r.workspace_id = c.workspace_id and r.resolution = 'CHANGE_OF_NAME_APPLICATION') as resolutions,
      (select coalesce(json_agg(f order by f.created_at desc, f.file_id desc), '[]') from lodgement_files f
        where f.lodgement_case_id = c.lodgement_case_id) as files,
      (select coalesce(json_agg(json_build_object('subscriber_id', p.subscriber_id, 'name', s.name, 'role', p.role,
          'entity_type', s.entity_type) order by s.name), '[]')
        from workspace_participants p join subscribers s on s.subscriber_id = p.subscriber_id
        where p.workspace_id = c.workspace_id) as participants,
      ${featureFlagRowsJson(environment)} as feature_flags
    from lodgement_cases c where c.workspace_id = ${workspaceId}
  `.execute(db);
  const answer = rows[0];
  if (!answer) return undefined;
  return {
    lodgementCase: withDates(answer.lodgement_case, CASE_TIMESTAMPS),
    parties: answer.parties,
    documents: answer.documents.map((row) =>
      withDates(row, ["submitted_at", "rejected_at", "created_at", "last_modified_at"]),
    ),
    requests: answer.requests.map((row) =>
      withDates(row, [
        "submitted_at",
        "rejected_at",
        "registered_at",
        "requisitioned_at",
        "requisition_deadline",
        "requisition_submitted_at",
        "answer_due_at",
      ]),
    ),
    titleFacts: { title: answer.title ?? undefined, resolutions: answer.resolutions },
    files: answer.files.map((row) => withDates(row, ["scanned_at", "created_at", "last_modified_at"])),
    participants: answer.participants,
    featureFlags: answer.feature_flags,
  };
}
