/**
 * The lodgement case and its title (document 2 sections 3.4, 3.5, 4.4; docs/decisions/0500-lodgement-case-and-title.md):
 *
 * - lodgement_cases: one per workspace, made by a trigger in the transaction that inserts the workspace
 *   (createWorkspace, the demo world, bulk loads) and back-filled here for the workspaces already there,
 *   carrying the title search fields. Kept generic: later issues hang the lodgement documents off it.
 * - titles: the register a title search answered, as the land registry gave it (jsonb), and its register PDF.
 * - title_party_resolutions: how the user resolved a party's mismatch (a change-of-name application, no
 *   action needed, the name / registration number updated from the title, the organisation is a borrower).
 * - title_proprietor_choices: registered proprietors the user set as incoming or outgoing.
 * - workspace_parties.locked: a party confirmed from the title cannot be edited any more (also added by the
 *   parties migration; IF NOT EXISTS lets either run first).
 */
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE lodgement_cases (
    lodgement_case_id uuid PRIMARY KEY,
    workspace_id uuid NOT NULL UNIQUE REFERENCES workspaces (workspace_id) ON DELETE CASCADE,
    last_title_search_status text,
    last_title_search_time timestamptz,
    last_title_number text,
    unsupported_reasons jsonb NOT NULL DEFAULT '[]'::jsonb,
    title_searches integer NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`INSERT INTO lodgement_cases (lodgement_case_id, workspace_id)
    SELECT gen_random_uuid(), workspace_id FROM workspaces`.execute(db);
  // Every workspace gets its case in the transaction that creates it, whoever inserts it (createWorkspace,
  // the demo world, the benchmark's bulk load): one trigger call per statement.
  await sql`CREATE FUNCTION lodgement_cases_for_new_workspaces() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO lodgement_cases (lodgement_case_id, workspace_id)
      SELECT gen_random_uuid(), workspace_id FROM new_rows ORDER BY workspace_id
      ON CONFLICT (workspace_id) DO NOTHING;
    RETURN NULL;
  END $$`.execute(db);
  await sql`CREATE TRIGGER workspaces_lodgement_case AFTER INSERT ON workspaces
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lodgement_cases_for_new_workspaces()`.execute(db);

  await sql`CREATE TABLE titles (
    lodgement_case_id uuid NOT NULL REFERENCES lodgement_cases (lodgement_case_id) ON DELETE CASCADE,
    title_number text NOT NULL,
    register jsonb NOT NULL,
    file_id text NOT NULL UNIQUE,
    file_name text NOT NULL,
    retrieved_at timestamptz NOT NULL,
    PRIMARY KEY (lodgement_case_id, title_number)
  )`.execute(db);

  await sql`CREATE TABLE title_party_resolutions (
    party_id uuid PRIMARY KEY REFERENCES workspace_parties (party_id) ON DELETE CASCADE,
    workspace_id uuid NOT NULL REFERENCES workspaces (workspace_id) ON DELETE CASCADE,
    resolution text NOT NULL,
    proprietor_id text,
    details jsonb,
    created_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE INDEX title_party_resolutions_workspace ON title_party_resolutions (workspace_id)`.execute(db);

  await sql`CREATE TABLE title_proprietor_choices (
    lodgement_case_id uuid NOT NULL REFERENCES lodgement_cases (lodgement_case_id) ON DELETE CASCADE,
    proprietor_id text NOT NULL,
    title_status text NOT NULL,
    party_id uuid REFERENCES workspace_parties (party_id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (lodgement_case_id, proprietor_id)
  )`.execute(db);

  await sql`ALTER TABLE workspace_parties ADD COLUMN IF NOT EXISTS locked boolean NOT NULL DEFAULT false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS title_proprietor_choices`.execute(db);
  await sql`DROP TABLE IF EXISTS title_party_resolutions`.execute(db);
  await sql`DROP TABLE IF EXISTS titles`.execute(db);
  await sql`DROP TRIGGER IF EXISTS workspaces_lodgement_case ON workspaces`.execute(db);
  await sql`DROP FUNCTION IF EXISTS lodgement_cases_for_new_workspaces()`.execute(db);
  await sql`DROP TABLE IF EXISTS lodgement_cases`.execute(db);
}
