/**
 * The workspace service (document 1 sections 2.5, 2.6, 3, 4 and 7; document 2 sections 4.8, 4.9 and 7.3):
 * create, read, approve / unapprove / cancel, tasks, references, participants and the authorization
 * records. The rules come from core (lifecycle, permissions, validation); this module applies them to the
 * database, each write in one transaction that locks the workspace row, checks the caller's version and
 * ends by bumping it (docs/decisions/0200-workspace-state.md).
 */
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import type {
  AddReferenceRequestSchema,
  AssignParticipantRequestSchema,
  CreateWorkspaceRequestSchema,
  CreateWorkspaceResponse,
  EditReferenceRequestSchema,
  Participant,
  TaskRecord,
  WorkspaceAuthorization,
  WorkspaceDetail,
  WorkspaceParty,
  WorkspaceReferenceRecord,
  WorkspaceUpdateRequestSchema,
} from "../../core/workspaces/api.js";
import type { BorrowerValidationStatus, OrganisationType, PartyRole, PartyType, RepresentativeRole, VerificationOfIdentity } from "../../core/parties/enums.js";
import {
  addressesByParty,
  participantRows,
  referenceRows,
  representationOf,
  type WorkspaceRows,
} from "../parties/read.js";
import { referenceHolder } from "../../core/parties/rules.js";
import type { CancellationReason, ParticipantRole, TransactionType } from "../../core/workspaces/enums.js";
import { isSelectableSubscriber, PARTICIPANT_ROLES } from "../../core/workspaces/enums.js";
import { orderTasks } from "../../core/tasks/dashboard.js";
import { ACTIONS, can, type Action } from "../../core/shared/permissions/actions.js";
import type { SubscriberEntityType } from "../../core/administration/subscribers.js";
import {
  approveTransition,
  cancelTransition,
  completeTasks,
  createWorkspaceRefusal,
  CREATE_REFUSALS,
  creatorParticipantRole,
  initialWorkspaceTasks,
  isOptionalTask,
  isRefusal,
  PARTICIPANT_REFERENCE_ROLE,
  participantAssignmentRefusal,
  referenceKind,
  tasksCompletedByJoining,
  unapproveTransition,
  workspaceFlags,
  workspaceTaskTitle,
  type WorkspaceTask,
} from "../../core/workspaces/lifecycle.js";
import { formatWorkspaceReferenceId } from "../../core/workspaces/search-keys.js";
import type { WorkspaceStatus } from "../../core/workspaces/status.js";
import { badRequest, forbidden, notFound } from "../platform/errors.js";
import type { VerifiedCaller } from "../identity/oidc.js";
import { isHelpdesk, type RequestMeta } from "../platform/access.js";
import {
  findVisibleWorkspace,
  requireAction,
  requireEditable,
  requireFunctional,
  requireVersion,
  subjectOf,
  type CallerWorkspace,
  type WorkspaceRow,
} from "./access.js";
import { partyTitleFields } from "../title/service.js";
import { cancelSchedule } from "../financials/schedule.js";
import { readWorkspaceDetailRows, type WorkspaceDetailRows } from "./detail-rows.js";
import { commitWorkspaceChange, pendingLabelsOf, readTasks, recordWorkspaceEvent, taskRow, writeTasks, WorkspaceEvent } from "./state.js";
import type { DB, Trx } from "../platform/db/index.js";


function stateOf(workspace: CallerWorkspace, tasks: readonly WorkspaceTask[]) {
  return {
    status: workspace.row.status as WorkspaceStatus,
    tasks,
    borrowersValidationStatus: workspace.row.borrowers_validation_status as BorrowerValidationStatus,
  };
}

// ---------------------------------------------------------------------------------------------------
// Create

export type CreateWorkspaceBody = z.output<typeof CreateWorkspaceRequestSchema>;

