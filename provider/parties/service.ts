/**
 * The parties service (document 2 sections 3.1, 3.3, 3.6, 3.7, 4.5, 5.1, 5.2, 5.4, 7.1 and 7.3): add, edit and
 * delete parties, confirm representation, the law firms and their edits, the lenders, the security address,
 * and the subscriber selection list. The rules come from core (core/parties/rules.ts); each write runs in one
 * transaction that locks the workspace row, checks the permission, the version and the workspace's lock or
 * cancellation, and ends with afterPartiesChanged (tasks, version) and an audit event.
 *
 * A party, law firm or address of another workspace is not found through this workspace's URL (404).
 */
import { randomUUID } from "node:crypto";
import type {
  AddPartyRequestSchema,
  ConfirmRepresentationBody,
  EditLawFirmBody,
  EditPartyBody,
  LawFirm,
  LawFirmWriteResponse,
  LendersResponse,
  PartyWriteResponse,
  RepresentationWriteResponse,
  SecurityAddressRequestSchema,
  SecurityAddressWriteResponse,
  SelectableSubscribersResponse,
} from "../../core/parties/api.js";
import { LAW_FIRM_MESSAGES, PARTY_MESSAGES, PARTY_REFUSAL_CODES } from "../../core/parties/messages.js";
import type { RepresentativeRole, VerificationOfIdentity } from "../../core/parties/enums.js";
import {
  addPartyRefusal,
  deletePartyRefusal,
  editPartyAction,
  editPartyRefusal,
  partyRefusalMessage,
  workspaceLawFirmRole,
  type PartyRefusal,
} from "../../core/parties/rules.js";
import { EXCLUDED_LARGE_BANK_SUBSCRIBERS, type ParticipantRole, type TransactionType } from "../../core/workspaces/enums.js";
import { PARTICIPANT_REFERENCE_ROLE, participantRoleOfReference } from "../../core/workspaces/lifecycle.js";
import type { SubscriberEntityType } from "../../core/administration/subscribers.js";
import { SUBSCRIBER_ENTITY_TYPES } from "../../core/administration/subscribers.js";
import type { Address } from "../../core/shared/address.js";
import type { z } from "zod";
import { badRequest, notFound } from "../platform/errors.js";
import type { VerifiedCaller } from "../identity/oidc.js";
import type { RequestMeta } from "../platform/access.js";
import type { ProductClock } from "../platform/clock.js";
import type { DB, Trx } from "../platform/db/index.js";
import { findVisibleWorkspace, requireAction, requireEditable, requireFunctional, requireVersion, type CallerWorkspace } from "../workspaces/access.js";
import { recordWorkspaceEvent, WorkspaceEvent } from "../workspaces/state.js";
import { afterPartiesChanged } from "./party-changes.js";
import { addressesByParty, lawFirmsOf, lendersOf, partyAddressRows, partyFacts, partyRows, representationOf, type PartyRow } from "./read.js";

/** What each service call needs besides its arguments. */
export interface PartiesDeps {
  db: DB;
  clock: ProductClock;
}

function refuse(refusal: PartyRefusal, context: { role?: string; transactionType?: string } = {}): never {
  const code = (PARTY_REFUSAL_CODES as Record<string, string>)[refusal] ?? "PARTY_NOT_ALLOWED";
  throw badRequest(partyRefusalMessage(refusal, context), code);
}

/** The workspace (locked), checked for the action, the version and its lock or cancellation. */
async function writableWorkspace(trx: Trx, caller: VerifiedCaller, workspaceId: string): Promise<CallerWorkspace> {
  return findVisibleWorkspace(trx, caller, workspaceId, { lock: true });
}

function checkWrite(caller: VerifiedCaller, workspace: CallerWorkspace, actions: readonly Parameters<typeof requireAction>[1][], expectedVersion: number) {
  for (const action of actions) requireAction(caller, action, workspace);
  requireVersion(workspace, expectedVersion);
  requireEditable(workspace);
}

async function partyOf(trx: Trx | DB, workspaceId: string, partyId: string): Promise<PartyRow> {
  const party = await trx
    .selectFrom("workspace_parties")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .where("party_id", "=", partyId)
    .executeTakeFirst();
  if (!party) throw notFound(PARTY_MESSAGES.partyNotFound);
  return party;
}

