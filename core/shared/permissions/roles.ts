/**
 * Functional permissions (document 1 section 6, document 3 section 6) and the named user roles that
 * grant them. Permissions travel in the access token as `action:resource` strings; code refers to them
 * by their constant names (`Permission.VIEW_WORKSPACES`).
 */
export const Permission = {
  // Lodgement and revenue identifiers
  ADD_LODGEMENT_IDENTIFIERS: "add:lodgement_identifiers",
  EDIT_LODGEMENT_IDENTIFIERS: "edit:lodgement_identifiers",
  VIEW_LODGEMENT_IDENTIFIERS: "view:lodgement_identifiers",
  VIEW_REVENUE_IDENTIFIERS: "view:revenue_identifiers",
  // Subscribers and users
  VIEW_SUBSCRIBER_USERS: "view:subscriber_users",
  CREATE_SUBSCRIBER_USERS: "create:subscriber_users",
  EDIT_SUBSCRIBER_USERS: "edit:subscriber_users",
  VIEW_SUBSCRIBER_CONFIGURATIONS: "view:subscriber_configurations",
  VIEW_ORGANISATIONS: "view:organisations",
  VIEW_CONNECTION_SETTINGS: "view:connection_settings",
  VIEW_SUBSCRIBER_NOTIFICATION_PREFERENCES: "view:subscriber_notification_preferences",
  EDIT_FEATURE_FLAGS: "edit:feature_flags",
  VIEW_AUDIT_EVENTS: "view:audit_events",
  // Workspaces
  CREATE_WORKSPACES: "create:workspaces",
  VIEW_WORKSPACES: "view:workspaces",
  APPROVE_WORKSPACES: "approve:workspaces",
  CANCEL_WORKSPACES: "cancel:workspaces",
  EDIT_WORKSPACES: "edit:workspaces",
  UNAPPROVE_WORKSPACES: "unapprove:workspaces",
  EDIT_WORKSPACE_ADDRESSES: "edit:workspace_addresses",
  ADD_WORKSPACE_PARTIES: "add:workspace_parties",
  EDIT_WORKSPACE_PARTIES: "edit:workspace_parties",
  ADD_WORKSPACE_PARTICIPANTS: "add:workspace_participants",
  CREATE_TITLE_CHANGE_REQUEST: "create:title_change_request",
  ADD_LEGAL_REPRESENTATION_DETAILS: "add:legal_representation_details",
  EDIT_EXTERNAL_LAW_FIRM_DETAILS: "edit:external_law_firm_details",
  ADD_LENDER_REFERENCE: "add:lender_reference",
  EDIT_LENDER_REFERENCE: "edit:lender_reference",
  ADD_LAW_FIRM_REFERENCE: "add:law_firm_reference",
  EDIT_LAW_FIRM_REFERENCE: "edit:law_firm_reference",
  // Funds and financials
  AUTHORISE_FUNDS: "authorise:funds",
  ADMIN_AUTHORISE_FUNDS: "admin_authorise:funds",
  ADD_FSS_LINE_ITEMS: "add:fss_line_items",
  EDIT_FSS_LINE_ITEMS: "edit:fss_line_items",
  DELETE_FSS_LINE_ITEMS: "delete:fss_line_items",
  EDIT_FINANCIAL_SETTLEMENT_STATUS: "edit:financial_settlement_status",
  CREATE_FREQUENTLY_USED_ACCOUNTS: "create:frequently_used_accounts",
  VIEW_FREQUENTLY_USED_ACCOUNTS: "view:frequently_used_accounts",
  EDIT_FREQUENTLY_USED_ACCOUNTS: "edit:frequently_used_accounts",
  DELETE_FREQUENTLY_USED_ACCOUNTS: "delete:frequently_used_accounts",
  APPROVE_FINANCIAL_SETTLEMENT_SCHEDULES: "approve:financial_settlement_schedules",
  UNAPPROVE_FINANCIAL_SETTLEMENT_SCHEDULES: "unapprove:financial_settlement_schedules",
  // Lodgement
  ADD_LODGEMENT_DOCUMENTS: "add:lodgement_documents",
  EDIT_LODGEMENT_DOCUMENTS: "edit:lodgement_documents",
  VIEW_LODGEMENT_DOCUMENTS: "view:lodgement_documents",
  DELETE_LODGEMENT_DOCUMENTS: "delete:lodgement_documents",
  APPROVE_LODGEMENT_DOCUMENTS: "approve:lodgement_documents",
  UNAPPROVE_LODGEMENT_DOCUMENTS: "unapprove:lodgement_documents",
  ADD_LODGEMENT_TITLES: "add:lodgement_titles",
  VIEW_LODGEMENT_TITLES: "view:lodgement_titles",
  SUBMIT_LODGEMENT_REQUISITIONS: "submit:lodgement_requisitions",
  SUBMIT_LODGEMENT_APPLICATIONS: "submit:lodgement_applications",
  EDIT_LODGEMENT_CASES: "edit:lodgement_cases",
  VIEW_LODGEMENT_FILES: "view:lodgement_files",
  ADD_LODGEMENT_FILES: "add:lodgement_files",
  DELETE_LODGEMENT_FILES: "delete:lodgement_files",
  VIEW_LENDER_MORTGAGE_REFERENCES: "view:lender_mortgage_references",
  EDIT_LODGEMENT_PROPRIETORS: "edit:lodgement_proprietors",
  EDIT_LODGEMENT_FILE_ACCESS: "edit:lodgement_file_access",
  // Stamp duty
  ADD_STAMP_DUTY_DETAILS: "add:stamp_duty_details",
  EDIT_STAMP_DUTY_DETAILS: "edit:stamp_duty_details",
  VIEW_STAMP_DUTY_DETAILS: "view:stamp_duty_details",
} as const;

