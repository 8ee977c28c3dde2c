/** Kysely table types of every table. One SQL dialect (PostgreSQL) for PGlite and PostgreSQL alike. */
import type { ColumnType, Generated, JSONColumnType } from "kysely";

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;
/** A DATE column: read it as text (`completion_date::text`) so no time zone ever shifts it. */
type DateColumn = ColumnType<Date | string | null, string | null | undefined, string | null>;

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
  /** Kept by the database: the lower-cased names and email the users search matches (migration 0090). */
  search_key: ColumnType<string, never, never>;
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
  /** The account's own status, copied here by triggers (migration 0097): never written by the product. */
  user_status: ColumnType<string, never, never>;
  /** Active | Suspended | Pending at this subscriber, generated from the two statuses (migration 0097). */
  status_at_subscriber: ColumnType<string, never, never>;
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

/** The web app's sessions (migration 0030); found by the SHA-256 of the session id, the data sealed. */
export interface AppSessionsTable {
  session_id_hash: string;
  subscriber_user_id: string;
  /** The subscriber the session's tokens were issued for (null for the helpdesk administrator). */
  subscriber_id: string | null;
  /** AES-256-GCM sealed JSON of the app's session data (its tokens among them); never stored in clear. */
  data_encrypted: string;
  /** The login time: the absolute limit counts from it. */
  created_at: Timestamp;
  /** Written when a read finds it a minute old or more: the idle limit counts from it. */
  last_seen_at: Timestamp;
  /** created_at plus the absolute limit. */
  expires_at: Timestamp;
  updated_at: Timestamp;
  /** Until then one app process is refreshing the session's tokens; the others wait for its write. */
  refresh_lease_until: NullableTimestamp;
  /** When the user's roles for this session's subscriber last changed: a token issued before is refreshed. */
  roles_changed_at: NullableTimestamp;
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

/** The product clock's one row (migration 0030): the sandbox clock's distance from real time. */
export interface ProductClockTable {
  id: Defaulted<boolean>;
  offset_ms: Defaulted<number>;
  set_at: Timestamp;
  set_by: string | null;
}

/** Login throttling (migration 0035): failures and the temporary lock of an email or a client address. */
export interface LoginThrottlesTable {
  subject: string;
  failures: Defaulted<number>;
  window_started_at: Timestamp;
  locked_until: NullableTimestamp;
}

/** The job states of pg-boss, in its enumeration's order (a state before `active` is waiting to run). */
export type PgBossJobState = "created" | "retry" | "active" | "completed" | "cancelled" | "failed";

/**
 * pg-boss's job table (`pgboss.job`), which pg-boss creates and migrates itself; the provider reads it for the
 * helpdesk's list and moves its due times with the product clock. Only the columns the provider uses.
 */
export interface PgBossJobTable {
  id: string;
  name: string;
  state: PgBossJobState;
  retry_limit: number;
  retry_count: number;
  /** When the job may run, in real time (the product clock's offset is taken off when it is scheduled). */
  start_after: Timestamp;
  started_on: NullableTimestamp;
  singleton_key: string | null;
  created_on: Timestamp;
  completed_on: NullableTimestamp;
  keep_until: Timestamp;
  /** The handler's result, or the error of the last failed attempt (`{ name, message, stack }`). */
  output: ColumnType<Record<string, unknown> | null, never, never>;
}

// Workspaces (migrations 0010, 0011)

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
  /** Representation (migration 0040). */
  representation_id: ColumnType<string | null, string | null | undefined, string | null>;
  representation_type: ColumnType<string | null, string | null | undefined, string | null>;
  representative_type: ColumnType<string | null, string | null | undefined, string | null>;
  representative_name: ColumnType<string | null, string | null | undefined, string | null>;
  representative_role: ColumnType<string | null, string | null | undefined, string | null>;
  law_firm_id: ColumnType<string | null, string | null | undefined, string | null>;
  representative_participant_id: ColumnType<string | null, string | null | undefined, string | null>;
  verification_of_identity: ColumnType<string | null, string | null | undefined, string | null>;
  /** Set when a title update was confirmed for the party: no edit or delete afterwards. */
  locked: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface WorkspacePartyAddressesTable {
  address_id: string;
  workspace_id: string;
  party_id: string;
  address_type: string;
  building_name: string | null;
  building_number: string | null;
  flat: string | null;
  street: string | null;
  town: string | null;
  postcode: string;
  created_at: Timestamp;
}

export interface WorkspaceLawFirmsTable {
  law_firm_id: string;
  workspace_id: string;
  role: string;
  name: string;
  reference_number: string | null;
  building_name: string | null;
  building_number: string | null;
  flat: string | null;
  street: string | null;
  town: string | null;
  postcode: string | null;
  subscriber_id: string | null;
  participant_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
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
  /** The workspace's postcode key (migration 0099). */
  postcode_key: string;
  /** The workspace reference id, and the incoming lender's reference in lower case, if any (migration 0100). */
  reference_key: string;
  lender_reference_key: string | null;
}

/** Entries per (scope, status, transaction type, pending-label mask); written only by a trigger. */
export interface WorkspaceListCountsTable {
  scope: string;
  status: string;
  transaction_type: string;
  pending_labels: number;
  n: number;
}

// Administration (migration 0020)

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

/** Single-use links and tickets of a user, by the SHA-256 of the token (migration 0035). */
export interface UserTokensTable {
  token_hash: string;
  subscriber_user_id: string;
  /** ACTIVATION | LOGIN */
  purpose: string;
  /** On the product clock. */
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}

/** The mail sandbox's mailbox (migration 0035). */
export interface SandboxMailTable {
  mail_id: string;
  to_address: string;
  subject: string;
  text: string;
  /** INVITATION | RESEND */
  kind: string;
  /** On the product clock. */
  sent_at: Timestamp;
  seq: Generated<number>;
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

// Lodgement case and title (migration 0045)

export interface LodgementCasesTable {
  lodgement_case_id: string;
  workspace_id: string;
  last_title_search_status: string | null;
  last_title_search_time: NullableTimestamp;
  last_title_number: string | null;
  /** JSON array of UnsupportedReason. */
  unsupported_reasons: ColumnType<string[], string | undefined, string>;
  title_searches: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** core/documents/enums.ts LODGEMENT_CASE_STATUSES (migration 0075). */
  status: Defaulted<string>;
  hard_locked: Defaulted<boolean>;
  approved_at: NullableTimestamp;
  approved_by: string | null;
  version: Defaulted<number>;
  /** When the rejected case was prepared for resubmission; null once lodged again (migration 0081, decision 0714). */
  resubmission_prepared_at: NullableTimestamp;
}

export interface TitlesTable {
  lodgement_case_id: string;
  title_number: string;
  /** The register as the land registry answered it (provider/title/land-registry.ts, TitleRegister). */
  register: ColumnType<unknown, string, string>;
  file_id: string;
  file_name: string;
  retrieved_at: ColumnType<Date, Date | string, Date | string>;
}

export interface TitlePartyResolutionsTable {
  party_id: string;
  workspace_id: string;
  resolution: string;
  proprietor_id: string | null;
  details: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: Timestamp;
}

export interface TitleProprietorChoicesTable {
  lodgement_case_id: string;
  proprietor_id: string;
  title_status: string;
  party_id: string | null;
  created_at: Timestamp;
}

// Financial settlement schedule (migration 0050)

/** A bigint column of pence: read with Number() (PGlite may answer a string or a bigint). */
type Pence = ColumnType<number | string | bigint, number, number>;
type NullablePence = ColumnType<number | string | bigint | null, number | null | undefined, number | null>;

export interface FinancialSettlementSchedulesTable {
  financial_settlement_schedule_id: string;
  workspace_id: string;
  /** core/financials/enums.ts FINANCIAL_SETTLEMENT_SCHEDULE_STATUSES */
  status: Defaulted<string>;
  completion_date: DateColumn;
  amount_payable_on_completion: NullablePence;
  approved: Defaulted<boolean>;
  version: Defaulted<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface FinancialLineItemsTable {
  line_item_id: string;
  financial_settlement_schedule_id: string;
  line_item_reference: string;
  type: string;
  category: string;
  amount: Pence;
  reference: string;
  authorised: Defaulted<boolean>;
  authorised_by: string | null;
  authorised_at: NullableTimestamp;
  financial_account_id: string | null;
  source_funds_status: string | null;
  consent: ColumnType<unknown, string | null | undefined, string | null>;
  account_name: string | null;
  account_number: string | null;
  bank_code: string | null;
  display_name: string | null;
  account_type: string | null;
  verified: boolean | null;
  verification_status: string | null;
  partner_reason_code: string | null;
  actual_name: string | null;
  accepted_by: string | null;
  accepted_at: NullableTimestamp;
  is_manual_override_allowed: boolean | null;
  created_by: string;
  position: number;
  version: Defaulted<number>;
  created_at: Timestamp;
  last_modified_at: Timestamp;
}

// Frequently used financial accounts (migration 0055)

export interface FinancialAccountsTable {
  financial_account_id: string;
  subscriber_id: string;
  /** REDEMPTION | CONVEYANCING_FEES */
  type: string;
  display_name: string;
  account_name: string;
  account_number: string;
  /** The sort code, six digits. */
  bank_code: string;
  account_type: Defaulted<string>;
  verified: Defaulted<boolean>;
  /** BankVerificationStatus (core/financials/enums.ts). */
  verification_status: Defaulted<string>;
  partner_reason_code: string | null;
  actual_name: string | null;
  /** The subscriber user who accepted the account manually. */
  accepted_by: string | null;
  accepted_at: NullableTimestamp;
  version: Defaulted<number>;
  created_at: Timestamp;
  last_modified_at: Timestamp;
}

export interface FinancialSettlementApprovalsTable {
  financial_settlement_schedule_id: string;
  participant_id: string;
  approved_by: string;
  approved_at: ColumnType<Date, Date | string, Date | string>;
}

// Lodgement files (migration 0070)

export interface LodgementFilesTable {
  file_id: string;
  lodgement_case_id: string;
  file_name: string;
  document_type: string;
  document_category: string;
  document_sub_type: Defaulted<string>;
  content_type: Defaulted<string>;
  size_bytes: ColumnType<number | string | bigint, number, number>;
  sha256: string;
  storage_key: string;
  /** core/documents/enums.ts FILE_UPLOAD_STATUSES */
  upload_status: Defaulted<string>;
  scan_detail: string | null;
  scanned_at: NullableTimestamp;
  policy_owner: string;
  /** JSON array of {principal, decision, action}. */
  policy: ColumnType<{ principal: string; decision: string; action: string }[], string | undefined, string>;
  created_at: Timestamp;
  created_by: string | null;
  last_modified_at: Timestamp;
  last_modified_by: string | null;
  version: Defaulted<number>;
}

// Lodgement documents and requests (migration 0075)

export interface LodgementRequestsTable {
  lodgement_request_id: string;
  lodgement_case_id: string;
  /** core LODGEMENT_REQUEST_STATUSES */
  status: Defaulted<string>;
  /** REGISTERED | REQUISITIONED | REJECTED, null while the registry has not answered. */
  outcome: string | null;
  registry_reference: string | null;
  submitted_at: ColumnType<Date, Date | string, Date | string>;
  rejected_at: NullableTimestamp;
  registered_at: NullableTimestamp;
  requisitioned_at: NullableTimestamp;
  requisition_deadline: NullableTimestamp;
  requisition_submitted_at: NullableTimestamp;
  answer_due_at: NullableTimestamp;
  land_registry_fee: ColumnType<number | string | bigint, number | undefined, number>;
  created_by: string | null;
  /** The applications the request carried, [{documentId, documentType, name}] (migration 0081); null before it. */
  applications: ColumnType<unknown, string | null | undefined, string | null>;
}

export interface LodgementDocumentsTable {
  document_id: string;
  lodgement_case_id: string;
  document_type: string;
  document_category: string;
  sub_type: string;
  /** core/documents/api.ts DOCUMENT_STATUSES */
  status: Defaulted<string>;
  /** Applications: the workspace fact the application comes from (MORTGAGE_DEED, DISCHARGE:C1, …). */
  application_key: string | null;
  name: string;
  parent_document_id: string | null;
  file_id: string | null;
  /** Correspondence RECEIVED from the registry: its text. */
  correspondence_text: string | null;
  certification_type: string | null;
  /** Pence. */
  transaction_value: ColumnType<number | string | bigint | null, number | null | undefined, number | null>;
  consideration_type: string | null;
  mortgage_deed_reference: string | null;
  mortgage_deed_reference_type: string | null;
  signature_type: string | null;
  signature_format: string | null;
  restriction_type: string | null;
  charge_identifier: string | null;
  entry_number: string | null;
  /** JSON array of {partyId, name, role}. */
  application_parties: ColumnType<
    { partyId: string; name: string; role: string }[],
    string | undefined,
    string
  >;
  lodgement_request_id: string | null;
  attached_before_approval: Defaulted<boolean>;
  submitted_at: NullableTimestamp;
  rejected_at: NullableTimestamp;
  created_at: Timestamp;
  created_by: string | null;
  last_modified_at: Timestamp;
  last_modified_by: string | null;
  version: Defaulted<number>;
}

// The stamp duty land tax return (migration 0080)

export interface StampDutyReturnsTable {
  lodgement_case_id: string;
  workspace_id: string;
  /** core TAX_ELIGIBILITY_STATUSES */
  tax_eligibility_status: string;
  revenue_authority: string | null;
  decided_at: ColumnType<Date, Date | string, Date | string>;
  decided_by: string | null;
  tax_id: string | null;
  tax_application_id: string | null;
  /** core TAX_APPLICATION_STATUSES; null unless submitted through the product. */
  tax_application_status: string | null;
  /** `{ <section slug>: <saved payload> }`: a slug present is COMPLETED. Money in pence. */
  sections: ColumnType<Record<string, unknown>, string | undefined, string>;
  /** core/sdlt/api.ts SdltCalculation, or null before tax calculation details are saved. */
  calculation: ColumnType<unknown, string | null | undefined, string | null>;
  consented_at: NullableTimestamp;
  consented_by: string | null;
  submission_key: string | null;
  revenue_submission_id: string | null;
  transaction_reference_number: string | null;
  attempts: Defaulted<number>;
  poll_attempts: Defaulted<number>;
  ready_at: NullableTimestamp;
  submitted_at: NullableTimestamp;
  poll_initiated_at: NullableTimestamp;
  filed_at: NullableTimestamp;
  failure_reason: string | null;
  version: Defaulted<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface Database {
  subscribers: SubscribersTable;
  subscriber_users: SubscriberUsersTable;
  user_subscribers: UserSubscribersTable;
  feature_flags: FeatureFlagsTable;
  script_clients: ScriptClientsTable;
  oidc_payloads: OidcPayloadsTable;
  grant_subscribers: GrantSubscribersTable;
  app_sessions: AppSessionsTable;
  audit_events: AuditEventsTable;
  workspaces: WorkspacesTable;
  workspace_parties: WorkspacePartiesTable;
  workspace_party_addresses: WorkspacePartyAddressesTable;
  workspace_law_firms: WorkspaceLawFirmsTable;
  workspace_participants: WorkspaceParticipantsTable;
  workspace_references: WorkspaceReferencesTable;
  workspace_tasks: WorkspaceTasksTable;
  workspace_list_entries: WorkspaceListEntriesTable;
  workspace_list_counts: WorkspaceListCountsTable;
  user_invitations: UserInvitationsTable;
  user_tokens: UserTokensTable;
  sandbox_mail: SandboxMailTable;
  sso_connections: SsoConnectionsTable;
  notification_registrations: NotificationRegistrationsTable;
  external_authority_identifiers: ExternalAuthorityIdentifiersTable;
  lodgement_identifiers: LodgementIdentifiersTable;
  product_clock: ProductClockTable;
  login_throttles: LoginThrottlesTable;
  lodgement_cases: LodgementCasesTable;
  titles: TitlesTable;
  title_party_resolutions: TitlePartyResolutionsTable;
  title_proprietor_choices: TitleProprietorChoicesTable;
  financial_settlement_schedules: FinancialSettlementSchedulesTable;
  financial_line_items: FinancialLineItemsTable;
  financial_settlement_approvals: FinancialSettlementApprovalsTable;
  financial_accounts: FinancialAccountsTable;
  lodgement_files: LodgementFilesTable;
  lodgement_requests: LodgementRequestsTable;
  lodgement_documents: LodgementDocumentsTable;
  stamp_duty_returns: StampDutyReturnsTable;
  "pgboss.job": PgBossJobTable;
}