async function factsOf(trx: Trx, workspaceId: string) {
  const [rows, addresses] = await Promise.all([partyRows(trx, workspaceId), partyAddressRows(trx, workspaceId)]);
  return partyFacts(rows, addressesByParty(addresses));
}

function addressColumns(address: Address) {
  return {
    building_name: address.buildingName ?? null,
    building_number: address.buildingNumber ?? null,
    flat: address.flat ?? null,
    street: address.street ?? null,
    town: address.town ?? null,
    postcode: address.postcode,
  };
}

async function replaceAddresses(trx: Trx, workspaceId: string, partyId: string, addresses: readonly (Address & { addressType: string })[]) {
  await trx.deleteFrom("workspace_party_addresses").where("party_id", "=", partyId).execute();
  if (addresses.length === 0) return;
  await trx
    .insertInto("workspace_party_addresses")
    .values(
      addresses.map((address) => ({
        address_id: randomUUID(),
        workspace_id: workspaceId,
        party_id: partyId,
        address_type: address.addressType,
        ...addressColumns(address),
      })),
    )
    .execute();
}

function nameColumns(type: string, details: Record<string, unknown>) {
  const individual = type === "INDIVIDUAL";
  const text = (key: string) => (typeof details[key] === "string" ? (details[key] as string) : null);
  return {
    type,
    forenames: individual ? text("forenames") : null,
    surname: individual ? text("surname") : null,
    organisation_name: individual ? null : text("organisationName"),
    registration_number: individual ? null : text("registrationNumber"),
    organisation_type: individual ? null : (text("organisationType") ?? "LIMITED_COMPANY"),
  };
}

// ---------------------------------------------------------------------------------------------------
// Parties

export type AddPartyBody = z.output<typeof AddPartyRequestSchema>;

export async function addParty(
  { db, clock }: PartiesDeps,
  caller: VerifiedCaller,
  workspaceId: string,
  body: AddPartyBody,
  expectedVersion: number,
  meta: RequestMeta,
): Promise<PartyWriteResponse> {
  return db.transaction().execute(async (trx) => {
    const workspace = await writableWorkspace(trx, caller, workspaceId);
    checkWrite(caller, workspace, ["addParty"], expectedVersion);
    const transactionType = workspace.row.transaction_type as TransactionType;
    const refusal = addPartyRefusal({ transactionType, parties: await factsOf(trx, workspaceId), role: body.role, type: body.type });
    if (refusal) refuse(refusal, { role: body.role, transactionType });

    const partyId = randomUUID();
    const { max } = await trx
      .selectFrom("workspace_parties")
      .select((eb) => eb.fn.max<number | null>("position").as("max"))
      .where("workspace_id", "=", workspaceId)
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("workspace_parties")
      .values({
        party_id: partyId,
        workspace_id: workspaceId,
        position: (max ?? -1) + 1,
        role: body.role,
        ...nameColumns(body.type, body.partyDetails as Record<string, unknown>),
      })
      .execute();
    await replaceAddresses(trx, workspaceId, partyId, body.addresses ?? []);
    const version = await afterPartiesChanged(trx, workspaceId, { expectedVersion, actor: caller.userId, at: clock.now().toISOString() });
    await recordWorkspaceEvent(trx, caller, WorkspaceEvent.PARTY_ADDED, workspaceId, { partyId, role: body.role, type: body.type }, meta);
    return { partyId, version };
  });
}

