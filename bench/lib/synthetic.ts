/**
 * Synthetic workspaces for the benchmark and the search consistency tests: deterministic (a seeded
 * generator), shaped like a real book of business — most workspaces closed, names and postcodes skewed
 * the way real ones are (a few surnames and districts are common), 1 to 4 applicants, sometimes a
 * company, a lender and a law firm on each, a seller's representative on half the purchases.
 */
import { randomUUID } from "node:crypto";
import type { BorrowerValidationStatus } from "../../core/parties/enums.js";
import type { ParticipantRole, TransactionType } from "../../core/workspaces/enums.js";
import {
  completeTasks,
  initialWorkspaceTasks,
  PARTICIPANT_REFERENCE_ROLE,
  PREPARATION_TASKS,
  SYSTEM_ACTOR,
  type WorkspaceTask,
  type WorkspaceTaskName,
} from "../../core/workspaces/lifecycle.js";
import { formatWorkspaceReferenceId } from "../../core/workspaces/search-keys.js";
import type { WorkspaceStatus } from "../../core/workspaces/status.js";
import { pendingLabelsOf } from "../../provider/workspaces/state.js";

/** Mulberry32: small, fast, deterministic. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const SURNAMES = [
  "Smith",
  "Jones",
  "Williams",
  "Taylor",
  "Brown",
  "Davies",
  "Evans",
  "Wilson",
  "Thomas",
  "Johnson",
  "Roberts",
  "Robinson",
  "Thompson",
  "Wright",
  "Walker",
  "White",
  "Edwards",
  "Hughes",
  "Green",
  "Hall",
  "Lewis",
  "Harris",
  "Clarke",
  "Patel",
  "Jackson",
  "Wood",
  "Turner",
  "Martin",
  "Cooper",
  "Hill",
  "Ward",
  "Morris",
  "Moore",
  "Clark",
  "Lee",
  "King",
  "Baker",
  "Harrison",
  "Morgan",
  "Allen",
  "James",
  "Scott",
  "Phillips",
  "Watson",
  "Davis",
  "Parker",
  "Price",
  "Bennett",
  "Young",
  "Griffiths",
  "Mitchell",
  "Kelly",
  "Cook",
  "Carter",
  "Richardson",
  "Bailey",
  "Collins",
  "Bell",
  "Shaw",
  "Murphy",
  "Miller",
  "Cox",
  "Richards",
  "Khan",
  "Marshall",
  "Anderson",
  "Simpson",
  "Ellis",
  "Adams",
  "Singh",
  "Begum",
  "Wilkinson",
  "Foster",
  "Chapman",
  "Powell",
  "Webb",
  "Rogers",
  "Gray",
  "Mason",
  "Ali",
  "Hunt",
  "Hussain",
  "Campbell",
  "Matthews",
  "Owen",
  "Palmer",
  "Holmes",
  "Mills",
  "Barnes",
  "Knight",
  "Lloyd",
  "Butler",
  "Russell",
  "Barker",
  "Fisher",
  "Stevens",
  "Jenkins",
  "Murray",
  "Dixon",
  "Harvey",
  "Graham",
  "Pearson",
  "Ahmed",
  "Fletcher",
  "Walsh",
  "Kaur",
  "Gibson",
  "Howard",
  "Andrews",
  "Stewart",
  "Elliott",
  "Reynolds",
  "Saunders",
  "Payne",
  "Fox",
  "Ford",
  "Pearce",
  "Day",
  "Brooks",
  "West",
  "Lawrence",
  "Cole",
  "Atkinson",
  "Bradley",
  "Spencer",
  "Gill",
  "Dawson",
  "Ball",
  "Burton",
  "O'Brien",
  "Watts",
  "Rose",
  "Booth",
  "Perry",
  "Ryan",
  "Grant",
  "Wells",
  "Armstrong",
  "Francis",
  "Rees",
  "Hayes",
  "Hart",
  "Hudson",
  "Newman",
  "Barrett",
  "Webster",
  "Hunter",
  "Gregory",
  "Carr",
  "Lowe",
  "Page",
  "Marsh",
  "Riley",
  "Dunn",
  "Woods",
  "Parsons",
  "Berry",
  "Stone",
  "Reid",
  "Holland",
  "Hawkins",
  "Harding",
  "Porter",
  "Robertson",
  "Newton",
  "Oliver",
  "Reed",
  "Kennedy",
  "Williamson",
  "Bird",
  "Gardner",
  "Shah",
  "Dean",
  "Lane",
  "Cooke",
  "Bates",
  "Henderson",
  "Parry",
  "Burgess",
  "Bishop",
  "Walton",
  "Burns",
  "Nicholson",
  "Shepherd",
  "Ross",
  "Cross",
  "Long",
  "Freeman",
  "Warren",
  "Nicholls",
  "Hamilton",
  "Byrne",
  "Sutton",
  "McDonald",
  "Yates",
  "Hodgson",
  "Robson",
  "Curtis",
  "Hopkins",
  "O'Connor",
  "Harper",
  "Coleman",
  "Watkins",
  "Moss",
  "McCarthy",
  "Chambers",
  "O'Neill",
  "Griffin",
  "Sharp",
  "Hardy",
  "Wheeler",
  "Potter",
  "Osborne",
  "Johnston",
  "Gordon",
  "Doyle",
  "Wallace",
  "George",
  "Jordan",
  "Hutchinson",
  "Rowe",
  "Burke",
  "May",
  "Pritchard",
  "Gilbert",
  "Willis",
  "Okafor",
  "Nowak",
  "Kowalski",
  "Fernandes",
  "Nguyen",
  "Chen",
  "Wang",
  "Mensah",
  "Adeyemi",
  "Silva",
  "Costa",
  "Rossi",
];
export const FORENAMES = [
  "Oliver",
  "George",
  "Harry",
  "Jack",
  "Jacob",
  "Noah",
  "Charlie",
  "Muhammad",
  "Thomas",
  "Oscar",
  "William",
  "James",
  "Henry",
  "Leo",
  "Alfie",
  "Joshua",
  "Freddie",
  "Archie",
  "Ethan",
  "Isaac",
  "Alexander",
  "Joseph",
  "Edward",
  "Samuel",
  "Max",
  "Daniel",
  "Arthur",
  "Lucas",
  "Mohammed",
  "Logan",
  "Theo",
  "Harrison",
  "Benjamin",
  "Mason",
  "Sebastian",
  "Finley",
  "Adam",
  "Dylan",
  "Zachary",
  "Riley",
  "David",
  "Michael",
  "Peter",
  "Paul",
  "Andrew",
  "Mark",
  "Richard",
  "Stephen",
  "Olivia",
  "Amelia",
  "Isla",
  "Ava",
  "Emily",
  "Isabella",
  "Mia",
  "Poppy",
  "Ella",
  "Lily",
  "Sophia",
  "Grace",
  "Evie",
  "Sophie",
  "Charlotte",
  "Ruby",
  "Freya",
  "Alice",
  "Daisy",
  "Chloe",
  "Jessica",
  "Florence",
  "Sienna",
  "Phoebe",
  "Matilda",
  "Lucy",
  "Emma",
  "Hannah",
  "Sarah",
  "Laura",
  "Rebecca",
  "Rachel",
  "Katherine",
  "Elizabeth",
  "Mary",
  "Susan",
  "Helen",
  "Karen",
  "Julie",
  "Claire",
  "Nicola",
  "Amy",
  "Zara",
  "Aisha",
  "Fatima",
  "Priya",
  "Anika",
  "Maya",
  "Nia",
  "Chloe",
];
const ORGANISATION_WORDS = [
  "Oak",
  "Willow",
  "Harbour",
  "Meadow",
  "Granite",
  "Silver",
  "Northern",
  "Castle",
  "Bridge",
  "River",
  "Summit",
  "Anchor",
  "Beacon",
  "Cedar",
  "Kestrel",
  "Falcon",
  "Ember",
  "Atlas",
  "Orchard",
  "Heather",
  "Pennine",
  "Thames",
  "Severn",
  "Mersey",
];
const ORGANISATION_KINDS = [
  "Homes Ltd",
  "Property Holdings Ltd",
  "Estates Ltd",
  "Investments Ltd",
  "Developments Ltd",
  "Lettings Ltd",
];
const POSTCODE_AREAS = [
  "B",
  "BS",
  "BN",
  "CB",
  "CF",
  "CM",
  "CV",
  "DE",
  "E",
  "EC",
  "EX",
  "GL",
  "GU",
  "HG",
  "HP",
  "L",
  "LE",
  "LS",
  "M",
  "MK",
  "N",
  "NE",
  "NG",
  "NR",
  "NW",
  "OX",
  "PL",
  "PO",
  "RG",
  "S",
  "SE",
  "SK",
  "SO",
  "SW",
  "TN",
  "W",
  "WA",
  "WC",
  "WD",
  "YO",
];
const INWARD_LETTERS = "ABDEFGHJLNPQRSTUWXYZ";
const STREETS = [
  "High Street",
  "Station Road",
  "Church Lane",
  "Main Street",
  "Park Road",
  "Victoria Road",
  "Green Lane",
  "Manor Road",
  "Mill Lane",
  "The Avenue",
  "Kings Road",
  "Queens Road",
  "New Road",
  "School Lane",
  "London Road",
];
const TOWNS = [
  "Leeds",
  "Bristol",
  "Manchester",
  "York",
  "Bath",
  "Oxford",
  "Reading",
  "Norwich",
  "Exeter",
  "Derby",
  "Leicester",
  "Nottingham",
  "Sheffield",
  "Liverpool",
  "Brighton",
  "Cambridge",
];

const STATUS_WEIGHTS: [WorkspaceStatus, number][] = [
  ["CREATED", 14],
  ["PREPARED", 8],
  ["FUNDS_AUTHORISED", 6],
  ["FUNDS_EXCHANGED", 6],
  ["LODGED", 8],
  ["REQUISITIONED", 3],
  ["CLOSED", 45],
  ["CANCELLED", 10],
];

export interface SyntheticParty {
  partyId: string;
  position: number;
  role: "BORROWER" | "BUYER";
  type: "INDIVIDUAL" | "ORGANISATION";
  forenames: string | null;
  surname: string | null;
  organisationName: string | null;
  registrationNumber: string | null;
}

export interface SyntheticWorkspace {
  workspaceId: string;
  sequence: number;
  workspaceReferenceId: string;
  transactionType: TransactionType;
  status: WorkspaceStatus;
  securityAddressId: string;
  address: {
    buildingName: string | null;
    buildingNumber: string | null;
    flat: string | null;
    street: string;
    town: string;
    postcode: string;
  };
  completionDate: string | null;
  createdAt: string;
  borrowersValidationStatus: BorrowerValidationStatus;
  pendingLabels: number;
  ownerSubscriberId: string;
  parties: SyntheticParty[];
  participants: { participantId: string; subscriberId: string; role: ParticipantRole }[];
  references: {
    referenceId: string;
    referenceNumber: string;
    representativeRole: string;
    representativeId: string;
  }[];
  tasks: WorkspaceTask[];
}

/** Who takes part: each list is a weighted choice ([subscriberId, weight]). */
export interface SyntheticParticipants {
  lenders: [string, number][];
  firms: [string, number][];
}

