/**
 * The applicants' name keys of the workspace list, per scope: one row per (workspace, scope, key) with the
 * list entry's filter and sort keys beside it, so that a name search reads only the caller's scope, by key
 * prefix, from one index, and counts and pages its matches there (docs/decisions/0908-name-keys-in-scope.md).
 * Before it, the names' indexes on the parties gave every matching workspace of every scope ("smith": about
 * 22,000 at 1,000,000 workspaces) and the scope's primary key was probed once for each.
 *
 * The keys are core's (core/workspaces/search-keys.ts, applicantNameKeys): "forenames surname", "surname
 * forenames" and the organisation's name, lower-cased, of the borrowers and buyers. `n` counts the
 * applicants of the workspace with that key (two "John Smith"s are one row with n = 2).
 *
 * Kept by statement-level triggers, as the list's counters are: a party added, changed or removed changes
 * its keys in every scope the workspace is listed in; an entry added or removed (a participant joins or
 * leaves; a new workspace's '*' entry) adds or removes the workspace's keys in that scope; an entry changed
 * (status, dates, labels) changes its copies. Whichever of a party and an entry comes first, the pair's row
 * is made by the second, so no key is counted twice. The triggers find rows by the primary key (workspace
 * first); the search by its own index (scope, status, key). `name_key` is in the C collation, so that index
 * serves `LIKE 'prefix%'` whatever the database's collation.
 */
import { sql, type Kysely } from "kysely";

const KEY_COLUMNS = sql`status, transaction_type, completion_date, created_at, pending_labels`;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    sql`CREATE FUNCTION workspace_applicant_name_keys(role text, forenames text, surname text, organisation_name text)
      RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
        SELECT k FROM (VALUES (lower(forenames || ' ' || surname)), (lower(surname || ' ' || forenames)), (lower(organisation_name))) AS keys (k)
        WHERE role IN ('BORROWER', 'BUYER') AND k IS NOT NULL
      $$`,
    sql`CREATE TABLE workspace_list_names (
      scope text NOT NULL,
      name_key text COLLATE "C" NOT NULL,
      workspace_id uuid NOT NULL,
      status text NOT NULL,
      transaction_type text NOT NULL,
      completion_date date,
      created_at timestamptz NOT NULL,
      pending_labels integer NOT NULL,
      n integer NOT NULL,
      PRIMARY KEY (workspace_id, scope, name_key)
    )`,
    // The search's: the scope, then one run per status (a status list is read as that many ranges), then the
    // key prefix; everything the search filters, counts and orders by is in it, so it reads no table row.
    sql`CREATE INDEX workspace_list_names_search ON workspace_list_names (scope, status, name_key, workspace_id)
      INCLUDE (transaction_type, completion_date, created_at, pending_labels)`,

    // Parties: the changed applicants' keys, less the old ones, in every scope the workspace is listed in.
    sql`CREATE FUNCTION workspace_list_names_from_parties() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        UPDATE workspace_list_names AS x SET n = x.n - gone.n
          FROM (
            SELECT o.workspace_id, k.name_key, count(*) AS n
            FROM old_rows o CROSS JOIN LATERAL workspace_applicant_name_keys(o.role, o.forenames, o.surname, o.organisation_name) AS k (name_key)
            GROUP BY 1, 2
          ) gone
          WHERE x.workspace_id = gone.workspace_id AND x.name_key = gone.name_key;
        DELETE FROM workspace_list_names AS x USING (SELECT DISTINCT workspace_id FROM old_rows) o
          WHERE x.workspace_id = o.workspace_id AND x.n <= 0;
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO workspace_list_names AS x (scope, name_key, workspace_id, ${KEY_COLUMNS}, n)
          SELECT e.scope, k.name_key, e.workspace_id, e.status, e.transaction_type, e.completion_date, e.created_at, e.pending_labels, count(*)
          FROM new_rows p
          CROSS JOIN LATERAL workspace_applicant_name_keys(p.role, p.forenames, p.surname, p.organisation_name) AS k (name_key)
          JOIN workspace_list_entries e ON e.workspace_id = p.workspace_id
          GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 ORDER BY 3, 1, 2
          ON CONFLICT (workspace_id, scope, name_key) DO UPDATE SET n = x.n + excluded.n;
      END IF;
      RETURN NULL;
    END $$`,
    sql`CREATE TRIGGER workspace_parties_names_insert AFTER INSERT ON workspace_parties
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION workspace_list_names_from_parties()`,
    sql`CREATE TRIGGER workspace_parties_names_update AFTER UPDATE ON workspace_parties
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION workspace_list_names_from_parties()`,
    sql`CREATE TRIGGER workspace_parties_names_delete AFTER DELETE ON workspace_parties
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION workspace_list_names_from_parties()`,

    // Entries: a new one takes its workspace's keys; a removed one takes them away; a changed one changes its copies.
    sql`CREATE FUNCTION workspace_list_names_from_entries() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO workspace_list_names (scope, name_key, workspace_id, ${KEY_COLUMNS}, n)
          SELECT e.scope, k.name_key, e.workspace_id, e.status, e.transaction_type, e.completion_date, e.created_at, e.pending_labels, count(*)
          FROM new_rows e
          JOIN workspace_parties p ON p.workspace_id = e.workspace_id
          CROSS JOIN LATERAL workspace_applicant_name_keys(p.role, p.forenames, p.surname, p.organisation_name) AS k (name_key)
          GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
      ELSIF TG_OP = 'DELETE' THEN
        DELETE FROM workspace_list_names AS x USING old_rows o WHERE x.workspace_id = o.workspace_id AND x.scope = o.scope;
      ELSE
        UPDATE workspace_list_names AS x
          SET status = e.status, transaction_type = e.transaction_type, completion_date = e.completion_date,
              created_at = e.created_at, pending_labels = e.pending_labels
          FROM new_rows e JOIN old_rows o ON o.scope = e.scope AND o.workspace_id = e.workspace_id
          WHERE x.workspace_id = e.workspace_id AND x.scope = e.scope
            AND (o.status, o.transaction_type, o.completion_date, o.created_at, o.pending_labels)
                IS DISTINCT FROM (e.status, e.transaction_type, e.completion_date, e.created_at, e.pending_labels);
      END IF;
      RETURN NULL;
    END $$`,
    sql`CREATE TRIGGER workspace_list_entries_names_insert AFTER INSERT ON workspace_list_entries
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION workspace_list_names_from_entries()`,
    sql`CREATE TRIGGER workspace_list_entries_names_update AFTER UPDATE ON workspace_list_entries
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION workspace_list_names_from_entries()`,
    sql`CREATE TRIGGER workspace_list_entries_names_delete AFTER DELETE ON workspace_list_entries
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION workspace_list_names_from_entries()`,

    // The workspaces already listed.
    sql`INSERT INTO workspace_list_names (scope, name_key, workspace_id, ${KEY_COLUMNS}, n)
      SELECT e.scope, k.name_key, e.workspace_id, e.status, e.transaction_type, e.completion_date, e.created_at, e.pending_labels, count(*)
      FROM workspace_list_entries e
      JOIN workspace_parties p ON p.workspace_id = e.workspace_id
      CROSS JOIN LATERAL workspace_applicant_name_keys(p.role, p.forenames, p.surname, p.organisation_name) AS k (name_key)
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8`,

    // The parties' name indexes served only the search, which reads the table above now.
    sql`DROP INDEX workspace_parties_applicant_surname`,
    sql`DROP INDEX workspace_parties_applicant_forenames_surname`,
    sql`DROP INDEX workspace_parties_applicant_surname_forenames`,
    sql`DROP INDEX workspace_parties_applicant_organisation`,
  ]) {
    await statement.execute(db);
  }
}

