/**
 * The participants tab's loader and action (document 2 sections 2.2, 4.4, 4.5, 5.1, 5.4, 6, 7.2, 7.3 and 8),
 * server side. The loader reads the workspace, its participants, law firms, lenders and the title's
 * proprietor match, and opens the inline view the address names only when the view model offers it to this
 * user (permission, lock, cancellation and the rules of 5.1 and 4.4). The action reads the intent's form with
 * its core schema, sends the write with the version the user saw, and answers a redirect to the tab with a
 * flash toast; a refusal keeps the user's input with the provider's message in the error summary and a toast.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { ProviderError } from "../../core/shared/provider-errors.js";
import type { Toast } from "../../core/shared/errors.js";
import { isWorkspaceId, type WorkspaceDetail } from "../../core/workspaces/api.js";
import { WORKSPACE_TOASTS } from "../../core/workspaces/messages.js";
import { PARTY_ACTION_LABELS, REPRESENTATIVE_ROLE_LABELS, type PartyAction, type PartyRole, type RepresentativeRole } from "../../core/parties/enums.js";
import { BORROWER_MESSAGES, LAW_FIRM_MESSAGES } from "../../core/parties/messages.js";
import { MISMATCH_RESOLUTION_ACTIONS, type MismatchResolutionAction, type ProprietorMatchResponse } from "../../core/title/api.js";
import { addWorkspaceReference, assignWorkspaceParticipant, editWorkspaceReference } from "../../core/workspaces/client.js";
import { addParty, confirmRepresentation, deleteParty, editLawFirm, editParty, getParticipantsTab, listSelectableSubscribers } from "../../core/parties/client.js";
import { getLodgementCase, getProprietorMatch, resolvePartyMismatch, setIncomingProprietor, setOutgoingProprietor } from "../../core/title/client.js";
import { applicantName } from "../../core/parties/names.js";
import { formVersion, readForm } from "../components/form/read-form.server";
import { invariantResponse } from "../errors/invariant";
import { throwProviderError, writeFailureToast } from "../errors/provider-errors.server";
import { redirectWithToast, successToast } from "../errors/toast.server";
import { requireUser, subjectOf, type UserSession } from "../session/user-session.server";
import { loadViewableWorkspace, loadViewableWorkspaceWith } from "../workspaces/workspace-page.server";
import { inlineViewSearch, parseInlineView, type InlineView } from "./inline-view";
import { intentMatchesView, PARTICIPANT_FORMS, PARTICIPANT_INTENTS, type ParticipantIntent } from "./participant-forms";
import { participantsView, ROLE_LABELS, type Control, type ParticipantsView } from "./participants-view";

/** Success toasts of section 8 for what the section's list does not name (decision 0411). */
export const PARTICIPANTS_TOASTS = {
  participantAdded: "Law firm added successfully",
  outgoingProprietorSet: "Outgoing proprietor set successfully",
  mismatchResolved: "Party updated successfully",
} as const;

/** The title's error state (section 8): the workspace has no lodgement case to match against. */
export const TITLE_NOT_LOADED = "The title information could not be loaded.";

async function loadEverything(request: Request, user: UserSession, workspaceId: string | undefined) {
  const { workspace, tab } = await loadViewableWorkspaceWith(request, user, workspaceId, (id) => getParticipantsTab(user.ctx, id));
  try {
    const { participants, lawFirms, lenders, title } = await tab;
    return {
      workspace,
      participants,
      lawFirms,
      lenders,
      title: title
        ? { lodgementCaseId: title.lodgementCaseId, match: title.match, outgoingLenders: title.outgoingLenders, error: null }
        : { lodgementCaseId: null, match: null, outgoingLenders: null, error: TITLE_NOT_LOADED },
    };
  } catch (error) {
    return throwProviderError(request, error);
  }
}

type Loaded = Awaited<ReturnType<typeof loadEverything>>;

function viewOf(loaded: Loaded, user: UserSession, open: InlineView | null): ParticipantsView {
  return participantsView({
    workspace: loaded.workspace,
    user: subjectOf(user),
    participants: loaded.participants,
    lawFirms: loaded.lawFirms,
    lenders: loaded.lenders,
    match: loaded.title.match,
    titleOutgoingLenders: loaded.title.outgoingLenders,
    titleError: loaded.title.error,
    open,
  });
}