function weighted<T>(random: () => number, choices: readonly [T, number][]): T {
  const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
  let point = random() * total;
  for (const [choice, weight] of choices) {
    point -= weight;
    if (point < 0) return choice;
  }
  return choices[choices.length - 1][0];
}

/** Zipf-like: index i with weight 1 / (i + 20), so the commonest of 240 surnames is about 2%, as Smith is. */
function skewed<T>(random: () => number, items: readonly T[]): T {
  const offset = 20;
  const span = Math.log(items.length + offset) - Math.log(offset);
  const index = Math.floor(Math.exp(random() * span + Math.log(offset)) - offset);
  return items[Math.min(items.length - 1, Math.max(0, index))];
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)];
}

function postcode(random: () => number): string {
  const area = skewed(random, POSTCODE_AREAS);
  const district = 1 + Math.floor(random() * random() * 30);
  const letter = () => INWARD_LETTERS[Math.floor(random() * INWARD_LETTERS.length)];
  return `${area}${district} ${Math.floor(random() * 10)}${letter()}${letter()}`;
}

const STAGE_DONE: Record<WorkspaceStatus, WorkspaceTaskName[]> = {
  CREATED: [],
  READY: [],
  PREPARED: [...PREPARATION_TASKS, "approve-workspace"],
  APPROVED: [...PREPARATION_TASKS, "approve-workspace"],
  FUNDS_AUTHORISED: [...PREPARATION_TASKS, "approve-workspace", "authorise-mortgage-advance"],
  FUNDS_EXCHANGED: [...PREPARATION_TASKS, "approve-workspace", "authorise-mortgage-advance"],
  INITIATED: [...PREPARATION_TASKS, "approve-workspace", "authorise-mortgage-advance"],
  LODGED: [
    ...PREPARATION_TASKS,
    "approve-workspace",
    "authorise-mortgage-advance",
    "submit-applications-to-hmlr",
  ],
  REGISTERED: [
    ...PREPARATION_TASKS,
    "approve-workspace",
    "authorise-mortgage-advance",
    "submit-applications-to-hmlr",
  ],
  REQUISITIONED: [
    ...PREPARATION_TASKS,
    "approve-workspace",
    "authorise-mortgage-advance",
    "submit-applications-to-hmlr",
  ],
  REQUISITION_SUBMITTED: [
    ...PREPARATION_TASKS,
    "approve-workspace",
    "authorise-mortgage-advance",
    "submit-applications-to-hmlr",
  ],
  CLOSED: [
    ...PREPARATION_TASKS,
    "approve-workspace",
    "authorise-mortgage-advance",
    "submit-applications-to-hmlr",
    "add-onward-funds",
  ],
  CANCELLED: [],
};