export type Permission = (typeof Permission)[keyof typeof Permission];
export const ALL_PERMISSIONS = Object.values(Permission) as readonly Permission[];

export const NAMED_ROLES = [
  "Funds Authoriser",
  "HMLR Administrator",
  "Helpdesk Administrator",
  "Settlement administrator",
  "Support Administrator",
  "System Administrator",
  "User Manager",
  "Workspace Approver",
  "Workspace Creator",
  "Workspace User",
  "Workspace Viewer",
  "Financial Administrator",
] as const;
export type NamedRole = (typeof NAMED_ROLES)[number];

export const HELPDESK_ADMINISTRATOR = "Helpdesk Administrator" satisfies NamedRole;

const P = Permission;
const VIEW_ONLY: Permission[] = [
  P.VIEW_WORKSPACES,
  P.VIEW_LODGEMENT_DOCUMENTS,
  P.VIEW_LODGEMENT_TITLES,
  P.VIEW_LODGEMENT_FILES,
  P.VIEW_LENDER_MORTGAGE_REFERENCES,
  P.VIEW_STAMP_DUTY_DETAILS,
];
const WORKSPACE_USER: Permission[] = [
  ...VIEW_ONLY,
  P.EDIT_WORKSPACES,
  P.EDIT_WORKSPACE_ADDRESSES,
  P.ADD_WORKSPACE_PARTIES,
  P.EDIT_WORKSPACE_PARTIES,
  P.ADD_WORKSPACE_PARTICIPANTS,
  P.CREATE_TITLE_CHANGE_REQUEST,
  P.ADD_LEGAL_REPRESENTATION_DETAILS,
  P.EDIT_EXTERNAL_LAW_FIRM_DETAILS,
  P.ADD_LENDER_REFERENCE,
  P.EDIT_LENDER_REFERENCE,
  P.ADD_LAW_FIRM_REFERENCE,
  P.EDIT_LAW_FIRM_REFERENCE,
  P.ADD_FSS_LINE_ITEMS,
  P.EDIT_FSS_LINE_ITEMS,
  P.DELETE_FSS_LINE_ITEMS,
  // Document 2 section 6 pairs editing the completion date with this permission (and contextual
  // edit:completion_date); the lender and buyer representatives' users must be able to do it.
  P.EDIT_FINANCIAL_SETTLEMENT_STATUS,
  P.ADD_LODGEMENT_DOCUMENTS,
  P.EDIT_LODGEMENT_DOCUMENTS,
  P.DELETE_LODGEMENT_DOCUMENTS,
  P.ADD_LODGEMENT_TITLES,
  P.EDIT_LODGEMENT_CASES,
  P.ADD_LODGEMENT_FILES,
  P.DELETE_LODGEMENT_FILES,
  P.EDIT_LODGEMENT_PROPRIETORS,
  P.EDIT_LODGEMENT_FILE_ACCESS,
  P.SUBMIT_LODGEMENT_REQUISITIONS,
  P.ADD_STAMP_DUTY_DETAILS,
  P.EDIT_STAMP_DUTY_DETAILS,
  P.VIEW_FREQUENTLY_USED_ACCOUNTS,
];
const USER_ADMINISTRATION: Permission[] = [
  P.VIEW_SUBSCRIBER_USERS,
  P.CREATE_SUBSCRIBER_USERS,
  P.EDIT_SUBSCRIBER_USERS,
  P.VIEW_ORGANISATIONS,
  P.VIEW_CONNECTION_SETTINGS,
  P.VIEW_SUBSCRIBER_NOTIFICATION_PREFERENCES,
  P.VIEW_AUDIT_EVENTS,
];
const IDENTIFIERS: Permission[] = [
  P.ADD_LODGEMENT_IDENTIFIERS,
  P.EDIT_LODGEMENT_IDENTIFIERS,
  P.VIEW_LODGEMENT_IDENTIFIERS,
  P.VIEW_REVENUE_IDENTIFIERS,
];