export async function editParty(
  { db, clock }: PartiesDeps,
  caller: VerifiedCaller,
  workspaceId: string,
  partyId: string,
  body: EditPartyBody,
  expectedVersion: number,
  meta: RequestMeta,
): Promise<PartyWriteResponse> {
  return db.transaction().execute(async (trx) => {
    const workspace = await writableWorkspace(trx, caller, workspaceId);
    const party = await partyOf(trx, workspaceId, partyId);
    const representationFields =
      body.representationType !== undefined ||
      body.representativeType !== undefined ||
      body.representativeName !== undefined ||
      body.verificationOfIdentity !== undefined;
    checkWrite(caller, workspace, representationFields ? [editPartyAction(party.role), "confirmRepresentation"] : [editPartyAction(party.role)], expectedVersion);
    const facts = await factsOf(trx, workspaceId);
    const refusal = editPartyRefusal(facts.find((fact) => fact.partyId === partyId)!, facts, body.type);
    if (refusal) refuse(refusal);

    const nextType = body.type ?? party.type;
    if (body.type !== undefined && body.partyDetails !== undefined) {
      await trx.updateTable("workspace_parties").set(nameColumns(body.type, body.partyDetails)).where("party_id", "=", partyId).execute();
    }
    if (body.addresses !== undefined) {
      await replaceAddresses(trx, workspaceId, partyId, body.addresses);
    } else if (nextType !== party.type) {
      // A party that changes type keeps no address of the other kind.
      await replaceAddresses(trx, workspaceId, partyId, []);
    }
    if (representationFields) {
      const representationType = body.representationType ?? party.representation_type;
      const separate = representationType === "SEPARATE_REPRESENTATION";
      await trx
        .updateTable("workspace_parties")
        .set({
          representation_id: party.representation_id ?? (representationType ? randomUUID() : null),
          representation_type: representationType,
          representative_type: separate ? (body.representativeType !== undefined ? body.representativeType : party.representative_type) : null,
          representative_name: separate ? (body.representativeName !== undefined ? body.representativeName : party.representative_name) : null,
          representative_role: separate ? party.representative_role : null,
          law_firm_id: separate ? party.law_firm_id : null,
          representative_participant_id: separate ? party.representative_participant_id : null,
          verification_of_identity: body.verificationOfIdentity !== undefined ? body.verificationOfIdentity : party.verification_of_identity,
        })
        .where("party_id", "=", partyId)
        .execute();
    }
    const version = await afterPartiesChanged(trx, workspaceId, { expectedVersion, actor: caller.userId, at: clock.now().toISOString() });
    await recordWorkspaceEvent(trx, caller, WorkspaceEvent.PARTY_EDITED, workspaceId, { partyId, fields: Object.keys(body) }, meta);
    return { partyId, version };
  });
}

export async function deleteParty(
  { db, clock }: PartiesDeps,
  caller: VerifiedCaller,
  workspaceId: string,
  partyId: string,
  expectedVersion: number,
  meta: RequestMeta,
): Promise<PartyWriteResponse> {
  return db.transaction().execute(async (trx) => {
    const workspace = await writableWorkspace(trx, caller, workspaceId);
    const party = await partyOf(trx, workspaceId, partyId);
    checkWrite(caller, workspace, ["deleteParty"], expectedVersion);
    const facts = await factsOf(trx, workspaceId);
    const refusal = deletePartyRefusal(facts.find((fact) => fact.partyId === partyId)!, facts);
    if (refusal) refuse(refusal);
    await trx.deleteFrom("workspace_parties").where("party_id", "=", partyId).execute();
    const version = await afterPartiesChanged(trx, workspaceId, { expectedVersion, actor: caller.userId, at: clock.now().toISOString() });
    await recordWorkspaceEvent(trx, caller, WorkspaceEvent.PARTY_DELETED, workspaceId, { partyId, role: party.role }, meta);
    return { partyId, version };
  });
}

// ---------------------------------------------------------------------------------------------------
// Representation

async function participantInRole(trx: Trx, workspaceId: string, role: ParticipantRole) {
  return trx
    .selectFrom("workspace_participants as p")
    .innerJoin("subscribers as s", "s.subscriber_id", "p.subscriber_id")
    .select(["p.participant_id", "p.subscriber_id", "s.name"])
    .where("p.workspace_id", "=", workspaceId)
    .where("p.role", "=", role)
    .executeTakeFirst();
}

/**
 * Confirms a party's representation. NO_REPRESENTATION clears any representative; DUAL_REPRESENTATION is
 * the workspace's own law firm acting for the party too; SEPARATE_REPRESENTATION is an external law firm
 * (created, or updated when the party already has one) or the participant holding `representativeRole`.
 * A party locked by a confirmed title update may still have its representation confirmed: the lock keeps
 * the party's details as the title has them, which representation does not change.
 */