const pendingTask = (
  taskName: WorkspaceTaskName,
  assigneeRole: ParticipantRole | null = null,
): WorkspaceTask => ({
  taskName,
  status: "PENDING",
  assigneeRole,
  completedBy: null,
  completedAt: null,
});

function tasksFor(
  random: () => number,
  status: WorkspaceStatus,
  transactionType: TransactionType,
  creator: ParticipantRole,
  at: string,
): WorkspaceTask[] {
  let tasks = initialWorkspaceTasks(transactionType, creator);
  const extra: WorkspaceTask[] = [];
  if (!["CREATED", "READY", "CANCELLED"].includes(status))
    extra.push(pendingTask("authorise-mortgage-advance", "INCOMING_LENDER"));
  if (["LODGED", "REGISTERED", "REQUISITIONED", "REQUISITION_SUBMITTED", "CLOSED"].includes(status))
    extra.push(pendingTask("submit-applications-to-hmlr"));
  tasks = [...tasks, ...extra];
  let done = STAGE_DONE[status];
  // Before approval: a third still preparing, the rest ready.
  if ((status === "CREATED" || status === "CANCELLED") && random() < 0.66) done = [...PREPARATION_TASKS];
  tasks = completeTasks(tasks, done, SYSTEM_ACTOR, at);
  const roll = random();
  if (status === "CREATED" && roll < 0.1) tasks.push(pendingTask("review-title-information-mismatch"));
  else if (status === "CREATED" && roll < 0.2) tasks.push(pendingTask("approve-financials"));
  else if (status === "CREATED" && roll < 0.3)
    tasks.push(pendingTask("approve-hmlr-applications-for-settlement"));
  else if (status === "CREATED" && roll < 0.35) tasks.push(pendingTask("verify-bank-account-details"));
  if (status === "FUNDS_EXCHANGED" && roll < 0.5) {
    tasks = tasks.filter((task) => task.taskName !== "submit-applications-to-hmlr");
    tasks.push(pendingTask(roll < 0.2 ? "upload-companies-house-evidence" : "submit-applications-to-hmlr"));
  }
  if (status === "REQUISITIONED") tasks.push(pendingTask("respond-to-requisition"));
  return tasks;
}