export async function createWorkspace(db: DB, caller: VerifiedCaller, body: CreateWorkspaceBody, meta: RequestMeta): Promise<CreateWorkspaceResponse> {
  requireFunctional(caller, "createWorkspace");
  if (isHelpdesk(caller) || !caller.subscriberId) throw forbidden(CREATE_REFUSALS.noSubscriber);
  const subscriber = await db
    .selectFrom("subscribers")
    .select(["subscriber_id", "entity_type", "status"])
    .where("subscriber_id", "=", caller.subscriberId)
    .executeTakeFirst();
  if (!subscriber || subscriber.status !== "Active") throw forbidden("Your subscriber cannot create workspaces.");
  const transactionType = body.transactionType as TransactionType;
  const refusal = createWorkspaceRefusal(subscriber.entity_type, transactionType);
  if (refusal) throw badRequest(refusal, "TRANSACTION_TYPE_NOT_ALLOWED");
  const role = creatorParticipantRole(subscriber.entity_type, transactionType)!;

  const workspaceId = randomUUID();
  const participantId = randomUUID();
  const tasks = initialWorkspaceTasks(transactionType, role);
  const address = body.securityAddress;

  return db.transaction().execute(async (trx) => {
    const { sequence } = await trx
      .selectNoFrom((eb) => eb.fn<string>("nextval", [eb.val("workspace_reference_seq")]).as("sequence"))
      .executeTakeFirstOrThrow();
    const workspaceReferenceId = formatWorkspaceReferenceId(Number(sequence));
    const inserted = await trx
      .insertInto("workspaces")
      .values({
        workspace_id: workspaceId,
        workspace_reference_id: workspaceReferenceId,
        transaction_type: transactionType,
        transfer_of_equity: body.transferOfEquity,
        status: "CREATED",
        jurisdiction: body.jurisdiction,
        security_address_id: randomUUID(),
        address_building_name: address.buildingName ?? null,
        address_building_number: address.buildingNumber ?? null,
        address_flat: address.flat ?? null,
        address_street: address.street ?? null,
        address_town: address.town ?? null,
        address_postcode: address.postcode,
        borrowers_validation_status: "PENDING",
        pending_labels: pendingLabelsOf({ status: "CREATED", tasks, borrowersValidationStatus: "PENDING" }),
        subscriber_id: caller.subscriberId!,
        created_by: caller.userId,
      })
      .returning("version")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("workspace_parties")
      .values(
        body.parties.map((party, position) => ({
          party_id: randomUUID(),
          workspace_id: workspaceId,
          position,
          role: party.role,
          type: party.type,
          forenames: party.type === "INDIVIDUAL" ? party.partyDetails.forenames : null,
          surname: party.type === "INDIVIDUAL" ? party.partyDetails.surname : null,
          organisation_name: party.type === "ORGANISATION" ? party.partyDetails.organisationName : null,
          registration_number: party.type === "ORGANISATION" ? party.partyDetails.registrationNumber : null,
          organisation_type: party.type === "ORGANISATION" ? party.partyDetails.organisationType : null,
        })),
      )
      .execute();
    await trx
      .insertInto("workspace_participants")
      .values({ participant_id: participantId, workspace_id: workspaceId, subscriber_id: caller.subscriberId!, role, is_approved: false })
      .execute();
    await trx
      .insertInto("workspace_references")
      .values({
        reference_id: randomUUID(),
        workspace_id: workspaceId,
        reference_number: body.reference,
        representative_role: PARTICIPANT_REFERENCE_ROLE[role],
        representative_id: participantId,
      })
      .execute();
    await trx.insertInto("workspace_tasks").values(tasks.map((task) => taskRow(workspaceId, task))).execute();
    await recordWorkspaceEvent(trx, caller, WorkspaceEvent.CREATED, workspaceId, { workspaceReferenceId, transactionType, role }, meta);
    return { workspaceId, workspaceReferenceId, version: inserted.version };
  });
}

// ---------------------------------------------------------------------------------------------------
// Read

type ParticipantRow = Awaited<ReturnType<typeof participantRows>>[number];
type ReferenceRow = Awaited<ReturnType<typeof referenceRows>>[number];

