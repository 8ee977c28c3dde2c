/**
 * A user's status at a subscriber kept on the membership, so a users search filtered by status (or role) at one
 * subscriber is answered from an index of `user_subscribers` alone (issue 16,
 * docs/decisions/0907-users-filters-from-the-membership.md):
 *
 * - `user_status`: the account's own status (`subscriber_users.status`), copied by triggers when the membership
 *   is written and whenever the account's status changes.
 * - `status_at_subscriber`: generated from the two, the one place the rule is written: an active account
 *   suspended at this subscriber is Suspended there; otherwise the account's own status.
 * - Indexes: (subscriber_id, status_at_subscriber), and the roles at the subscriber (GIN, for `?|`).
 */
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    sql`ALTER TABLE user_subscribers ADD COLUMN user_status text`,
    sql`UPDATE user_subscribers us SET user_status = u.status FROM subscriber_users u WHERE u.subscriber_user_id = us.subscriber_user_id`,
    sql`ALTER TABLE user_subscribers ALTER COLUMN user_status SET NOT NULL`,
    sql`ALTER TABLE user_subscribers ADD COLUMN status_at_subscriber text GENERATED ALWAYS AS (
      CASE WHEN user_status = 'Active' AND status = 'Suspended' THEN 'Suspended' ELSE user_status END) STORED`,
    sql`CREATE FUNCTION user_subscribers_copy_user_status() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      SELECT status INTO NEW.user_status FROM subscriber_users WHERE subscriber_user_id = NEW.subscriber_user_id;
      RETURN NEW;
    END $$`,
    sql`CREATE TRIGGER user_subscribers_copy_user_status BEFORE INSERT OR UPDATE OF subscriber_user_id ON user_subscribers
      FOR EACH ROW EXECUTE FUNCTION user_subscribers_copy_user_status()`,
    sql`CREATE FUNCTION subscriber_users_status_to_memberships() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE user_subscribers SET user_status = NEW.status WHERE subscriber_user_id = NEW.subscriber_user_id;
      RETURN NULL;
    END $$`,
    sql`CREATE TRIGGER subscriber_users_status_to_memberships AFTER UPDATE OF status ON subscriber_users
      FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION subscriber_users_status_to_memberships()`,
    sql`CREATE INDEX user_subscribers_status_at_subscriber ON user_subscribers (subscriber_id, status_at_subscriber)`,
    sql`CREATE INDEX user_subscribers_role_names ON user_subscribers USING gin (role_names)`,
  ]) {
    await statement.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    sql`DROP INDEX user_subscribers_role_names`,
    sql`DROP INDEX user_subscribers_status_at_subscriber`,
    sql`DROP TRIGGER subscriber_users_status_to_memberships ON subscriber_users`,
    sql`DROP FUNCTION subscriber_users_status_to_memberships()`,
    sql`DROP TRIGGER user_subscribers_copy_user_status ON user_subscribers`,
    sql`DROP FUNCTION user_subscribers_copy_user_status()`,
    sql`ALTER TABLE user_subscribers DROP COLUMN status_at_subscriber`,
    sql`ALTER TABLE user_subscribers DROP COLUMN user_status`,
  ]) {
    await statement.execute(db);
  }
}