/** `count` workspaces numbered from `firstSequence`, the same every time for the same seed. */
export function syntheticWorkspaces(options: {
  seed: number;
  firstSequence: number;
  count: number;
  participants: SyntheticParticipants;
  /** The latest creation time; workspaces spread over the three years before it. */
  now?: Date;
}): SyntheticWorkspace[] {
  const random = seededRandom(options.seed);
  const now = (options.now ?? new Date("2026-06-01T12:00:00Z")).getTime();
  const span = 3 * 365 * 86_400_000;
  const workspaces: SyntheticWorkspace[] = [];
  for (let i = 0; i < options.count; i++) {
    const sequence = options.firstSequence + i;
    const transactionType: TransactionType = random() < 0.55 ? "REMORTGAGE" : "PURCHASE";
    const status = weighted(random, STATUS_WEIGHTS);
    const createdAt = new Date(now - span + (span * (i + random())) / options.count);
    const applicantRole = transactionType === "REMORTGAGE" ? "BORROWER" : "BUYER";
    const organisation = random() < 0.06;
    const applicantCount = organisation
      ? 1
      : weighted(random, [
          [1, 45],
          [2, 45],
          [3, 7],
          [4, 3],
        ] as [number, number][]);
    const familySurname = skewed(random, SURNAMES);
    const parties: SyntheticParty[] = [];
    for (let position = 0; position < applicantCount; position++) {
      if (organisation) {
        parties.push({
          partyId: randomUUID(),
          position,
          role: applicantRole,
          type: "ORGANISATION",
          forenames: null,
          surname: null,
          organisationName: `${pick(random, ORGANISATION_WORDS)} ${pick(random, ORGANISATION_WORDS)} ${pick(random, ORGANISATION_KINDS)}`,
          registrationNumber: String(10_000_000 + Math.floor(random() * 89_999_999)).slice(0, 8),
        });
      } else {
        const forenames =
          random() < 0.2
            ? `${skewed(random, FORENAMES)} ${pick(random, FORENAMES)}`
            : skewed(random, FORENAMES);
        parties.push({
          partyId: randomUUID(),
          position,
          role: applicantRole,
          type: "INDIVIDUAL",
          forenames,
          surname: random() < 0.8 ? familySurname : skewed(random, SURNAMES),
          organisationName: null,
          registrationNumber: null,
        });
      }
    }
    const lender = weighted(random, options.participants.lenders);
    const firm = weighted(random, options.participants.firms);
    const lenderCreates = transactionType === "REMORTGAGE";
    const firmRole: ParticipantRole =
      transactionType === "REMORTGAGE" ? "INCOMING_LENDER_REPRESENTATIVE" : "BUYER_REPRESENTATIVE";
    const participants: SyntheticWorkspace["participants"] = [];
    const lenderParticipant = {
      participantId: randomUUID(),
      subscriberId: lender,
      role: "INCOMING_LENDER" as ParticipantRole,
    };
    const firmParticipant = { participantId: randomUUID(), subscriberId: firm, role: firmRole };
    participants.push(
      ...(lenderCreates ? [lenderParticipant, firmParticipant] : [firmParticipant, lenderParticipant]),
    );
    if (transactionType === "PURCHASE" && random() < 0.5) {
      const seller = weighted(random, options.participants.firms);
      if (seller !== firm)
        participants.push({
          participantId: randomUUID(),
          subscriberId: seller,
          role: "SELLER_REPRESENTATIVE",
        });
    }
    const references = participants
      .filter(() => random() < 0.95)
      .map((participant) => ({
        referenceId: randomUUID(),
        referenceNumber:
          participant.role === "INCOMING_LENDER"
            ? `MA-${String(sequence).padStart(8, "0")}`
            : `${participant.role === "SELLER_REPRESENTATIVE" ? "S" : "C"}/${String(Math.floor(random() * 1_000_000)).padStart(6, "0")}`,
        representativeRole: PARTICIPANT_REFERENCE_ROLE[participant.role],
        representativeId: participant.participantId,
      }));
    const preApproval = status === "CREATED" || status === "CANCELLED";
    const completionDate =
      preApproval && random() < 0.5
        ? null
        : new Date(createdAt.getTime() + (20 + Math.floor(random() * 100)) * 86_400_000)
            .toISOString()
            .slice(0, 10);
    const createdIso = createdAt.toISOString();
    const tasks = tasksFor(random, status, transactionType, participants[0].role, createdIso);
    const borrowersValidationStatus: BorrowerValidationStatus = preApproval
      ? random() < 0.05
        ? "INVALID"
        : "PENDING"
      : "VALID";
    workspaces.push({
      workspaceId: randomUUID(),
      sequence,
      workspaceReferenceId: formatWorkspaceReferenceId(sequence),
      transactionType,
      status,
      securityAddressId: randomUUID(),
      address: {
        buildingName: random() < 0.15 ? `${pick(random, ORGANISATION_WORDS)} House` : null,
        buildingNumber: String(1 + Math.floor(random() * 250)),
        flat: random() < 0.1 ? String(1 + Math.floor(random() * 20)) : null,
        street: pick(random, STREETS),
        town: pick(random, TOWNS),
        postcode: postcode(random),
      },
      completionDate,
      createdAt: createdIso,
      borrowersValidationStatus,
      pendingLabels: pendingLabelsOf({ status, tasks, borrowersValidationStatus }),
      ownerSubscriberId: participants[0].subscriberId,
      parties,
      participants,
      references,
      tasks,
    });
  }
  return workspaces;
}