export async function confirmRepresentation(
  { db, clock }: PartiesDeps,
  caller: VerifiedCaller,
  workspaceId: string,
  body: ConfirmRepresentationBody,
  expectedVersion: number,
  meta: RequestMeta,
): Promise<RepresentationWriteResponse> {
  return db.transaction().execute(async (trx) => {
    const workspace = await writableWorkspace(trx, caller, workspaceId);
    const party = await partyOf(trx, workspaceId, body.partyId);
    checkWrite(caller, workspace, ["confirmRepresentation"], expectedVersion);
    if (body.partyType && body.partyType !== party.type) throw badRequest(PARTY_MESSAGES.partyTypeMismatch, "PARTY_TYPE_MISMATCH");
    if (body.representationId && body.representationId !== party.representation_id) throw notFound(PARTY_MESSAGES.representationNotFound);
    const transactionType = workspace.row.transaction_type as TransactionType;

    let representativeType: "EXTERNAL_LAW_FIRM" | "PARTICIPANT" | null = null;
    let representativeName: string | null = null;
    let representativeRole: RepresentativeRole | null = null;
    let lawFirmId: string | null = null;
    let participantId: string | null = null;

    if (body.representationType === "DUAL_REPRESENTATION") {
      const firm = await participantInRole(trx, workspaceId, workspaceLawFirmRole(transactionType));
      if (!firm) throw badRequest(PARTY_MESSAGES.noWorkspaceLawFirm, "NO_WORKSPACE_LAW_FIRM");
      representativeName = firm.name;
      lawFirmId = firm.participant_id;
      participantId = firm.participant_id;
      representativeRole = "WORKSPACE_LAW_FIRM";
    } else if (body.representationType === "SEPARATE_REPRESENTATION" && body.representativeType === "PARTICIPANT") {
      const role = body.representativeRole!;
      const participantRole = role === "WORKSPACE_LAW_FIRM" ? workspaceLawFirmRole(transactionType) : participantRoleOfReference(role);
      const participant = participantRole ? await participantInRole(trx, workspaceId, participantRole) : undefined;
      if (!participant) throw badRequest(PARTY_MESSAGES.participantNotFound(role), "NO_SUCH_PARTICIPANT");
      representativeType = "PARTICIPANT";
      representativeName = participant.name;
      representativeRole = role;
      participantId = participant.participant_id;
      lawFirmId = participantRole && participantRole !== "INCOMING_LENDER" ? participant.participant_id : null;
    } else if (body.representationType === "SEPARATE_REPRESENTATION") {
      const address = body.address!;
      representativeType = "EXTERNAL_LAW_FIRM";
      representativeName = body.name!;
      representativeRole = body.representativeRole ?? null;
      const existing = party.law_firm_id
        ? await trx
            .selectFrom("workspace_law_firms")
            .select("law_firm_id")
            .where("workspace_id", "=", workspaceId)
            .where("law_firm_id", "=", party.law_firm_id)
            .where("role", "=", "EXTERNAL_REPRESENTATIVE")
            .executeTakeFirst()
        : undefined;
      const columns = { name: body.name!, reference_number: body.referenceNumber!, ...addressColumns(address) };
      if (existing) {
        lawFirmId = existing.law_firm_id;
        await trx.updateTable("workspace_law_firms").set({ ...columns, updated_at: new Date() }).where("law_firm_id", "=", lawFirmId).execute();
      } else {
        lawFirmId = randomUUID();
        await trx
          .insertInto("workspace_law_firms")
          .values({ law_firm_id: lawFirmId, workspace_id: workspaceId, role: "EXTERNAL_REPRESENTATIVE", ...columns })
          .execute();
      }
    }

    const representationId = party.representation_id ?? randomUUID();
    await trx
      .updateTable("workspace_parties")
      .set({
        representation_id: representationId,
        representation_type: body.representationType,
        representative_type: representativeType,
        representative_name: representativeName,
        representative_role: representativeRole,
        law_firm_id: lawFirmId,
        representative_participant_id: participantId,
        verification_of_identity: body.verificationOfIdentity,
      })
      .where("party_id", "=", party.party_id)
      .execute();
    const version = await afterPartiesChanged(trx, workspaceId, { expectedVersion, actor: caller.userId, at: clock.now().toISOString() });
    await recordWorkspaceEvent(
      trx,
      caller,
      WorkspaceEvent.REPRESENTATION_CONFIRMED,
      workspaceId,
      { partyId: party.party_id, representationType: body.representationType, representativeType, lawFirmId },
      meta,
    );
    const updated = await partyOf(trx, workspaceId, party.party_id);
    return {
      partyId: party.party_id,
      representationDetails: representationOf(updated)!,
      verificationOfIdentity: body.verificationOfIdentity as VerificationOfIdentity,
      version,
    };
  });
}