/** Every enabled control of the view: the inline views this user may open now. */
function enabledControls(view: ParticipantsView): Control[] {
  const controls: (Control | null)[] = [];
  for (const section of [view.applicants, view.sellers, view.outgoingProprietors]) {
    if (!section) continue;
    controls.push(section.add);
    for (const party of section.parties) {
      controls.push(party.edit, party.representationControl, party.addressControl, party.deleteControl, ...(party.menu?.actions ?? []));
    }
  }
  for (const proprietor of view.unmatchedProprietors.proprietors) controls.push(...proprietor.actions);
  for (const firm of view.lawFirms.firms) controls.push(firm.edit, firm.reference);
  controls.push(view.incomingLender.reference, view.incomingLender.addRepresentative);
  return controls.filter((control): control is Control => control !== null && !control.disabled);
}

/** Whether the view model offers `open` to the user now (its opener is an enabled control), or it is a party's read-only details. */
function isOffered(view: ParticipantsView, open: InlineView): boolean {
  if (open.view === "details") return [view.applicants, view.sellers, view.outgoingProprietors].some((section) => section?.parties.some((party) => party.partyId === open.party));
  const href = `${view.basePath}${inlineViewSearch(open)}`;
  return enabledControls(view).some((control) => !control.disabled && control.href === href);
}

type Party = WorkspaceDetail["parties"][number];

function partyName(party: Party): string {
  return applicantName({ partyDetails: party.partyDetails }) || "-";
}

/** What the open inline view's form shows: its subject and initial values. */
function openFormOf(loaded: Loaded, open: InlineView, subscribers: { value: string; label: string }[]) {
  const party = open.party ? loaded.workspace.parties.find((candidate) => candidate.partyId === open.party) : undefined;
  switch (open.view) {
    case "details":
      return party ? { kind: "details" as const } : null;
    case "add-party":
      return { kind: "party" as const, intent: "add-party" as const, title: `Add ${ROLE_LABELS[open.role as RepresentativeRole]?.toLowerCase() ?? open.role!.toLowerCase().replace(/_/g, " ")}`, fixedType: null, defaultValue: { type: "INDIVIDUAL" } };
    case "edit-party":
      if (!party) return null;
      return {
        kind: "party" as const,
        intent: "edit-party" as const,
        title: `Edit ${partyName(party)}`,
        fixedType: party.type,
        defaultValue: {
          type: party.type,
          forenames: party.partyDetails.forenames ?? "",
          surname: party.partyDetails.surname ?? "",
          organisationName: party.partyDetails.organisationName ?? "",
          registrationNumber: party.partyDetails.registrationNumber ?? "",
        },
      };
    case "delete-party":
      return party ? { kind: "confirm" as const, intent: "delete-party" as const, title: `Delete ${partyName(party)}`, text: `${partyName(party)} will be removed from the workspace.`, button: "Delete" } : null;
    case "representation": {
      if (!party) return null;
      const current = party.representationDetails;
      const roles = loaded.participants
        .filter((participant) => participant.role !== "INCOMING_LENDER")
        .map((participant) => ({ value: participant.role, label: `${participant.subscriberName} (${REPRESENTATIVE_ROLE_LABELS[participant.role as RepresentativeRole]})` }));
      // The external firm's fields start from the party's external firm only, never from a participant's.
      const firm = current?.lawFirmId
        ? loaded.lawFirms.find((candidate) => candidate.lawFirmId === current.lawFirmId && candidate.role === "EXTERNAL_REPRESENTATIVE")
        : undefined;
      return {
        kind: "representation" as const,
        title: `Confirm representation of ${partyName(party)}`,
        partyId: party.partyId,
        partyType: party.type,
        representationId: current?.representationId ?? null,
        participantRoles: roles,
        defaultValue: {
          representationType: current?.representationType ?? "",
          representativeType: current?.representativeType ?? "",
          representativeRole: current?.representativeRole ?? "",
          verificationOfIdentity: party.verificationOfIdentity ?? "",
          name: firm?.name ?? "",
          referenceNumber: firm?.referenceNumber ?? "",
          address: firm?.address ? Object.fromEntries(Object.entries(firm.address).map(([key, value]) => [key, value ?? ""])) : {},
        },
      };
    }
    case "add-address":
    case "edit-address": {
      if (!party) return null;
      const address = party.addresses[0];
      const label = party.type === "ORGANISATION" ? "registered address" : "correspondence address";
      return {
        kind: "address" as const,
        title: `${address ? "Edit" : "Add"} ${label} of ${partyName(party)}`,
        defaultValue: address ? Object.fromEntries(Object.entries(address).map(([key, value]) => [key, value ?? ""])) : {},
      };
    }
    case "edit-law-firm": {
      const firm = loaded.lawFirms.find((candidate) => candidate.lawFirmId === open.lawFirm);
      if (!firm) return null;
      return {
        kind: "law-firm" as const,
        title: `Edit ${firm.name}`,
        nameEditable: firm.nameEditable,
        defaultValue: {
          name: firm.name,
          referenceNumber: firm.referenceNumber ?? "",
          address: firm.address ? Object.fromEntries(Object.entries(firm.address).map(([key, value]) => [key, value ?? ""])) : {},
        },
      };
    }
    case "add-reference":
      return { kind: "reference" as const, intent: "add-reference" as const, title: `Add reference (${ROLE_LABELS[open.role as RepresentativeRole] ?? open.role})`, defaultValue: {} };
    case "edit-reference": {
      const reference = loaded.workspace.references.find((candidate) => candidate.referenceId === open.reference);
      if (!reference) return null;
      return {
        kind: "reference" as const,
        intent: "edit-reference" as const,
        title: `Edit reference (${ROLE_LABELS[reference.representativeRole]})`,
        defaultValue: { referenceNumber: reference.referenceNumber },
      };
    }
    case "add-participant":
      return { kind: "participant" as const, title: `Add ${(ROLE_LABELS[open.role as RepresentativeRole] ?? open.role!).toLowerCase()}`, subscribers, defaultValue: {} };
    case "resolve": {
      if (!party) return null;
      const action = open.action as PartyAction;
      return {
        kind: "confirm" as const,
        intent: "resolve-mismatch" as const,
        title: `${PARTY_ACTION_LABELS[action] ?? action}: ${partyName(party)}`,
        text: resolveExplanation(action, partyName(party), loaded.title.match?.parties.find((match) => match.partyId === party.partyId)?.nameOnTitle ?? null),
        button: "Confirm",
      };
    }
    case "proprietor": {
      const proprietor = loaded.title.match?.unmatchedProprietors.find((candidate) => candidate.id === open.proprietor);
      if (!proprietor) return null;
      const name = proprietor.individualDetails
        ? `${proprietor.individualDetails.forenames} ${proprietor.individualDetails.surname}`
        : (proprietor.organisationDetails?.organisationName ?? "-");
      const incoming = open.action === "SET_AS_INCOMING_PROPRIETOR";
      return {
        kind: "confirm" as const,
        intent: "proprietor-action" as const,
        title: `${PARTY_ACTION_LABELS[open.action as PartyAction] ?? open.action}: ${name}`,
        text: incoming
          ? `${name} stays on the title register as an incoming proprietor.`
          : `${name} leaves the title register as an outgoing proprietor.`,
        button: "Confirm",
      };
    }
    default:
      return null;
  }
}