/**
 * Named role → functional permissions. The specification names the roles and the permissions but not
 * the mapping; docs/decisions/0004-role-permissions.md records the reasoning.
 */
export const ROLE_PERMISSIONS: Readonly<Record<NamedRole, readonly Permission[]>> = {
  "Workspace Viewer": VIEW_ONLY,
  "Workspace User": WORKSPACE_USER,
  "Workspace Creator": [...WORKSPACE_USER, P.CREATE_WORKSPACES, P.CANCEL_WORKSPACES],
  "Workspace Approver": [
    ...WORKSPACE_USER,
    P.APPROVE_WORKSPACES,
    P.UNAPPROVE_WORKSPACES,
    P.CANCEL_WORKSPACES,
    P.APPROVE_LODGEMENT_DOCUMENTS,
    P.UNAPPROVE_LODGEMENT_DOCUMENTS,
    P.APPROVE_FINANCIAL_SETTLEMENT_SCHEDULES,
    P.UNAPPROVE_FINANCIAL_SETTLEMENT_SCHEDULES,
    P.SUBMIT_LODGEMENT_APPLICATIONS,
  ],
  "Funds Authoriser": [P.VIEW_WORKSPACES, P.AUTHORISE_FUNDS],
  "Financial Administrator": [
    P.VIEW_WORKSPACES,
    P.CREATE_FREQUENTLY_USED_ACCOUNTS,
    P.VIEW_FREQUENTLY_USED_ACCOUNTS,
    P.EDIT_FREQUENTLY_USED_ACCOUNTS,
    P.DELETE_FREQUENTLY_USED_ACCOUNTS,
  ],
  "Settlement administrator": [
    P.VIEW_WORKSPACES,
    P.EDIT_FINANCIAL_SETTLEMENT_STATUS,
    P.ADMIN_AUTHORISE_FUNDS,
  ],
  "HMLR Administrator": [...VIEW_ONLY, ...IDENTIFIERS],
  "User Manager": USER_ADMINISTRATION,
  "Support Administrator": [...VIEW_ONLY, ...USER_ADMINISTRATION, P.VIEW_SUBSCRIBER_CONFIGURATIONS],
  "System Administrator": [...USER_ADMINISTRATION, ...IDENTIFIERS, P.VIEW_SUBSCRIBER_CONFIGURATIONS],
  "Helpdesk Administrator": ALL_PERMISSIONS,
};

/** The functional permissions granted by a set of named roles: a union, without duplicates, in table order. */
export function permissionsForRoles(roles: readonly string[]): Permission[] {
  const granted = new Set<Permission>();
  for (const role of roles) {
    for (const permission of ROLE_PERMISSIONS[role as NamedRole] ?? []) granted.add(permission);
  }
  return ALL_PERMISSIONS.filter((permission) => granted.has(permission));
}

export function hasAllPermissions(held: readonly string[], required: readonly Permission[]): boolean {
  return required.every((permission) => held.includes(permission));
}

export function hasAnyPermission(held: readonly string[], required: readonly Permission[]): boolean {
  return required.some((permission) => held.includes(permission));
}

export function isHelpdeskAdministrator(roles: readonly string[]): boolean {
  return roles.includes(HELPDESK_ADMINISTRATOR);
}