function participantsFrom(rows: readonly ParticipantRow[]): Participant[] {
  const order = (role: string) => PARTICIPANT_ROLES.indexOf(role as ParticipantRole);
  return [...rows]
    .sort((a, b) => order(a.role) - order(b.role))
    .map((row) => ({
      participantId: row.participant_id,
      subscriberId: row.subscriber_id,
      subscriberName: row.name,
      subscriberType: row.entity_type as SubscriberEntityType,
      role: row.role as ParticipantRole,
      isApproved: row.is_approved,
      status: row.status,
    }));
}

function referencesFrom(rows: readonly ReferenceRow[]): WorkspaceReferenceRecord[] {
  return rows.map((row) => ({
    referenceId: row.reference_id,
    referenceNumber: row.reference_number,
    representativeRole: row.representative_role as RepresentativeRole,
    representativeId: row.representative_id,
  }));
}

async function participantsOf(db: DB | Trx, workspaceId: string): Promise<Participant[]> {
  return participantsFrom(await participantRows(db, workspaceId));
}

async function referencesOf(db: DB | Trx, workspaceId: string): Promise<WorkspaceReferenceRecord[]> {
  return referencesFrom(await referenceRows(db, workspaceId));
}

function partiesFrom(workspace: WorkspaceRow, rows: WorkspaceDetailRows): WorkspaceParty[] {
  // The title match, derived on read from the rows just read (provider/title/service.ts).
  const titleFields = partyTitleFields(workspace, rows.parties, rows.title);
  const addresses = addressesByParty(rows.addresses);
  return rows.parties.map((row) => {
    const individual = row.type === "INDIVIDUAL";
    const title = titleFields.get(row.party_id);
    return {
      partyId: row.party_id,
      role: row.role as PartyRole,
      type: row.type as PartyType,
      partyDetails: {
        forenames: row.forenames,
        surname: row.surname,
        organisationName: row.organisation_name,
        registrationNumber: row.registration_number,
        organisationType: row.organisation_type as OrganisationType | null,
        legalEntityName: row.legal_entity_name,
      },
      individualDetails: individual ? { forenames: row.forenames ?? "", surname: row.surname ?? "" } : null,
      organisationDetails: individual
        ? null
        : {
            organisationName: row.organisation_name ?? "",
            registrationNumber: row.registration_number,
            organisationType: (row.organisation_type ?? "LIMITED_COMPANY") as OrganisationType,
          },
      proprietorMatchStatus: title?.proprietorMatchStatus ?? [],
      nameOnTitle: title?.nameOnTitle ?? null,
      sourceProprietorId: title?.sourceProprietorId ?? null,
      representationDetails: representationOf(row),
      availableActions: title?.availableActions ?? [],
      verificationOfIdentity: (row.verification_of_identity as VerificationOfIdentity | null) ?? null,
      addresses: addresses.get(row.party_id) ?? [],
      locked: row.locked,
      isIncomingProprietor: title?.isIncomingProprietor ?? null,
      titleStatus: title?.titleStatus ?? null,
    };
  });
}

function taskRecords(tasks: readonly WorkspaceTask[], participants: readonly Participant[]): TaskRecord[] {
  return orderTasks(tasks).map((task) => ({
    taskName: task.taskName,
    title: workspaceTaskTitle(task.taskName),
    status: task.status,
    assigneeRole: task.assigneeRole,
    assignee: participants.find((participant) => participant.role === task.assigneeRole)?.subscriberId ?? null,
    completedBy: task.completedBy,
    completedAt: task.completedAt,
    optional: isOptionalTask(task.taskName),
  }));
}