/** What confirming a mismatch action will do, naming the names (section 4.4). */
export function resolveExplanation(action: PartyAction, name: string, nameOnTitle: string | null): string {
  const titleName = nameOnTitle ?? "the name on the title register";
  switch (action) {
    case "UPDATE_NAME_IN_WORKSPACE":
      return `The workspace will name this party ${titleName}, as the title register does, instead of ${name}. The party can then no longer be edited.`;
    case "UPDATE_REGISTRATION_NUMBER_IN_WORKSPACE":
      return `The workspace will take the registration number from the title register for ${name}. The party can then no longer be edited.`;
    case "CHANGE_OF_NAME_APPLICATION":
      return `${name} is right: a change of name application will ask the land registry to change ${titleName} on the title register.`;
    case "NO_ACTION_NEEDED":
      return `${name} and ${titleName} are the same person: no change is needed.`;
    case "ORGANISATION_IS_A_BORROWER":
      return `The organisation on the title register is a borrower of this workspace.`;
    default:
      return "";
  }
}

export async function loadParticipantsTab(request: Request, workspaceId: string | undefined) {
  const user = await requireUser(request);
  const loaded = await loadEverything(request, user, workspaceId);
  const requested = parseInlineView(new URL(request.url).searchParams);
  const view = viewOf(loaded, user, requested);
  const open = requested && isOffered(view, requested) ? requested : null;
  let subscribers: { value: string; label: string }[] = [];
  if (open?.view === "add-participant") {
    const list = await listSelectableSubscribers(user.ctx, ["Law Firm", "Conveyancing Firm"]).catch((error: unknown) => throwProviderError(request, error));
    subscribers = list.records.map((subscriber) => ({ value: subscriber.subscriberId, label: subscriber.name }));
  }
  return {
    view: { ...view, open },
    openForm: open ? openFormOf(loaded, open, subscribers) : null,
    // A view named by the address that this user may not open now (or that names nothing): said, not silently dropped.
    refusedView: requested !== null && open === null,
    /** The role of the reference being edited, so the form opens beside its law firm or lender. */
    referenceRole: open?.view === "edit-reference" ? (loaded.workspace.references.find((reference) => reference.referenceId === open.reference)?.representativeRole ?? null) : null,
  };
}