// ---------------------------------------------------------------------------------------------------
// Law firms and lenders

export async function listLawFirms(db: DB, caller: VerifiedCaller, workspaceId: string): Promise<{ records: LawFirm[] }> {
  const workspace = await findVisibleWorkspace(db, caller, workspaceId);
  requireAction(caller, "viewWorkspace", workspace);
  return { records: await lawFirmsOf(db, workspaceId) };
}

export async function lenderDetails(db: DB, caller: VerifiedCaller, workspaceId: string): Promise<LendersResponse> {
  const workspace = await findVisibleWorkspace(db, caller, workspaceId);
  requireAction(caller, "viewWorkspace", workspace);
  return lendersOf(db, workspaceId);
}

/**
 * Edits a law firm. An external firm saves name, reference and address (200; the edit external law firm
 * details permission). A participant's firm (the workspace's own or the seller's; the law firm reference
 * permission) saves its reference, as the participant's reference, and the address the workspace keeps for
 * it; its name is its subscriber's, so a different name is not saved and the answer is partial (206).
 */
export async function editLawFirm(
  { db, clock }: PartiesDeps,
  caller: VerifiedCaller,
  workspaceId: string,
  lawFirmId: string,
  body: EditLawFirmBody,
  expectedVersion: number,
  meta: RequestMeta,
): Promise<LawFirmWriteResponse> {
  return db.transaction().execute(async (trx) => {
    const workspace = await writableWorkspace(trx, caller, workspaceId);
    const firm = (await lawFirmsOf(trx, workspaceId)).find((record) => record.lawFirmId === lawFirmId);
    if (!firm) throw notFound(PARTY_MESSAGES.lawFirmNotFound);
    const external = firm.role === "EXTERNAL_REPRESENTATIVE";
    checkWrite(caller, workspace, [external ? "editExternalLawFirmDetails" : "editLawFirmReference"], expectedVersion);

    const notSaved: ("name" | "referenceNumber" | "address")[] = [];
    if (external) {
      await trx
        .updateTable("workspace_law_firms")
        .set({
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.referenceNumber !== undefined ? { reference_number: body.referenceNumber } : {}),
          ...(body.address !== undefined ? addressColumns(body.address) : {}),
          updated_at: new Date(),
        })
        .where("law_firm_id", "=", lawFirmId)
        .execute();
      if (body.name !== undefined) {
        await trx.updateTable("workspace_parties").set({ representative_name: body.name }).where("law_firm_id", "=", lawFirmId).execute();
      }
    } else {
      if (body.name !== undefined && body.name !== firm.name) notSaved.push("name");
      if (body.referenceNumber !== undefined) {
        const participant = await trx
          .selectFrom("workspace_participants")
          .select("role")
          .where("participant_id", "=", lawFirmId)
          .executeTakeFirstOrThrow();
        if (firm.referenceId) {
          await trx
            .updateTable("workspace_references")
            .set({ reference_number: body.referenceNumber, updated_at: new Date() })
            .where("reference_id", "=", firm.referenceId)
            .execute();
        } else {
          await trx
            .insertInto("workspace_references")
            .values({
              reference_id: randomUUID(),
              workspace_id: workspaceId,
              reference_number: body.referenceNumber,
              representative_role: PARTICIPANT_REFERENCE_ROLE[participant.role as ParticipantRole],
              representative_id: lawFirmId,
            })
            .execute();
        }
      }
      if (body.address !== undefined) {
        await trx
          .insertInto("workspace_law_firms")
          .values({
            law_firm_id: lawFirmId,
            workspace_id: workspaceId,
            role: firm.role,
            name: firm.name,
            subscriber_id: firm.subscriberId,
            participant_id: firm.participantId,
            ...addressColumns(body.address),
          })
          .onConflict((oc) => oc.column("law_firm_id").doUpdateSet({ ...addressColumns(body.address!), updated_at: new Date() }))
          .execute();
      }
    }
    const version = await afterPartiesChanged(trx, workspaceId, { expectedVersion, actor: caller.userId, at: clock.now().toISOString() });
    await recordWorkspaceEvent(trx, caller, WorkspaceEvent.LAW_FIRM_EDITED, workspaceId, { lawFirmId, fields: Object.keys(body), notSaved }, meta);
    const lawFirm = (await lawFirmsOf(trx, workspaceId)).find((record) => record.lawFirmId === lawFirmId)!;
    const partial = notSaved.length > 0;
    return { lawFirm, partial, message: partial ? LAW_FIRM_MESSAGES.partial : null, notSaved, version };
  });
}