async function detailOf(db: DB | Trx, caller: VerifiedCaller, workspace: CallerWorkspace): Promise<WorkspaceDetail> {
  const { row } = workspace;
  const rows = await readWorkspaceDetailRows(db, row.workspace_id);
  const parties = partiesFrom(row, rows);
  const participants = participantsFrom(rows.participants);
  const references = referencesFrom(rows.references);
  const { tasks } = rows;
  const flags = workspaceFlags(stateOf(workspace, tasks));
  const status = row.status as WorkspaceStatus;
  const createdAt = new Date(row.created_at).toISOString();
  const ownReference = workspace.participant
    ? references.find((reference) => reference.representativeId === workspace.participant!.participantId) ??
      references.find((reference) => reference.representativeRole === PARTICIPANT_REFERENCE_ROLE[workspace.participant!.role as ParticipantRole])
    : undefined;
  return {
    workspaceId: row.workspace_id,
    workspaceReferenceId: row.workspace_reference_id,
    transactionType: row.transaction_type as TransactionType,
    transferOfEquity: row.transfer_of_equity,
    status,
    workspaceStatus: status,
    jurisdiction: row.jurisdiction as "ENGLAND_WALES",
    securityAddress: {
      securityAddressId: row.security_address_id,
      addressId: row.security_address_id,
      name: row.address_building_name,
      number: row.address_building_number,
      flat: row.address_flat,
      street: row.address_street,
      town: row.address_town,
      postcode: row.address_postcode,
    },
    completionDate: row.completion_date_text,
    createdAt,
    workspaceCreatedAt: createdAt,
    parties,
    participants,
    references,
    reference: references.find((reference) => reference.representativeRole === "INCOMING_LENDER")?.referenceNumber ?? null,
    participantReference: ownReference?.referenceNumber ?? null,
    participantRole: (workspace.participant?.role as ParticipantRole | undefined) ?? null,
    contextualPermissions: workspace.context.contextualPermissions ? [...workspace.context.contextualPermissions] : null,
    tasks: can(subjectOf(caller), "viewWorkspaceTasks", workspace.context) ? taskRecords(tasks, participants) : [],
    ...flags,
    borrowersValidationStatus: row.borrowers_validation_status as BorrowerValidationStatus,
    subscriberId: row.subscriber_id,
    remarks: row.cancellation_reason
      ? {
          cancellationReason: row.cancellation_reason as CancellationReason,
          cancellationNotesForOther: row.cancellation_notes,
          actionedAt: row.actioned_at ? new Date(row.actioned_at).toISOString() : createdAt,
        }
      : null,
    version: row.version,
  };
}

export async function getWorkspace(db: DB, caller: VerifiedCaller, workspaceId: string): Promise<WorkspaceDetail> {
  const workspace = await findVisibleWorkspace(db, caller, workspaceId);
  requireAction(caller, "viewWorkspace", workspace);
  return detailOf(db, caller, workspace);
}

export async function listWorkspaceTasks(db: DB, caller: VerifiedCaller, workspaceId: string): Promise<{ records: TaskRecord[] }> {
  const workspace = await findVisibleWorkspace(db, caller, workspaceId);
  requireAction(caller, "viewWorkspaceTasks", workspace);
  const [tasks, participants] = await Promise.all([readTasks(db, workspaceId), participantsOf(db, workspaceId)]);
  return { records: taskRecords(tasks, participants) };
}

/** Every action of core's table and whether the caller may take it here (permissions only, not state). */
export async function workspaceAuthorization(db: DB, caller: VerifiedCaller, workspaceId: string): Promise<WorkspaceAuthorization> {
  const workspace = await findVisibleWorkspace(db, caller, workspaceId);
  const subject = subjectOf(caller);
  return {
    workspaceId,
    records: ACTIONS.map((action) => ({ action, isAuthorized: can(subject, action, workspace.context) })),
  };
}

// ---------------------------------------------------------------------------------------------------
// Approve, unapprove, cancel

export type WorkspaceUpdateBody = z.output<typeof WorkspaceUpdateRequestSchema>;

const REFUSAL_CODES = {
  approveWorkspace: "NOT_READY_FOR_APPROVAL",
  unapproveWorkspace: "CANNOT_BE_UNAPPROVED",
  cancelWorkspace: "CANNOT_BE_CANCELLED",
} as const;