/** The toast of a successful write of each intent. */
function successMessage(intent: ParticipantIntent, open: InlineView, partial: string | null): Toast {
  if (partial) return { kind: "info", title: "Partly saved", message: partial };
  switch (intent) {
    case "add-party":
      return successToast(WORKSPACE_TOASTS.partyAdded);
    case "edit-party":
    case "save-address":
      return successToast(WORKSPACE_TOASTS.partyUpdated);
    case "delete-party":
      return successToast(WORKSPACE_TOASTS.partyDeleted);
    case "confirm-representation":
      return successToast(WORKSPACE_TOASTS.representationConfirmed);
    case "edit-law-firm":
      return successToast(LAW_FIRM_MESSAGES.updated);
    case "add-reference":
      return successToast(WORKSPACE_TOASTS.referenceAdded);
    case "edit-reference":
      return successToast(WORKSPACE_TOASTS.referenceEdited);
    case "add-participant":
      return successToast(PARTICIPANTS_TOASTS.participantAdded);
    case "resolve-mismatch":
      return successToast(open.action === "CHANGE_OF_NAME_APPLICATION" ? WORKSPACE_TOASTS.changeOfNameRequested : PARTICIPANTS_TOASTS.mismatchResolved);
    case "proprietor-action":
      return successToast(open.action === "SET_AS_INCOMING_PROPRIETOR" ? WORKSPACE_TOASTS.incomingProprietorSet : PARTICIPANTS_TOASTS.outgoingProprietorSet);
  }
}

const ALL_SCHEMAS = PARTICIPANT_INTENTS.map((intent) => PARTICIPANT_FORMS[intent].schema);

