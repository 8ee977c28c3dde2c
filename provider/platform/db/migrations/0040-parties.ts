/**
 * Parties, representation and law firms (document 2 sections 3.1, 3.3, 3.6, 4.5):
 *
 * - workspace_parties gains the party's representation (representation id and type, representative type,
 *   name and role, the external law firm or participant that represents it), its verification of identity,
 *   and `locked`, set when a title update is confirmed for the party (no edit or delete afterwards; the title
 *   migration adds it too, IF NOT EXISTS, so either may come first).
 * - workspace_party_addresses: a party's correspondence address (individual) or registered address
 *   (organisation), one of each kind at most.
 * - workspace_law_firms: the external law firms entered when confirming separate representation, and, under
 *   the participant's id, the address the workspace keeps for a participant law firm (its name stays its
 *   subscriber's; its reference is the participant's reference in workspace_references).
 */
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    sql`ALTER TABLE workspace_parties
      ADD COLUMN representation_id uuid,
      ADD COLUMN representation_type text,
      ADD COLUMN representative_type text,
      ADD COLUMN representative_name text,
      ADD COLUMN representative_role text,
      ADD COLUMN law_firm_id uuid,
      ADD COLUMN representative_participant_id uuid,
      ADD COLUMN verification_of_identity text,
      ADD COLUMN IF NOT EXISTS locked boolean NOT NULL DEFAULT false`,
    sql`CREATE TABLE workspace_party_addresses (
      address_id uuid PRIMARY KEY,
      workspace_id uuid NOT NULL REFERENCES workspaces (workspace_id) ON DELETE CASCADE,
      party_id uuid NOT NULL REFERENCES workspace_parties (party_id) ON DELETE CASCADE,
      address_type text NOT NULL,
      building_name text,
      building_number text,
      flat text,
      street text,
      town text,
      postcode text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (party_id, address_type)
    )`,
    sql`CREATE INDEX workspace_party_addresses_workspace ON workspace_party_addresses (workspace_id)`,
    sql`CREATE TABLE workspace_law_firms (
      law_firm_id uuid PRIMARY KEY,
      workspace_id uuid NOT NULL REFERENCES workspaces (workspace_id) ON DELETE CASCADE,
      role text NOT NULL,
      name text NOT NULL,
      reference_number text,
      building_name text,
      building_number text,
      flat text,
      street text,
      town text,
      postcode text,
      subscriber_id text REFERENCES subscribers (subscriber_id),
      participant_id uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
    sql`CREATE INDEX workspace_law_firms_workspace ON workspace_law_firms (workspace_id)`,
  ]) {
    await statement.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS workspace_law_firms`.execute(db);
  await sql`DROP TABLE IF EXISTS workspace_party_addresses`.execute(db);
  await sql`ALTER TABLE workspace_parties
    DROP COLUMN representation_id, DROP COLUMN representation_type, DROP COLUMN representative_type,
    DROP COLUMN representative_name, DROP COLUMN representative_role, DROP COLUMN law_firm_id,
    DROP COLUMN representative_participant_id, DROP COLUMN verification_of_identity, DROP COLUMN locked`.execute(db);
}