export async function updateWorkspace(
  db: DB,
  caller: VerifiedCaller,
  workspaceId: string,
  body: WorkspaceUpdateBody,
  expectedVersion: number,
  meta: RequestMeta,
): Promise<WorkspaceDetail> {
  const action: keyof typeof REFUSAL_CODES =
    body.approved === true ? "approveWorkspace" : body.approved === false ? "unapproveWorkspace" : "cancelWorkspace";
  return db.transaction().execute(async (trx) => {
    const workspace = await findVisibleWorkspace(trx, caller, workspaceId, { lock: true });
    requireAction(caller, action, workspace);
    requireVersion(workspace, expectedVersion);
    const tasks = await readTasks(trx, workspaceId);
    const state = stateOf(workspace, tasks);
    const now = new Date().toISOString();

    let result;
    let event: WorkspaceEvent;
    let changes = {};
    if (action === "approveWorkspace") {
      result = approveTransition(state, { userId: caller.userId, at: now });
      event = WorkspaceEvent.APPROVED;
    } else if (action === "unapproveWorkspace") {
      result = unapproveTransition(state);
      event = WorkspaceEvent.UNAPPROVED;
    } else {
      const cancelled = cancelTransition(state, body.remarks!);
      result = cancelled;
      event = WorkspaceEvent.CANCELLED;
      if (!isRefusal(cancelled)) {
        changes = {
          cancellation_reason: cancelled.remarks.cancellationReason,
          cancellation_notes: cancelled.remarks.cancellationNotesForOther,
          actioned_at: now,
        };
      }
    }
    if (isRefusal(result)) throw badRequest(result.refusal, REFUSAL_CODES[action]);

    await writeTasks(trx, workspaceId, tasks, result.tasks);
    if (action === "approveWorkspace" && workspace.participant) {
      await trx
        .updateTable("workspace_participants")
        .set({ is_approved: true })
        .where("participant_id", "=", workspace.participant.participantId)
        .execute();
    } else if (action === "unapproveWorkspace") {
      await trx.updateTable("workspace_participants").set({ is_approved: false }).where("workspace_id", "=", workspaceId).execute();
    }
    await commitWorkspaceChange(trx, workspaceId, expectedVersion, { ...state, status: result.status, tasks: result.tasks }, changes);
    if (action === "cancelWorkspace") await cancelSchedule(trx, workspaceId);
    await recordWorkspaceEvent(trx, caller, event, workspaceId, action === "cancelWorkspace" ? { ...changes } : {}, meta);
    return detailOf(trx, caller, await findVisibleWorkspace(trx, caller, workspaceId));
  });
}

// ---------------------------------------------------------------------------------------------------
// References

export type AddReferenceBody = z.output<typeof AddReferenceRequestSchema>;
export type EditReferenceBody = z.output<typeof EditReferenceRequestSchema>;

function referenceAction(role: RepresentativeRole, verb: "add" | "edit"): Action {
  const kind = referenceKind(role);
  if (verb === "add") return kind === "lender" ? "addLenderReference" : "addLawFirmReference";
  return kind === "lender" ? "editLenderReference" : "editLawFirmReference";
}

export async function addReference(
  db: DB,
  caller: VerifiedCaller,
  workspaceId: string,
  body: AddReferenceBody,
  expectedVersion: number,
  meta: RequestMeta,
): Promise<WorkspaceReferenceRecord & { version: number }> {
  const role = body.representativeRole as RepresentativeRole;
  const action = referenceAction(role, "add");
  return db.transaction().execute(async (trx) => {
    const workspace = await findVisibleWorkspace(trx, caller, workspaceId, { lock: true });
    requireAction(caller, action, workspace);
    requireVersion(workspace, expectedVersion);
    requireEditable(workspace);
    const existing = await trx
      .selectFrom("workspace_references")
      .select("reference_id")
      .where("workspace_id", "=", workspaceId)
      .where("representative_role", "=", role)
      .executeTakeFirst();
    if (existing) throw badRequest(`The workspace already has a ${role} reference: edit that one instead.`, "REFERENCE_EXISTS");
    const representativeId = await representativeOf(trx, workspaceId, role, workspace.row.transaction_type as TransactionType);
    const referenceId = randomUUID();
    await trx
      .insertInto("workspace_references")
      .values({ reference_id: referenceId, workspace_id: workspaceId, reference_number: body.referenceNumber, representative_role: role, representative_id: representativeId })
      .execute();
    const version = await commitUnchangedState(trx, workspace, expectedVersion);
    await recordWorkspaceEvent(trx, caller, WorkspaceEvent.REFERENCE_ADDED, workspaceId, { referenceId, representativeRole: role }, meta);
    return { referenceId, referenceNumber: body.referenceNumber, representativeRole: role, representativeId, version };
  });
}

