/**
 * Every action → permission row of document 2 section 6 and document 3 section 6 (plus the workspace
 * actions of document 1), as data, and `can`, the one function that reads it. An action needs its
 * functional permissions (from the token) and, for a non-helpdesk user, its contextual permissions in
 * the workspace. Some screens also need a named role (Financial Administrator).
 */
import { Permission, isHelpdeskAdministrator, type NamedRole } from "./roles.js";
import { ContextualPermission, effectiveContextualPermissions } from "./contextual.js";

export type Mode = "all" | "any";

export interface ActionRule {
  functional: readonly Permission[];
  /** How the functional list is checked; "all" unless said. */
  functionalMode?: Mode;
  /** Contextual permissions in the workspace; absent for actions outside a workspace. */
  contextual?: readonly string[];
  contextualMode?: Mode;
  /** Named roles the user must also hold. */
  roles?: readonly NamedRole[];
}

const P = Permission;
const C = ContextualPermission;
const same = (permission: Permission & string): ActionRule => ({ functional: [permission], contextual: [permission] });

export const ACTION_PERMISSIONS = {
  // Document 1: list, creation, shell
  viewWorkspaceList: { functional: [P.VIEW_WORKSPACES] },
  createWorkspace: { functional: [P.CREATE_WORKSPACES, P.VIEW_WORKSPACES] },
  viewWorkspace: same(P.VIEW_WORKSPACES),
  approveWorkspace: same(P.APPROVE_WORKSPACES),
  unapproveWorkspace: same(P.UNAPPROVE_WORKSPACES),
  cancelWorkspace: same(P.CANCEL_WORKSPACES),
  viewWorkspaceTasks: { functional: [P.VIEW_WORKSPACES], contextual: [C.VIEW_WORKSPACE_TASKS] },
  viewAuditEvents: same(P.VIEW_AUDIT_EVENTS),
  // Document 2: participants and property
  retrieveTitle: same(P.ADD_LODGEMENT_TITLES),
  checkForTitleUpdates: same(P.ADD_LODGEMENT_TITLES),
  createTitleChangeRequest: same(P.CREATE_TITLE_CHANGE_REQUEST),
  editSecurityAddress: same(P.EDIT_WORKSPACE_ADDRESSES),
  editExternalLawFirmDetails: same(P.EDIT_EXTERNAL_LAW_FIRM_DETAILS),
  addLawFirmReference: {
    functional: [P.ADD_LAW_FIRM_REFERENCE],
    contextual: [C.ADD_BUYER_REPRESENTATIVE_REFERENCE, C.ADD_SELLER_REPRESENTATIVE_REFERENCE, C.ADD_LAW_FIRM_REFERENCE],
    contextualMode: "any",
  },
  editLawFirmReference: {
    functional: [P.EDIT_LAW_FIRM_REFERENCE],
    contextual: [C.EDIT_BUYER_REPRESENTATIVE_REFERENCE, C.EDIT_SELLER_REPRESENTATIVE_REFERENCE, C.EDIT_LAW_FIRM_REFERENCE],
    contextualMode: "any",
  },
  addLenderReference: same(P.ADD_LENDER_REFERENCE),
  editLenderReference: same(P.EDIT_LENDER_REFERENCE),
  addParticipant: same(P.ADD_WORKSPACE_PARTICIPANTS),
  addIncomingLenderRepresentative: {
    functional: [P.ADD_WORKSPACE_PARTICIPANTS],
    contextual: [C.ADD_WORKSPACE_PARTICIPANTS, C.ADD_INCOMING_LENDER_REPRESENTATIVE_PARTICIPANT],
    contextualMode: "any",
  },
  addParty: same(P.ADD_WORKSPACE_PARTIES),
  editApplicantParty: { functional: [P.EDIT_WORKSPACE_PARTIES], contextual: [C.EDIT_BUYER_PARTIES] },
  editSellerParty: { functional: [P.EDIT_WORKSPACE_PARTIES], contextual: [C.EDIT_SELLER_PARTIES] },
  editOtherParty: same(P.EDIT_WORKSPACE_PARTIES),
  deleteParty: { functional: [P.EDIT_WORKSPACE_PARTIES], contextual: [C.DELETE_WORKSPACE_PARTIES] },
  confirmRepresentation: same(P.ADD_LEGAL_REPRESENTATION_DETAILS),
  editParticipantRepresentation: {
    functional: [P.ADD_LEGAL_REPRESENTATION_DETAILS],
    contextual: [C.EDIT_PARTICIPANT_LEGAL_REPRESENTATION_DETAILS],
  },
  resolveMismatch: same(P.EDIT_LODGEMENT_PROPRIETORS),
  // Document 2: financials
  viewSourceLineItems: { functional: [P.VIEW_WORKSPACES], contextual: [C.VIEW_SOURCE_LINE_ITEMS] },
  viewDestinationLineItems: { functional: [P.VIEW_WORKSPACES], contextual: [C.VIEW_DESTINATION_LINE_ITEMS] },
  addSourceLineItem: { functional: [P.ADD_FSS_LINE_ITEMS], contextual: [C.ADD_SOURCE_LINE_ITEMS] },
  editSourceLineItem: { functional: [P.EDIT_FSS_LINE_ITEMS], contextual: [C.EDIT_SOURCE_LINE_ITEMS] },
  deleteSourceLineItem: { functional: [P.DELETE_FSS_LINE_ITEMS], contextual: [C.DELETE_SOURCE_LINE_ITEMS] },
  addDestinationLineItem: { functional: [P.ADD_FSS_LINE_ITEMS], contextual: [C.ADD_DESTINATION_LINE_ITEMS] },
  editDestinationLineItem: { functional: [P.EDIT_FSS_LINE_ITEMS], contextual: [C.EDIT_DESTINATION_LINE_ITEMS] },
  deleteDestinationLineItem: { functional: [P.DELETE_FSS_LINE_ITEMS], contextual: [C.DELETE_DESTINATION_LINE_ITEMS] },
  authoriseFunds: same(P.AUTHORISE_FUNDS),
  editCompletionDate: { functional: [P.EDIT_FINANCIAL_SETTLEMENT_STATUS], contextual: [C.EDIT_COMPLETION_DATE] },
  editAmountPayable: { functional: [P.EDIT_FSS_LINE_ITEMS], contextual: [C.EDIT_FINANCIAL_SETTLEMENT_SCHEDULES] },
  // Document 2 section 6 names only the contextual permission for this row.
  editFundsAllocation: { functional: [], contextual: [C.EDIT_FSS_FUNDS_ALLOCATION] },
  approveFinancials: same(P.APPROVE_FINANCIAL_SETTLEMENT_SCHEDULES),
  unapproveFinancials: same(P.UNAPPROVE_FINANCIAL_SETTLEMENT_SCHEDULES),
  viewFrequentlyUsedAccounts: { functional: [P.VIEW_FREQUENTLY_USED_ACCOUNTS], roles: ["Financial Administrator"] },
  addFrequentlyUsedAccount: {
    functional: [P.CREATE_FREQUENTLY_USED_ACCOUNTS],
    roles: ["Financial Administrator"],
  },
  editFrequentlyUsedAccount: { functional: [P.EDIT_FREQUENTLY_USED_ACCOUNTS], roles: ["Financial Administrator"] },
  deleteFrequentlyUsedAccount: {
    functional: [P.DELETE_FREQUENTLY_USED_ACCOUNTS],
    roles: ["Financial Administrator"],
  },
  // Document 3: documents and applications
  uploadFile: same(P.ADD_LODGEMENT_FILES),
  uploadRequisitionDocument: same(P.ADD_LODGEMENT_DOCUMENTS),
  attachDocument: {
    functional: [P.EDIT_WORKSPACES, P.ADD_LODGEMENT_DOCUMENTS, P.EDIT_LODGEMENT_DOCUMENTS],
    contextual: [C.ADD_LODGEMENT_DOCUMENTS, C.EDIT_LODGEMENT_DOCUMENTS],
  },
  detachDocument: same(P.EDIT_LODGEMENT_DOCUMENTS),
  editDocument: same(P.EDIT_LODGEMENT_DOCUMENTS),
  editTransactionValue: same(P.EDIT_LODGEMENT_DOCUMENTS),
  confirmDeedPreference: same(P.EDIT_LODGEMENT_DOCUMENTS),
  deleteSupportingDocument: same(P.DELETE_LODGEMENT_DOCUMENTS),
  deleteFile: same(P.DELETE_LODGEMENT_FILES),
  viewDocument: same(P.VIEW_LODGEMENT_DOCUMENTS),
  viewFile: same(P.VIEW_LODGEMENT_FILES),
  approveApplications: same(P.APPROVE_LODGEMENT_DOCUMENTS),
  unapproveApplications: same(P.UNAPPROVE_LODGEMENT_DOCUMENTS),
  submitApplications: {
    functional: [P.SUBMIT_LODGEMENT_APPLICATIONS, P.EDIT_WORKSPACES],
    contextual: [C.SUBMIT_LODGEMENT_APPLICATIONS],
  },
  submitRequisitions: {
    functional: [P.EDIT_WORKSPACES, P.SUBMIT_LODGEMENT_REQUISITIONS],
    contextual: [C.SUBMIT_LODGEMENT_REQUISITIONS],
  },
  resubmitOutsideProduct: same(P.EDIT_LODGEMENT_CASES),
  editFileAccess: same(P.EDIT_LODGEMENT_FILE_ACCESS),
  // Document 3: stamp duty
  viewStampDuty: same(P.VIEW_STAMP_DUTY_DETAILS),
  answerStampDutyQuestions: same(P.ADD_STAMP_DUTY_DETAILS),
  addStampDutySection: same(P.ADD_STAMP_DUTY_DETAILS),
  editStampDutySection: same(P.EDIT_STAMP_DUTY_DETAILS),
  consentStampDuty: {
    functional: [P.ADD_STAMP_DUTY_DETAILS, P.EDIT_STAMP_DUTY_DETAILS],
    contextual: [C.ADD_STAMP_DUTY_DETAILS, C.EDIT_STAMP_DUTY_DETAILS],
  },
  // Document 3: administration
  viewUsers: { functional: [P.VIEW_SUBSCRIBER_USERS] },
  addUser: { functional: [P.CREATE_SUBSCRIBER_USERS] },
  editUser: { functional: [P.EDIT_SUBSCRIBER_USERS] },
  changeUserStatus: { functional: [P.EDIT_SUBSCRIBER_USERS] },
  viewSubscribers: { functional: [P.VIEW_SUBSCRIBER_CONFIGURATIONS] },
  viewOrganisation: { functional: [P.VIEW_ORGANISATIONS] },
  viewCommunicationSettings: { functional: [P.VIEW_SUBSCRIBER_NOTIFICATION_PREFERENCES] },
  viewConnectionSettings: { functional: [P.VIEW_CONNECTION_SETTINGS] },
  viewTransactionSettings: { functional: [P.VIEW_LODGEMENT_IDENTIFIERS, P.VIEW_REVENUE_IDENTIFIERS] },
  manageLodgementIdentifiers: { functional: [P.ADD_LODGEMENT_IDENTIFIERS, P.EDIT_LODGEMENT_IDENTIFIERS] },
} as const satisfies Record<string, ActionRule>;

