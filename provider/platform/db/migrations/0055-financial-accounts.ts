/**
 * Frequently used financial accounts (document 2 sections 3.12 and 7.5): a subscriber's saved bank accounts,
 * REDEMPTION accounts managed on the Manage financial accounts screens and the one preconfigured
 * CONVEYANCING_FEES account of each law or conveyancing firm. Each carries the result of its bank account
 * check (Confirmation of Payee) and, after a manual verification, who accepted it and when.
 *
 * subscriber_id is text like subscribers.subscriber_id (the ids are uuids). One account per sort code,
 * account number and type for a subscriber. The list reads by subscriber and type, sorted by display name
 * (the verified picker) or by last change (the management list).
 */
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    sql`CREATE TABLE financial_accounts (
      financial_account_id uuid PRIMARY KEY,
      subscriber_id text NOT NULL REFERENCES subscribers (subscriber_id) ON DELETE CASCADE,
      type text NOT NULL CHECK (type IN ('REDEMPTION', 'CONVEYANCING_FEES')),
      display_name text NOT NULL,
      account_name text NOT NULL,
      account_number text NOT NULL,
      bank_code text NOT NULL,
      account_type text NOT NULL DEFAULT 'BUSINESS',
      verified boolean NOT NULL DEFAULT false,
      verification_status text NOT NULL DEFAULT 'ACCOUNT_VERIFICATION_NOT_RUN',
      partner_reason_code text,
      actual_name text,
      accepted_by text,
      accepted_at timestamptz,
      version integer NOT NULL DEFAULT 1,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_modified_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (subscriber_id, bank_code, account_number, type)
    )`,
    sql`CREATE INDEX financial_accounts_by_name ON financial_accounts (subscriber_id, type, display_name)`,
    sql`CREATE INDEX financial_accounts_by_change ON financial_accounts (subscriber_id, type, last_modified_at DESC)`,
  ]) {
    await statement.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS financial_accounts`.execute(db);
}