// ---------------------------------------------------------------------------------------------------
// Security address

export type SecurityAddressBody = z.output<typeof SecurityAddressRequestSchema>;

export async function editSecurityAddress(
  { db, clock }: PartiesDeps,
  caller: VerifiedCaller,
  workspaceId: string,
  addressId: string,
  body: SecurityAddressBody,
  expectedVersion: number,
  meta: RequestMeta,
): Promise<SecurityAddressWriteResponse> {
  return db.transaction().execute(async (trx) => {
    const workspace = await writableWorkspace(trx, caller, workspaceId);
    if (workspace.row.security_address_id !== addressId) throw notFound(PARTY_MESSAGES.addressNotFound);
    checkWrite(caller, workspace, ["editSecurityAddress"], expectedVersion);
    const fields = {
      name: body.name ?? null,
      number: body.number ?? null,
      flat: body.flat ?? null,
      street: body.street ?? null,
      town: body.town ?? null,
      postcode: body.postcode,
    };
    const version = await afterPartiesChanged(trx, workspaceId, {
      expectedVersion,
      actor: caller.userId,
      at: clock.now().toISOString(),
      changes: {
        address_building_name: fields.name,
        address_building_number: fields.number,
        address_flat: fields.flat,
        address_street: fields.street,
        address_town: fields.town,
        address_postcode: fields.postcode,
      },
    });
    await recordWorkspaceEvent(trx, caller, WorkspaceEvent.SECURITY_ADDRESS_EDITED, workspaceId, { addressId }, meta);
    return { addressId, ...fields, version };
  });
}

// ---------------------------------------------------------------------------------------------------
// Subscriber selection list

/** `Lender`, `Law Firm,Conveyancing Firm`; unknown names are a 400. */
export function selectionTypes(type: string | undefined): SubscriberEntityType[] {
  if (!type) return [];
  return type
    .split(",")
    .map((value) => value.trim())
    .filter(Boolean)
    .map((name) => {
      const known = SUBSCRIBER_ENTITY_TYPES.find((entityType) => entityType.toLowerCase() === name.toLowerCase().replace(/_/g, " "));
      if (!known) throw badRequest(`Unknown subscriber type ${name}: use ${SUBSCRIBER_ENTITY_TYPES.join(", ")}.`);
      return known;
    });
}

/**
 * The subscriber selection list: active subscribers of the types, by name, leaving out the four large
 * banks (docs/decisions/0400-subscriber-selection-list.md). Anyone who may see workspaces may read it.
 */
export async function selectableSubscribers(
  db: DB,
  caller: VerifiedCaller,
  query: { type?: string | undefined; page: number; limit: number },
): Promise<SelectableSubscribersResponse> {
  requireFunctional(caller, "viewWorkspaceList");
  const types = selectionTypes(query.type);
  let base = db
    .selectFrom("subscribers")
    .where("status", "=", "Active")
    .where("name", "not in", [...EXCLUDED_LARGE_BANK_SUBSCRIBERS]);
  if (types.length > 0) base = base.where("entity_type", "in", types);
  const [rows, total] = await Promise.all([
    base
      .select(["subscriber_id", "name", "entity_type"])
      .orderBy("name")
      .orderBy("subscriber_id")
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as("total")).executeTakeFirstOrThrow(),
  ]);
  return {
    records: rows.map((row) => ({ subscriberId: row.subscriber_id, name: row.name, type: row.entity_type as SubscriberEntityType })),
    page: { page: query.page, limit: query.limit, totalRecords: Number(total.total), pageRecords: rows.length },
  };
}
