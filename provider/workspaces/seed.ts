/**
 * The demo world's workspaces: every status of the journey, both transaction types, 1 to 4 individual
 * applicants and organisation applicants, shared between Northgate Bank, Harper & Vale LLP and Keystone
 * Conveyancing in each participant role, so that every banner, chip and empty state of the workspace
 * list and page can be reached by logging in as a demo user. Ashdown Legal has none (the empty state).
 * docs/demo-workspaces.md is the table of who sees what; keep it in step with DEMO_WORKSPACE_PLAN.
 *
 * Ids and reference ids are fixed so tests and documentation can name them. Idempotent: an existing set
 * is left alone.
 */
import { randomUUID } from "node:crypto";
import type { BorrowerValidationStatus } from "../../core/parties/enums.js";
import type { CancellationReason, ParticipantRole, TransactionType } from "../../core/workspaces/enums.js";
import {
  completeTasks,
  initialWorkspaceTasks,
  PARTICIPANT_REFERENCE_ROLE,
  PREPARATION_TASKS,
  SYSTEM_ACTOR,
  type WorkspaceTask,
  type WorkspaceTaskName,
} from "../../core/workspaces/lifecycle.js";
import { orderTasks } from "../../core/tasks/dashboard.js";
import { formatWorkspaceReferenceId } from "../../core/workspaces/search-keys.js";
import type { WorkspaceStatus } from "../../core/workspaces/status.js";
import type { DB } from "../platform/db/index.js";
import { pendingLabelsOf, taskRow } from "./state.js";
import { DEMO_SUBSCRIBERS, DEMO_USERS, type DemoSubscriberKey, type DemoUserKey } from "../platform/demo-world.js";

type Applicant = { forenames: string; surname: string } | { organisationName: string; registrationNumber: string };

/** How far along the journey a workspace's tasks are. */
type Stage = "preparing" | "ready" | "approved" | "fundsAuthorised" | "exchanged" | "submitted" | "lodged" | "closed";

interface DemoWorkspacePlan {
  /** The sequence number: workspace id 5c000000-…-0000000000NN and reference WS-00000NN. */
  n: number;
  title: string;
  transactionType: TransactionType;
  status: WorkspaceStatus;
  stage: Stage;
  transferOfEquity?: boolean;
  borrowersValidationStatus?: BorrowerValidationStatus;
  address: { buildingName?: string; buildingNumber?: string; flat?: string; street: string; town: string; postcode: string };
  applicants: readonly Applicant[];
  /** The first is the creator (owner). */
  participants: readonly (readonly [DemoSubscriberKey, ParticipantRole])[];
  /** References by the participant that holds them. */
  references: Partial<Record<DemoSubscriberKey, string>>;
  /** Days from the seeding day; null: to be provided. */
  completionInDays: number | null;
  /** Extra pending tasks (chips and banners). */
  pendingTasks?: readonly WorkspaceTaskName[];
  remarks?: { cancellationReason: CancellationReason; cancellationNotesForOther: string | null };
}