const APPLICANT = sql`WHERE role IN ('BORROWER', 'BUYER')`;

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    sql`DROP TRIGGER IF EXISTS workspace_parties_names_insert ON workspace_parties`,
    sql`DROP TRIGGER IF EXISTS workspace_parties_names_update ON workspace_parties`,
    sql`DROP TRIGGER IF EXISTS workspace_parties_names_delete ON workspace_parties`,
    sql`DROP TRIGGER IF EXISTS workspace_list_entries_names_insert ON workspace_list_entries`,
    sql`DROP TRIGGER IF EXISTS workspace_list_entries_names_update ON workspace_list_entries`,
    sql`DROP TRIGGER IF EXISTS workspace_list_entries_names_delete ON workspace_list_entries`,
    sql`DROP FUNCTION IF EXISTS workspace_list_names_from_parties()`,
    sql`DROP FUNCTION IF EXISTS workspace_list_names_from_entries()`,
    sql`DROP TABLE IF EXISTS workspace_list_names`,
    sql`DROP FUNCTION IF EXISTS workspace_applicant_name_keys(text, text, text, text)`,
    sql`CREATE INDEX workspace_parties_applicant_surname ON workspace_parties (lower(surname) text_pattern_ops)
      INCLUDE (workspace_id, surname) ${APPLICANT}`,
    sql`CREATE INDEX workspace_parties_applicant_forenames_surname ON workspace_parties
      (lower(forenames || ' ' || surname) text_pattern_ops) INCLUDE (workspace_id, forenames, surname) ${APPLICANT}`,
    sql`CREATE INDEX workspace_parties_applicant_surname_forenames ON workspace_parties
      (lower(surname || ' ' || forenames) text_pattern_ops) INCLUDE (workspace_id, forenames, surname) ${APPLICANT}`,
    sql`CREATE INDEX workspace_parties_applicant_organisation ON workspace_parties (lower(organisation_name) text_pattern_ops)
      INCLUDE (workspace_id, organisation_name) ${APPLICANT}`,
  ]) {
    await statement.execute(db);
  }
}
