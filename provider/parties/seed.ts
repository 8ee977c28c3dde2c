/**
 * The demo world's parties details (document 2 sections 3.1, 3.3, 3.6, 4.5), laid over the demo workspaces
 * (provider/workspaces/seed.ts) in step with their tasks, so that what the participants tab shows agrees
 * with the tasks derived from it (core/parties/rules.ts partyTasksDone):
 *
 * - where complete-applicant-information is completed, every applicant has its address: a remortgage's
 *   borrowers live at the property (the security address); a purchase's buyers at their current home; an
 *   organisation at its registered office;
 * - where confirm-representations is completed (a purchase past preparation), the buyers are dually
 *   represented by the workspace's law firm (it acts for buyer and lender), and a seller is represented by an
 *   external law firm, Ellis & Rowe Solicitors, with its reference and address;
 * - the two-sided purchase has a seller represented by its seller's representative participant (Keystone
 *   Conveyancing); its buyers' representation is still to be confirmed, as its task says.
 *
 * Idempotent: a world that already has these details is left alone. docs/demo-workspaces.md says where.
 */
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { DB, Trx } from "../platform/db/index.js";
import { DEMO_WORKSPACE_PLAN, DEMO_WORKSPACES } from "../workspaces/seed.js";

/** The external law firm of each seeded purchase: 5e000000-0000-4000-8000-0000000000NN (NN the workspace's number). */
export function demoExternalLawFirmId(n: number): string {
  return `5e000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
}

export const DEMO_EXTERNAL_LAW_FIRM = {
  name: "Ellis & Rowe Solicitors",
  address: { buildingName: "Rowe Chambers", buildingNumber: "12", street: "King Street", town: "Manchester", postcode: "M2 4LQ" },
} as const;

const SELLERS = [
  { forenames: "Margaret", surname: "Ellison" },
  { forenames: "Peter", surname: "Holloway" },
  { forenames: "Janet", surname: "Marsh" },
  { forenames: "Colin", surname: "Ward" },
] as const;

const REGISTERED_OFFICE = { buildingName: "Registered Office", buildingNumber: "1", street: "Crown Way", town: "Cardiff", postcode: "CF14 3UZ" };

type Key = keyof typeof DEMO_WORKSPACE_PLAN;

export async function seedDemoParties(db: DB): Promise<boolean> {
  const ids = Object.values(DEMO_WORKSPACES).map((workspace) => workspace.workspaceId);
  const [address, firm] = await Promise.all([
    db.selectFrom("workspace_party_addresses").select("address_id").where("workspace_id", "in", ids).limit(1).executeTakeFirst(),
    db.selectFrom("workspace_law_firms").select("law_firm_id").where("workspace_id", "in", ids).limit(1).executeTakeFirst(),
  ]);
  if (address || firm) return false;

  await db.transaction().execute(async (trx) => {
    for (const key of Object.keys(DEMO_WORKSPACE_PLAN) as Key[]) {
      const plan = DEMO_WORKSPACE_PLAN[key];
      const workspaceId = DEMO_WORKSPACES[key].workspaceId;
      const workspace = await trx.selectFrom("workspaces").selectAll().where("workspace_id", "=", workspaceId).executeTakeFirst();
      if (!workspace) continue;
      const tasks = await trx.selectFrom("workspace_tasks").select(["task_name", "status"]).where("workspace_id", "=", workspaceId).execute();
      const completed = (name: string) => tasks.some((task) => task.task_name === name && task.status === "COMPLETED");
      const parties = await trx.selectFrom("workspace_parties").selectAll().where("workspace_id", "=", workspaceId).orderBy("position").execute();
      const applicants = parties.filter((party) => party.role === "BORROWER" || party.role === "BUYER");

      if (completed("complete-applicant-information")) {
        await trx
          .insertInto("workspace_party_addresses")
          .values(
            applicants.map((party, index) => {
              const home =
                party.type === "ORGANISATION"
                  ? REGISTERED_OFFICE
                  : plan.transactionType === "REMORTGAGE"
                    ? {
                        buildingName: workspace.address_building_name,
                        buildingNumber: workspace.address_building_number,
                        flat: workspace.address_flat,
                        street: workspace.address_street,
                        town: workspace.address_town,
                        postcode: workspace.address_postcode,
                      }
                    : { buildingNumber: String(20 + index * 2), street: "Station Road", town: workspace.address_town, postcode: workspace.address_postcode };
              return {
                address_id: randomUUID(),
                workspace_id: workspaceId,
                party_id: party.party_id,
                address_type: party.type === "ORGANISATION" ? "REGISTERED_ADDRESS" : "CORRESPONDENCE_ADDRESS",
                building_name: home.buildingName ?? null,
                building_number: home.buildingNumber ?? null,
                flat: "flat" in home ? (home.flat ?? null) : null,
                street: home.street ?? null,
                town: home.town ?? null,
                postcode: home.postcode,
              };
            }),
          )
          .execute();
      }

      if (plan.transactionType !== "PURCHASE") continue;
      const participants = await trx.selectFrom("workspace_participants as p").innerJoin("subscribers as s", "s.subscriber_id", "p.subscriber_id").select(["p.participant_id", "p.role", "s.name"]).where("p.workspace_id", "=", workspaceId).execute();
      const sellerRepresentative = participants.find((participant) => participant.role === "SELLER_REPRESENTATIVE");
      const workspaceFirm = participants.find((participant) => participant.role === "BUYER_REPRESENTATIVE");
      const confirmed = completed("confirm-representations");
      if (!confirmed && !sellerRepresentative) continue;

      const seller = SELLERS[plan.n % SELLERS.length]!;
      const sellerId = randomUUID();
      const position = parties.length;
      if (sellerRepresentative) {
        await insertSeller(trx, workspaceId, sellerId, position, seller, {
          representation_type: "SEPARATE_REPRESENTATION",
          representative_type: "PARTICIPANT",
          representative_name: sellerRepresentative.name,
          representative_role: "SELLER_REPRESENTATIVE",
          law_firm_id: sellerRepresentative.participant_id,
          representative_participant_id: sellerRepresentative.participant_id,
        });
      } else {
        const lawFirmId = demoExternalLawFirmId(plan.n);
        const { address: firmAddress } = DEMO_EXTERNAL_LAW_FIRM;
        await trx
          .insertInto("workspace_law_firms")
          .values({
            law_firm_id: lawFirmId,
            workspace_id: workspaceId,
            role: "EXTERNAL_REPRESENTATIVE",
            name: DEMO_EXTERNAL_LAW_FIRM.name,
            reference_number: `ER/${String(plan.n).padStart(4, "0")}`,
            building_name: firmAddress.buildingName,
            building_number: firmAddress.buildingNumber,
            street: firmAddress.street,
            town: firmAddress.town,
            postcode: firmAddress.postcode,
          })
          .execute();
        await insertSeller(trx, workspaceId, sellerId, position, seller, {
          representation_type: "SEPARATE_REPRESENTATION",
          representative_type: "EXTERNAL_LAW_FIRM",
          representative_name: DEMO_EXTERNAL_LAW_FIRM.name,
          representative_role: "SELLER_REPRESENTATIVE",
          law_firm_id: lawFirmId,
          representative_participant_id: null,
        });
      }
      if (confirmed && workspaceFirm) {
        await trx
          .updateTable("workspace_parties")
          .set({
            // One representation id per buyer: each row gets its own.
            representation_id: sql<string>`gen_random_uuid()`,
            representation_type: "DUAL_REPRESENTATION",
            representative_type: null,
            representative_name: workspaceFirm.name,
            representative_role: "WORKSPACE_LAW_FIRM",
            law_firm_id: workspaceFirm.participant_id,
            representative_participant_id: workspaceFirm.participant_id,
            verification_of_identity: "IDENTITY_EVIDENCE",
          })
          .where("workspace_id", "=", workspaceId)
          .where("role", "=", "BUYER")
          .execute();
      }
    }
  });
  return true;
}

async function insertSeller(
  trx: Trx,
  workspaceId: string,
  partyId: string,
  position: number,
  name: { forenames: string; surname: string },
  representation: {
    representation_type: string;
    representative_type: string;
    representative_name: string;
    representative_role: string;
    law_firm_id: string;
    representative_participant_id: string | null;
  },
): Promise<void> {
  await trx
    .insertInto("workspace_parties")
    .values({
      party_id: partyId,
      workspace_id: workspaceId,
      position,
      role: "SELLER",
      type: "INDIVIDUAL",
      forenames: name.forenames,
      surname: name.surname,
      representation_id: randomUUID(),
      ...representation,
      verification_of_identity: "LAW_FIRM_CERTIFIED",
    })
    .execute();
}