export type Action = keyof typeof ACTION_PERMISSIONS;
export const ACTIONS = Object.keys(ACTION_PERMISSIONS) as Action[];

/** The person asking: functional permissions and named roles, from the access token. */
export interface PermissionSubject {
  permissions: readonly string[];
  roles: readonly string[];
}

/** The workspace an action is taken in: the user's participant role and the transaction type, or the
 *  contextual set the provider computed (which then wins). */
export interface WorkspaceContext {
  participantRole?: string | null;
  transactionType?: string | null;
  contextualPermissions?: readonly string[] | null;
}

function check(held: readonly string[], required: readonly string[], mode: Mode = "all"): boolean {
  return mode === "all" ? required.every((p) => held.includes(p)) : required.some((p) => held.includes(p));
}

/** The contextual set a user holds in a workspace. */
export function contextualPermissionsIn(workspace: WorkspaceContext): string[] {
  if (workspace.contextualPermissions) return [...workspace.contextualPermissions];
  if (!workspace.participantRole || !workspace.transactionType) return [];
  return effectiveContextualPermissions(workspace.participantRole, workspace.transactionType);
}

/**
 * Whether a user may take an action. The helpdesk administrator is exempt from contextual checks; anyone
 * else needs the workspace for a workspace action, and is refused without it. Unknown actions are refused.
 */
export function can(user: PermissionSubject, action: Action | string, workspace?: WorkspaceContext | null): boolean {
  const rule = (ACTION_PERMISSIONS as Record<string, ActionRule>)[action];
  if (!rule) return false;
  if (rule.roles && !rule.roles.every((role) => user.roles.includes(role))) return false;
  if (!check(user.permissions, rule.functional, rule.functionalMode)) return false;
  if (!rule.contextual) return true;
  if (isHelpdeskAdministrator(user.roles)) return true;
  if (!workspace) return false;
  return check(contextualPermissionsIn(workspace), rule.contextual, rule.contextualMode);
}

/** Every action the user may take, for a route's loader to hand to its view. */
export function allowedActions(user: PermissionSubject, workspace?: WorkspaceContext | null): Action[] {
  return ACTIONS.filter((action) => can(user, action, workspace));
}