export const DEMO_WORKSPACE_PLAN = {
  remortgagePreparing: {
    n: 1,
    title: "Remortgage in preparation",
    transactionType: "REMORTGAGE",
    status: "CREATED",
    stage: "preparing",
    address: { buildingNumber: "14", street: "Willow Lane", town: "Harrogate", postcode: "HG1 2AB" },
    applicants: [{ forenames: "Amelia", surname: "Clarke" }],
    participants: [
      ["northgate", "INCOMING_LENDER"],
      ["harperVale", "INCOMING_LENDER_REPRESENTATIVE"],
    ],
    references: { northgate: "NG-MA-100231", harperVale: "HV/RM/2101" },
    completionInDays: null,
  },
  remortgageReady: {
    n: 2,
    title: "Remortgage ready for approval",
    transactionType: "REMORTGAGE",
    status: "CREATED",
    stage: "ready",
    address: { buildingName: "Orchard House", buildingNumber: "3", street: "Church Road", town: "Winchester", postcode: "SO23 9LP" },
    applicants: [
      { forenames: "Oliver", surname: "Bennett" },
      { forenames: "Sophie Anne", surname: "Bennett" },
    ],
    participants: [
      ["northgate", "INCOMING_LENDER"],
      ["harperVale", "INCOMING_LENDER_REPRESENTATIVE"],
    ],
    references: { northgate: "NG-MA-100245", harperVale: "HV/RM/2102" },
    completionInDays: 21,
  },
  purchaseReady: {
    n: 3,
    title: "Purchase ready for approval, financial and HMLR approvals pending",
    transactionType: "PURCHASE",
    status: "CREATED",
    stage: "ready",
    address: { flat: "2", buildingName: "Riverside Court", street: "Quay Street", town: "Bristol", postcode: "BS1 4RS" },
    applicants: [
      { forenames: "Priya", surname: "Shah" },
      { forenames: "Arjun", surname: "Shah" },
      { forenames: "Meera", surname: "Shah" },
    ],
    participants: [
      ["harperVale", "BUYER_REPRESENTATIVE"],
      ["northgate", "INCOMING_LENDER"],
    ],
    references: { harperVale: "HV/PUR/3301", northgate: "NG-MA-100262" },
    completionInDays: 28,
    pendingTasks: ["approve-financials", "approve-hmlr-applications-for-settlement"],
  },
  purchaseOrganisationPreparing: {
    n: 4,
    title: "Purchase by a limited company, no lender yet",
    transactionType: "PURCHASE",
    status: "CREATED",
    stage: "preparing",
    address: { buildingNumber: "88", street: "Market Street", town: "Leeds", postcode: "LS1 6DT" },
    applicants: [{ organisationName: "Brightwater Homes Ltd", registrationNumber: "09876543" }],
    participants: [["keystone", "BUYER_REPRESENTATIVE"]],
    references: { keystone: "KC-4410" },
    completionInDays: null,
  },
  remortgageApproved: {
    n: 5,
    title: "Remortgage approved, funds to authorise (four borrowers)",
    transactionType: "REMORTGAGE",
    status: "PREPARED",
    stage: "approved",
    address: { buildingNumber: "27", street: "Beech Avenue", town: "Nottingham", postcode: "NG7 1FE" },
    applicants: [
      { forenames: "James", surname: "Okafor" },
      { forenames: "Grace", surname: "Okafor" },
      { forenames: "Daniel", surname: "Okafor" },
      { forenames: "Ruth", surname: "Okafor" },
    ],
    participants: [
      ["northgate", "INCOMING_LENDER"],
      ["harperVale", "INCOMING_LENDER_REPRESENTATIVE"],
    ],
    references: { northgate: "NG-MA-100277", harperVale: "HV/RM/2107" },
    completionInDays: 10,
  },
  purchaseApproved: {
    n: 6,
    title: "Purchase approved, funds to authorise",
    transactionType: "PURCHASE",
    status: "PREPARED",
    stage: "approved",
    address: { buildingNumber: "5", street: "Castle Mews", town: "York", postcode: "YO1 9RN" },
    applicants: [{ forenames: "Hannah", surname: "Whitfield" }],
    participants: [
      ["keystone", "BUYER_REPRESENTATIVE"],
      ["northgate", "INCOMING_LENDER"],
    ],
    references: { keystone: "KC-4415", northgate: "NG-MA-100281" },
    completionInDays: 14,
  },
  remortgageFundsAuthorised: {
    n: 7,
    title: "Remortgage with funds authorised",
    transactionType: "REMORTGAGE",
    status: "FUNDS_AUTHORISED",
    stage: "fundsAuthorised",
    address: { buildingNumber: "61", street: "Kingsway", town: "Manchester", postcode: "M19 2LL" },
    applicants: [
      { forenames: "Thomas", surname: "Reid" },
      { forenames: "Laura", surname: "Reid" },
    ],
    participants: [
      ["northgate", "INCOMING_LENDER"],
      ["keystone", "INCOMING_LENDER_REPRESENTATIVE"],
    ],
    references: { northgate: "NG-MA-100290", keystone: "KC-4419" },
    // Far enough ahead that a test moving the product clock on by a week does not reach completion day, when
    // the completion-day job would exchange its funds.
    completionInDays: 9,
  },
  purchaseExchangedOrganisation: {
    n: 8,
    title: "Purchase by a company, funds exchanged, Companies House evidence pending (two-sided)",
    transactionType: "PURCHASE",
    status: "FUNDS_EXCHANGED",
    stage: "exchanged",
    address: { buildingName: "Unit 4", buildingNumber: "12", street: "Harbour Way", town: "Southampton", postcode: "SO14 3QN" },
    applicants: [{ organisationName: "Kestrel Property Holdings Ltd", registrationNumber: "SC123456" }],
    participants: [
      ["harperVale", "BUYER_REPRESENTATIVE"],
      ["northgate", "INCOMING_LENDER"],
      ["keystone", "SELLER_REPRESENTATIVE"],
    ],
    references: { harperVale: "HV/PUR/3312", northgate: "NG-MA-100301", keystone: "KC-S-0088" },
    completionInDays: -2,
    pendingTasks: ["upload-companies-house-evidence"],
  },
  remortgageExchanged: {
    n: 9,
    title: "Remortgage with funds exchanged, lodgement submission pending",
    transactionType: "REMORTGAGE",
    status: "FUNDS_EXCHANGED",
    stage: "exchanged",
    address: { buildingNumber: "9", street: "Mill Road", town: "Cambridge", postcode: "CB1 2AD" },
    applicants: [{ forenames: "Isabel", surname: "Moreno" }],
    participants: [
      ["northgate", "INCOMING_LENDER"],
      ["harperVale", "INCOMING_LENDER_REPRESENTATIVE"],
    ],
    references: { northgate: "NG-MA-100315", harperVale: "HV/RM/2115" },
    completionInDays: -1,
    pendingTasks: ["submit-applications-to-hmlr"],
  },
  remortgageLodged: {
    n: 10,
    title: "Remortgage lodged with HMLR",
    transactionType: "REMORTGAGE",
    status: "LODGED",
    stage: "lodged",
    address: { buildingNumber: "42", street: "Station Road", town: "Reading", postcode: "RG1 1LX" },
    applicants: [
      { forenames: "William", surname: "Hughes" },
      { forenames: "Emma", surname: "Hughes" },
    ],
    participants: [
      ["northgate", "INCOMING_LENDER"],
      ["harperVale", "INCOMING_LENDER_REPRESENTATIVE"],
    ],
    references: { northgate: "NG-MA-100322", harperVale: "HV/RM/2120" },
    completionInDays: -20,
  },
  purchaseRequisitioned: {
    n: 11,
    title: "Purchase requisitioned by HMLR",
    transactionType: "PURCHASE",
    status: "REQUISITIONED",
    stage: "lodged",
    address: { buildingNumber: "7", street: "Abbey Gardens", town: "Bath", postcode: "BA1 1NT" },
    applicants: [
      { forenames: "George", surname: "Patel" },
      { forenames: "Nisha", surname: "Patel" },
    ],
    participants: [
      ["harperVale", "BUYER_REPRESENTATIVE"],
      ["northgate", "INCOMING_LENDER"],
    ],
    references: { harperVale: "HV/PUR/3320", northgate: "NG-MA-100330" },
    completionInDays: -40,
    pendingTasks: ["respond-to-requisition"],
  },
  remortgageClosed: {
    n: 12,
    title: "Remortgage closed",
    transactionType: "REMORTGAGE",
    status: "CLOSED",
    stage: "closed",
    address: { buildingNumber: "118", street: "High Street", town: "Oxford", postcode: "OX1 4BH" },
    applicants: [{ forenames: "Charlotte", surname: "Evans" }],
    participants: [
      ["northgate", "INCOMING_LENDER"],
      ["keystone", "INCOMING_LENDER_REPRESENTATIVE"],
    ],
    references: { northgate: "NG-MA-100198", keystone: "KC-4380" },
    completionInDays: -90,
  },
  remortgageCancelled: {
    n: 13,
    title: "Remortgage cancelled (reason Other, with notes)",
    transactionType: "REMORTGAGE",
    status: "CANCELLED",
    stage: "preparing",
    address: { buildingNumber: "31", street: "Elm Grove", town: "Brighton", postcode: "BN2 3FA" },
    applicants: [
      { forenames: "Lucas", surname: "Fischer" },
      { forenames: "Mia", surname: "Fischer" },
    ],
    participants: [
      ["northgate", "INCOMING_LENDER"],
      ["harperVale", "INCOMING_LENDER_REPRESENTATIVE"],
    ],
    references: { northgate: "NG-MA-100340", harperVale: "HV/RM/2131" },
    completionInDays: null,
    remarks: { cancellationReason: "OTHER", cancellationNotesForOther: "Borrowers chose a product switch with their current lender" },
  },
  purchaseCancelled: {
    n: 14,
    title: "Purchase cancelled (law firm no longer acting)",
    transactionType: "PURCHASE",
    status: "CANCELLED",
    stage: "preparing",
    address: { buildingNumber: "2", street: "Ferry Lane", town: "Norwich", postcode: "NR1 1SU" },
    applicants: [{ forenames: "Ethan", surname: "Brooks" }],
    participants: [["keystone", "BUYER_REPRESENTATIVE"]],
    references: { keystone: "KC-4422" },
    completionInDays: null,
    remarks: { cancellationReason: "LAW_FIRM_NO_LONGER_ACTING", cancellationNotesForOther: null },
  },
  remortgageBorrowerMismatch: {
    n: 15,
    title: "Remortgage whose borrowers do not match the title",
    transactionType: "REMORTGAGE",
    status: "CREATED",
    stage: "ready",
    borrowersValidationStatus: "INVALID",
    address: { buildingNumber: "56", street: "Queens Road", town: "Sheffield", postcode: "S2 4DR" },
    applicants: [{ forenames: "Samuel", surname: "Wright" }],
    participants: [
      ["northgate", "INCOMING_LENDER"],
      ["harperVale", "INCOMING_LENDER_REPRESENTATIVE"],
    ],
    references: { northgate: "NG-MA-100352", harperVale: "HV/RM/2140" },
    completionInDays: 35,
    pendingTasks: ["review-title-information-mismatch"],
  },
  remortgageMustCancel: {
    n: 16,
    title: "Remortgage that must be cancelled (borrower count does not fit the title)",
    transactionType: "REMORTGAGE",
    status: "CREATED",
    stage: "preparing",
    borrowersValidationStatus: "COUNT_INVALID",
    address: { buildingNumber: "19", street: "Park Terrace", town: "Cardiff", postcode: "CF10 3DN" },
    applicants: [
      { forenames: "Owen", surname: "Davies" },
      { forenames: "Carys", surname: "Davies" },
    ],
    participants: [
      ["northgate", "INCOMING_LENDER"],
      ["keystone", "INCOMING_LENDER_REPRESENTATIVE"],
    ],
    references: { northgate: "NG-MA-100360", keystone: "KC-4431" },
    completionInDays: null,
  },
  remortgageTransferOfEquity: {
    n: 17,
    title: "Remortgage with a transfer of equity, bank account to verify",
    transactionType: "REMORTGAGE",
    status: "CREATED",
    stage: "preparing",
    transferOfEquity: true,
    address: { buildingNumber: "8", street: "Rose Hill", town: "Guildford", postcode: "GU1 3HQ" },
    applicants: [
      { forenames: "Ava", surname: "Thompson" },
      { forenames: "Noah", surname: "Thompson" },
    ],
    participants: [
      ["northgate", "INCOMING_LENDER"],
      ["harperVale", "INCOMING_LENDER_REPRESENTATIVE"],
    ],
    references: { northgate: "NG-MA-100371" },
    completionInDays: 42,
    pendingTasks: ["verify-bank-account-details"],
  },
  purchaseTwoSided: {
    n: 18,
    title: "Two-sided purchase in preparation",
    transactionType: "PURCHASE",
    status: "CREATED",
    stage: "preparing",
    address: { buildingNumber: "23", street: "Chapel Street", town: "Liverpool", postcode: "L3 9AG" },
    applicants: [
      { forenames: "Zara", surname: "Ali" },
      { forenames: "Imran", surname: "Ali" },
    ],
    participants: [
      ["harperVale", "BUYER_REPRESENTATIVE"],
      ["keystone", "SELLER_REPRESENTATIVE"],
      ["northgate", "INCOMING_LENDER"],
    ],
    references: { harperVale: "HV/PUR/3335", keystone: "KC-S-0092", northgate: "NG-MA-100380" },
    completionInDays: 56,
  },
  remortgageLodgementDelayed: {
    n: 19,
    title: "Remortgage with funds exchanged, applications submitted and being finalised (lodgement delay)",
    transactionType: "REMORTGAGE",
    status: "FUNDS_EXCHANGED",
    stage: "submitted",
    address: { buildingNumber: "17", street: "Canal Wharf", town: "Birmingham", postcode: "B1 2JP" },
    applicants: [
      { forenames: "Rosa", surname: "Lindqvist" },
      { forenames: "Erik", surname: "Lindqvist" },
    ],
    participants: [
      ["northgate", "INCOMING_LENDER"],
      ["keystone", "INCOMING_LENDER_REPRESENTATIVE"],
    ],
    references: { northgate: "NG-MA-100394", keystone: "KC-4446" },
    completionInDays: -3,
  },
} as const satisfies Record<string, DemoWorkspacePlan>;

