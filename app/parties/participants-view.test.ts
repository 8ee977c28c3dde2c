import { describe, expect, it } from "vitest";
import type { WorkspaceParty } from "../../core/workspaces/api.js";
import type { ProprietorMatchResponse } from "../../core/title/api.js";
import { PARTY_MESSAGES, BORROWER_MESSAGES } from "../../core/parties/messages.js";
import { MISMATCH_ACTION_REFUSALS, MISMATCH_MESSAGES } from "../../core/title/proprietor-mismatch.js";
import { ACTION_PERMISSIONS } from "../../core/shared/permissions/actions.js";
import { permissionsForRoles } from "../../core/shared/permissions/roles.js";
import { EDIT_LOCK_TOOLTIPS } from "../../core/workspaces/status.js";
import { borrowerBanner, LOCK_REASON_ID, partyMismatchMessage, participantsView, PARTICIPANTS_TEXTS, type Control, type ParticipantsInput } from "./participants-view";

const party = (partyId: string, role: WorkspaceParty["role"], change: Partial<WorkspaceParty> = {}): WorkspaceParty => ({
  partyId,
  role,
  type: "INDIVIDUAL",
  partyDetails: { forenames: "Ann", surname: partyId, organisationName: null, registrationNumber: null, organisationType: null, legalEntityName: null },
  individualDetails: { forenames: "Ann", surname: partyId },
  organisationDetails: null,
  proprietorMatchStatus: [],
  sourceProprietorId: null,
  representationDetails: null,
  availableActions: [],
  verificationOfIdentity: null,
  isIncomingProprietor: null,
  titleStatus: null,
  addresses: [],
  locked: false,
  ...change,
});

const everyContextual = [...new Set(Object.values(ACTION_PERMISSIONS).flatMap((rule) => [...((rule as { contextual?: readonly string[] }).contextual ?? [])]))];
const lawFirm = { permissions: permissionsForRoles(["Workspace Creator", "Workspace Approver"]), roles: ["Workspace Creator", "Workspace Approver"] };
const helpdesk = { permissions: permissionsForRoles(["Helpdesk Administrator"]), roles: ["Helpdesk Administrator"] };
const viewer = { permissions: permissionsForRoles(["Workspace Viewer"]), roles: ["Workspace Viewer"] };

function input(change: Omit<Partial<ParticipantsInput>, "workspace"> & { workspace?: Partial<ParticipantsInput["workspace"]> } = {}): ParticipantsInput {
  return {
    user: helpdesk,
    participants: [
      { participantId: "pl", subscriberId: "ng", subscriberName: "Northgate Bank", role: "INCOMING_LENDER" },
      { participantId: "pr", subscriberId: "hv", subscriberName: "Harper & Vale LLP", role: "INCOMING_LENDER_REPRESENTATIVE" },
    ],
    open: null,
    ...change,
    workspace: {
      workspaceId: "w1",
      transactionType: "REMORTGAGE",
      version: 3,
      references: [{ referenceId: "r1", referenceNumber: "NG-1", representativeRole: "INCOMING_LENDER", representativeId: null }],
      participantRole: "INCOMING_LENDER_REPRESENTATIVE",
      contextualPermissions: everyContextual,
      isLocked: false,
      hardLocked: false,
      isCancelled: false,
      status: "CREATED",
      borrowersValidationStatus: "PENDING",
      parties: [party("b1", "BORROWER"), party("b2", "BORROWER")],
      ...change.workspace,
    },
  };
}

const enabled = (control: Control | null) => (control && !control.disabled ? control.href : null);
const reason = (control: Control | null) => (control && control.disabled ? control.reason : null);

describe("the participants tab's sections", () => {
  it("in the order of 2.2: borrowers on a remortgage (no sellers), buyers and sellers on a purchase", () => {
    const remortgage = participantsView(input());
    expect(remortgage.applicants.title).toBe("Borrower details");
    expect(remortgage.sellers).toBeNull();
    const purchase = participantsView(input({ workspace: { transactionType: "PURCHASE", parties: [party("y1", "BUYER"), party("s1", "SELLER")] } }));
    expect(purchase.applicants.title).toBe("Buyer details");
    expect(purchase.sellers?.parties.map((card) => card.partyId)).toEqual(["s1"]);
  });

  it("each action opens its own inline view's address", () => {
    const view = participantsView(input());
    const card = view.applicants.parties[0];
    expect(enabled(card.edit)).toBe("/workspaces/w1/participants?view=edit-party&party=b1");
    expect(enabled(card.representationControl)).toBe("/workspaces/w1/participants?view=representation&party=b1");
    expect(enabled(card.addressControl)).toBe("/workspaces/w1/participants?view=add-address&party=b1");
    expect(enabled(card.deleteControl)).toBe("/workspaces/w1/participants?view=delete-party&party=b1");
    expect(enabled(view.applicants.add)).toBe("/workspaces/w1/participants?view=add-party&role=BORROWER");
    expect(card.toggle).toEqual({ label: "Show details of Ann b1", href: "/workspaces/w1/participants?view=details&party=b1", expanded: false });
  });

  it("an open accordion's link closes it", () => {
    const view = participantsView(input({ open: { view: "details", party: "b1" } }));
    expect(view.applicants.parties[0].toggle).toEqual({ label: "Hide details of Ann b1", href: "/workspaces/w1/participants", expanded: true });
    expect(view.applicants.parties[1].isOpen).toBe(false);
  });
});

