/**
 * Every action → permission row, written out from the specification's text (document 1 sections 2.3–2.5
 * and 6, document 2 section 6, document 3 section 6) or, where the spec maps no permission, from the
 * decision that chose one. Changing any row of ACTION_PERMISSIONS fails one of these tests.
 */
import { describe, expect, it } from "vitest";
import { PARTICIPANT_ROLES, TRANSACTION_TYPES } from "../../workspaces/enums.js";
import { Permission as P, permissionsForRoles } from "./roles.js";
import { ASSIGNABLE_ROLES } from "../../administration/roles.js";
import { ACTION_PERMISSIONS, ACTIONS, can, type Action, type ActionRule } from "./actions.js";
import { ContextualPermission as C } from "./contextual.js";

interface Row extends ActionRule {
  /** Where the row comes from. */
  source: string;
}

const same = (permission: string, source: string): Row => ({
  functional: [permission as P],
  contextual: [permission],
  source,
});

const SPEC: Record<Action, Row> = {
  viewWorkspaceList: {
    functional: [P.VIEW_WORKSPACES],
    source: "doc 1 §6: the workspace list needs VIEW_WORKSPACES, otherwise a 403 page",
  },
  createWorkspace: {
    functional: [P.CREATE_WORKSPACES, P.VIEW_WORKSPACES],
    source: "doc 1 §2.5: needs both CREATE_WORKSPACES and VIEW_WORKSPACES",
  },
  viewWorkspace: same(P.VIEW_WORKSPACES, "doc 2 §6: View workspace | VIEW_WORKSPACES (else 403)"),
  approveWorkspace: same(P.APPROVE_WORKSPACES, "doc 2 §6: Approve workspace | APPROVE_WORKSPACES"),
  unapproveWorkspace: same(
    P.UNAPPROVE_WORKSPACES,
    "doc 1 §6: unapprove workspaces (functional) and the lender representative's unapprove workspaces (contextual)",
  ),
  cancelWorkspace: same(P.CANCEL_WORKSPACES, "doc 2 §6: Cancel workspace | CANCEL_WORKSPACES"),
  viewWorkspaceTasks: {
    functional: [P.VIEW_WORKSPACES],
    contextual: [C.VIEW_WORKSPACE_TASKS],
    source: "doc 1 §6: contextual 'view workspace tasks'; decision 0110",
  },
  viewAuditEvents: same(
    P.VIEW_AUDIT_EVENTS,
    "doc 1 §6: contextual 'view audit events'; functional added by decision 0004",
  ),
  retrieveTitle: same(
    P.ADD_LODGEMENT_TITLES,
    "doc 2 §6: Retrieve title | add lodgement titles (functional and contextual)",
  ),
  checkForTitleUpdates: same(
    P.ADD_LODGEMENT_TITLES,
    "doc 2 §6: Check for updates | add lodgement titles (functional and contextual)",
  ),
  createTitleChangeRequest: same(
    P.CREATE_TITLE_CHANGE_REQUEST,
    "doc 1 §6: create title change request (functional and the lender representative's contextual)",
  ),
  editSecurityAddress: same(
    P.EDIT_WORKSPACE_ADDRESSES,
    "doc 2 §6: Edit security address | edit workspace addresses",
  ),
  editExternalLawFirmDetails: same(
    P.EDIT_EXTERNAL_LAW_FIRM_DETAILS,
    "doc 2 §6: Edit or add external law firm details | edit external law firm details",
  ),
  addLawFirmReference: {
    functional: [P.ADD_LAW_FIRM_REFERENCE],
    contextual: [
      C.ADD_BUYER_REPRESENTATIVE_REFERENCE,
      C.ADD_SELLER_REPRESENTATIVE_REFERENCE,
      C.ADD_LAW_FIRM_REFERENCE,
    ],
    contextualMode: "any",
    source:
      "doc 2 §6: Add law firm reference | buyer representative, seller representative or workspace law firm reference permissions",
  },
  editLawFirmReference: {
    functional: [P.EDIT_LAW_FIRM_REFERENCE],
    contextual: [
      C.EDIT_BUYER_REPRESENTATIVE_REFERENCE,
      C.EDIT_SELLER_REPRESENTATIVE_REFERENCE,
      C.EDIT_LAW_FIRM_REFERENCE,
    ],
    contextualMode: "any",
    source:
      "doc 2 §6: Edit law firm reference | buyer representative, seller representative or workspace law firm reference permissions",
  },
  addLenderReference: same(
    P.ADD_LENDER_REFERENCE,
    "doc 2 §6: Add lender reference | add and edit lender reference",
  ),
  editLenderReference: same(
    P.EDIT_LENDER_REFERENCE,
    "doc 2 §6: Edit lender reference | add and edit lender reference",
  ),
  addParticipant: same(
    P.ADD_WORKSPACE_PARTICIPANTS,
    "doc 2 §6: Add participants | add workspace participants",
  ),
  addIncomingLenderRepresentative: {
    functional: [P.ADD_WORKSPACE_PARTICIPANTS],
    contextual: [C.ADD_WORKSPACE_PARTICIPANTS, C.ADD_INCOMING_LENDER_REPRESENTATIVE_PARTICIPANT],
    contextualMode: "any",
    source:
      "doc 2 §6: Add participants (including incoming lender representative); doc 1 §6: contextual 'add participants as incoming lender representative'",
  },
  addParty: same(P.ADD_WORKSPACE_PARTIES, "doc 2 §6: Add parties | add workspace parties"),
  editApplicantParty: {
    functional: [P.EDIT_WORKSPACE_PARTIES],
    contextual: [C.EDIT_BUYER_PARTIES],
    source: "doc 2 §6: Edit parties | edit workspace parties; edit buyer parties",
  },
  editSellerParty: {
    functional: [P.EDIT_WORKSPACE_PARTIES],
    contextual: [C.EDIT_SELLER_PARTIES],
    source: "doc 2 §6: Edit parties | edit workspace parties; edit seller parties",
  },
  editOtherParty: same(P.EDIT_WORKSPACE_PARTIES, "doc 2 §6: Edit parties | edit workspace parties"),
  deleteParty: {
    functional: [P.EDIT_WORKSPACE_PARTIES],
    contextual: [C.DELETE_WORKSPACE_PARTIES],
    source: "doc 1 §6: contextual 'delete parties'; decision 0110",
  },
  confirmRepresentation: same(
    P.ADD_LEGAL_REPRESENTATION_DETAILS,
    "doc 2 §6: Confirm representation | add legal representation details",
  ),
  editParticipantRepresentation: {
    functional: [P.ADD_LEGAL_REPRESENTATION_DETAILS],
    contextual: [C.EDIT_PARTICIPANT_LEGAL_REPRESENTATION_DETAILS],
    source:
      "doc 1 §6: PURCHASE adds 'editing the legal representation details of a participant'; decision 0110",
  },
  resolveMismatch: same(
    P.EDIT_LODGEMENT_PROPRIETORS,
    "doc 2 §6: Mismatch actions | edit lodgement proprietors",
  ),
  viewSourceLineItems: {
    functional: [P.VIEW_WORKSPACES],
    contextual: [C.VIEW_SOURCE_LINE_ITEMS],
    source: "doc 1 §6: contextual 'view source and destination line items'",
  },
  viewDestinationLineItems: {
    functional: [P.VIEW_WORKSPACES],
    contextual: [C.VIEW_DESTINATION_LINE_ITEMS],
    source: "doc 1 §6: contextual 'view source and destination line items'",
  },
  addSourceLineItem: {
    functional: [P.ADD_FSS_LINE_ITEMS],
    contextual: [C.ADD_SOURCE_LINE_ITEMS],
    source: "doc 2 §6: ADD_FSS_LINE_ITEMS, with contextual variants split for source and destination",
  },
  editSourceLineItem: {
    functional: [P.EDIT_FSS_LINE_ITEMS],
    contextual: [C.EDIT_SOURCE_LINE_ITEMS],
    source: "doc 2 §6: EDIT_FSS_LINE_ITEMS, split for source",
  },
  deleteSourceLineItem: {
    functional: [P.DELETE_FSS_LINE_ITEMS],
    contextual: [C.DELETE_SOURCE_LINE_ITEMS],
    source: "doc 2 §6: DELETE_FSS_LINE_ITEMS, split for source",
  },
  addDestinationLineItem: {
    functional: [P.ADD_FSS_LINE_ITEMS],
    contextual: [C.ADD_DESTINATION_LINE_ITEMS],
    source: "doc 2 §6: ADD_FSS_LINE_ITEMS, split for destination",
  },
  editDestinationLineItem: {
    functional: [P.EDIT_FSS_LINE_ITEMS],
    contextual: [C.EDIT_DESTINATION_LINE_ITEMS],
    source: "doc 2 §6: EDIT_FSS_LINE_ITEMS, split for destination",
  },
  deleteDestinationLineItem: {
    functional: [P.DELETE_FSS_LINE_ITEMS],
    contextual: [C.DELETE_DESTINATION_LINE_ITEMS],
    source: "doc 2 §6: DELETE_FSS_LINE_ITEMS, split for destination",
  },
  authoriseFunds: same(P.AUTHORISE_FUNDS, "doc 2 §6: Authorise funds | AUTHORISE_FUNDS"),
  editCompletionDate: {
    functional: [P.EDIT_FINANCIAL_SETTLEMENT_STATUS],
    contextual: [C.EDIT_COMPLETION_DATE],
    source:
      "doc 2 §6: Edit completion date | EDIT_FINANCIAL_SETTLEMENT_STATUS with contextual EDIT_COMPLETION_DATE",
  },
  editAmountPayable: {
    functional: [P.EDIT_FSS_LINE_ITEMS],
    contextual: [C.EDIT_FINANCIAL_SETTLEMENT_SCHEDULES],
    source: "not mapped by the spec; decision 0110",
  },
  editFundsAllocation: {
    functional: [],
    contextual: [C.EDIT_FSS_FUNDS_ALLOCATION],
    source: "doc 2 §6: Edit funds allocation | contextual EDIT_FSS_FUNDS_ALLOCATION",
  },
  approveFinancials: same(
    P.APPROVE_FINANCIAL_SETTLEMENT_SCHEDULES,
    "doc 2 §6: Approve financials | APPROVE_FINANCIAL_SETTLEMENT_SCHEDULES",
  ),
  unapproveFinancials: same(
    P.UNAPPROVE_FINANCIAL_SETTLEMENT_SCHEDULES,
    "doc 2 §6: Unapprove financials | UNAPPROVE_FINANCIAL_SETTLEMENT_SCHEDULES",
  ),
  viewFrequentlyUsedAccounts: {
    functional: [P.VIEW_FREQUENTLY_USED_ACCOUNTS],
    roles: ["Financial Administrator"],
    source:
      "doc 2 §6: View accounts list | VIEW_FREQUENTLY_USED_ACCOUNTS; the screens need the Financial Administrator role too",
  },
  addFrequentlyUsedAccount: {
    functional: [P.CREATE_FREQUENTLY_USED_ACCOUNTS],
    roles: ["Financial Administrator"],
    source: "doc 2 §6: Add account | CREATE_FREQUENTLY_USED_ACCOUNTS",
  },
  editFrequentlyUsedAccount: {
    functional: [P.EDIT_FREQUENTLY_USED_ACCOUNTS],
    roles: ["Financial Administrator"],
    source: "doc 2 §6: Edit or review account | EDIT_FREQUENTLY_USED_ACCOUNTS",
  },
  deleteFrequentlyUsedAccount: {
    functional: [P.DELETE_FREQUENTLY_USED_ACCOUNTS],
    roles: ["Financial Administrator"],
    source: "doc 2 §6: Delete account | DELETE_FREQUENTLY_USED_ACCOUNTS",
  },
  uploadFile: same(P.ADD_LODGEMENT_FILES, "doc 3 §6: uploading needs ADD_LODGEMENT_FILES"),
  uploadRequisitionDocument: same(
    P.ADD_LODGEMENT_DOCUMENTS,
    "doc 3 §6: ADD_LODGEMENT_DOCUMENTS when the case is requisitioned",
  ),
  attachDocument: {
    functional: [P.EDIT_WORKSPACES, P.ADD_LODGEMENT_DOCUMENTS, P.EDIT_LODGEMENT_DOCUMENTS],
    contextual: [C.ADD_LODGEMENT_DOCUMENTS, C.EDIT_LODGEMENT_DOCUMENTS],
    source: "doc 3 §6: Attach needs EDIT_WORKSPACES plus ADD and EDIT_LODGEMENT_DOCUMENTS",
  },
  detachDocument: same(P.EDIT_LODGEMENT_DOCUMENTS, "doc 3 §6: Detach and edit need EDIT_LODGEMENT_DOCUMENTS"),
  editDocument: same(P.EDIT_LODGEMENT_DOCUMENTS, "doc 3 §6: Detach and edit need EDIT_LODGEMENT_DOCUMENTS"),
  editTransactionValue: same(
    P.EDIT_LODGEMENT_DOCUMENTS,
    "doc 3 §6: Editing transaction value needs EDIT_LODGEMENT_DOCUMENTS",
  ),
  confirmDeedPreference: same(
    P.EDIT_LODGEMENT_DOCUMENTS,
    "doc 3 §6: confirming deed preference needs EDIT_LODGEMENT_DOCUMENTS",
  ),
  deleteSupportingDocument: same(
    P.DELETE_LODGEMENT_DOCUMENTS,
    "doc 3 §6: Delete of supporting documents needs DELETE_LODGEMENT_DOCUMENTS",
  ),
  deleteFile: same(
    P.DELETE_LODGEMENT_FILES,
    "doc 3 §6: deleting files needs DELETE_LODGEMENT_FILES plus the delete feature",
  ),
  viewDocument: same(P.VIEW_LODGEMENT_DOCUMENTS, "doc 3 §6: View needs VIEW_LODGEMENT_DOCUMENTS"),
  viewFile: same(
    P.VIEW_LODGEMENT_FILES,
    "doc 3 §6: the View action on files needs VIEW_LODGEMENT_FILES plus file-level rights",
  ),
  approveApplications: same(
    P.APPROVE_LODGEMENT_DOCUMENTS,
    "doc 3 §6: Approve needs APPROVE_LODGEMENT_DOCUMENTS",
  ),
  unapproveApplications: same(
    P.UNAPPROVE_LODGEMENT_DOCUMENTS,
    "doc 3 §6: unapprove needs UNAPPROVE_LODGEMENT_DOCUMENTS",
  ),
  submitApplications: {
    functional: [P.SUBMIT_LODGEMENT_APPLICATIONS, P.EDIT_WORKSPACES],
    contextual: [C.SUBMIT_LODGEMENT_APPLICATIONS],
    source: "doc 3 §6: submit needs SUBMIT_LODGEMENT_APPLICATIONS plus EDIT_WORKSPACES",
  },
  submitRequisitions: {
    functional: [P.EDIT_WORKSPACES, P.SUBMIT_LODGEMENT_REQUISITIONS],
    contextual: [C.SUBMIT_LODGEMENT_REQUISITIONS],
    source: "doc 3 §6: Submitting requisitions needs EDIT_WORKSPACES plus SUBMIT_LODGEMENT_REQUISITIONS",
  },
  resubmitOutsideProduct: same(
    P.EDIT_LODGEMENT_CASES,
    "doc 3 §6: The resubmission link needs EDIT_LODGEMENT_CASES",
  ),
  editFileAccess: same(
    P.EDIT_LODGEMENT_FILE_ACCESS,
    "doc 3 §6: Editing file viewing permission needs EDIT_LODGEMENT_FILE_ACCESS",
  ),
  viewStampDuty: same(
    P.VIEW_STAMP_DUTY_DETAILS,
    "doc 3 §6: the tab needs VIEW_STAMP_DUTY_DETAILS (contextual counterpart too)",
  ),
  answerStampDutyQuestions: same(
    P.ADD_STAMP_DUTY_DETAILS,
    "doc 3 §6: Initial questions and actions need ADD_STAMP_DUTY_DETAILS",
  ),
  addStampDutySection: same(
    P.ADD_STAMP_DUTY_DETAILS,
    "doc 3 §6: Initial questions and actions need ADD_STAMP_DUTY_DETAILS",
  ),
  editStampDutySection: same(
    P.EDIT_STAMP_DUTY_DETAILS,
    "doc 3 §6: The Edit button needs EDIT_STAMP_DUTY_DETAILS",
  ),
  consentStampDuty: {
    functional: [P.ADD_STAMP_DUTY_DETAILS, P.EDIT_STAMP_DUTY_DETAILS],
    contextual: [C.ADD_STAMP_DUTY_DETAILS, C.EDIT_STAMP_DUTY_DETAILS],
    source: "doc 3 §6: The consent action and Next button need both add and edit",
  },
  viewUsers: { functional: [P.VIEW_SUBSCRIBER_USERS], source: "doc 3 §6: VIEW_SUBSCRIBER_USERS (users tab)" },
  addUser: {
    functional: [P.CREATE_SUBSCRIBER_USERS],
    source: "doc 3 §6: CREATE_SUBSCRIBER_USERS (Add user)",
  },
  editUser: {
    functional: [P.EDIT_SUBSCRIBER_USERS],
    source: "not mapped by the spec; decisions 0004 and 0116",
  },
  changeUserStatus: {
    functional: [P.EDIT_SUBSCRIBER_USERS],
    source: "not mapped by the spec; decisions 0004 and 0116",
  },
  viewSubscribers: {
    functional: [P.VIEW_SUBSCRIBER_CONFIGURATIONS],
    source: "doc 3 §6: VIEW_SUBSCRIBER_CONFIGURATIONS (subscribers tab)",
  },
  viewOrganisation: {
    functional: [P.VIEW_ORGANISATIONS],
    source: "doc 3 §6: VIEW_ORGANISATIONS (organisation page, else 403)",
  },
  viewCommunicationSettings: {
    functional: [P.VIEW_SUBSCRIBER_NOTIFICATION_PREFERENCES],
    source: "doc 3 §6: VIEW_SUBSCRIBER_NOTIFICATION_PREFERENCES (communication tab)",
  },
  viewConnectionSettings: {
    functional: [P.VIEW_CONNECTION_SETTINGS],
    source: "doc 3 §6: VIEW_CONNECTION_SETTINGS (connection tab)",
  },
  viewTransactionSettings: {
    functional: [P.VIEW_LODGEMENT_IDENTIFIERS, P.VIEW_REVENUE_IDENTIFIERS],
    source: "doc 3 §6: VIEW_LODGEMENT_IDENTIFIERS and VIEW_REVENUE_IDENTIFIERS (transaction settings tab)",
  },
  manageLodgementIdentifiers: {
    functional: [P.ADD_LODGEMENT_IDENTIFIERS, P.EDIT_LODGEMENT_IDENTIFIERS],
    source: "doc 3 §6: ADD and EDIT_LODGEMENT_IDENTIFIERS (lodgement identifiers screen, otherwise 403)",
  },
};

