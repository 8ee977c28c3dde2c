/**
 * What the participants tab shows (document 2 sections 2.2, 4.1, 4.4, 4.5, 5.1, 6 and 8), decided on the
 * server from the workspace, its participants, its law firms and the title's proprietors: the sections in
 * the order of 2.2, each party's match status and mismatch message, and every action the user may take,
 * hidden when the user's permissions do not allow it and disabled, with its reason in visible text, when
 * the workspace is locked or cancelled or a rule of 4.4 or 5.1 refuses it. Pure: no I/O, so it is tested
 * exhaustively and the page's browser code receives plain data.
 */
import type { WorkspaceDetail, WorkspaceParty } from "../../core/workspaces/api.js";
import { APPLICANT_ROLE, LAW_FIRM_ROLE_LABELS, PARTY_ACTION_LABELS, REPRESENTATION_TYPE_LABELS, REPRESENTATIVE_ROLE_LABELS, VERIFICATION_OF_IDENTITY_LABELS, type PartyAction, type PartyRole, type RepresentativeRole } from "../../core/parties/enums.js";
import { PARTICIPANT_ROLE_LABELS, TO_BE_PROVIDED_TEXT, type ParticipantRole } from "../../core/workspaces/enums.js";
import { BORROWER_MESSAGES, PARTY_MESSAGES } from "../../core/parties/messages.js";
import type { LawFirm, LendersResponse } from "../../core/parties/api.js";
import { applicantName } from "../../core/parties/names.js";
import { LIMITS } from "../../core/shared/limits.js";
import { addressLine } from "../../core/shared/address.js";
import { can, type Action, type PermissionSubject } from "../../core/shared/permissions/actions.js";
import { isHelpdeskAdministrator } from "../../core/shared/permissions/roles.js";
import { editLockTooltip } from "../../core/workspaces/status.js";
import { PROPRIETOR_MATCH_STATUS_LABELS, type ProprietorMatchStatus } from "../../core/title/enums.js";
import { isPartyMenuDisabled, mismatchActionRefusal, mismatchMessage, type MismatchContext } from "../../core/title/proprietor-mismatch.js";
import { mustMatchTitle } from "../../core/title/matching.js";
import type { OutgoingLender as TitleOutgoingLender, ProprietorMatchResponse } from "../../core/title/api.js";
import { workspaceContext } from "../workspaces/workspace-view";
import { inlineViewSearch, toggleHref, type InlineView } from "./inline-view";

/** The id of the visible text that says why editing is disabled; every control disabled by the lock points to it. */
export const LOCK_REASON_ID = "participants-lock-reason";

export const PARTICIPANTS_TEXTS = {
  noPermission: "Your role in this workspace does not allow you to change these details.",
  menuDisabledMatch: "This party matches the title register: no action is needed.",
  menuDisabledValid: "The borrowers match the title register: no action is needed.",
  noUnmatchedProprietors: "Every proprietor on the title register matches a party.",
  noOutgoingProprietors: "No outgoing proprietors.",
  noLawFirms: "No law firm has been added yet.",
  noOutgoingLenders: "No outgoing lender is registered on the title.",
  noSellers: "No sellers have been added yet.",
} as const;

/** A control of the tab: a link opening an inline view, enabled or disabled with its reason. Hidden controls are absent. */
export type Control =
  | { label: string; href: string; disabled: false }
  | { label: string; disabled: true; reason: string; reasonId: string };

/** A party as the participants tab reads it: the workspace's party plus what the title's match adds. */
export type ParticipantsParty = WorkspaceParty & { nameOnTitle?: string | null };

export interface ParticipantRecord {
  participantId: string;
  subscriberId: string;
  subscriberName: string;
  role: ParticipantRole;
  referenceId?: string | null;
  referenceNumber?: string | null;
}