export async function editReference(
  db: DB,
  caller: VerifiedCaller,
  workspaceId: string,
  referenceId: string,
  body: EditReferenceBody,
  expectedVersion: number,
  meta: RequestMeta,
): Promise<WorkspaceReferenceRecord & { version: number }> {
  return db.transaction().execute(async (trx) => {
    const workspace = await findVisibleWorkspace(trx, caller, workspaceId, { lock: true });
    const reference = await trx
      .selectFrom("workspace_references")
      .select(["reference_id", "representative_role", "representative_id"])
      .where("workspace_id", "=", workspaceId)
      .where("reference_id", "=", referenceId)
      .executeTakeFirst();
    if (!reference) throw notFound("There is no reference with that id in this workspace.");
    const role = reference.representative_role as RepresentativeRole;
    requireAction(caller, referenceAction(role, "edit"), workspace);
    requireVersion(workspace, expectedVersion);
    requireEditable(workspace);
    await trx
      .updateTable("workspace_references")
      .set({ reference_number: body.referenceNumber, updated_at: new Date() })
      .where("reference_id", "=", referenceId)
      .execute();
    const version = await commitUnchangedState(trx, workspace, expectedVersion);
    await recordWorkspaceEvent(trx, caller, WorkspaceEvent.REFERENCE_EDITED, workspaceId, { referenceId, representativeRole: role }, meta);
    return { referenceId, referenceNumber: body.referenceNumber, representativeRole: role, representativeId: reference.representative_id, version };
  });
}

/** The participant a reference of the role belongs to, when one holds it (core/parties/rules.ts referenceHolder). */
async function representativeOf(trx: Trx, workspaceId: string, role: RepresentativeRole, transactionType: TransactionType): Promise<string | null> {
  const holder = referenceHolder(role, transactionType);
  if (!holder) return null;
  if ("participantRole" in holder) {
    const participant = await trx
      .selectFrom("workspace_participants")
      .select("participant_id")
      .where("workspace_id", "=", workspaceId)
      .where("role", "=", holder.participantRole)
      .executeTakeFirst();
    return participant?.participant_id ?? null;
  }
  const party = await trx
    .selectFrom("workspace_parties")
    .select("representative_participant_id")
    .where("workspace_id", "=", workspaceId)
    .where("role", "=", holder.representingPartyRole)
    .where("representative_participant_id", "is not", null)
    .orderBy("position")
    .executeTakeFirst();
  return party?.representative_participant_id ?? null;
}

/** A write that leaves status and tasks as they are still bumps the version. */
async function commitUnchangedState(trx: Trx, workspace: CallerWorkspace, expectedVersion: number): Promise<number> {
  const tasks = await readTasks(trx, workspace.row.workspace_id);
  return commitWorkspaceChange(trx, workspace.row.workspace_id, expectedVersion, stateOf(workspace, tasks));
}

// ---------------------------------------------------------------------------------------------------
// Participants

export async function participantDetails(
  db: DB,
  caller: VerifiedCaller,
  workspaceId: string,
): Promise<{ records: (Participant & { referenceId: string | null; referenceNumber: string | null })[] }> {
  const workspace = await findVisibleWorkspace(db, caller, workspaceId);
  requireAction(caller, "viewWorkspace", workspace);
  return { records: await participantRecordsOf(db, workspaceId) };
}

/**
 * The workspace's participants, each with its reference (the participant-details records); from the rows the
 * caller has already read when it gives them.
 */
