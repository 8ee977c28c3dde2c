/**
 * Reading parties, their addresses and representation, the law firms and the lenders of a workspace
 * (document 2 sections 3.1, 3.3, 3.6, 3.7). Used by the parties service and by the workspace detail
 * (provider/workspaces/service.ts partiesOf), so both answer the same shapes.
 */
import type { Selectable } from "kysely";
import type { LawFirm, LendersResponse, PartyAddress, RepresentationDetails } from "../../core/parties/api.js";
import type { AddressKind, LawFirmRole, RepresentationType, RepresentativeRole, RepresentativeType } from "../../core/parties/enums.js";
import { applicantName } from "../../core/parties/names.js";
import type { PartyFacts } from "../../core/parties/rules.js";
import { isApplicantRole } from "../../core/parties/rules.js";
import type { ParticipantRole } from "../../core/workspaces/enums.js";
import { PARTICIPANT_REFERENCE_ROLE } from "../../core/workspaces/lifecycle.js";
import type { DB, Trx } from "../platform/db/index.js";
import type { WorkspaceLawFirmsTable, WorkspacePartiesTable, WorkspacePartyAddressesTable } from "../platform/db/schema.js";

export type PartyRow = Selectable<WorkspacePartiesTable>;
export type PartyAddressRow = Selectable<WorkspacePartyAddressesTable>;
export type LawFirmRow = Selectable<WorkspaceLawFirmsTable>;

/** The participant roles whose subscriber is a law firm of the workspace, and the law firm role each takes. */
export const PARTICIPANT_LAW_FIRM_ROLE: Readonly<Partial<Record<ParticipantRole, LawFirmRole>>> = {
  BUYER_REPRESENTATIVE: "WORKSPACE_REPRESENTATIVE",
  INCOMING_LENDER_REPRESENTATIVE: "WORKSPACE_REPRESENTATIVE",
  SELLER_REPRESENTATIVE: "SELLER_REPRESENTATIVE",
};

export async function partyRows(db: DB | Trx, workspaceId: string): Promise<PartyRow[]> {
  return db.selectFrom("workspace_parties").selectAll().where("workspace_id", "=", workspaceId).orderBy("position").execute();
}

export async function partyAddressRows(db: DB | Trx, workspaceId: string): Promise<PartyAddressRow[]> {
  return db.selectFrom("workspace_party_addresses").selectAll().where("workspace_id", "=", workspaceId).orderBy("created_at").execute();
}

export function toPartyAddress(row: PartyAddressRow): PartyAddress {
  return {
    addressId: row.address_id,
    addressType: row.address_type as AddressKind,
    buildingName: row.building_name,
    buildingNumber: row.building_number,
    flat: row.flat,
    street: row.street,
    town: row.town,
    postcode: row.postcode,
  };
}

/** The addresses of each party, by party id. */
export function addressesByParty(rows: readonly PartyAddressRow[]): Map<string, PartyAddress[]> {
  const byParty = new Map<string, PartyAddress[]>();
  for (const row of rows) byParty.set(row.party_id, [...(byParty.get(row.party_id) ?? []), toPartyAddress(row)]);
  return byParty;
}

/** A party's confirmed representation, or null before it is confirmed. */
export function representationOf(row: PartyRow): RepresentationDetails | null {
  if (!row.representation_type || !row.representation_id) return null;
  return {
    representationId: row.representation_id,
    representationType: row.representation_type as RepresentationType,
    representativeType: (row.representative_type as RepresentativeType | null) ?? null,
    representativeName: row.representative_name,
    lawFirmId: row.law_firm_id,
    participantId: row.representative_participant_id,
    representativeRole: (row.representative_role as RepresentativeRole | null) ?? null,
  };
}

/** What the rules of core/parties/rules.ts read of each party. */
export function partyFacts(rows: readonly PartyRow[], addresses: ReadonlyMap<string, readonly PartyAddress[]>): PartyFacts[] {
  return rows.map((row) => ({
    partyId: row.party_id,
    role: row.role,
    type: row.type,
    locked: row.locked,
    representationType: row.representation_type,
    representativeType: row.representative_type,
    verificationOfIdentity: row.verification_of_identity,
    hasAddress: (addresses.get(row.party_id) ?? []).length > 0,
  }));
}

function nameOf(row: PartyRow): string {
  return applicantName({ type: row.type, forenames: row.forenames, surname: row.surname, organisationName: row.organisation_name });
}

function addressOfFirm(row: LawFirmRow | undefined): LawFirm["address"] {
  if (!row || row.postcode === null) return null;
  return {
    buildingName: row.building_name,
    buildingNumber: row.building_number,
    flat: row.flat,
    street: row.street,
    town: row.town,
    postcode: row.postcode,
  };
}

/** The workspace's participants, each with its subscriber's name and entity type. */
export async function participantRows(db: DB | Trx, workspaceId: string) {
  return db
    .selectFrom("workspace_participants as p")
    .innerJoin("subscribers as s", "s.subscriber_id", "p.subscriber_id")
    .select(["p.participant_id", "p.subscriber_id", "p.role", "p.is_approved", "p.status", "s.name", "s.entity_type"])
    .where("p.workspace_id", "=", workspaceId)
    .execute();
}

/** The workspace's references, in the order they were given. */
export async function referenceRows(db: DB | Trx, workspaceId: string) {
  return db
    .selectFrom("workspace_references")
    .select(["reference_id", "reference_number", "representative_role", "representative_id"])
    .where("workspace_id", "=", workspaceId)
    .orderBy("created_at")
    .orderBy("reference_id")
    .execute();
}