/** The rule as ACTION_PERMISSIONS should hold it: the spec row without its source, modes spelt out. */
function ruleOf(
  row: Row,
): Required<Pick<ActionRule, "functional" | "functionalMode" | "contextualMode">> & ActionRule {
  const { source: _source, ...rule } = row;
  return {
    ...rule,
    functionalMode: rule.functionalMode ?? "all",
    contextualMode: rule.contextualMode ?? "all",
  };
}

describe("ACTION_PERMISSIONS, row by row against the specification", () => {
  it("has a specification row for every action and an action for every row", () => {
    expect([...ACTIONS].sort()).toEqual(Object.keys(SPEC).sort());
  });

  for (const action of ACTIONS) {
    const expected = ruleOf(SPEC[action]);
    it(`${action}: ${SPEC[action].source}`, () => {
      expect(ruleOf({ ...(ACTION_PERMISSIONS[action] as ActionRule), source: "" })).toEqual(expected);
    });

    it(`${action}: can() grants it with exactly these permissions and refuses without any one of them`, () => {
      const roles = [...(expected.roles ?? [])];
      const workspace = (contextualPermissions: readonly string[]) => ({
        contextualPermissions: [...contextualPermissions],
      });
      const contextual = expected.contextual ?? [];
      expect(can({ permissions: expected.functional, roles }, action, workspace(contextual))).toBe(true);
      for (const missing of expected.functional) {
        const held = expected.functional.filter((permission) => permission !== missing);
        expect(can({ permissions: held, roles }, action, workspace(contextual)), `without ${missing}`).toBe(
          false,
        );
      }
      for (const role of roles) {
        expect(
          can(
            { permissions: expected.functional, roles: roles.filter((r) => r !== role) },
            action,
            workspace(contextual),
          ),
        ).toBe(false);
      }
      if (contextual.length === 0) return;
      if (expected.contextualMode === "any") {
        for (const one of contextual)
          expect(can({ permissions: expected.functional, roles }, action, workspace([one])), one).toBe(true);
        expect(can({ permissions: expected.functional, roles }, action, workspace([]))).toBe(false);
      } else {
        for (const missing of contextual) {
          const held = contextual.filter((permission) => permission !== missing);
          expect(
            can({ permissions: expected.functional, roles }, action, workspace(held)),
            `without contextual ${missing}`,
          ).toBe(false);
        }
      }
      // The helpdesk administrator needs the functional permissions only.
      expect(
        can({ permissions: expected.functional, roles: [...roles, "Helpdesk Administrator"] }, action, null),
      ).toBe(true);
    });
  }
});