export interface ParticipantsInput {
  workspace: Pick<
    WorkspaceDetail,
    | "workspaceId"
    | "transactionType"
    | "version"
    | "references"
    | "participantRole"
    | "contextualPermissions"
    | "isLocked"
    | "hardLocked"
    | "isCancelled"
    | "status"
    | "borrowersValidationStatus"
  > & { parties: ParticipantsParty[] };
  user: PermissionSubject;
  participants: readonly ParticipantRecord[];
  /** The workspace's law firms (participant firms and external firms); absent while unknown. */
  lawFirms?: readonly LawFirm[] | null;
  /** The incoming lender and the outgoing lender parties; absent while unknown. */
  lenders?: LendersResponse | null;
  /** The title service's proprietor match (each party's status, the unmatched proprietors, the counts of 4.4); absent while unknown. */
  match?: ProprietorMatchResponse | null;
  /** The outgoing lenders of the title's charges. */
  titleOutgoingLenders?: readonly TitleOutgoingLender[] | null;
  /** Why the title's proprietors could not be read (section 8: an error state with retry); null when they were. */
  titleError?: string | null;
  open: InlineView | null;
}

export interface PartyCard {
  partyId: string;
  name: string;
  typeLabel: string;
  /** The match status label, for parties the title must name once a title is known. */
  matchStatus: string | null;
  /** Name, registration number or both (section 4.4), naming what the title says where known. */
  mismatchMessage: string | null;
  nameOnTitle: string | null;
  registrationNumber: string | null;
  representation: string;
  representativeName: string | null;
  verificationOfIdentity: string | null;
  address: string | null;
  addressLabel: string;
  isOpen: boolean;
  toggle: { label: string; href: string; expanded: boolean };
  edit: Control | null;
  representationControl: Control | null;
  addressControl: Control | null;
  deleteControl: Control | null;
  /** The mismatch action menu (section 4.4); null when the party has none. */
  menu: { actions: Control[]; disabledReason: string | null } | null;
}

export interface PartySection {
  id: string;
  title: string;
  role: PartyRole;
  parties: PartyCard[];
  add: Control | null;
  empty: string;
  note: string | null;
}

export interface ProprietorCard {
  id: string;
  name: string;
  registrationNumber: string | null;
  actions: Control[];
}

export interface LawFirmCard {
  key: string;
  name: string;
  roleLabel: string;
  referenceNumber: string;
  address: string | null;
  representing: string | null;
  edit: Control | null;
  reference: Control | null;
}

export interface ParticipantsView {
  basePath: string;
  version: number;
  lockReason: string | null;
  borrowerBanner: { tone: "warning" | "error"; title: string; text: string } | null;
  warnings: string[];
  applicants: PartySection;
  sellers: PartySection | null;
  unmatchedProprietors: { proprietors: ProprietorCard[]; problems: string[]; shown: boolean };
  outgoingProprietors: PartySection;
  lawFirms: { firms: LawFirmCard[]; addLawFirm: Control | null };
  incomingLender: {
    name: string;
    referenceNumber: string;
    representedBy: string;
    reference: Control | null;
    addRepresentative: Control | null;
  };
  outgoingLenders: { name: string; representation: string }[];
  titleError: string | null;
  open: InlineView | null;
}

/** The borrower validation banner of section 4.1 with section 8's messages; null for VALID, PENDING and NOT_REQUIRED. */
export function borrowerBanner(status: string | null | undefined): ParticipantsView["borrowerBanner"] {
  switch (status) {
    case "INVALID":
      return { tone: "warning", title: BORROWER_MESSAGES.BORROWER_MISMATCH, text: BORROWER_MESSAGES.PROPRIETOR_MISMATCH };
    case "COUNT_INVALID":
      return { tone: "error", title: BORROWER_MESSAGES.PROPERTY_DETAILS_BORROWER_CANCEL_WORKSPACE, text: BORROWER_MESSAGES.BORROWER_COUNT_INVALID };
    case "TYPE_INVALID":
      return { tone: "error", title: BORROWER_MESSAGES.PROPERTY_DETAILS_BORROWER_CANCEL_WORKSPACE, text: BORROWER_MESSAGES.BORROWER_TYPE_INVALID };
    case "UNSUPPORTED_TYPE":
      return { tone: "error", title: BORROWER_MESSAGES.PROPERTY_DETAILS_BORROWER_CANCEL_WORKSPACE, text: BORROWER_MESSAGES.SELLER_TYPE_INVALID };
    default:
      return null;
  }
}

const MISMATCH_STATUSES: readonly string[] = ["NAME_MISMATCH", "REGISTRATION_NUMBER_MISMATCH", "TYPE_MISMATCH", "PROPRIETOR_NAME_CHANGE_REQUIRED"];