describe("the rules of 5.1", () => {
  it("no fifth applicant, none after an organisation applicant", () => {
    const four = participantsView(input({ workspace: { parties: ["1", "2", "3", "4"].map((id) => party(id, "BORROWER")) } }));
    expect(reason(four.applicants.add)).toBe(PARTY_MESSAGES.tooManyApplicants);
    const organisation = participantsView(input({ workspace: { parties: [party("o", "BORROWER", { type: "ORGANISATION" })] } }));
    expect(reason(organisation.applicants.add)).toBe(PARTY_MESSAGES.organisationApplicant);
  });

  it("delete: refused for the only applicant and an externally represented one; no delete for sellers", () => {
    const one = participantsView(input({ workspace: { parties: [party("b1", "BORROWER")] } }));
    expect(reason(one.applicants.parties[0].deleteControl)).toBe(PARTY_MESSAGES.lastApplicant);
    const external = participantsView(
      input({
        workspace: {
          parties: [
            party("b1", "BORROWER", {
              representationDetails: { representationId: "x", representationType: "SEPARATE_REPRESENTATION", representativeType: "EXTERNAL_LAW_FIRM", representativeName: "Firm", lawFirmId: "f", participantId: null, representativeRole: null },
            }),
            party("b2", "BORROWER"),
          ],
        },
      }),
    );
    expect(reason(external.applicants.parties[0].deleteControl)).toBe(PARTY_MESSAGES.externallyRepresented);
    expect(enabled(external.applicants.parties[1].deleteControl)).not.toBeNull();
    const purchase = participantsView(input({ workspace: { transactionType: "PURCHASE", parties: [party("y1", "BUYER"), party("s1", "SELLER")] } }));
    expect(purchase.sellers?.parties[0].deleteControl).toBeNull();
  });

  it("a party confirmed from the title cannot be edited", () => {
    const view = participantsView(input({ workspace: { parties: [party("b1", "BORROWER", { locked: true }), party("b2", "BORROWER")] } }));
    expect(reason(view.applicants.parties[0].edit)).toBe(PARTY_MESSAGES.locked);
    expect(enabled(view.applicants.parties[1].edit)).not.toBeNull();
  });
});

describe("permission, lock and cancellation (section 6)", () => {
  it("hidden without the permission, with the reason said once for the section", () => {
    const view = participantsView(input({ user: viewer, workspace: { contextualPermissions: [] } }));
    expect(view.applicants.add).toBeNull();
    expect(view.applicants.parties[0].edit).toBeNull();
    expect(view.applicants.note).toBe(PARTICIPANTS_TEXTS.noPermission);
  });

  it("disabled by a lock or a cancellation, pointing to the visible reason", () => {
    for (const [flags, text] of [
      [{ isLocked: true }, EDIT_LOCK_TOOLTIPS.locked],
      [{ isCancelled: true, status: "CANCELLED" as const }, EDIT_LOCK_TOOLTIPS.cancelled],
    ] as const) {
      const view = participantsView(input({ workspace: flags }));
      expect(view.lockReason).toBe(text);
      expect(view.applicants.add).toMatchObject({ disabled: true, reason: text, reasonId: LOCK_REASON_ID });
      expect(view.applicants.parties[0].edit).toMatchObject({ disabled: true, reasonId: LOCK_REASON_ID });
      expect(view.applicants.note).toBeNull();
    }
  });

  it("a law firm user with the contextual permissions may act; without them it may not", () => {
    expect(enabled(participantsView(input({ user: lawFirm })).applicants.parties[0].edit)).not.toBeNull();
    expect(participantsView(input({ user: lawFirm, workspace: { contextualPermissions: [] } })).applicants.parties[0].edit).toBeNull();
  });
});