/**
 * Actions only the provider's staff (helpdesk, support, system administrators) can take, and why. Every other
 * action must be open to some role a subscriber can give its users, in some participant role and transaction
 * type: a row nobody at a subscriber can satisfy is a bug (editing the completion date once was one).
 */
const STAFF_ONLY: Partial<Record<Action, string>> = {
  viewSubscribers:
    "the Subscribers tab lists every subscriber's configuration (document 1 section 2.3, document 3 section 6): provider staff only (decision 0300)",
};

function subscriberUsersWhoCan(action: Action): string[] {
  const who: string[] = [];
  for (const role of ASSIGNABLE_ROLES) {
    const user = { permissions: permissionsForRoles([role]), roles: [role] };
    if (!(ACTION_PERMISSIONS[action] as ActionRule).contextual) {
      if (can(user, action)) who.push(role);
      continue;
    }
    for (const participantRole of PARTICIPANT_ROLES) {
      for (const transactionType of TRANSACTION_TYPES) {
        if (can(user, action, { participantRole, transactionType }))
          who.push(`${role} as ${participantRole} in a ${transactionType}`);
      }
    }
  }
  return who;
}

describe("no dead rows", () => {
  for (const action of ACTIONS) {
    const reason = STAFF_ONLY[action];
    it(
      reason
        ? `${action} is for provider staff only: ${reason}`
        : `${action} can be taken by some subscriber user`,
      () => {
        expect(subscriberUsersWhoCan(action).length > 0).toBe(!reason);
      },
    );
  }

  it("the completion date is editable by the lender representative's and the buyer representative's users", () => {
    for (const role of ["Workspace User", "Workspace Creator", "Workspace Approver"]) {
      const user = { permissions: permissionsForRoles([role]), roles: [role] };
      for (const transactionType of TRANSACTION_TYPES) {
        expect(
          can(user, "editCompletionDate", {
            participantRole: "INCOMING_LENDER_REPRESENTATIVE",
            transactionType,
          }),
        ).toBe(true);
        expect(
          can(user, "editCompletionDate", { participantRole: "BUYER_REPRESENTATIVE", transactionType }),
        ).toBe(true);
        expect(
          can(user, "editCompletionDate", { participantRole: "SELLER_REPRESENTATIVE", transactionType }),
        ).toBe(false);
        expect(can(user, "editCompletionDate", { participantRole: "INCOMING_LENDER", transactionType })).toBe(
          false,
        );
      }
    }
    const viewer = { permissions: permissionsForRoles(["Workspace Viewer"]), roles: ["Workspace Viewer"] };
    expect(
      can(viewer, "editCompletionDate", {
        participantRole: "BUYER_REPRESENTATIVE",
        transactionType: "PURCHASE",
      }),
    ).toBe(false);
  });
});