export async function participantRecordsOf(
  db: DB | Trx,
  workspaceId: string,
  known?: Pick<WorkspaceRows, "participants" | "references">,
): Promise<(Participant & { referenceId: string | null; referenceNumber: string | null })[]> {
  const [participants, references] = known
    ? [participantsFrom(known.participants), referencesFrom(known.references)]
    : await Promise.all([participantsOf(db, workspaceId), referencesOf(db, workspaceId)]);
  return participants.map((participant) => {
    const reference =
      references.find((r) => r.representativeId === participant.participantId) ??
      references.find((r) => r.representativeRole === PARTICIPANT_REFERENCE_ROLE[participant.role]);
    return { ...participant, referenceId: reference?.referenceId ?? null, referenceNumber: reference?.referenceNumber ?? null };
  });
}

export type AssignParticipantBody = z.output<typeof AssignParticipantRequestSchema>;

export async function assignParticipant(
  db: DB,
  caller: VerifiedCaller,
  workspaceId: string,
  body: AssignParticipantBody,
  expectedVersion: number,
  meta: RequestMeta,
): Promise<Participant & { version: number }> {
  const role = body.role as ParticipantRole;
  const action: Action = role === "INCOMING_LENDER_REPRESENTATIVE" ? "addIncomingLenderRepresentative" : "addParticipant";
  return db.transaction().execute(async (trx) => {
    const workspace = await findVisibleWorkspace(trx, caller, workspaceId, { lock: true });
    requireAction(caller, action, workspace);
    requireVersion(workspace, expectedVersion);
    requireEditable(workspace);
    const subscriber = await trx
      .selectFrom("subscribers")
      .select(["subscriber_id", "name", "entity_type", "status"])
      .where("subscriber_id", "=", body.subscriberId)
      .executeTakeFirst();
    if (!subscriber || !isSelectableSubscriber(subscriber.name)) {
      throw badRequest("There is no subscriber with that id that can be added to a workspace.", "UNKNOWN_SUBSCRIBER");
    }
    const existing = await trx.selectFrom("workspace_participants").select(["role", "subscriber_id"]).where("workspace_id", "=", workspaceId).execute();
    const refusal = participantAssignmentRefusal({
      role,
      transactionType: workspace.row.transaction_type as TransactionType,
      subscriberType: subscriber.entity_type,
      subscriberStatus: subscriber.status,
      takenRoles: existing.map((participant) => participant.role),
      subscriberAlreadyParticipates: existing.some((participant) => participant.subscriber_id === subscriber.subscriber_id),
    });
    if (refusal) throw badRequest(refusal, "PARTICIPANT_NOT_ALLOWED");

    const participantId = randomUUID();
    await trx
      .insertInto("workspace_participants")
      .values({ participant_id: participantId, workspace_id: workspaceId, subscriber_id: subscriber.subscriber_id, role })
      .execute();
    await trx
      .updateTable("workspace_references")
      .set({ representative_id: participantId })
      .where("workspace_id", "=", workspaceId)
      .where("representative_role", "=", PARTICIPANT_REFERENCE_ROLE[role])
      .where("representative_id", "is", null)
      .execute();
    const tasks = await readTasks(trx, workspaceId);
    const nextTasks = completeTasks(tasks, tasksCompletedByJoining(role), caller.userId, new Date().toISOString());
    await writeTasks(trx, workspaceId, tasks, nextTasks);
    const version = await commitWorkspaceChange(trx, workspaceId, expectedVersion, { ...stateOf(workspace, nextTasks) });
    await recordWorkspaceEvent(trx, caller, WorkspaceEvent.PARTICIPANT_ADDED, workspaceId, { participantId, subscriberId: subscriber.subscriber_id, role }, meta);
    return {
      participantId,
      subscriberId: subscriber.subscriber_id,
      subscriberName: subscriber.name,
      subscriberType: subscriber.entity_type as SubscriberEntityType,
      role,
      isApproved: false,
      status: "ACTIVE",
      version,
    };
  });
}