/**
 * The mismatch message of a party, naming what differs: the name on the title, the registration number, or
 * both (section 4.4, core's mismatchMessage), followed by what the title says when it is known.
 */
export function partyMismatchMessage(party: Pick<ParticipantsParty, "proprietorMatchStatus" | "nameOnTitle">): string | null {
  const statuses = party.proprietorMatchStatus;
  if (statuses.includes("TYPE_MISMATCH")) return "The type of this party (individual or organisation) does not match the proprietor on the title register";
  const message = mismatchMessage(statuses);
  if (!message) return null;
  return party.nameOnTitle ? `${message}: the title says ${party.nameOnTitle}` : message;
}

function matchStatusLabel(statuses: readonly string[]): string | null {
  const known = statuses.filter((status): status is ProprietorMatchStatus => status in PROPRIETOR_MATCH_STATUS_LABELS);
  if (known.length === 0 || known.every((status) => status === "NOT_REQUIRED")) return null;
  return known.map((status) => PROPRIETOR_MATCH_STATUS_LABELS[status]).join(", ");
}

export function participantsView(input: ParticipantsInput): ParticipantsView {
  const { workspace, user, participants, open } = input;
  const basePath = `/workspaces/${workspace.workspaceId}/participants`;
  const context = workspaceContext(workspace);
  const allowed = (action: Action) => can(user, action, context);
  const lockReason = editLockTooltip(workspace);
  const helpdesk = isHelpdeskAdministrator(user.roles);

  /** A control the user's permission allows (else null: hidden), disabled by the lock or by a rule's reason. */
  const control = (permitted: boolean, label: string, view: InlineView, ruleReason: string | null = null, ruleReasonId = ""): Control | null => {
    if (!permitted) return null;
    if (lockReason) return { label, disabled: true, reason: lockReason, reasonId: LOCK_REASON_ID };
    if (ruleReason) return { label, disabled: true, reason: ruleReason, reasonId: ruleReasonId };
    return { label, href: `${basePath}${inlineViewSearch(view)}`, disabled: false };
  };

  const match = input.match ?? null;
  // The match answered by the title service is the newest word on each party's status and actions.
  const parties: ParticipantsParty[] = workspace.parties.map((party) => {
    const matched = match?.parties.find((record) => record.partyId === party.partyId);
    return matched
      ? {
          ...party,
          proprietorMatchStatus: matched.proprietorMatchStatus,
          availableActions: matched.availableActions,
          nameOnTitle: matched.nameOnTitle,
          sourceProprietorId: matched.sourceProprietorId,
          isIncomingProprietor: matched.isIncomingProprietor,
          titleStatus: matched.titleStatus,
          locked: party.locked || matched.locked,
        }
      : party;
  });
  const borrowersValidationStatus = match?.borrowersValidationStatus ?? workspace.borrowersValidationStatus;
  const applicantRole = APPLICANT_ROLE[workspace.transactionType];
  const applicants = parties.filter((party) => party.role === applicantRole);
  const borrowersValid = borrowersValidationStatus === "VALID";

  const partyCard = (party: ParticipantsParty): PartyCard => {
    const name = applicantName({ partyDetails: party.partyDetails, ...(party.individualDetails ?? {}), ...(party.organisationDetails ?? {}) }) || "-";
    const isApplicant = party.role === applicantRole;
    const editPermitted = allowed(isApplicant ? "editApplicantParty" : party.role === "SELLER" ? "editSellerParty" : "editOtherParty");
    const lockedByTitle = party.locked ? PARTY_MESSAGES.locked : null;
    const reasonId = `party-${party.partyId}-reason`;
    const detailsView: InlineView = { view: "details", party: party.partyId };
    const isOpen = open?.party === party.partyId;
    const externallyRepresented = party.representationDetails?.representativeType === "EXTERNAL_LAW_FIRM";
    let deleteControl: Control | null = null;
    if (party.role !== "SELLER") {
      const deleteReason = isApplicant
        ? applicants.length <= 1
          ? PARTY_MESSAGES.lastApplicant
          : externallyRepresented
            ? PARTY_MESSAGES.externallyRepresented
            : lockedByTitle
        : lockedByTitle;
      deleteControl = control(allowed("deleteParty"), "Delete", { view: "delete-party", party: party.partyId }, deleteReason, `${reasonId}-delete`);
    }
    const needsTitle = mustMatchTitle(party.role, workspace.transactionType);
    const actions = party.availableActions.filter((action): action is PartyAction => action in PARTY_ACTION_LABELS);
    const hasMismatch = party.proprietorMatchStatus.some((status) => MISMATCH_STATUSES.includes(status));
    let menu: PartyCard["menu"] = null;
    if (needsTitle && (actions.length > 0 || hasMismatch) && allowed("resolveMismatch")) {
      const menuReason = isPartyMenuDisabled(party.proprietorMatchStatus, borrowersValidationStatus)
        ? party.proprietorMatchStatus.includes("MATCH")
          ? PARTICIPANTS_TEXTS.menuDisabledMatch
          : PARTICIPANTS_TEXTS.menuDisabledValid
        : null;
      menu = {
        disabledReason: menuReason,
        actions: actions
          .map((action) => control(true, PARTY_ACTION_LABELS[action], { view: "resolve", party: party.partyId, action }, menuReason, `${reasonId}-menu`))
          .filter((item): item is Control => item !== null),
      };
    }
    const address = party.addresses[0] ?? null;
    const hasAddress = address !== null;
    return {
      partyId: party.partyId,
      name,
      typeLabel: party.type === "ORGANISATION" ? "Organisation" : "Individual",
      matchStatus: needsTitle ? matchStatusLabel(party.proprietorMatchStatus) : null,
      mismatchMessage: needsTitle ? partyMismatchMessage(party) : null,
      nameOnTitle: party.nameOnTitle ?? null,
      registrationNumber: party.organisationDetails?.registrationNumber ?? party.partyDetails.registrationNumber ?? null,
      representation: party.representationDetails
        ? (REPRESENTATION_TYPE_LABELS[party.representationDetails.representationType as keyof typeof REPRESENTATION_TYPE_LABELS] ?? party.representationDetails.representationType)
        : "Not confirmed",
      representativeName: party.representationDetails?.representativeName ?? null,
      verificationOfIdentity: party.verificationOfIdentity
        ? (VERIFICATION_OF_IDENTITY_LABELS[party.verificationOfIdentity as keyof typeof VERIFICATION_OF_IDENTITY_LABELS] ?? party.verificationOfIdentity)
        : null,
      address: address ? addressLine(address) : null,
      addressLabel: party.type === "ORGANISATION" ? "Registered address" : "Correspondence address",
      isOpen,
      toggle: { label: isOpen && open?.view === "details" ? `Hide details of ${name}` : `Show details of ${name}`, href: toggleHref(basePath, open, detailsView), expanded: isOpen },
      edit: control(editPermitted, "Edit", { view: "edit-party", party: party.partyId }, lockedByTitle, `${reasonId}-edit`),
      representationControl: control(allowed("confirmRepresentation"), "Confirm representation", { view: "representation", party: party.partyId }),
      addressControl: control(
        editPermitted,
        hasAddress ? `Edit ${party.type === "ORGANISATION" ? "registered" : "correspondence"} address` : `Add ${party.type === "ORGANISATION" ? "registered" : "correspondence"} address`,
        { view: hasAddress ? "edit-address" : "add-address", party: party.partyId },
        lockedByTitle,
        `${reasonId}-address`,
      ),
      deleteControl,
      menu,
    };
  };

  const section = (id: string, title: string, role: PartyRole, empty: string, addLabel: string | null, addReason: string | null): PartySection => {
    const cards = parties.filter((party) => party.role === role).map(partyCard);
    const add = addLabel ? control(allowed("addParty"), addLabel, { view: "add-party", role }, addReason, `${id}-add-reason`) : null;
    const anyAction = add !== null || cards.some((party) => party.edit || party.representationControl || party.deleteControl || party.menu);
    return { id, title, role, parties: cards, add, empty, note: anyAction || lockReason ? null : PARTICIPANTS_TEXTS.noPermission };
  };

  const addApplicantReason =
    applicants.length >= LIMITS.applicants
      ? PARTY_MESSAGES.tooManyApplicants
      : applicants[0]?.type === "ORGANISATION"
        ? PARTY_MESSAGES.organisationApplicant
        : null;
  const applicantWord = applicantRole === "BORROWER" ? "borrower" : "buyer";

  // Unmatched proprietors: both actions of 4.4, each available or refused with its message.
  const counts: MismatchContext = {
    registeredProprietorCount: match?.registeredProprietorCount ?? 0,
    incomingProprietorCount: match?.incomingProprietorCount ?? undefined,
  };
  const unmatched = (match?.unmatchedProprietors ?? []).map((proprietor): ProprietorCard => {
    const name = proprietor.individualDetails
      ? `${proprietor.individualDetails.forenames} ${proprietor.individualDetails.surname}`.trim()
      : (proprietor.organisationDetails?.organisationName ?? "-");
    const actions = (["SET_AS_OUTGOING_PROPRIETOR", "SET_AS_INCOMING_PROPRIETOR"] as const)
      .map((action) => {
        const refusal =
          proprietor.refusedActions.find((refused) => refused.action === action)?.reason ??
          (proprietor.availableActions.includes(action) ? null : mismatchActionRefusal(action, counts));
        return control(allowed("resolveMismatch"), PARTY_ACTION_LABELS[action], { view: "proprietor", proprietor: proprietor.id, action }, refusal, `proprietor-${proprietor.id}-${action.toLowerCase()}`);
      })
      .filter((item): item is Control => item !== null);
    return { id: proprietor.id, name, registrationNumber: proprietor.organisationDetails?.registrationNumber ?? null, actions };
  });
  const titleKnown = match !== null && match.incomingProprietorCount !== null;
  const problems = match?.problems ?? [];

  const warnings: string[] = [];
  if (unmatched.length > 0) warnings.push(BORROWER_MESSAGES.UNMATCHED_PROPRIETOR);
  if (applicants.some((party) => mustMatchTitle(party.role, workspace.transactionType) && party.proprietorMatchStatus.some((status) => MISMATCH_STATUSES.includes(status) && status !== "PROPRIETOR_NAME_CHANGE_REQUIRED"))) {
    warnings.push(BORROWER_MESSAGES.MISMATCHED_APPLICANT);
  }

  // References: a non-helpdesk user adds or edits only the reference of its own participant role (decision 0410).
  const referenceControl = (role: RepresentativeRole, subject: string): Control | null => {
    if (!helpdesk && workspace.participantRole !== role) return null;
    const existing = workspace.references.find((reference) => reference.representativeRole === role);
    const kind = role === "INCOMING_LENDER" ? "Lender" : "LawFirm";
    if (existing) {
      return control(allowed(`edit${kind}Reference` as Action), `Edit reference of ${subject}`, { view: "edit-reference", reference: existing.referenceId });
    }
    return control(allowed(`add${kind}Reference` as Action), `Add reference of ${subject}`, { view: "add-reference", role });
  };
  const referenceOf = (role: RepresentativeRole) => workspace.references.find((reference) => reference.representativeRole === role)?.referenceNumber ?? TO_BE_PROVIDED_TEXT;

  // Law firms: the participant firms (each with its role's reference), then the external firms.
  const participantRoleOf = (participantId: string | null, subscriberId: string | null) =>
    participants.find((participant) => participant.participantId === participantId || (subscriberId && participant.subscriberId === subscriberId && participant.role !== "INCOMING_LENDER"))?.role ?? null;
  const firmRoles: ParticipantRole[] = ["INCOMING_LENDER_REPRESENTATIVE", "BUYER_REPRESENTATIVE", "SELLER_REPRESENTATIVE"];
  const firms: LawFirmCard[] = input.lawFirms
    ? input.lawFirms.map((firm) => {
        const external = firm.role === "EXTERNAL_REPRESENTATIVE";
        const role = external ? null : participantRoleOf(firm.participantId, firm.subscriberId);
        // A participant firm's details are edited by that participant (its reference); an external firm by whoever may edit external firms.
        const editPermitted = external
          ? allowed("editExternalLawFirmDetails")
          : role !== null && (helpdesk || workspace.participantRole === role) && allowed("editLawFirmReference") && firm.referenceId !== null;
        return {
          key: firm.lawFirmId,
          name: firm.name,
          roleLabel: external ? "External law firm" : role ? PARTICIPANT_ROLE_LABELS[role] : LAW_FIRM_ROLE_LABELS[firm.role],
          referenceNumber: firm.referenceNumber?.trim() || TO_BE_PROVIDED_TEXT,
          address: firm.address?.postcode ? addressLine(firm.address) : null,
          representing: firm.representing.length ? firm.representing.map((entity) => entity.name).join(", ") : null,
          edit: control(editPermitted, `Edit ${firm.name}`, { view: "edit-law-firm", lawFirm: firm.lawFirmId }),
          reference: !external && role && firm.referenceId === null ? referenceControl(role as RepresentativeRole, firm.name) : null,
        };
      })
    : participants
        .filter((participant) => firmRoles.includes(participant.role))
        .map((participant) => ({
          key: participant.participantId,
          name: participant.subscriberName,
          roleLabel: PARTICIPANT_ROLE_LABELS[participant.role],
          referenceNumber: referenceOf(participant.role as RepresentativeRole),
          address: null,
          representing: null,
          edit: null,
          reference: referenceControl(participant.role as RepresentativeRole, participant.subscriberName),
        }));

  const lenderParticipant = participants.find((participant) => participant.role === "INCOMING_LENDER");
  const lenderRepresentative = participants.find((participant) => participant.role === "INCOMING_LENDER_REPRESENTATIVE");
  const incoming = input.lenders?.incoming ?? null;
  const lenderName = incoming?.name ?? lenderParticipant?.subscriberName ?? null;
  const outgoingLenders = input.lenders?.outgoing.length ? input.lenders.outgoing : (input.titleOutgoingLenders ?? []);

  return {
    basePath,
    version: workspace.version,
    lockReason,
    borrowerBanner: borrowerBanner(borrowersValidationStatus),
    warnings,
    applicants: section(
      "applicants",
      applicantRole === "BORROWER" ? "Borrower details" : "Buyer details",
      applicantRole,
      `No ${applicantWord}s have been added yet.`,
      `Add ${applicantWord}`,
      addApplicantReason,
    ),
    sellers: workspace.transactionType === "PURCHASE" ? section("sellers", "Seller details", "SELLER", PARTICIPANTS_TEXTS.noSellers, "Add seller", null) : null,
    unmatchedProprietors: { proprietors: unmatched, problems, shown: unmatched.length > 0 || problems.length > 0 || (borrowersValid === false && titleKnown) },
    outgoingProprietors: section("outgoing-proprietors", "Outgoing proprietors", "OUTGOING_PROPRIETOR", PARTICIPANTS_TEXTS.noOutgoingProprietors, "Add outgoing proprietor", null),
    lawFirms: { firms, addLawFirm: null },
    incomingLender: {
      name: lenderName ?? TO_BE_PROVIDED_TEXT,
      referenceNumber: incoming?.referenceNumber?.trim() || referenceOf("INCOMING_LENDER"),
      representedBy: incoming?.representedBy ?? lenderRepresentative?.subscriberName ?? TO_BE_PROVIDED_TEXT,
      reference: lenderName ? referenceControl("INCOMING_LENDER", lenderName) : null,
      addRepresentative:
        lenderName && !(incoming?.representedBy ?? lenderRepresentative)
          ? control(allowed("addIncomingLenderRepresentative"), "Add the lender's law firm", { view: "add-participant", role: "INCOMING_LENDER_REPRESENTATIVE" })
          : null,
    },
    outgoingLenders: outgoingLenders.map((outgoing) => ({
      name: outgoing.name,
      representation: outgoing.representationDetails?.representativeName
        ? `Represented by ${outgoing.representationDetails.representativeName}`
        : outgoing.representationDetails
          ? REPRESENTATION_TYPE_LABELS[outgoing.representationDetails.representationType]
          : "Representation not confirmed",
    })),
    titleError: input.titleError ?? null,
    open,
  };
}

/** Labels used by the forms: the representative roles and participant roles in words. */
export const ROLE_LABELS = { ...REPRESENTATIVE_ROLE_LABELS, ...PARTICIPANT_ROLE_LABELS } as const;