/** Sends the write of `intent` for the open view; answers the partial-success message of a 206, else null. */
async function write(
  user: UserSession,
  workspace: WorkspaceDetail,
  open: InlineView,
  intent: ParticipantIntent,
  value: Record<string, unknown>,
  version: number,
  match: () => Promise<{ lodgementCaseId: string; match: ProprietorMatchResponse }>,
): Promise<string | null> {
  const { ctx } = user;
  const workspaceId = workspace.workspaceId;
  const party = open.party ? workspace.parties.find((candidate) => candidate.partyId === open.party) : undefined;
  const partyDetails = (v: Record<string, unknown>) =>
    v.type === "ORGANISATION"
      ? { organisationName: v.organisationName as string, registrationNumber: v.registrationNumber as string, organisationType: "LIMITED_COMPANY" as const }
      : { forenames: v.forenames as string, surname: v.surname as string };
  switch (intent) {
    case "add-party": {
      const type = value.type as "INDIVIDUAL" | "ORGANISATION";
      const role = open.role as PartyRole;
      if (type === "ORGANISATION") {
        await addParty(ctx, workspaceId, version, { role, type, partyDetails: partyDetails(value) as { organisationName: string; registrationNumber: string } });
      } else {
        await addParty(ctx, workspaceId, version, { role, type, partyDetails: partyDetails(value) as { forenames: string; surname: string } });
      }
      return null;
    }
    case "edit-party":
      invariantResponse(party, "Party not found", 404);
      await editParty(ctx, workspaceId, party.partyId, version, { type: value.type as "INDIVIDUAL" | "ORGANISATION", partyDetails: partyDetails(value) });
      return null;
    case "save-address": {
      invariantResponse(party, "Party not found", 404);
      const addressType = party.type === "ORGANISATION" ? "REGISTERED_ADDRESS" : "CORRESPONDENCE_ADDRESS";
      await editParty(ctx, workspaceId, party.partyId, version, { addresses: [{ ...(value as { postcode: string }), addressType }] });
      return null;
    }
    case "delete-party":
      invariantResponse(party, "Party not found", 404);
      await deleteParty(ctx, workspaceId, party.partyId, version);
      return null;
    case "confirm-representation":
      invariantResponse(party && value.partyId === party.partyId, "Party not found", 404);
      await confirmRepresentation(ctx, workspaceId, version, value as Parameters<typeof confirmRepresentation>[3]);
      return null;
    case "edit-law-firm": {
      const result = await editLawFirm(ctx, workspaceId, open.lawFirm!, version, value as Parameters<typeof editLawFirm>[4]);
      return result.partial ? (result.message ?? BORROWER_MESSAGES.PARTIALLY_SUCCESS) : null;
    }
    case "add-reference":
      await addWorkspaceReference(ctx, workspaceId, version, { referenceNumber: value.referenceNumber as string, representativeRole: open.role as RepresentativeRole });
      return null;
    case "edit-reference":
      await editWorkspaceReference(ctx, workspaceId, open.reference!, version, { referenceNumber: value.referenceNumber as string });
      return null;
    case "add-participant":
      await assignWorkspaceParticipant(ctx, workspaceId, version, { subscriberId: value.subscriberId as string, role: open.role as "INCOMING_LENDER_REPRESENTATIVE" });
      return null;
    case "resolve-mismatch": {
      invariantResponse(party, "Party not found", 404);
      invariantResponse((MISMATCH_RESOLUTION_ACTIONS as readonly string[]).includes(open.action!), "Unknown mismatch action", 400);
      const { lodgementCaseId } = await match();
      await resolvePartyMismatch(ctx, lodgementCaseId, party.partyId, version, open.action as MismatchResolutionAction);
      return null;
    }
    case "proprietor-action": {
      const { lodgementCaseId, match: current } = await match();
      const proprietor = current.unmatchedProprietors.find((candidate) => candidate.id === open.proprietor);
      invariantResponse(proprietor, "Proprietor not found", 404);
      if (open.action === "SET_AS_OUTGOING_PROPRIETOR") {
        await setOutgoingProprietor(ctx, lodgementCaseId, version, { proprietorId: proprietor.proprietorId });
        return null;
      }
      invariantResponse(open.action === "SET_AS_INCOMING_PROPRIETOR", "Unknown proprietor action", 400);
      await setIncomingProprietor(ctx, lodgementCaseId, version, {
        proprietorId: proprietor.proprietorId,
        proprietorType: proprietor.individualDetails ? "INDIVIDUAL" : "ORGANISATION",
        titleStatus: "INCOMING",
        individualDetails: proprietor.individualDetails ?? undefined,
        organisationDetails: proprietor.organisationDetails
          ? { organisationName: proprietor.organisationDetails.organisationName, registrationNumber: proprietor.organisationDetails.registrationNumber ?? "" }
          : undefined,
      });
      return null;
    }
  }
}

export async function participantsTabAction(request: Request, workspaceId: string | undefined) {
  const formData = await readForm(request, ...ALL_SCHEMAS);
  const user = await requireUser(request);
  invariantResponse(isWorkspaceId(workspaceId), "Workspace not found", 404);
  const open = parseInlineView(new URL(request.url).searchParams);
  const intent = formData.get("intent");
  invariantResponse(typeof intent === "string" && (PARTICIPANT_INTENTS as string[]).includes(intent), "Unknown action", 400);
  const participantIntent = intent as ParticipantIntent;
  invariantResponse(open && intentMatchesView(participantIntent, open.view), "This form does not belong to the open view", 400);
  const submission = parseWithZod(formData, { schema: PARTICIPANT_FORMS[participantIntent].schema });
  if (submission.status !== "success") return data({ intent: participantIntent, result: submission.reply(), toast: null }, { status: 400 });
  const version = formVersion(formData);
  const back = `/workspaces/${workspaceId}/participants`;
  try {
    const workspace = await loadViewableWorkspace(request, user, workspaceId);
    const match = async () => {
      const lodgementCase = await getLodgementCase(user.ctx, workspaceId);
      return { lodgementCaseId: lodgementCase.lodgementCaseId, match: await getProprietorMatch(user.ctx, lodgementCase.lodgementCaseId) };
    };
    const partial = await write(user, workspace, open, participantIntent, submission.value as Record<string, unknown>, version, match);
    return redirectWithToast(back, successMessage(participantIntent, open, partial));
  } catch (error) {
    if (error instanceof Response) throw error;
    const toast = await writeFailureToast(request, error);
    const status = error instanceof ProviderError && error.status >= 400 && error.status < 500 ? error.status : 400;
    return data({ intent: participantIntent, result: submission.reply({ formErrors: [toast.message] }), toast }, { status });
  }
}


export type ParticipantsTabData = Awaited<ReturnType<typeof loadParticipantsTab>>;
export type OpenForm = NonNullable<ParticipantsTabData["openForm"]>;