describe("references, law firms and lenders", () => {
  it("the incoming lender with its reference, who represents it, and the reference's edit for its own role only", () => {
    const view = participantsView(input({ user: lawFirm, workspace: { participantRole: "INCOMING_LENDER" } }));
    expect(view.incomingLender).toMatchObject({ name: "Northgate Bank", referenceNumber: "NG-1", representedBy: "Harper & Vale LLP" });
    expect(enabled(view.incomingLender.reference)).toBe("/workspaces/w1/participants?view=edit-reference&reference=r1");
    const other = participantsView(input({ user: lawFirm }));
    expect(other.incomingLender.reference).toBeNull();
  });

  it("the lender's law firm is added from the selection list when there is none", () => {
    const view = participantsView(input({ participants: [{ participantId: "pl", subscriberId: "ng", subscriberName: "Northgate Bank", role: "INCOMING_LENDER" }] }));
    expect(view.incomingLender.representedBy).toBe("To be provided");
    expect(enabled(view.incomingLender.addRepresentative)).toBe("/workspaces/w1/participants?view=add-participant&role=INCOMING_LENDER_REPRESENTATIVE");
    expect(participantsView(input()).incomingLender.addRepresentative).toBeNull();
  });

  it("a participant law firm without a reference offers to add one", () => {
    const view = participantsView(
      input({
        lawFirms: [
          { lawFirmId: "f1", id: "f1", name: "Harper & Vale LLP", referenceNumber: null, referenceId: null, address: null, role: "WORKSPACE_REPRESENTATIVE", representing: [], subscriberId: "hv", participantId: "pr", nameEditable: false },
          { lawFirmId: "f2", id: "f2", name: "Far & Co", referenceNumber: "F-1", referenceId: null, address: { buildingName: null, buildingNumber: "1", flat: null, street: "High St", town: "Leeds", postcode: "LS1 1AA" }, role: "EXTERNAL_REPRESENTATIVE", representing: [{ entityType: "BORROWER", name: "Ann b1", partyId: "b1" }], subscriberId: null, participantId: null, nameEditable: true },
        ],
      }),
    );
    expect(view.lawFirms.firms.map((firm) => [firm.name, firm.roleLabel, firm.referenceNumber])).toEqual([
      ["Harper & Vale LLP", "Incoming lender representative", "To be provided"],
      ["Far & Co", "External law firm", "F-1"],
    ]);
    expect(enabled(view.lawFirms.firms[0].reference)).toBe("/workspaces/w1/participants?view=add-reference&role=INCOMING_LENDER_REPRESENTATIVE");
    expect(enabled(view.lawFirms.firms[1].edit)).toBe("/workspaces/w1/participants?view=edit-law-firm&lawFirm=f2");
    expect(view.lawFirms.firms[1]).toMatchObject({ address: "1 High St, Leeds, LS1 1AA", representing: "Ann b1" });
  });
});

