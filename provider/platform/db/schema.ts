/** Kysely table types. One SQL dialect (PostgreSQL) for PGlite and PostgreSQL alike. */
import type { ColumnType, Generated, JSONColumnType } from "kysely";

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface SubscribersTable {
  subscriber_id: string;
  name: string;
  /** Lender | Law Firm | Conveyancing Firm */
  entity_type: string;
  /** Active | Suspended | Pending */
  status: string;
  authentication_type: ColumnType<string, string | undefined, string>;
  /** IPv4/IPv6 addresses and CIDR ranges; empty means no restriction. */
  ip_allow_list: JSONColumnType<string[]>;
  ip_allow_list_modified_at: NullableTimestamp;
  ip_allow_list_modified_by: string | null;
  created_at: Timestamp;
  version: Generated<number>;
}

export interface SubscriberUsersTable {
  subscriber_user_id: string;
  /** Stored lower-case; unique. */
  email: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  preferred_name: string | null;
  job_title: string | null;
  /** Active | Suspended | Pending */
  status: string;
  /** Blocked by the identity provider after repeated failed logins. */
  blocked: Generated<boolean>;
  failed_login_count: Generated<number>;
  password_hash: string | null;
  /** Roles held outside any subscriber (the Helpdesk Administrator). */
  global_roles: JSONColumnType<string[]>;
  authentication_type: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

export interface UserSubscribersTable {
  subscriber_user_id: string;
  subscriber_id: string;
  role_names: JSONColumnType<string[]>;
  is_primary: boolean;
  /**
   * Active | Suspended: the user's standing at this subscriber, set by its User Manager (migration 0021).
   * The account's own status (subscriber_users.status) is the provider's support's and applies everywhere.
   */
  status: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
}

export interface FeatureFlagsTable {
  environment: string;
  name: string;
  enabled: boolean;
  updated_at: Timestamp;
  updated_by: string | null;
}

/** OAuth clients for scripts (client credentials), each bound to a subscriber and acting as one of its users. */
export interface ScriptClientsTable {
  client_id: string;
  /** Encrypted at rest (AES-256-GCM with the configured key); never returned by the API. */
  client_secret_encrypted: string;
  name: string;
  subscriber_id: string;
  subscriber_user_id: string;
  created_at: Timestamp;
  revoked_at: NullableTimestamp;
}

/** oidc-provider's models (Session, Grant, AccessToken, RefreshToken, AuthorizationCode, DeviceCode, Interaction, …). */
export interface OidcPayloadsTable {
  model: string;
  id: string;
  payload: JSONColumnType<Record<string, unknown>>;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  account_id: string | null;
  expires_at: NullableTimestamp;
  consumed_at: NullableTimestamp;
}

/** The subscriber a grant was issued for: the selected subscriber carried in that grant's tokens. */
export interface GrantSubscribersTable {
  grant_id: string;
  subscriber_id: string | null;
  created_at: Timestamp;
}

export interface AuditEventsTable {
  audit_event_id: string;
  occurred_at: Timestamp;
  actor_user_id: string | null;
  subscriber_id: string | null;
  action: string;
  target: string | null;
  details: JSONColumnType<Record<string, unknown>>;
  ip_address: string | null;
  correlation_id: string | null;
}

export interface Database {
  subscribers: SubscribersTable;
  subscriber_users: SubscriberUsersTable;
  user_subscribers: UserSubscribersTable;
  feature_flags: FeatureFlagsTable;
  script_clients: ScriptClientsTable;
  oidc_payloads: OidcPayloadsTable;
  grant_subscribers: GrantSubscribersTable;
  audit_events: AuditEventsTable;
}
