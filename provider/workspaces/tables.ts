/**
 * Kysely types of the workspace tables (migration 0010-workspaces), kept beside the services that use
 * them; `workspaceDb` widens the provider's database handle with them.
 */
import type { ColumnType, Generated, Kysely, Transaction } from "kysely";
import type { DB, Database } from "../platform/db/index.js";

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** A DATE column: read it as text (`completion_date::text`) so no time zone ever shifts it. */
type DateColumn = ColumnType<Date | string | null, string | null | undefined, string | null>;

export interface WorkspacesTable {
  workspace_id: string;
  workspace_reference_id: string;
  transaction_type: string;
  transfer_of_equity: ColumnType<boolean, boolean | undefined, boolean>;
  status: string;
  jurisdiction: ColumnType<string, string | undefined, string>;
  security_address_id: string;
  address_building_name: string | null;
  address_building_number: string | null;
  address_flat: string | null;
  address_street: string | null;
  address_town: string | null;
  address_postcode: string;
  postcode_key: ColumnType<string, never, never>;
  completion_date: DateColumn;
  borrowers_validation_status: ColumnType<string, string | undefined, string>;
  cancellation_reason: string | null;
  cancellation_notes: string | null;
  actioned_at: NullableTimestamp;
  pending_labels: ColumnType<number, number | undefined, number>;
  subscriber_id: string;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

export interface WorkspacePartiesTable {
  party_id: string;
  workspace_id: string;
  position: number;
  role: string;
  type: string;
  forenames: string | null;
  surname: string | null;
  organisation_name: string | null;
  registration_number: string | null;
  organisation_type: string | null;
  legal_entity_name: string | null;
  created_at: Timestamp;
}

export interface WorkspaceParticipantsTable {
  participant_id: string;
  workspace_id: string;
  subscriber_id: string;
  role: string;
  is_approved: ColumnType<boolean, boolean | undefined, boolean>;
  status: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
}

export interface WorkspaceReferencesTable {
  reference_id: string;
  workspace_id: string;
  reference_number: string;
  representative_role: string;
  representative_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WorkspaceTasksTable {
  workspace_id: string;
  task_name: string;
  status: string;
  assignee_role: string | null;
  completed_by: string | null;
  completed_at: NullableTimestamp;
  created_at: Timestamp;
}

/** The list's projection; written only by the triggers of migration 0010. */
export interface WorkspaceListEntriesTable {
  scope: string;
  workspace_id: string;
  status: string;
  transaction_type: string;
  completion_date: DateColumn;
  created_at: Timestamp;
  pending_labels: number;
}

/** Entries per (scope, status, transaction type, pending-label mask); written only by a trigger. */
export interface WorkspaceListCountsTable {
  scope: string;
  status: string;
  transaction_type: string;
  pending_labels: number;
  n: number;
}

export type WorkspaceTables = {
  workspaces: WorkspacesTable;
  workspace_parties: WorkspacePartiesTable;
  workspace_participants: WorkspaceParticipantsTable;
  workspace_references: WorkspaceReferencesTable;
  workspace_tasks: WorkspaceTasksTable;
  workspace_list_entries: WorkspaceListEntriesTable;
  workspace_list_counts: WorkspaceListCountsTable;
};

export type WorkspaceDatabase = Database & WorkspaceTables;
export type WorkspaceDB = Kysely<WorkspaceDatabase>;
export type WorkspaceTrx = Transaction<WorkspaceDatabase>;

/** The "all workspaces" scope of the list projection (the helpdesk administrator's). */
export const ALL_WORKSPACES_SCOPE = "*";

export function workspaceDb(db: DB | WorkspaceDB): WorkspaceDB {
  return (db as DB).withTables<WorkspaceTables>();
}