describe("the borrower banner and the proprietor match (sections 4.1, 4.4 and 8)", () => {
  it("no banner for VALID, PENDING, NOT_REQUIRED; a warning for INVALID; an error to cancel for the others", () => {
    for (const status of ["VALID", "PENDING", "NOT_REQUIRED"]) expect(borrowerBanner(status)).toBeNull();
    expect(borrowerBanner("INVALID")).toEqual({ tone: "warning", title: BORROWER_MESSAGES.BORROWER_MISMATCH, text: BORROWER_MESSAGES.PROPRIETOR_MISMATCH });
    expect(borrowerBanner("COUNT_INVALID")?.text).toBe(BORROWER_MESSAGES.BORROWER_COUNT_INVALID);
    expect(borrowerBanner("TYPE_INVALID")?.text).toBe(BORROWER_MESSAGES.BORROWER_TYPE_INVALID);
    expect(borrowerBanner("UNSUPPORTED_TYPE")?.text).toBe(BORROWER_MESSAGES.SELLER_TYPE_INVALID);
    for (const status of ["COUNT_INVALID", "TYPE_INVALID", "UNSUPPORTED_TYPE"]) expect(borrowerBanner(status)?.tone).toBe("error");
  });

  it("mismatch messages name the name, the registration number or both, with what the title says", () => {
    expect(partyMismatchMessage({ proprietorMatchStatus: ["NAME_MISMATCH"], nameOnTitle: "Ann Smyth" })).toBe(`${MISMATCH_MESSAGES.name}: the title says Ann Smyth`);
    expect(partyMismatchMessage({ proprietorMatchStatus: ["REGISTRATION_NUMBER_MISMATCH"], nameOnTitle: null })).toBe(MISMATCH_MESSAGES.registrationNumber);
    expect(partyMismatchMessage({ proprietorMatchStatus: ["NAME_MISMATCH", "REGISTRATION_NUMBER_MISMATCH"], nameOnTitle: null })).toBe(MISMATCH_MESSAGES.both);
    expect(partyMismatchMessage({ proprietorMatchStatus: ["MATCH"], nameOnTitle: "Ann" })).toBeNull();
  });

  const match = (change: Partial<ProprietorMatchResponse> = {}): ProprietorMatchResponse => ({
    lodgementCaseId: "c1",
    borrowersValidationStatus: "INVALID",
    parties: [
      { partyId: "b1", role: "BORROWER", proprietorMatchStatus: ["NAME_MISMATCH"], nameOnTitle: "Anne b1", sourceProprietorId: "t1", availableActions: ["UPDATE_NAME_IN_WORKSPACE", "CHANGE_OF_NAME_APPLICATION", "NO_ACTION_NEEDED"], isIncomingProprietor: true, titleStatus: "INCOMING", locked: false },
      { partyId: "b2", role: "BORROWER", proprietorMatchStatus: ["MATCH"], nameOnTitle: "Ann b2", sourceProprietorId: "t2", availableActions: [], isIncomingProprietor: true, titleStatus: "INCOMING", locked: false },
    ],
    unmatchedProprietors: [
      {
        id: "t3",
        proprietorId: "t3",
        individualDetails: { forenames: "Olga", surname: "Other" },
        organisationDetails: null,
        availableActions: ["SET_AS_OUTGOING_PROPRIETOR"],
        refusedActions: [{ action: "SET_AS_INCOMING_PROPRIETOR", reason: MISMATCH_ACTION_REFUSALS.SET_AS_INCOMING_PROPRIETOR }],
        mismatchedParties: [],
      },
    ],
    registeredProprietorCount: 3,
    incomingProprietorCount: 3,
    problems: [],
    ...change,
  });

  it("a mismatched party's menu offers its available actions; a matching party has none", () => {
    const view = participantsView(input({ match: match() }));
    const [b1, b2] = view.applicants.parties;
    expect(b1.matchStatus).toBe("Name mismatch");
    expect(b1.mismatchMessage).toBe(`${MISMATCH_MESSAGES.name}: the title says Anne b1`);
    expect(b1.menu?.actions.map(enabled)).toEqual([
      "/workspaces/w1/participants?view=resolve&party=b1&action=UPDATE_NAME_IN_WORKSPACE",
      "/workspaces/w1/participants?view=resolve&party=b1&action=CHANGE_OF_NAME_APPLICATION",
      "/workspaces/w1/participants?view=resolve&party=b1&action=NO_ACTION_NEEDED",
    ]);
    expect(b2.menu).toBeNull();
    expect(view.borrowerBanner?.title).toBe(BORROWER_MESSAGES.BORROWER_MISMATCH);
    expect(view.warnings).toEqual([BORROWER_MESSAGES.UNMATCHED_PROPRIETOR, BORROWER_MESSAGES.MISMATCHED_APPLICANT]);
  });

  it("the menu is disabled, with its reason, once the borrowers are VALID", () => {
    const view = participantsView(input({ match: match({ borrowersValidationStatus: "VALID" }) }));
    expect(view.applicants.parties[0].menu?.actions.every((action) => action.disabled)).toBe(true);
    expect(view.applicants.parties[0].menu?.disabledReason).toBe(PARTICIPANTS_TEXTS.menuDisabledValid);
  });

  it("unmatched proprietors: each action of 4.4 available or refused with its message", () => {
    const view = participantsView(input({ match: match() }));
    const [proprietor] = view.unmatchedProprietors.proprietors;
    expect(proprietor.name).toBe("Olga Other");
    expect(enabled(proprietor.actions[0])).toBe("/workspaces/w1/participants?view=proprietor&action=SET_AS_OUTGOING_PROPRIETOR&proprietor=t3");
    expect(reason(proprietor.actions[1])).toBe(MISMATCH_ACTION_REFUSALS.SET_AS_INCOMING_PROPRIETOR);
    // The core rule applies when the provider names no reason: one registered proprietor must stay.
    const single = participantsView(
      input({ match: match({ registeredProprietorCount: 1, unmatchedProprietors: [{ ...match().unmatchedProprietors[0], availableActions: [], refusedActions: [] }] }) }),
    );
    expect(reason(single.unmatchedProprietors.proprietors[0].actions[0])).toBe(MISMATCH_ACTION_REFUSALS.SET_AS_OUTGOING_PROPRIETOR);
  });

  it("the proprietor rules the workspace breaks are shown", () => {
    const view = participantsView(input({ match: match({ problems: ["At least one borrower must be an existing proprietor."] }) }));
    expect(view.unmatchedProprietors.problems).toEqual(["At least one borrower must be an existing proprietor."]);
  });
});