export type DemoWorkspaceKey = keyof typeof DEMO_WORKSPACE_PLAN;

export function demoWorkspaceId(n: number): string {
  return `5c000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
}

/** The demo workspaces' ids and reference ids, for tests and documentation. */
export const DEMO_WORKSPACES = Object.fromEntries(
  (Object.entries(DEMO_WORKSPACE_PLAN) as [DemoWorkspaceKey, DemoWorkspacePlan][]).map(([key, plan]) => [
    key,
    {
      workspaceId: demoWorkspaceId(plan.n),
      workspaceReferenceId: formatWorkspaceReferenceId(plan.n),
      title: plan.title,
      status: plan.status,
      transactionType: plan.transactionType,
      participants: plan.participants.map(([subscriber, role]) => ({ subscriber, role })),
    },
  ]),
) as Record<
  DemoWorkspaceKey,
  {
    workspaceId: string;
    workspaceReferenceId: string;
    title: string;
    status: WorkspaceStatus;
    transactionType: TransactionType;
    participants: { subscriber: DemoSubscriberKey; role: ParticipantRole }[];
  }
>;

/** The demo workspaces a subscriber participates in (the helpdesk administrator sees them all). */
export function demoWorkspacesOf(subscriber: DemoSubscriberKey): DemoWorkspaceKey[] {
  return (Object.keys(DEMO_WORKSPACES) as DemoWorkspaceKey[]).filter((key) =>
    DEMO_WORKSPACES[key].participants.some((participant) => participant.subscriber === subscriber),
  );
}

const ALL_BEFORE: Record<Stage, WorkspaceTaskName[]> = {
  preparing: [],
  ready: [...PREPARATION_TASKS],
  approved: [...PREPARATION_TASKS, "approve-workspace"],
  fundsAuthorised: [...PREPARATION_TASKS, "approve-workspace", "authorise-mortgage-advance"],
  exchanged: [...PREPARATION_TASKS, "approve-workspace", "authorise-mortgage-advance"],
  submitted: [...PREPARATION_TASKS, "approve-workspace", "authorise-mortgage-advance", "submit-applications-to-hmlr"],
  lodged: [...PREPARATION_TASKS, "approve-workspace", "authorise-mortgage-advance", "submit-applications-to-hmlr", "upload-companies-house-evidence"],
  closed: [
    ...PREPARATION_TASKS,
    "approve-workspace",
    "authorise-mortgage-advance",
    "submit-applications-to-hmlr",
    "upload-companies-house-evidence",
    "add-onward-funds",
  ],
};

function tasksOf(plan: DemoWorkspacePlan, at: string): WorkspaceTask[] {
  const [, creatorRole] = plan.participants[0];
  let tasks = initialWorkspaceTasks(plan.transactionType, creatorRole);
  if (plan.stage !== "preparing" && plan.stage !== "ready") {
    tasks.push({ taskName: "authorise-mortgage-advance", status: "PENDING", assigneeRole: "INCOMING_LENDER", completedBy: null, completedAt: null });
  }
  if (plan.stage === "submitted" || plan.stage === "lodged" || plan.stage === "closed") {
    tasks.push({ taskName: "submit-applications-to-hmlr", status: "PENDING", assigneeRole: null, completedBy: null, completedAt: null });
  }
  const joined = plan.participants.slice(1).map(([, role]) => role);
  const joinedTasks: WorkspaceTaskName[] = [];
  if (joined.includes("INCOMING_LENDER")) joinedTasks.push("confirm-incoming-lender");
  if (joined.some((role) => role === "INCOMING_LENDER_REPRESENTATIVE" || role === "BUYER_REPRESENTATIVE")) joinedTasks.push("assign-law-firm");
  tasks = completeTasks(tasks, [...joinedTasks, ...ALL_BEFORE[plan.stage]], SYSTEM_ACTOR, at);
  for (const name of plan.pendingTasks ?? []) {
    const existing = tasks.find((task) => task.taskName === name);
    const pendingTask: WorkspaceTask = { taskName: name, status: "PENDING", assigneeRole: null, completedBy: null, completedAt: null };
    tasks = existing ? tasks.map((task) => (task.taskName === name ? { ...pendingTask, assigneeRole: task.assigneeRole } : task)) : [...tasks, pendingTask];
  }
  return orderTasks(tasks);
}

function isoDateInDays(days: number, from: Date): string {
  const date = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate() + days));
  return date.toISOString().slice(0, 10);
}

/** The demo user recorded as the creator of a subscriber's workspaces. */
const CREATOR_OF: Record<DemoSubscriberKey, DemoUserKey> = {
  northgate: "lender",
  harperVale: "manager",
  keystone: "keystoneCreator",
  ashdown: "creator",
};

export async function seedDemoWorkspaces(db: DB, now = new Date()): Promise<boolean> {
  const plans = Object.values(DEMO_WORKSPACE_PLAN) as DemoWorkspacePlan[];
  const existing = await db.selectFrom("workspaces").select("workspace_id").where("workspace_id", "=", demoWorkspaceId(1)).executeTakeFirst();
  if (existing) return false;

  await db.transaction().execute(async (trx) => {
    for (const plan of plans) {
      const workspaceId = demoWorkspaceId(plan.n);
      // Older workspaces first, a day apart, so "newest first" lists them in reverse order of n.
      const createdAt = new Date(now.getTime() - (plans.length + 30 - plan.n) * 86_400_000);
      const tasks = tasksOf(plan, createdAt.toISOString());
      const borrowersValidationStatus = plan.borrowersValidationStatus ?? (plan.stage === "preparing" ? "PENDING" : "VALID");
      const [owner] = plan.participants[0];
      await trx
        .insertInto("workspaces")
        .values({
          workspace_id: workspaceId,
          workspace_reference_id: formatWorkspaceReferenceId(plan.n),
          transaction_type: plan.transactionType,
          transfer_of_equity: plan.transferOfEquity ?? false,
          status: plan.status,
          security_address_id: demoWorkspaceId(100 + plan.n),
          address_building_name: plan.address.buildingName ?? null,
          address_building_number: plan.address.buildingNumber ?? null,
          address_flat: plan.address.flat ?? null,
          address_street: plan.address.street,
          address_town: plan.address.town,
          address_postcode: plan.address.postcode,
          completion_date: plan.completionInDays === null ? null : isoDateInDays(plan.completionInDays, now),
          borrowers_validation_status: borrowersValidationStatus,
          cancellation_reason: plan.remarks?.cancellationReason ?? null,
          cancellation_notes: plan.remarks?.cancellationNotesForOther ?? null,
          actioned_at: plan.remarks ? new Date(createdAt.getTime() + 3 * 86_400_000) : null,
          pending_labels: pendingLabelsOf({ status: plan.status, tasks, borrowersValidationStatus }),
          subscriber_id: DEMO_SUBSCRIBERS[owner].subscriberId,
          created_by: DEMO_USERS[CREATOR_OF[owner]].subscriberUserId,
          created_at: createdAt,
          updated_at: createdAt,
        })
        .execute();
      await trx
        .insertInto("workspace_parties")
        .values(
          plan.applicants.map((applicant, position) => ({
            party_id: randomUUID(),
            workspace_id: workspaceId,
            position,
            role: plan.transactionType === "REMORTGAGE" ? "BORROWER" : "BUYER",
            ...("organisationName" in applicant
              ? {
                  type: "ORGANISATION",
                  organisation_name: applicant.organisationName,
                  registration_number: applicant.registrationNumber,
                  organisation_type: "LIMITED_COMPANY",
                }
              : { type: "INDIVIDUAL", forenames: applicant.forenames, surname: applicant.surname }),
          })),
        )
        .execute();
      const participantIds = new Map<DemoSubscriberKey, string>();
      for (const [index, [subscriber, role]] of plan.participants.entries()) {
        const participantId = demoWorkspaceId(1000 + plan.n * 10 + index);
        participantIds.set(subscriber, participantId);
        await trx
          .insertInto("workspace_participants")
          .values({
            participant_id: participantId,
            workspace_id: workspaceId,
            subscriber_id: DEMO_SUBSCRIBERS[subscriber].subscriberId,
            role,
            is_approved: ["approved", "fundsAuthorised", "exchanged", "submitted", "lodged", "closed"].includes(plan.stage) && role !== "INCOMING_LENDER" && role !== "SELLER_REPRESENTATIVE",
            created_at: createdAt,
          })
          .execute();
      }
      const references = Object.entries(plan.references) as [DemoSubscriberKey, string][];
      if (references.length > 0) {
        await trx
          .insertInto("workspace_references")
          .values(
            references.map(([subscriber, referenceNumber]) => {
              const role = plan.participants.find(([key]) => key === subscriber)![1];
              return {
                reference_id: randomUUID(),
                workspace_id: workspaceId,
                reference_number: referenceNumber,
                representative_role: PARTICIPANT_REFERENCE_ROLE[role],
                representative_id: participantIds.get(subscriber)!,
                created_at: createdAt,
              };
            }),
          )
          .execute();
      }
      await trx.insertInto("workspace_tasks").values(tasks.map((task) => taskRow(workspaceId, task))).execute();
    }
    const highest = Math.max(...plans.map((plan) => plan.n));
    await trx
      .selectNoFrom((eb) => eb.fn("setval", [eb.val("workspace_reference_seq"), eb.val(highest)]).as("value"))
      .execute();
  });
  return true;
}
