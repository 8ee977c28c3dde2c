/**
 * Kysely types of the administration tables (migration 0020-administration), kept beside the services that
 * use them; `adminDb` widens the provider's database handle with them.
 */
import type { ColumnType, JSONColumnType, Kysely, Transaction } from "kysely";
import type { DB, Database } from "../platform/db/index.js";

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface UserInvitationsTable {
  invitation_id: string;
  subscriber_user_id: string;
  subscriber_id: string | null;
  email: string;
  /** INVITATION | RESEND */
  kind: string;
  sent_at: Timestamp;
  sent_by: string | null;
}

export interface SsoConnectionsTable {
  connection_id: string;
  subscriber_id: string;
  client_id: string;
  /** AES-256-GCM sealed; never returned. */
  client_secret_encrypted: string | null;
  last_modified_at: NullableTimestamp;
  last_modified_by: string | null;
  created_at: Timestamp;
}

export interface NotificationRegistrationsTable {
  registration_id: string;
  subscriber_id: string;
  notification_type: string;
  email: string;
  event_types: JSONColumnType<string[]>;
  created_at: Timestamp;
  updated_at: Timestamp;
  updated_by: string | null;
  version: Defaulted<number>;
}

export interface ExternalAuthorityIdentifiersTable {
  subscriber_id: string;
  authority_type: string;
  authority_alias: string;
  user_name: string | null;
  /** AES-256-GCM sealed; never returned. */
  password_encrypted: string | null;
  storn: string | null;
  updated_at: Timestamp;
}

export interface LodgementIdentifiersTable {
  subscriber_id: string;
  primary_user_name: string;
  /** AES-256-GCM sealed; never returned. */
  primary_password_encrypted: string;
  secondary_user_name: string;
  secondary_password_encrypted: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  updated_by: string | null;
  version: Defaulted<number>;
}

export type AdministrationTables = {
  user_invitations: UserInvitationsTable;
  sso_connections: SsoConnectionsTable;
  notification_registrations: NotificationRegistrationsTable;
  external_authority_identifiers: ExternalAuthorityIdentifiersTable;
  lodgement_identifiers: LodgementIdentifiersTable;
};

export type AdminDatabase = Database & AdministrationTables;
export type AdminDB = Kysely<AdminDatabase>;
export type AdminTrx = Transaction<AdminDatabase>;

export function adminDb(db: DB | AdminDB): AdminDB {
  return (db as DB).withTables<AdministrationTables>();
}
