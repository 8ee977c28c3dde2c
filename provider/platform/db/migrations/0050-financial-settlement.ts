/**
 * The financial settlement schedule (document 2 sections 3.9, 3.10, 3.11, 4.6, 4.7, 4.7a):
 *
 * - financial_settlement_schedules: one per workspace, made by a trigger in the transaction that inserts the
 *   workspace (createWorkspace, the demo world, bulk loads) and back-filled here for the workspaces already
 *   there. Versioned: the version moves on with every change to the schedule or any of its line items.
 * - financial_line_items: a schedule's fund sources and destinations; money in integer pence (bigint); the
 *   bank account typed for it, or a link to a saved account (financial_account_id, the accounts table of
 *   migration 0055, kept without a foreign key so either migration may run first); the Confirmation of Payee
 *   outcome in the same columns as financial_accounts; its own version.
 * - financial_settlement_approvals: a participant's approval of the financials (4.7a), one row per approving
 *   participant; absent means not approved.
 * - line_item_reference_seq: the product's line item references (FLI-0000001), quoted on incoming payments.
 */
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE financial_settlement_schedules (
    financial_settlement_schedule_id uuid PRIMARY KEY,
    workspace_id uuid NOT NULL UNIQUE REFERENCES workspaces (workspace_id) ON DELETE CASCADE,
    status text NOT NULL DEFAULT 'IN_PREPARATION',
    completion_date date,
    amount_payable_on_completion bigint,
    approved boolean NOT NULL DEFAULT false,
    version integer NOT NULL DEFAULT 1,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  // A workspace's completion date (set before this schedule existed) becomes its schedule's.
  await sql`INSERT INTO financial_settlement_schedules (financial_settlement_schedule_id, workspace_id, status, completion_date)
    SELECT gen_random_uuid(), workspace_id, CASE WHEN status = 'CANCELLED' THEN 'CANCELLED' ELSE 'IN_PREPARATION' END, completion_date
    FROM workspaces`.execute(db);
  // Every workspace gets its schedule in the transaction that creates it, whoever inserts it: one trigger
  // call per statement (as the lodgement case of migration 0045).
  await sql`CREATE FUNCTION financial_settlement_schedules_for_new_workspaces() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO financial_settlement_schedules (financial_settlement_schedule_id, workspace_id, status, completion_date)
      SELECT gen_random_uuid(), workspace_id, CASE WHEN status = 'CANCELLED' THEN 'CANCELLED' ELSE 'IN_PREPARATION' END, completion_date
      FROM new_rows ORDER BY workspace_id
      ON CONFLICT (workspace_id) DO NOTHING;
    RETURN NULL;
  END $$`.execute(db);
  await sql`CREATE TRIGGER workspaces_financial_settlement_schedule AFTER INSERT ON workspaces
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION financial_settlement_schedules_for_new_workspaces()`.execute(db);

  await sql`CREATE SEQUENCE line_item_reference_seq`.execute(db);
  await sql`CREATE TABLE financial_line_items (
    line_item_id uuid PRIMARY KEY,
    financial_settlement_schedule_id uuid NOT NULL REFERENCES financial_settlement_schedules (financial_settlement_schedule_id) ON DELETE CASCADE,
    line_item_reference text NOT NULL UNIQUE,
    type text NOT NULL,
    category text NOT NULL,
    amount bigint NOT NULL CHECK (amount > 0),
    reference text NOT NULL,
    authorised boolean NOT NULL DEFAULT false,
    authorised_by text,
    authorised_at timestamptz,
    financial_account_id uuid,
    source_funds_status text,
    consent jsonb,
    account_name text,
    account_number text,
    bank_code text,
    display_name text,
    account_type text,
    verified boolean,
    verification_status text,
    partner_reason_code text,
    actual_name text,
    accepted_by text,
    accepted_at timestamptz,
    is_manual_override_allowed boolean,
    created_by text NOT NULL,
    position integer NOT NULL,
    version integer NOT NULL DEFAULT 1,
    created_at timestamptz NOT NULL DEFAULT now(),
    last_modified_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE INDEX financial_line_items_schedule ON financial_line_items (financial_settlement_schedule_id, position)`.execute(db);

  await sql`CREATE TABLE financial_settlement_approvals (
    financial_settlement_schedule_id uuid NOT NULL REFERENCES financial_settlement_schedules (financial_settlement_schedule_id) ON DELETE CASCADE,
    participant_id uuid NOT NULL,
    approved_by text NOT NULL,
    approved_at timestamptz NOT NULL,
    PRIMARY KEY (financial_settlement_schedule_id, participant_id)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS financial_settlement_approvals`.execute(db);
  await sql`DROP TABLE IF EXISTS financial_line_items`.execute(db);
  await sql`DROP SEQUENCE IF EXISTS line_item_reference_seq`.execute(db);
  await sql`DROP TRIGGER IF EXISTS workspaces_financial_settlement_schedule ON workspaces`.execute(db);
  await sql`DROP FUNCTION IF EXISTS financial_settlement_schedules_for_new_workspaces()`.execute(db);
  await sql`DROP TABLE IF EXISTS financial_settlement_schedules`.execute(db);
}
