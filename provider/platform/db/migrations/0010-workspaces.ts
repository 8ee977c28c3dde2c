/**
 * Workspaces (document 1 section 3): the workspace with its security address and remarks, parties,
 * participants, references and tasks; and the list's search projection (docs/decisions/0201-workspace-search.md):
 *
 * - workspace_list_entries: one row per (scope, workspace), where scope is a participant subscriber's id or
 *   '*' (every workspace, for the helpdesk administrator), carrying the list's filter and sort keys. Kept
 *   by triggers on workspaces and participants, so no write path can forget it.
 * - workspace_list_counts: how many entries each (scope, status, transaction type, pending-label mask)
 *   holds, kept by a trigger on the entries, so totals and chip counts never scan the list.
 *
 * Plain SQL (PostgreSQL 15+; PGlite is 17): statement-level triggers with transition tables, so a bulk
 * insert costs one trigger call per statement, and counter rows are written in key order (no deadlocks).
 */
import { sql, type Kysely } from "kysely";

const STATEMENTS = [
  sql`CREATE SEQUENCE workspace_reference_seq`,
  sql`CREATE TABLE workspaces (
    workspace_id uuid PRIMARY KEY,
    workspace_reference_id text NOT NULL,
    transaction_type text NOT NULL,
    transfer_of_equity boolean NOT NULL DEFAULT false,
    status text NOT NULL,
    jurisdiction text NOT NULL DEFAULT 'ENGLAND_WALES',
    security_address_id uuid NOT NULL,
    address_building_name text,
    address_building_number text,
    address_flat text,
    address_street text,
    address_town text,
    address_postcode text NOT NULL,
    postcode_key text GENERATED ALWAYS AS (upper(replace(address_postcode, ' ', ''))) STORED,
    completion_date date,
    borrowers_validation_status text NOT NULL DEFAULT 'PENDING',
    cancellation_reason text,
    cancellation_notes text,
    actioned_at timestamptz,
    pending_labels integer NOT NULL DEFAULT 0,
    subscriber_id text NOT NULL REFERENCES subscribers (subscriber_id),
    created_by text,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    version integer NOT NULL DEFAULT 1
  )`,
  // text_pattern_ops: equality and LIKE 'prefix%' whatever the database's collation.
  sql`CREATE UNIQUE INDEX workspaces_reference_id ON workspaces (workspace_reference_id text_pattern_ops)`,
  sql`CREATE INDEX workspaces_postcode_key ON workspaces (postcode_key text_pattern_ops) INCLUDE (workspace_id)`,

  sql`CREATE TABLE workspace_parties (
    party_id uuid PRIMARY KEY,
    workspace_id uuid NOT NULL REFERENCES workspaces (workspace_id) ON DELETE CASCADE,
    position integer NOT NULL,
    role text NOT NULL,
    type text NOT NULL,
    forenames text,
    surname text,
    organisation_name text,
    registration_number text,
    organisation_type text,
    legal_entity_name text,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX workspace_parties_workspace ON workspace_parties (workspace_id, position)`,
  // Applicant name search (core/workspaces/search-keys.ts, applicantNameKeys): prefixes of these expressions.
  sql`CREATE INDEX workspace_parties_applicant_surname ON workspace_parties (lower(surname) text_pattern_ops)
    INCLUDE (workspace_id) WHERE role IN ('BORROWER', 'BUYER')`,
  sql`CREATE INDEX workspace_parties_applicant_forenames_surname ON workspace_parties
    (lower(forenames || ' ' || surname) text_pattern_ops) INCLUDE (workspace_id) WHERE role IN ('BORROWER', 'BUYER')`,
  sql`CREATE INDEX workspace_parties_applicant_surname_forenames ON workspace_parties
    (lower(surname || ' ' || forenames) text_pattern_ops) INCLUDE (workspace_id) WHERE role IN ('BORROWER', 'BUYER')`,
  sql`CREATE INDEX workspace_parties_applicant_organisation ON workspace_parties (lower(organisation_name) text_pattern_ops)
    INCLUDE (workspace_id) WHERE role IN ('BORROWER', 'BUYER')`,

  sql`CREATE TABLE workspace_participants (
    participant_id uuid PRIMARY KEY,
    workspace_id uuid NOT NULL REFERENCES workspaces (workspace_id) ON DELETE CASCADE,
    subscriber_id text NOT NULL REFERENCES subscribers (subscriber_id),
    role text NOT NULL,
    is_approved boolean NOT NULL DEFAULT false,
    status text NOT NULL DEFAULT 'ACTIVE',
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (workspace_id, subscriber_id),
    UNIQUE (workspace_id, role)
  )`,
  sql`CREATE INDEX workspace_participants_subscriber ON workspace_participants (subscriber_id)`,

  sql`CREATE TABLE workspace_references (
    reference_id uuid PRIMARY KEY,
    workspace_id uuid NOT NULL REFERENCES workspaces (workspace_id) ON DELETE CASCADE,
    reference_number text NOT NULL,
    representative_role text NOT NULL,
    representative_id uuid REFERENCES workspace_participants (participant_id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (workspace_id, representative_role)
  )`,
  sql`CREATE INDEX workspace_references_incoming_lender ON workspace_references (lower(reference_number) text_pattern_ops)
    INCLUDE (workspace_id) WHERE representative_role = 'INCOMING_LENDER'`,

  sql`CREATE TABLE workspace_tasks (
    workspace_id uuid NOT NULL REFERENCES workspaces (workspace_id) ON DELETE CASCADE,
    task_name text NOT NULL,
    status text NOT NULL,
    assignee_role text,
    completed_by text,
    completed_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (workspace_id, task_name)
  )`,

  sql`CREATE TABLE workspace_list_entries (
    scope text NOT NULL,
    workspace_id uuid NOT NULL REFERENCES workspaces (workspace_id) ON DELETE CASCADE,
    status text NOT NULL,
    transaction_type text NOT NULL,
    completion_date date,
    created_at timestamptz NOT NULL,
    pending_labels integer NOT NULL,
    PRIMARY KEY (scope, workspace_id)
  )`,
  // One index per sort, each led by (scope, status) so that a status list is a merge of ordered runs.
  sql`CREATE INDEX workspace_list_entries_created ON workspace_list_entries
    (scope, status, created_at DESC, workspace_id DESC) INCLUDE (transaction_type, pending_labels)`,
  sql`CREATE INDEX workspace_list_entries_completion_asc ON workspace_list_entries
    (scope, status, completion_date ASC NULLS LAST, workspace_id ASC) INCLUDE (transaction_type, pending_labels)`,
  sql`CREATE INDEX workspace_list_entries_completion_desc ON workspace_list_entries
    (scope, status, completion_date DESC NULLS LAST, workspace_id DESC) INCLUDE (transaction_type, pending_labels)`,

  sql`CREATE TABLE workspace_list_counts (
    scope text NOT NULL,
    status text NOT NULL,
    transaction_type text NOT NULL,
    pending_labels integer NOT NULL,
    n integer NOT NULL,
    PRIMARY KEY (scope, status, transaction_type, pending_labels)
  )`,

  sql`CREATE FUNCTION workspace_list_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO workspace_list_counts AS c (scope, status, transaction_type, pending_labels, n)
        SELECT scope, status, transaction_type, pending_labels, count(*) FROM new_rows
        GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
        ON CONFLICT (scope, status, transaction_type, pending_labels) DO UPDATE SET n = c.n + excluded.n;
    ELSIF TG_OP = 'DELETE' THEN
      INSERT INTO workspace_list_counts AS c (scope, status, transaction_type, pending_labels, n)
        SELECT scope, status, transaction_type, pending_labels, -count(*) FROM old_rows
        GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
        ON CONFLICT (scope, status, transaction_type, pending_labels) DO UPDATE SET n = c.n + excluded.n;
    ELSE
      INSERT INTO workspace_list_counts AS c (scope, status, transaction_type, pending_labels, n)
        SELECT scope, status, transaction_type, pending_labels, sum(delta) FROM (
          SELECT scope, status, transaction_type, pending_labels, 1 AS delta FROM new_rows
          UNION ALL
          SELECT scope, status, transaction_type, pending_labels, -1 FROM old_rows
        ) changes
        GROUP BY 1, 2, 3, 4 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4
        ON CONFLICT (scope, status, transaction_type, pending_labels) DO UPDATE SET n = c.n + excluded.n;
    END IF;
    RETURN NULL;
  END $$`,
  sql`CREATE TRIGGER workspace_list_entries_counted_insert AFTER INSERT ON workspace_list_entries
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION workspace_list_counts_apply()`,
  sql`CREATE TRIGGER workspace_list_entries_counted_update AFTER UPDATE ON workspace_list_entries
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION workspace_list_counts_apply()`,
  sql`CREATE TRIGGER workspace_list_entries_counted_delete AFTER DELETE ON workspace_list_entries
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION workspace_list_counts_apply()`,

  // A new workspace is listed for '*' (the helpdesk administrator); a change to its keys reaches every entry.
  sql`CREATE FUNCTION workspace_list_entries_from_workspaces() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO workspace_list_entries (scope, workspace_id, status, transaction_type, completion_date, created_at, pending_labels)
        SELECT '*', workspace_id, status, transaction_type, completion_date, created_at, pending_labels FROM new_rows;
    ELSE
      UPDATE workspace_list_entries AS e
        SET status = n.status, transaction_type = n.transaction_type, completion_date = n.completion_date,
            created_at = n.created_at, pending_labels = n.pending_labels
        FROM new_rows n JOIN old_rows o ON o.workspace_id = n.workspace_id
        WHERE e.workspace_id = n.workspace_id
          AND (o.status, o.transaction_type, o.completion_date, o.created_at, o.pending_labels)
              IS DISTINCT FROM (n.status, n.transaction_type, n.completion_date, n.created_at, n.pending_labels);
    END IF;
    RETURN NULL;
  END $$`,
  sql`CREATE TRIGGER workspaces_listed_insert AFTER INSERT ON workspaces
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION workspace_list_entries_from_workspaces()`,
  sql`CREATE TRIGGER workspaces_listed_update AFTER UPDATE ON workspaces
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION workspace_list_entries_from_workspaces()`,

  // A participant's subscriber sees the workspace; removing the participant removes it from their list.
  sql`CREATE FUNCTION workspace_list_entries_from_participants() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO workspace_list_entries (scope, workspace_id, status, transaction_type, completion_date, created_at, pending_labels)
        SELECT p.subscriber_id, w.workspace_id, w.status, w.transaction_type, w.completion_date, w.created_at, w.pending_labels
        FROM new_rows p JOIN workspaces w ON w.workspace_id = p.workspace_id;
    ELSIF TG_OP = 'DELETE' THEN
      DELETE FROM workspace_list_entries AS e USING old_rows o
        WHERE e.scope = o.subscriber_id AND e.workspace_id = o.workspace_id;
    ELSE
      IF EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.participant_id = n.participant_id
                 WHERE (o.subscriber_id, o.workspace_id) IS DISTINCT FROM (n.subscriber_id, n.workspace_id)) THEN
        RAISE EXCEPTION 'A participant keeps its workspace and subscriber: remove it and add another instead';
      END IF;
    END IF;
    RETURN NULL;
  END $$`,
  sql`CREATE TRIGGER workspace_participants_listed_insert AFTER INSERT ON workspace_participants
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION workspace_list_entries_from_participants()`,
  sql`CREATE TRIGGER workspace_participants_listed_update AFTER UPDATE ON workspace_participants
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION workspace_list_entries_from_participants()`,
  sql`CREATE TRIGGER workspace_participants_listed_delete AFTER DELETE ON workspace_participants
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION workspace_list_entries_from_participants()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "workspace_list_counts",
    "workspace_list_entries",
    "workspace_tasks",
    "workspace_references",
    "workspace_participants",
    "workspace_parties",
    "workspaces",
  ]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)} CASCADE`.execute(db);
  }
  for (const fn of ["workspace_list_counts_apply", "workspace_list_entries_from_workspaces", "workspace_list_entries_from_participants"]) {
    await sql`DROP FUNCTION IF EXISTS ${sql.raw(fn)}()`.execute(db);
  }
  await sql`DROP SEQUENCE IF EXISTS workspace_reference_seq`.execute(db);
}