/** What the law firms and the lenders are both derived from; read once when a caller answers both. */
export interface WorkspaceRows {
  participants: Awaited<ReturnType<typeof participantRows>>;
  references: Awaited<ReturnType<typeof referenceRows>>;
  parties: PartyRow[];
}

export async function workspaceRows(db: DB | Trx, workspaceId: string): Promise<WorkspaceRows> {
  const [participants, references, parties] = await Promise.all([
    participantRows(db, workspaceId),
    referenceRows(db, workspaceId),
    partyRows(db, workspaceId),
  ]);
  return { participants, references, parties };
}

/**
 * The workspace's law firms: its own (the buyer's or incoming lender's representative) and the seller's,
 * both participants (id = the participant's id), then the external law firms entered with representation.
 */
export async function lawFirmsOf(
  db: DB | Trx,
  workspaceId: string,
  known?: WorkspaceRows & { lawFirms?: readonly LawFirmRow[] },
): Promise<LawFirm[]> {
  const [{ participants, references, parties }, firms] = await Promise.all([
    known ?? workspaceRows(db, workspaceId),
    known?.lawFirms ??
      db.selectFrom("workspace_law_firms").selectAll().where("workspace_id", "=", workspaceId).orderBy("created_at").orderBy("law_firm_id").execute(),
  ]);
  const representing = (lawFirmId: string) =>
    parties
      .filter((party) => party.law_firm_id === lawFirmId)
      .map((party) => ({ entityType: party.role, name: nameOf(party), partyId: party.party_id as string | null }));

  const records: LawFirm[] = [];
  const order: LawFirmRole[] = ["WORKSPACE_REPRESENTATIVE", "SELLER_REPRESENTATIVE"];
  const participantFirms = participants
    .filter((participant) => PARTICIPANT_LAW_FIRM_ROLE[participant.role as ParticipantRole])
    .sort((a, b) => order.indexOf(PARTICIPANT_LAW_FIRM_ROLE[a.role as ParticipantRole]!) - order.indexOf(PARTICIPANT_LAW_FIRM_ROLE[b.role as ParticipantRole]!));
  for (const participant of participantFirms) {
    const role = PARTICIPANT_LAW_FIRM_ROLE[participant.role as ParticipantRole]!;
    const reference =
      references.find((r) => r.representative_id === participant.participant_id) ??
      references.find((r) => r.representative_role === PARTICIPANT_REFERENCE_ROLE[participant.role as ParticipantRole]);
    const linked = representing(participant.participant_id);
    // The workspace's own firm acts for the applicants that no other firm represents.
    const implicit =
      role === "WORKSPACE_REPRESENTATIVE"
        ? parties
            .filter((party) => isApplicantRole(party.role) && !party.law_firm_id)
            .map((party) => ({ entityType: party.role, name: nameOf(party), partyId: party.party_id as string | null }))
        : [];
    records.push({
      lawFirmId: participant.participant_id,
      id: participant.participant_id,
      name: participant.name,
      referenceNumber: reference?.reference_number ?? null,
      referenceId: reference?.reference_id ?? null,
      address: addressOfFirm(firms.find((firm) => firm.law_firm_id === participant.participant_id)),
      role,
      representing: [...implicit, ...linked],
      subscriberId: participant.subscriber_id,
      participantId: participant.participant_id,
      nameEditable: false,
    });
  }
  for (const firm of firms.filter((row) => row.role === "EXTERNAL_REPRESENTATIVE")) {
    records.push({
      lawFirmId: firm.law_firm_id,
      id: firm.law_firm_id,
      name: firm.name,
      referenceNumber: firm.reference_number,
      referenceId: null,
      address: addressOfFirm(firm),
      role: "EXTERNAL_REPRESENTATIVE",
      representing: representing(firm.law_firm_id),
      subscriberId: firm.subscriber_id,
      participantId: null,
      nameEditable: true,
    });
  }
  return records;
}

/**
 * The incoming lender (the INCOMING_LENDER participant, or else an INCOMING_LENDER party) with its
 * reference and the firm that represents it, and the outgoing lenders (OUTGOING_LENDER parties).
 */
export async function lendersOf(db: DB | Trx, workspaceId: string, known?: WorkspaceRows): Promise<LendersResponse> {
  const { participants, references, parties } = known ?? (await workspaceRows(db, workspaceId));
  const reference = references.find((r) => r.representative_role === "INCOMING_LENDER");
  const representative = participants.find((participant) => participant.role === "INCOMING_LENDER_REPRESENTATIVE");
  const lender = participants.find((participant) => participant.role === "INCOMING_LENDER");
  const lenderParty = parties.find((party) => party.role === "INCOMING_LENDER");
  let incoming: LendersResponse["incoming"] = null;
  if (lender) {
    incoming = {
      name: lender.name,
      referenceNumber: reference?.reference_number ?? null,
      referenceId: reference?.reference_id ?? null,
      representedBy: representative?.name ?? null,
      subscriberId: lender.subscriber_id,
      participantId: lender.participant_id,
      partyId: lenderParty?.party_id ?? null,
    };
  } else if (lenderParty) {
    incoming = {
      name: nameOf(lenderParty),
      referenceNumber: reference?.reference_number ?? null,
      referenceId: reference?.reference_id ?? null,
      representedBy: lenderParty.representative_name ?? representative?.name ?? null,
      subscriberId: null,
      participantId: null,
      partyId: lenderParty.party_id,
    };
  }
  const outgoing = parties
    .filter((party) => party.role === "OUTGOING_LENDER")
    .map((party) => ({ partyId: party.party_id, name: nameOf(party), representationDetails: representationOf(party) }));
  return { incoming, outgoing };
}
