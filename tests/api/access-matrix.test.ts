/**
 * The access matrix: every operation of the provider's OpenAPI document, called as every kind of caller,
 * against one resource of subscriber A (Harper & Vale LLP), with callers from subscriber B (Ashdown Legal).
 *
 * - No token, a forged token (signed by a stranger, or not signed), an expired one, a suspended or blocked
 *   user's, a revoked script client's: 401, whatever the operation.
 * - Another subscriber's user (holding every role there), a user of both subscribers with a token for B, a
 *   user of A without the permission the operation needs: 403 or 404 for what is A's; 200 for what is
 *   their own, with nothing of A's in it.
 * - The helpdesk administrator: allowed everywhere but the web app's session store.
 * - A user of A holding every role: allowed what is A's (the control that proves the request was one the
 *   provider accepts, so a refusal above is about the caller, not the request).
 * A refused write leaves the product's data as it was (every table's fingerprint) and reads back the same;
 * the one allowed write of each operation changes something (so the refused ones had something to change).
 *
 * The operations come from the document: a new one fails here until ACCESS describes it (or PUBLIC lists it
 * with the reason it needs no caller).
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Permission } from "../../core/shared/permissions/roles.js";
import { ifMatch } from "../../core/shared/versions.js";
import { FLAG_NAMES } from "../../core/shared/feature-flags.js";
import { DEMO_WORKSPACES } from "../../provider/workspaces/seed.js";
import { putTitle } from "../../provider/title/seed.js";
import { DEMO_FINANCIAL_ACCOUNTS } from "../../provider/financials/accounts-seed.js";
import { PDFDocument } from "pdf-lib";
import { Readable } from "node:stream";
import { fileStorageFromEnvironment } from "../../provider/documents/storage.js";
import {
  changedTables,
  describeAnswer,
  documentOperations,
  footprint,
  hostileTokens,
  personWith,
  rolesWithout,
  SUBSCRIBER_ROLES,
  type DocumentOperation,
} from "./generated-support.js";
import { DEMO_SUBSCRIBERS, DEMO_USERS, startTestProvider, type TestProvider } from "./support.js";

const A = DEMO_SUBSCRIBERS.harperVale.subscriberId;

/**
 * Calls that need no caller at all, with the reason. The document lists /health; the others are outside it
 * (the identity provider's own discovery and keys, the document itself) and are checked here all the same.
 */
const PUBLIC: Record<string, string> = {
  "GET /health": "a load balancer's liveness probe: says only that the process and its database answer",
  "GET /api/docs/openapi.json": "the API's published contract: shapes and paths, no data",
  "GET /oidc/.well-known/openid-configuration":
    "OpenID Connect discovery, which clients read before they have a token",
  "GET /oidc/jwks": "the public halves of the signing keys, which anyone verifying a token needs",
  "GET /api/lodgement/v1/file-downloads/{token}":
    "a signed download link (60 seconds, HMAC over the file and its expiry) that the browser opens in a new window: the link is the authority (decision 0701)",
};

/** Public calls with path parameters: the URL a caller would really have (a signed link of A's matrix file). */
const PUBLIC_URLS: Record<string, () => Promise<string>> = {
  "GET /api/lodgement/v1/file-downloads/{token}": async () => {
    await matrixFile(MATRIX_FILE);
    const link = await provider.call(tokens.owner, {
      method: "GET",
      url: `/api/lodgement/v1/lodgement-cases/${await caseOf("remortgagePreparing")()}/files/${MATRIX_FILE}/content`,
    });
    expect(link.statusCode, link.body).toBe(200);
    return link.json().downloadUrl as string;
  },
};

/** Who is calling. */
type CallerKind =
  | "none"
  | "forged"
  | "unsigned"
  | "expired"
  | "otherSubscriber"
  | "otherSelected"
  | "noPermission"
  | "suspendedHere"
  | "suspendedAccount"
  | "blocked"
  | "revokedClient"
  | "helpdesk"
  | "owner";

const CALLER_KINDS: Record<CallerKind, string> = {
  none: "no token",
  forged: "a token signed by a stranger",
  unsigned: "an unsigned token (alg none)",
  expired: "an expired token",
  otherSubscriber: "a user of subscriber B holding every role there",
  otherSelected: "a user of A and B with a token for B",
  noPermission: "a user of A holding every role but those granting the permission",
  suspendedHere: "a user of A suspended there by its User Manager",
  suspendedAccount: "a user of A whose account is suspended",
  blocked: "a user of A blocked after too many wrong passwords",
  revokedClient: "a script of A whose client has been revoked",
  helpdesk: "the helpdesk administrator",
  owner: "a user of A holding every role",
};

type Outcome = "unauthenticated" | "refused" | "allowed";

/**
 * Whose the operation is:
 * - subscriber: a resource of A (named in the path, query or body);
 * - caller: the caller's own (themselves, their subscriber's list, a new workspace of theirs);
 * - helpdesk: the helpdesk administrator's alone;
 * - webClient: the web app's server's alone (its client secret; every bearer token is refused).
 */
type Reach = "subscriber" | "caller" | "helpdesk" | "webClient";

interface World {
  targetUser: string;
  sessionId: string;
  registrationId: string;
  jobId: string;
  flagName: string;
  flagEnabled: boolean;
  ssoConnectionId: string;
  runId: string;
}

interface Access {
  reach: Reach;
  /** The functional permissions the operation needs (a user holding none of them is refused). */
  permissions?: Permission[];
  /** Path parameters other than those of PATH_VALUES. */
  params?: Record<string, (w: World) => string | Promise<string>>;
  query?: (w: World) => Record<string, string>;
  body?: (w: World) => unknown;
  /** A body that is not JSON (a multipart upload): its bytes and content type. */
  rawBody?: (w: World) => Promise<{ payload: Buffer; contentType: string }>;
  /** The version the write is made against (If-Match): the current one, so only the caller is wrong. */
  version?: (w: World) => Promise<number>;
  /** A read of what the write would change, compared before and after each refused write. */
  read?: { url: (w: World) => string; pick?: (body: never) => unknown };
  /** Run before the operation's calls: puts the world in the state the allowed call needs. */
  prepare?: (w: World) => Promise<void>;
  /** The allowed caller's answers, when not 2xx (with the reason in a comment). */
  allowedAnswers?: number[];
  /** Outcomes that differ from the reach's rule, each with its reason. */
  except?: Partial<Record<CallerKind, { outcome: Outcome; because: string }>>;
  /** A POST that changes nothing (a search): called like a read. */
  safe?: true;
  /** Who makes the allowed write, when not the reach's usual one (with the reason in a comment). */
  writer?: CallerKind;
}

let provider: TestProvider;
let world: World;
let operations: DocumentOperation[];
const tokens: Partial<Record<CallerKind, string>> = {};
const withoutPermission = new Map<string, Promise<string>>();
let webClientBasic: string;
let helpdeskToken: string;

const version =
  (
    table:
      | "subscribers"
      | "subscriber_users"
      | "notification_registrations"
      | "lodgement_identifiers"
      | "workspaces",
    column: string,
    id: string,
  ) =>
  async () => {
    const row = await provider.db
      .selectFrom(table)
      .select("version")
      .where(column as never, "=", id as never)
      .executeTakeFirstOrThrow();
    return (row as { version: number }).version;
  };
const workspaceVersion = (workspaceId: string) => version("workspaces", "workspace_id", workspaceId);
const AUDIT_OF_A = {
  url: () => `/api/subscriber/v1/audit-events?subscriberId=${A}&limit=100`,
  pick: (body: { page: unknown }) => body.page,
};

/** Path parameters by name, or by the segment before them and their name when the name alone is ambiguous. */
const PATH_VALUES: Record<string, (w: World) => string> = {
  workspaceId: () => DEMO_WORKSPACES.remortgagePreparing.workspaceId,
  subscriberId: () => A,
  registrationId: (w) => w.registrationId,
  sessionId: (w) => w.sessionId,
  name: (w) => w.flagName,
  type: () => "USER_IP_WHITELIST",
  "subscribers/{id}": () => A,
  "subscriber-users/{id}": (w) => w.targetUser,
  "jobs/{id}": (w) => w.jobId,
};

async function newSession(): Promise<string> {
  const response = await provider.call(undefined, {
    method: "POST",
    url: "/api/v1/app-sessions",
    headers: { authorization: webClientBasic },
    payload: {
      subscriberUserId: DEMO_USERS.manager.subscriberUserId,
      subscriberId: A,
      data: { note: "matrix" },
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().sessionId as string;
}

const sessionWrite = {
  subscriberUserId: DEMO_USERS.manager.subscriberUserId,
  subscriberId: A,
  data: { note: "changed by the matrix" },
};
const freshSession = async (w: World) => {
  w.sessionId = await newSession();
};
const readSession = {
  url: (w: World) => `/api/v1/app-sessions/${w.sessionId}`,
  pick: (body: { data?: unknown }) => body.data ?? body,
};

/** Locks the target user's login as ten failed passwords would, so that the allowed unblock has a lock to lift. */
async function lockLoginOfTarget(w: World): Promise<void> {
  const { email } = await provider.db
    .selectFrom("subscriber_users")
    .select("email")
    .where("subscriber_user_id", "=", w.targetUser)
    .executeTakeFirstOrThrow();
  const lock = {
    subject: `account:${email.toLowerCase()}`,
    failures: 10,
    window_started_at: new Date(),
    locked_until: new Date(Date.now() + 15 * 60_000),
  };
  await provider.db
    .insertInto("login_throttles")
    .values(lock)
    .onConflict((conflict) =>
      conflict.column("subject").doUpdateSet({ failures: 10, locked_until: lock.locked_until }),
    )
    .execute();
}

/** A message in the mail sandbox, sent to a user of A. */
async function sandboxMail(): Promise<string> {
  const mailId = randomUUID();
  await provider.db
    .insertInto("sandbox_mail")
    .values({
      mail_id: mailId,
      to_address: "matrix@harper-vale.example",
      subject: "Matrix",
      text: "A message of the matrix",
      kind: "INVITATION",
      sent_at: new Date(),
    })
    .execute();
  return mailId;
}

async function registrationOfA(): Promise<string | undefined> {
  const row = await provider.db
    .selectFrom("notification_registrations")
    .select("registration_id")
    .where("subscriber_id", "=", A)
    .executeTakeFirst();
  return row?.registration_id;
}

const registration = (email: string) => ({
  notificationType: "EMAIL",
  attributes: { email },
  eventTypes: ["LODGEMENT_CASE_REQUISITIONED"],
});

/** Every operation of the document that needs a caller, described. */
/** A's workspace of the parties calls, and the parties they name (added by matrixParty). */
const MATRIX_WORKSPACE = () => DEMO_WORKSPACES.remortgagePreparing.workspaceId;
const MATRIX_PARTY = "5d000000-0000-4000-8000-0000000000a1";
const MATRIX_DELETABLE_PARTY = "5d000000-0000-4000-8000-0000000000a2";
const MATRIX_LINE_ITEM = "5d000000-0000-4000-8000-0000000000b1";
const MATRIX_DELETABLE_LINE_ITEM = "5d000000-0000-4000-8000-0000000000b2";
const MATRIX_BUYER_FUNDS = "5d000000-0000-4000-8000-0000000000b3";
/** A read of A's matrix schedule. */
const readScheduleOfA = {
  url: () => `/api/settlement/v1/financial-settlement-schedules?workspace_id=${MATRIX_WORKSPACE()}`,
};

/** The lodgement calls' resources of A (see "The lodgement calls' world" below). */
const MATRIX_HELD_DOCUMENT = "5d000000-0000-4000-8000-0000000000e1";
const MATRIX_REPLY_DOCUMENT = "5d000000-0000-4000-8000-0000000000e2";
let matrixFileId = "";
let lodgementCaseIdOfA = "";
const readDocumentsOfA = {
  url: () => `/api/lodgement/v1/lodgement-cases?workspace_id=${MATRIX_WORKSPACE()}`,
  pick: (body: { records: { version: number }[] }) => body.records.map((record) => record.version),
};

// ---------------------------------------------------------------------------------------------------
// The stamp duty calls' world: A's purchase WS-3 with its buyers dual-represented, the SDLT flag on, and the
// return in the state each operation's allowed call needs (written directly: the return's own tests cover how
// it gets there).

const SDLT_WORKSPACE = () => DEMO_WORKSPACES.purchaseReady.workspaceId;
const SDLT_TAX_ID = "5d000000-0000-4000-8000-0000000000f1";
const SDLT_TAX_APPLICATION_ID = "5d000000-0000-4000-8000-0000000000f2";
const SDLT_APPLICATION =
  "/api/lodgement/v1/lodgement-cases/{id}/taxes/{taxId}/tax-applications/{taxApplicationId}";
const SDLT_PARAMS = {
  id: caseOf("purchaseReady"),
  taxId: () => SDLT_TAX_ID,
  taxApplicationId: () => SDLT_TAX_APPLICATION_ID,
};
const readStampDutyOfA = {
  url: () => `/api/lodgement/v1/lodgement-cases/stamp-duty-details?workspace_id=${SDLT_WORKSPACE()}`,
};
/** Saved sections as the provider stores them (only their presence matters to consent and reopen). */
const SDLT_COMPLETE_SECTIONS: Record<string, unknown> = {
  "transaction-details": {
    propertyType: "RESIDENTIAL",
    effectiveDateOfTransaction: "2099-01-01",
    transactionDescription: "F",
    interestTransferred: "FT",
    restrictionsAffecting: false,
    landExchanged: false,
    pursuantToOption: false,
  },
  "property-details": {
    noOfProperties: 1,
    propertyAddress: null,
    titleNumber: "AV123456",
    laNumber: "0116",
    planAttached: false,
    landDetails: { landAreaUnit: "HECTARES" },
  },
  "tax-calculation": {
    isClaimingRelief: false,
    totalConsideration: 29_500_000,
    formCode: ["CASH"],
    isLinkedTransaction: false,
    taxPayable: 475_000,
    amountPaid: 475_000,
    isAmountPaidIncludePenalties: false,
  },
  "purchaser-details": {
    primaryPurchaser: {
      title: "Ms",
      address: { postcode: "BS1 4RS", buildingNumber: "2" },
      identification: { type: "NON_UK_TAX_REFERENCE_NUMBER" },
      actingAsTrustee: false,
      connectedToVendor: false,
      certificateAddress: "PROPERTY",
      authorisedAgent: false,
    },
    stampDuty2Purchasers: [],
  },
  "purchaser-agent-details": { agentName: "Harper & Vale LLP" },
};

/** Turns the SDLT flag on (the matrix may have toggled flags) and gives WS-3 dual-represented buyers, a title and a completion date ahead. */
async function sdltWorldOfA(): Promise<string> {
  await provider.db
    .insertInto("feature_flags")
    .values({ environment: provider.config.environment, name: "sdltEnabled", enabled: true })
    .onConflict((conflict) => conflict.columns(["environment", "name"]).doUpdateSet({ enabled: true }))
    .execute();
  await provider.db
    .updateTable("workspace_parties")
    .set({ representation_type: "DUAL_REPRESENTATION" })
    .where("workspace_id", "=", SDLT_WORKSPACE())
    .where("role", "=", "BUYER")
    .execute();
  await provider.db
    .updateTable("workspaces")
    .set({ completion_date: "2099-01-01" })
    .where("workspace_id", "=", SDLT_WORKSPACE())
    .execute();
  const lodgementCaseId = await caseOf("purchaseReady")();
  await provider.db
    .updateTable("lodgement_cases")
    .set({ last_title_number: "AV123456" })
    .where("lodgement_case_id", "=", lodgementCaseId)
    .execute();
  return lodgementCaseId;
}

/** A's return: none (null), or through the product with the status and saved sections given. */
async function sdltReturnOfA(
  status: "CREATED" | "PREPARED" | null,
  sections: Record<string, unknown> = {},
): Promise<void> {
  const lodgementCaseId = await sdltWorldOfA();
  await provider.db
    .deleteFrom("stamp_duty_returns")
    .where("lodgement_case_id", "=", lodgementCaseId)
    .execute();
  if (!status) return;
  // The purchasers name the workspace's buyer parties (else the section reads as pending again).
  const buyer = await provider.db
    .selectFrom("workspace_parties")
    .select("party_id")
    .where("workspace_id", "=", SDLT_WORKSPACE())
    .where("role", "=", "BUYER")
    .orderBy("position")
    .executeTakeFirstOrThrow();
  const purchasers = sections["purchaser-details"] as
    { primaryPurchaser: Record<string, unknown> } | undefined;
  if (purchasers)
    sections = {
      ...sections,
      "purchaser-details": {
        ...purchasers,
        primaryPurchaser: { ...purchasers.primaryPurchaser, id: buyer.party_id },
      },
    };
  await provider.db
    .insertInto("stamp_duty_returns")
    .values({
      lodgement_case_id: lodgementCaseId,
      workspace_id: SDLT_WORKSPACE(),
      tax_eligibility_status: "SUBMISSION_THROUGH_PEXA",
      revenue_authority: "HM_REVENUE_AND_CUSTOMS",
      decided_at: new Date(),
      tax_id: SDLT_TAX_ID,
      tax_application_id: SDLT_TAX_APPLICATION_ID,
      tax_application_status: status,
      sections: JSON.stringify(sections),
      version: 3,
    })
    .execute();
}

async function sdltVersion(): Promise<number> {
  const row = await provider.db
    .selectFrom("stamp_duty_returns")
    .select("version")
    .where("workspace_id", "=", SDLT_WORKSPACE())
    .executeTakeFirst();
  return row?.version ?? 1;
}

/** A section save: the return CREATED with the transaction details saved (the tax calculation reads them). */
function sdltSectionAccess(path: string, body: Record<string, unknown>): Record<string, Access> {
  return {
    [`PUT ${SDLT_APPLICATION}/${path}`]: {
      reach: "subscriber",
      permissions: [Permission.ADD_STAMP_DUTY_DETAILS],
      prepare: () =>
        sdltReturnOfA("CREATED", { "transaction-details": SDLT_COMPLETE_SECTIONS["transaction-details"] }),
      params: SDLT_PARAMS,
      body: () => body,
      version: sdltVersion,
      read: readStampDutyOfA,
    },
  };
}

const ACCESS: Record<string, Access> = {
  // The web app's session store: the web client's secret, never a person's token (decision 0017).
  "POST /api/v1/app-sessions": { reach: "webClient", body: () => sessionWrite },
  "GET /api/v1/app-sessions/{sessionId}": { reach: "webClient", prepare: freshSession },
  "PUT /api/v1/app-sessions/{sessionId}": {
    reach: "webClient",
    prepare: freshSession,
    body: () => sessionWrite,
    read: readSession,
  },
  "DELETE /api/v1/app-sessions/{sessionId}": { reach: "webClient", prepare: freshSession, read: readSession },
  "POST /api/v1/app-sessions/{sessionId}/refresh-lease": {
    reach: "webClient",
    prepare: freshSession,
    read: readSession,
  },
  "PUT /api/v1/app-sessions/{sessionId}/times": {
    reach: "webClient",
    prepare: freshSession,
    body: () => ({ lastSeenAt: new Date(Date.now() - 60_000).toISOString() }),
    read: readSession,
  },

  "GET /api/v1/me": { reach: "caller" },
  "GET /api/v1/me/standing": { reach: "caller" },
  // The mail sandbox's mailbox (outside production only): a tester reads what the product would have sent,
  // whoever it went to, so any signed-in caller reads every message (decision 0302).
  "GET /api/v1/mail": { reach: "caller" },
  "GET /api/v1/mail/{id}": { reach: "caller", params: { id: sandboxMail } },
  "GET /api/v1/feature-flags": { reach: "caller" },
  // Public facts about the calendar: any signed-in caller.
  "GET /api/settlement/v1/bank-holidays": { reach: "caller" },
  "PUT /api/v1/feature-flags/{name}": {
    reach: "helpdesk",
    body: (w) => ({ enabled: !w.flagEnabled }),
    read: { url: () => "/api/v1/feature-flags", pick: (body: { flags: unknown }) => body.flags },
  },
  "GET /api/v1/jobs": { reach: "helpdesk" },
  "POST /api/v1/jobs/{id}/retry": {
    reach: "helpdesk",
    // The queue's job is waiting or done, not failed: 409 says the helpdesk reached it and it was not retried.
    allowedAnswers: [200, 409],
    read: {
      url: () => "/api/v1/jobs?limit=100",
      pick: (body: { records: { id: string; state: string; retryCount?: number }[] }) =>
        body.records.map(({ id, state, retryCount }) => [id, state, retryCount]),
    },
  },
  "GET /api/v1/clock": { reach: "caller" },
  "PUT /api/v1/clock": {
    reach: "helpdesk",
    body: () => ({ now: new Date(Date.now() + 3_600_000).toISOString() }),
    read: {
      url: () => "/api/v1/clock",
      pick: (body: { offsetMs: number }) => Math.round(body.offsetMs / 60_000),
    },
  },
  "DELETE /api/v1/clock": {
    reach: "helpdesk",
    read: {
      url: () => "/api/v1/clock",
      pick: (body: { offsetMs: number }) => Math.round(body.offsetMs / 60_000),
    },
  },

  // Another user's subscribers: the helpdesk's subscriber selector alone (anyone else lists their own).
  "GET /api/subscriber/v1/subscribers": {
    reach: "helpdesk",
    query: (w) => ({ "subscriber-user-id": w.targetUser }),
  },
  "POST /api/subscriber/v1/subscribers": {
    reach: "helpdesk",
    body: (w) => ({ name: `Matrix Firm ${w.runId}`, entityType: "Law Firm" }),
    read: {
      url: () => "/api/subscriber/v1/subscribers?limit=1000",
      pick: (body: { records: unknown[] }) => body.records.length,
    },
  },
  "GET /api/subscriber/v1/subscribers/subscriber-users": {
    reach: "caller",
    query: (w) => ({ ids: w.targetUser }),
    except: {
      otherSelected: {
        outcome: "allowed",
        because: "the names of people who share a subscriber with the caller: this person is a user of A too",
      },
    },
  },
  "POST /api/subscriber/v1/subscriber-users/search": {
    reach: "subscriber",
    safe: true,
    permissions: [Permission.VIEW_SUBSCRIBER_USERS],
    body: () => ({ subscriberId: A }),
  },
  "GET /api/subscriber/v1/subscriber-users/{id}": {
    reach: "subscriber",
    permissions: [Permission.VIEW_SUBSCRIBER_USERS],
  },
  "POST /api/subscriber/v1/subscriber-users/{id}/unblock": {
    reach: "subscriber",
    permissions: [Permission.EDIT_SUBSCRIBER_USERS],
    prepare: lockLoginOfTarget,
    read: { url: (w) => `/api/subscriber/v1/subscriber-users/${w.targetUser}` },
  },
  "PATCH /api/subscriber/v1/subscriber-users/{id}": {
    reach: "subscriber",
    permissions: [Permission.EDIT_SUBSCRIBER_USERS],
    body: () => ({ status: "Suspended" }),
    version: (w) => version("subscriber_users", "subscriber_user_id", w.targetUser)(),
    read: { url: (w) => `/api/subscriber/v1/subscriber-users/${w.targetUser}` },
  },
  "GET /api/subscriber/v1/roles": { reach: "caller", permissions: [Permission.VIEW_SUBSCRIBER_USERS] },
  "POST /api/subscriber/v1/subscribers/{id}/subscriber-users": {
    reach: "subscriber",
    permissions: [Permission.CREATE_SUBSCRIBER_USERS],
    body: (w) => ({
      firstName: "Matrix",
      lastName: "Added",
      email: `added.${w.runId}@harpervale.example`,
      roleNames: ["Workspace User"],
    }),
    read: AUDIT_OF_A,
  },
  "POST /api/subscriber/v1/subscribers/{id}/subscriber-users/bulk": {
    reach: "subscriber",
    permissions: [Permission.CREATE_SUBSCRIBER_USERS, Permission.EDIT_SUBSCRIBER_USERS],
    body: (w) => ({
      rows: [
        {
          email: `bulk.${w.runId}@harpervale.example`,
          firstName: "Matrix",
          lastName: "Bulk",
          roleNames: ["Workspace User"],
        },
      ],
    }),
    read: AUDIT_OF_A,
  },
  "GET /api/subscriber/v1/subscribers/{id}/details": {
    reach: "subscriber",
    permissions: [Permission.VIEW_ORGANISATIONS],
  },
  "PATCH /api/subscriber/v1/idp-metadata/{subscriberId}/{type}": {
    reach: "subscriber",
    permissions: [Permission.VIEW_CONNECTION_SETTINGS],
    // The caller's own address is in it: a list that shuts its author out is refused for another reason.
    body: () => ({ type: "USER_IP_WHITELIST", data: { metadata: ["127.0.0.1", "203.0.113.9"] } }),
    version: version("subscribers", "subscriber_id", A),
    read: { url: () => `/api/subscriber/v1/subscribers/${A}/details` },
  },
  "PATCH /api/subscriber/v1/idp-sso/{subscriberId}": {
    reach: "subscriber",
    permissions: [Permission.VIEW_CONNECTION_SETTINGS],
    query: (w) => ({ connection_id: w.ssoConnectionId }),
    body: () => ({ clientSecret: "a-matrix-client-secret-1" }),
    version: version("subscribers", "subscriber_id", A),
    read: { url: () => `/api/subscriber/v1/subscribers/${A}/details` },
  },
  "GET /api/subscriber/v1/lodging-party/{subscriberId}/ext-authority-identifiers": {
    reach: "subscriber",
    permissions: [Permission.VIEW_LODGEMENT_IDENTIFIERS, Permission.VIEW_REVENUE_IDENTIFIERS],
  },
  "GET /api/subscriber/v1/lodgement-identifiers": {
    reach: "subscriber",
    permissions: [Permission.VIEW_LODGEMENT_IDENTIFIERS],
    query: () => ({ subscriberId: A }),
  },
  "POST /api/subscriber/v1/lodgement-identifiers": {
    reach: "subscriber",
    permissions: [Permission.EDIT_LODGEMENT_IDENTIFIERS],
    body: () => ({
      subscriberId: A,
      identifiers: {
        primary: { userName: "matrix-primary-2" },
        secondary: { userName: "matrix-secondary-2" },
      },
    }),
    version: version("lodgement_identifiers", "subscriber_id", A),
    read: { url: () => `/api/subscriber/v1/lodgement-identifiers?subscriberId=${A}` },
  },
  "GET /api/subscriber/v1/audit-events": {
    reach: "subscriber",
    permissions: [Permission.VIEW_AUDIT_EVENTS],
    query: () => ({ subscriberId: A }),
  },

  "POST /api/notification/v2/notification-registrations": {
    reach: "subscriber",
    permissions: [Permission.VIEW_SUBSCRIBER_NOTIFICATION_PREFERENCES],
    // One registration per type: A has none, so the allowed call creates it.
    prepare: async () => {
      await provider.db.deleteFrom("notification_registrations").where("subscriber_id", "=", A).execute();
    },
    query: () => ({ subscriberId: A }),
    body: () => registration("matrix.new@harpervale.example"),
    read: {
      url: () => `/api/notification/v2/notification-registrations?subscriberId=${A}`,
      pick: (body: { records: unknown }) => body.records,
    },
  },
  "GET /api/notification/v2/notification-registrations": {
    reach: "subscriber",
    permissions: [Permission.VIEW_SUBSCRIBER_NOTIFICATION_PREFERENCES],
    query: () => ({ subscriberId: A }),
  },
  "PUT /api/notification/v2/notification-registrations/{registrationId}": {
    reach: "subscriber",
    permissions: [Permission.VIEW_SUBSCRIBER_NOTIFICATION_PREFERENCES],
    prepare: async (w) => {
      w.registrationId = (await registrationOfA()) ?? (await createRegistrationOfA());
    },
    body: () => registration("matrix.changed@harpervale.example"),
    version: (w) => version("notification_registrations", "registration_id", w.registrationId)(),
    read: {
      url: () => `/api/notification/v2/notification-registrations?subscriberId=${A}`,
      pick: (body: { records: unknown }) => body.records,
    },
  },

  "POST /api/workspace/v1/workspaces": {
    reach: "caller",
    permissions: [Permission.CREATE_WORKSPACES],
    body: () => ({
      reference: "HV/PUR/MATRIX",
      transactionType: "PURCHASE",
      securityAddress: { buildingNumber: "1", street: "Matrix Row", town: "Ely", postcode: "CB7 4AA" },
      parties: [{ type: "INDIVIDUAL", role: "BUYER", partyDetails: { forenames: "Max", surname: "Trix" } }],
    }),
    except: {
      helpdesk: {
        outcome: "refused",
        because: "a workspace is created for the creator's subscriber, and the helpdesk has none",
      },
    },
  },
  "GET /api/workspace/v1/workspaces/{workspaceId}": {
    reach: "subscriber",
    permissions: [Permission.VIEW_WORKSPACES],
  },
  "PATCH /api/workspace/v1/workspaces/{workspaceId}": {
    reach: "subscriber",
    permissions: [Permission.UNAPPROVE_WORKSPACES],
    params: { workspaceId: () => DEMO_WORKSPACES.remortgageApproved.workspaceId },
    body: () => ({ approved: false }),
    version: workspaceVersion(DEMO_WORKSPACES.remortgageApproved.workspaceId),
    read: { url: () => `/api/workspace/v1/workspaces/${DEMO_WORKSPACES.remortgageApproved.workspaceId}` },
  },
  "GET /api/workspace/v1/workspaces/{workspaceId}/tasks": {
    reach: "subscriber",
    permissions: [Permission.VIEW_WORKSPACES],
  },
  // What the caller may do in the workspace: needs no permission beyond taking part in it.
  "GET /api/workspace/v1/workspaces/{workspaceId}/authorization": { reach: "subscriber" },
  "POST /api/workspace/v1/workspaces/{workspaceId}/references": {
    reach: "subscriber",
    permissions: [Permission.ADD_LAW_FIRM_REFERENCE],
    params: { workspaceId: () => DEMO_WORKSPACES.remortgageTransferOfEquity.workspaceId },
    body: () => ({ referenceNumber: "HV/RM/MATRIX", representativeRole: "INCOMING_LENDER_REPRESENTATIVE" }),
    version: workspaceVersion(DEMO_WORKSPACES.remortgageTransferOfEquity.workspaceId),
    read: {
      url: () =>
        `/api/v1/workspaces/${DEMO_WORKSPACES.remortgageTransferOfEquity.workspaceId}/participant-details`,
    },
  },
  "PATCH /api/workspace/v1/workspaces/{workspaceId}/references/{referenceId}": {
    reach: "subscriber",
    permissions: [Permission.EDIT_LAW_FIRM_REFERENCE],
    params: { referenceId: () => referenceOfA(DEMO_WORKSPACES.remortgagePreparing.workspaceId) },
    body: () => ({ referenceNumber: "HV/RM/2101-M" }),
    version: workspaceVersion(DEMO_WORKSPACES.remortgagePreparing.workspaceId),
    read: {
      url: () => `/api/v1/workspaces/${DEMO_WORKSPACES.remortgagePreparing.workspaceId}/participant-details`,
    },
  },
  "POST /api/v1/workspaces/search": {
    reach: "caller",
    safe: true,
    permissions: [Permission.VIEW_WORKSPACES],
    body: () => ({ status: [] }),
  },
  "POST /api/v1/workspaces/search/quick-filter-counts": {
    reach: "caller",
    safe: true,
    permissions: [Permission.VIEW_WORKSPACES],
    body: () => ({}),
  },
  "GET /api/v1/workspaces/{workspaceId}/participant-details": {
    reach: "subscriber",
    permissions: [Permission.VIEW_WORKSPACES],
  },
  "POST /api/v1/workspaces/{workspaceId}/participants": {
    reach: "subscriber",
    permissions: [Permission.ADD_WORKSPACE_PARTICIPANTS],
    params: { workspaceId: () => DEMO_WORKSPACES.purchaseReady.workspaceId },
    body: () => ({ subscriberId: DEMO_SUBSCRIBERS.keystone.subscriberId, role: "SELLER_REPRESENTATIVE" }),
    // Only a lender's representative in a purchase adds participants (its contextual set); A is the buyer's
    // representative here, so even A's user with every role is refused, and the helpdesk makes the write.
    except: {
      owner: {
        outcome: "refused",
        because: "A's participant role in this workspace does not add participants",
      },
    },
    writer: "helpdesk",
    version: workspaceVersion(DEMO_WORKSPACES.purchaseReady.workspaceId),
    read: {
      url: () => `/api/v1/workspaces/${DEMO_WORKSPACES.purchaseReady.workspaceId}/participant-details`,
    },
  },

  // The lodgement case and title (document 2 section 7.2): A's workspaces, where A is the lender's representative.
  "GET /api/v1/lodgement-cases": {
    reach: "subscriber",
    permissions: [Permission.VIEW_WORKSPACES],
    query: () => ({ workspace_id: DEMO_WORKSPACES.remortgagePreparing.workspaceId }),
  },
  "GET /api/v1/lodgement-cases/{lodgementCaseId}/titles": {
    reach: "subscriber",
    permissions: [Permission.VIEW_WORKSPACES],
    params: { lodgementCaseId: caseOf("remortgageReady") },
  },
  "GET /api/v1/lodgement-cases/{lodgementCaseId}/title-documents/{fileId}": {
    reach: "subscriber",
    permissions: [Permission.VIEW_WORKSPACES],
    params: { lodgementCaseId: caseOf("remortgageReady"), fileId: titleFileOf("remortgageReady") },
  },
  "GET /api/v1/lodgement-cases/{lodgementCaseId}/proprietor-match": {
    reach: "subscriber",
    permissions: [Permission.VIEW_WORKSPACES],
    params: { lodgementCaseId: caseOf("remortgageBorrowerMismatch") },
  },
  "GET /api/v1/lodgement-cases/{lodgementCaseId}/outgoing-lenders": {
    reach: "subscriber",
    permissions: [Permission.VIEW_WORKSPACES],
    params: { lodgementCaseId: caseOf("remortgageReady") },
  },
  "GET /api/v1/workspaces/{workspaceId}/borrowers-validation": {
    reach: "subscriber",
    permissions: [Permission.VIEW_WORKSPACES],
  },
  "POST /api/v1/lodgement-cases/{lodgementCaseId}/title-search": {
    reach: "subscriber",
    permissions: [Permission.ADD_LODGEMENT_TITLES],
    // Workspace 1 holds no title yet: the allowed search retrieves one (or leaves it pending out of hours).
    params: { lodgementCaseId: caseOf("remortgagePreparing") },
    body: () => ({ titleNumber: "DN100001" }),
    version: workspaceVersion(DEMO_WORKSPACES.remortgagePreparing.workspaceId),
    read: {
      url: () => `/api/v1/lodgement-cases?workspace_id=${DEMO_WORKSPACES.remortgagePreparing.workspaceId}`,
    },
  },
  "POST /api/v1/lodgement-cases/{lodgementCaseId}/proprietors": {
    reach: "subscriber",
    permissions: [Permission.EDIT_LODGEMENT_PROPRIETORS],
    prepare: titleOn("remortgageTransferOfEquity", "DN100017"),
    params: { lodgementCaseId: caseOf("remortgageTransferOfEquity") },
    body: () => ({ proprietorId: "DN100017-P3", proprietorType: "INDIVIDUAL", titleStatus: "INCOMING" }),
    version: workspaceVersion(DEMO_WORKSPACES.remortgageTransferOfEquity.workspaceId),
    read: matchOf("remortgageTransferOfEquity"),
  },
  "PATCH /api/v1/lodgement-cases/{lodgementCaseId}/set-as-outgoing-proprietor": {
    reach: "subscriber",
    permissions: [Permission.EDIT_LODGEMENT_PROPRIETORS],
    prepare: titleOn("remortgageTransferOfEquity", "DN100017"),
    params: { lodgementCaseId: caseOf("remortgageTransferOfEquity") },
    body: () => ({ proprietorId: "DN100017-P3" }),
    version: workspaceVersion(DEMO_WORKSPACES.remortgageTransferOfEquity.workspaceId),
    read: matchOf("remortgageTransferOfEquity"),
  },
  "PATCH /api/v1/lodgement-cases/{lodgementCaseId}/change-of-name-application": {
    reach: "subscriber",
    permissions: [Permission.EDIT_LODGEMENT_PROPRIETORS],
    prepare: titleOn("remortgageBorrowerMismatch", "DN100004"),
    params: { lodgementCaseId: caseOf("remortgageBorrowerMismatch") },
    body: () => ({ proprietorId: "DN100004-P1" }),
    version: workspaceVersion(DEMO_WORKSPACES.remortgageBorrowerMismatch.workspaceId),
    read: matchOf("remortgageBorrowerMismatch"),
  },
  "POST /api/v1/lodgement-cases/{lodgementCaseId}/parties/{partyId}/mismatch-resolution": {
    reach: "subscriber",
    permissions: [Permission.EDIT_LODGEMENT_PROPRIETORS],
    prepare: titleOn("remortgageBorrowerMismatch", "DN100004"),
    params: {
      lodgementCaseId: caseOf("remortgageBorrowerMismatch"),
      partyId: firstPartyOf("remortgageBorrowerMismatch"),
    },
    body: () => ({ action: "NO_ACTION_NEEDED" }),
    version: workspaceVersion(DEMO_WORKSPACES.remortgageBorrowerMismatch.workspaceId),
    read: matchOf("remortgageBorrowerMismatch"),
  },

  // Parties, representation, law firms, lenders, the security address (document 2 section 7): all in A's
  // remortgage in preparation, where A is the incoming lender's representative (the workspace's law firm).
  "POST /api/workspace/v1/workspaces/{workspaceId}/parties": {
    reach: "subscriber",
    permissions: [Permission.ADD_WORKSPACE_PARTIES],
    body: () => ({
      role: "BORROWER",
      type: "INDIVIDUAL",
      partyDetails: { forenames: "Max", surname: "Trix" },
    }),
    version: workspaceVersion(MATRIX_WORKSPACE()),
    read: { url: () => `/api/workspace/v1/workspaces/${MATRIX_WORKSPACE()}` },
  },
  "PATCH /api/workspace/v1/workspaces/{workspaceId}/parties/{partyId}": {
    reach: "subscriber",
    permissions: [Permission.EDIT_WORKSPACE_PARTIES],
    prepare: () => matrixParty(MATRIX_PARTY),
    params: { partyId: () => MATRIX_PARTY },
    body: () => ({ type: "INDIVIDUAL", partyDetails: { forenames: "Mia", surname: "Trix-Edited" } }),
    version: workspaceVersion(MATRIX_WORKSPACE()),
    read: { url: () => `/api/workspace/v1/workspaces/${MATRIX_WORKSPACE()}` },
  },
  "DELETE /api/workspace/v1/workspaces/{workspaceId}/parties/{partyId}": {
    reach: "subscriber",
    permissions: [Permission.EDIT_WORKSPACE_PARTIES],
    prepare: () => matrixParty(MATRIX_DELETABLE_PARTY),
    params: { partyId: () => MATRIX_DELETABLE_PARTY },
    version: workspaceVersion(MATRIX_WORKSPACE()),
    read: { url: () => `/api/workspace/v1/workspaces/${MATRIX_WORKSPACE()}` },
  },
  "POST /api/workspace/v1/workspaces/{workspaceId}/representations": {
    reach: "subscriber",
    permissions: [Permission.ADD_LEGAL_REPRESENTATION_DETAILS],
    prepare: () => matrixParty(MATRIX_PARTY),
    body: () => ({
      partyId: MATRIX_PARTY,
      representationType: "DUAL_REPRESENTATION",
      verificationOfIdentity: "IDENTITY_EVIDENCE",
    }),
    version: workspaceVersion(MATRIX_WORKSPACE()),
    read: { url: () => `/api/workspace/v1/workspaces/${MATRIX_WORKSPACE()}` },
  },
  "GET /api/workspace/v1/workspaces/{workspaceId}/law-firms": {
    reach: "subscriber",
    permissions: [Permission.VIEW_WORKSPACES],
  },
  "PATCH /api/workspace/v1/workspaces/{workspaceId}/law-firms/{lawFirmId}": {
    reach: "subscriber",
    // A's own firm is a participant: its reference is saved under the law firm reference permission.
    permissions: [Permission.EDIT_LAW_FIRM_REFERENCE],
    params: { lawFirmId: () => participantOfA(MATRIX_WORKSPACE()) },
    body: () => ({ referenceNumber: "HV/RM/2101-L" }),
    version: workspaceVersion(MATRIX_WORKSPACE()),
    read: { url: () => `/api/workspace/v1/workspaces/${MATRIX_WORKSPACE()}/law-firms` },
  },
  "GET /api/workspace/v1/workspaces/{workspaceId}/lenders": {
    reach: "subscriber",
    permissions: [Permission.VIEW_WORKSPACES],
  },
  "GET /api/workspace/v1/workspaces/{workspaceId}/participants-tab": {
    reach: "subscriber",
    permissions: [Permission.VIEW_WORKSPACES],
  },
  "PATCH /api/workspace/v1/workspaces/{workspaceId}/addresses/{addressId}": {
    reach: "subscriber",
    permissions: [Permission.EDIT_WORKSPACE_ADDRESSES],
    params: { addressId: () => securityAddressOf(MATRIX_WORKSPACE()) },
    body: () => ({ number: "15", street: "Willow Lane", town: "Harrogate", postcode: "hg1 2ab" }),
    version: workspaceVersion(MATRIX_WORKSPACE()),
    read: { url: () => `/api/workspace/v1/workspaces/${MATRIX_WORKSPACE()}` },
  },
  // The subscriber selection list: names and types of subscribers, for anyone who may see workspaces.
  "GET /api/workspace/v1/subscribers": {
    reach: "caller",
    permissions: [Permission.VIEW_WORKSPACES],
    query: () => ({ type: "Lender", page: "1", limit: "500" }),
  },

  // The financial settlement schedule (document 2 section 7.4): the schedule of A's workspace, where A is the
  // lender's representative, and its line items (MATRIX_LINE_ITEM edited, MATRIX_DELETABLE_LINE_ITEM deleted).
  "GET /api/settlement/v1/financial-settlement-schedules": {
    reach: "subscriber",
    permissions: [Permission.VIEW_WORKSPACES],
    query: () => ({ workspace_id: MATRIX_WORKSPACE() }),
  },
  "PATCH /api/settlement/v1/financial-settlement-schedules/{id}": {
    reach: "subscriber",
    permissions: [Permission.EDIT_FSS_LINE_ITEMS],
    params: { id: scheduleOfA },
    body: () => ({ amountPayableOnCompletion: 12_345_600 + Math.floor(Math.random() * 100) }),
    version: scheduleVersionOfA,
    read: readScheduleOfA,
  },
  "POST /api/settlement/v1/financial-settlement-schedules/{id}/line-items": {
    reach: "subscriber",
    permissions: [Permission.ADD_FSS_LINE_ITEMS],
    params: { id: scheduleOfA },
    body: () => ({ category: "MORTGAGE_ADVANCE", amount: 10_000_000, reference: "MATRIX MA" }),
    version: scheduleVersionOfA,
    read: readScheduleOfA,
  },
  "PATCH /api/settlement/v1/financial-settlement-schedules/{id}/line-items/{lineItemId}": {
    reach: "subscriber",
    permissions: [Permission.EDIT_FSS_LINE_ITEMS],
    prepare: () => matrixLineItem(MATRIX_LINE_ITEM),
    params: { id: scheduleOfA, lineItemId: () => MATRIX_LINE_ITEM },
    body: () => ({ amount: 20_000_000 + Math.floor(Math.random() * 100), reference: "MATRIX EDIT" }),
    version: lineItemVersion(MATRIX_LINE_ITEM),
    read: readScheduleOfA,
  },
  "GET /api/settlement/v1/credit-information": {
    reach: "subscriber",
    permissions: [Permission.VIEW_WORKSPACES],
    // A Buyer Funds item of A's whose credits are already recorded, so reading it changes nothing.
    prepare: () => matrixLineItem(MATRIX_BUYER_FUNDS),
    query: () => ({ lineItemReference: `FLI-MATRIX-${MATRIX_BUYER_FUNDS.slice(-2)}` }),
  },
  "DELETE /api/settlement/v1/financial-settlement-schedules/{id}/line-items/{lineItemId}": {
    reach: "subscriber",
    permissions: [Permission.DELETE_FSS_LINE_ITEMS],
    prepare: () => matrixLineItem(MATRIX_DELETABLE_LINE_ITEM),
    params: { id: scheduleOfA, lineItemId: () => MATRIX_DELETABLE_LINE_ITEM },
    version: lineItemVersion(MATRIX_DELETABLE_LINE_ITEM),
    read: readScheduleOfA,
  },

  // Frequently used financial accounts (document 2 section 7.5): A's saved accounts. Reading needs the view
  // permission; managing needs the Financial Administrator role and its permission (decision 0605).
  "GET /api/settlement/v1/financial-accounts": {
    reach: "subscriber",
    permissions: [Permission.VIEW_FREQUENTLY_USED_ACCOUNTS],
    query: () => ({ subscriberId: A, type: "REDEMPTION" }),
  },
  "GET /api/settlement/v1/financial-accounts/{financialAccountId}": {
    reach: "subscriber",
    permissions: [Permission.VIEW_FREQUENTLY_USED_ACCOUNTS],
    params: { financialAccountId: () => DEMO_FINANCIAL_ACCOUNTS.harperValeRedemption.financialAccountId },
  },
  "POST /api/settlement/v1/financial-accounts": {
    reach: "subscriber",
    permissions: [Permission.CREATE_FREQUENTLY_USED_ACCOUNTS],
    body: () => ({
      subscriberId: A,
      type: "REDEMPTION",
      displayName: "Matrix account",
      accountName: "Matrix Ltd",
      accountNumber: "50000018",
      bankCode: "089999",
    }),
    read: {
      url: () => `/api/settlement/v1/financial-accounts?subscriberId=${A}&limit=100`,
      pick: (body: { page: unknown }) => body.page,
    },
  },
  "PATCH /api/settlement/v1/financial-accounts/{financialAccountId}": {
    reach: "subscriber",
    permissions: [Permission.EDIT_FREQUENTLY_USED_ACCOUNTS],
    // The review of A's close match: verified manually.
    params: { financialAccountId: () => DEMO_FINANCIAL_ACCOUNTS.harperValeRiverside.financialAccountId },
    body: () => ({ accountVerificationDetail: { verified: true } }),
    version: () => financialAccountVersion(DEMO_FINANCIAL_ACCOUNTS.harperValeRiverside.financialAccountId),
    read: {
      url: () =>
        `/api/settlement/v1/financial-accounts/${DEMO_FINANCIAL_ACCOUNTS.harperValeRiverside.financialAccountId}`,
    },
  },
  "DELETE /api/settlement/v1/financial-accounts/{financialAccountId}": {
    reach: "subscriber",
    permissions: [Permission.DELETE_FREQUENTLY_USED_ACCOUNTS],
    params: { financialAccountId: () => DEMO_FINANCIAL_ACCOUNTS.harperValeRedemption.financialAccountId },
    version: () => financialAccountVersion(DEMO_FINANCIAL_ACCOUNTS.harperValeRedemption.financialAccountId),
    read: {
      url: () =>
        `/api/settlement/v1/financial-accounts/${DEMO_FINANCIAL_ACCOUNTS.harperValeRedemption.financialAccountId}`,
    },
  },

  // Lodgement files (document 3 section 7.1): A's files on its workspace's case (A the lender's representative).
  "POST /api/lodgement/v1/lodgement-cases/{lodgementCaseId}/files": {
    reach: "subscriber",
    permissions: [Permission.ADD_LODGEMENT_FILES],
    params: { lodgementCaseId: caseOf("remortgagePreparing") },
    rawBody: () => matrixUpload(),
    read: { url: () => filesUrlOfA() },
  },
  "GET /api/lodgement/v1/lodgement-cases/{lodgementCaseId}/files": {
    reach: "subscriber",
    permissions: [Permission.VIEW_WORKSPACES],
    params: { lodgementCaseId: caseOf("remortgagePreparing") },
    prepare: () => matrixFile(MATRIX_FILE),
  },
  "GET /api/lodgement/v1/lodgement-cases/{lodgementCaseId}/files/{fileId}": {
    reach: "subscriber",
    permissions: [Permission.VIEW_WORKSPACES],
    params: { lodgementCaseId: caseOf("remortgagePreparing"), fileId: () => MATRIX_FILE },
    prepare: () => matrixFile(MATRIX_FILE),
  },
  "GET /api/lodgement/v1/lodgement-cases/{lodgementCaseId}/files/{fileId}/content": {
    reach: "subscriber",
    permissions: [Permission.VIEW_LODGEMENT_FILES],
    params: { lodgementCaseId: caseOf("remortgagePreparing"), fileId: () => MATRIX_FILE },
    prepare: () => matrixFile(MATRIX_FILE),
  },
  "PATCH /api/lodgement/v1/lodgement-cases/{lodgementCaseId}/files/{fileId}": {
    reach: "subscriber",
    permissions: [Permission.EDIT_LODGEMENT_FILE_ACCESS],
    params: { lodgementCaseId: caseOf("remortgagePreparing"), fileId: () => MATRIX_FILE },
    prepare: () => matrixFile(MATRIX_FILE),
    body: () => ({ policy: [DEMO_SUBSCRIBERS.northgate.subscriberId] }),
    version: () => fileVersion(MATRIX_FILE),
    read: { url: () => filesUrlOfA() },
  },
  "DELETE /api/lodgement/v1/lodgement-cases/{lodgementCaseId}/files/{fileId}": {
    reach: "subscriber",
    permissions: [Permission.DELETE_LODGEMENT_FILES],
    params: { lodgementCaseId: caseOf("remortgagePreparing"), fileId: () => MATRIX_DELETABLE_FILE },
    prepare: () => matrixFile(MATRIX_DELETABLE_FILE),
    version: () => fileVersion(MATRIX_DELETABLE_FILE),
    read: { url: () => filesUrlOfA() },
  },

  // The lodgement case, its documents and requests (document 3 section 7.1; decision 0710): A's matrix
  // workspace (A the lender's representative) for the documents and the approval; A's lodged remortgage
  // (WS-10), put in the rejected state, for the resubmission outside; A's requisitioned purchase (WS-11) for
  // the requisition replies.
  "GET /api/lodgement/v1/lodgement-cases": {
    reach: "subscriber",
    permissions: [Permission.VIEW_WORKSPACES],
    query: () => ({ workspace_id: MATRIX_WORKSPACE() }),
  },
  "GET /api/lodgement/v1/lodgement-cases/participants": {
    reach: "subscriber",
    permissions: [Permission.VIEW_WORKSPACES],
    query: () => ({ workspace_id: MATRIX_WORKSPACE() }),
  },
  "PATCH /api/lodgement/v1/lodgement-cases/{id}": {
    reach: "subscriber",
    permissions: [Permission.EDIT_LODGEMENT_CASES],
    prepare: rejectedLodgementOfA,
    params: { id: caseOf("remortgageLodged") },
    body: () => ({ status: "REGISTERED_EXTERNALLY" }),
    version: lodgementCaseVersion("remortgageLodged"),
    read: {
      url: () =>
        `/api/lodgement/v1/lodgement-cases?workspace_id=${DEMO_WORKSPACES.remortgageLodged.workspaceId}`,
    },
  },
  "GET /api/lodgement/v1/lodgement-cases/{id}/documents": {
    reach: "subscriber",
    permissions: [Permission.VIEW_WORKSPACES],
    params: { id: caseOf("remortgagePreparing") },
  },
  "POST /api/lodgement/v1/lodgement-cases/{id}/documents": {
    reach: "subscriber",
    permissions: [Permission.ADD_LODGEMENT_FILES],
    prepare: async () => {
      await scansSettled();
      matrixFileId = await scannedFileOfA();
    },
    params: { id: caseOf("remortgagePreparing") },
    body: () => ({ fileId: matrixFileId, documentType: "EVIDENCE", documentCategory: "SUPPORTING_DOCUMENT" }),
    read: readDocumentsOfA,
  },
  "GET /api/lodgement/v1/lodgement-cases/{id}/documents/{documentId}": {
    reach: "subscriber",
    permissions: [Permission.VIEW_WORKSPACES],
    prepare: casesInLine,
    params: { id: caseOf("remortgagePreparing"), documentId: mortgageChargeOfA },
  },
  "PATCH /api/lodgement/v1/lodgement-cases/{id}/documents/{documentId}": {
    reach: "subscriber",
    permissions: [Permission.EDIT_LODGEMENT_DOCUMENTS],
    prepare: async () => {
      await scansSettled();
      await casesInLine();
    },
    params: { id: caseOf("remortgagePreparing"), documentId: mortgageChargeOfA },
    body: () => ({ transactionValue: 15_000_000 + Math.floor(Math.random() * 100) }),
    version: async () => documentVersion(await mortgageChargeOfA()),
    read: readDocumentsOfA,
  },
  "DELETE /api/lodgement/v1/lodgement-cases/{id}/documents/{documentId}": {
    reach: "subscriber",
    permissions: [Permission.DELETE_LODGEMENT_DOCUMENTS],
    prepare: heldDocumentOfA,
    params: { id: caseOf("remortgagePreparing"), documentId: () => MATRIX_HELD_DOCUMENT },
    version: () => documentVersion(MATRIX_HELD_DOCUMENT),
    read: readDocumentsOfA,
  },
  "POST /api/lodgement/v1/lodgement-cases/{id}/approvals": {
    reach: "subscriber",
    permissions: [Permission.APPROVE_LODGEMENT_DOCUMENTS],
    prepare: applicationsOfAReady,
    params: { id: caseOf("remortgagePreparing") },
    body: () => ({ approved: true, statements: ["applicantIdentity", "dataAccuracy", "lawFirmIdentity"] }),
    version: lodgementCaseVersion("remortgagePreparing"),
    read: { url: () => `/api/lodgement/v1/lodgement-cases?workspace_id=${MATRIX_WORKSPACE()}` },
  },
  "POST /api/lodgement/v1/lodgement-cases/{id}/submit-requisitions": {
    reach: "subscriber",
    permissions: [Permission.SUBMIT_LODGEMENT_REQUISITIONS],
    prepare: requisitionReplyOfA,
    params: { id: caseOf("purchaseRequisitioned") },
    body: () => ({ correspondenceDocumentIds: [MATRIX_REPLY_DOCUMENT] }),
    version: lodgementCaseVersion("purchaseRequisitioned"),
    read: {
      url: () =>
        `/api/lodgement/v1/lodgement-cases?workspace_id=${DEMO_WORKSPACES.purchaseRequisitioned.workspaceId}`,
    },
  },
  "GET /api/lodgement/v1/lodgement-requests": {
    reach: "subscriber",
    permissions: [Permission.VIEW_WORKSPACES],
    query: () => ({ lodgement_case_id: lodgementCaseIdOfA }),
    prepare: async () => {
      lodgementCaseIdOfA = await caseOf("remortgagePreparing")();
    },
  },
  // The stamp duty return (document 3 sections 6 and 7.2): A's dual-represented purchase (WS-3, A for the
  // buyers), the SDLT flag on. The rule's contextual half refuses the other subscriber's users (not there: 404).
  "GET /api/lodgement/v1/lodgement-cases/stamp-duty-details": {
    reach: "subscriber",
    permissions: [Permission.VIEW_STAMP_DUTY_DETAILS],
    prepare: () => sdltReturnOfA(null),
    query: () => ({ workspace_id: SDLT_WORKSPACE() }),
  },
  "POST /api/lodgement/v1/lodgement-cases/{id}/tax-eligibility": {
    reach: "subscriber",
    permissions: [Permission.ADD_STAMP_DUTY_DETAILS],
    // No answer yet: the allowed call confirms the first one.
    prepare: () => sdltReturnOfA(null),
    params: { id: caseOf("purchaseReady") },
    body: () => ({
      taxEligibilityStatus: "SUBMISSION_THROUGH_PEXA",
      revenueAuthority: "HM_REVENUE_AND_CUSTOMS",
    }),
    version: sdltVersion,
    read: readStampDutyOfA,
  },
  ...sdltSectionAccess("transaction-details", {
    transactionDescription: "F",
    propertyType: "RESIDENTIAL",
    interestTransferred: "FT",
    restrictionsAffecting: false,
    landExchanged: false,
    pursuantToOption: false,
  }),
  ...sdltSectionAccess("tax-calculation-details", {
    isClaimingRelief: false,
    totalConsideration: "295000",
    formCode: ["CASH"],
    isLinkedTransaction: false,
    taxPayable: "4750",
    amountPaid: "4750",
    isAmountPaidIncludePenalties: false,
  }),
  ...sdltSectionAccess("property-details", { laNumber: "0116", planAttached: false }),
  ...sdltSectionAccess("purchaser-details", {
    primaryPurchaser: {
      title: "Ms",
      address: { buildingNumber: "2", street: "Quay Street", town: "Bristol", postcode: "BS1 4RS" },
      identification: { type: "NON_UK_TAX_REFERENCE_NUMBER", identificationNumber: "X-1" },
      actingAsTrustee: false,
      connectedToVendor: false,
      certificateAddress: "PROPERTY",
      authorisedAgent: false,
    },
  }),
  ...sdltSectionAccess("purchaser-agent-details", {
    agentName: "Harper & Vale LLP",
    agentReference: "HV-3301",
  }),
  [`POST ${SDLT_APPLICATION}/consent`]: {
    reach: "subscriber",
    permissions: [Permission.ADD_STAMP_DUTY_DETAILS, Permission.EDIT_STAMP_DUTY_DETAILS],
    prepare: () => sdltReturnOfA("CREATED", SDLT_COMPLETE_SECTIONS),
    params: SDLT_PARAMS,
    body: () => ({ accuracy: true, autoSubmit: true }),
    version: sdltVersion,
    read: readStampDutyOfA,
  },
  [`POST ${SDLT_APPLICATION}/reopen`]: {
    reach: "subscriber",
    permissions: [Permission.ADD_STAMP_DUTY_DETAILS, Permission.EDIT_STAMP_DUTY_DETAILS],
    prepare: () => sdltReturnOfA("PREPARED", SDLT_COMPLETE_SECTIONS),
    params: SDLT_PARAMS,
    version: sdltVersion,
    read: readStampDutyOfA,
  },
  // A lender's mortgage deed references are the lender's published options, not a workspace's: any caller
  // who may view lodgement documents reads them.
  "GET /api/lodgement/v1/lender-mortgage-references": {
    reach: "caller",
    permissions: [Permission.VIEW_LODGEMENT_DOCUMENTS],
    query: () => ({ subscriber_id: DEMO_SUBSCRIBERS.northgate.subscriberId }),
  },
};

/** A's files on the matrix case: one read by every call, one deleted by the allowed DELETE. */
const MATRIX_FILE = "5d000000-0000-4000-8000-0000000000c1";
const MATRIX_DELETABLE_FILE = "5d000000-0000-4000-8000-0000000000c2";
function filesUrlOfA(): string {
  return `/api/lodgement/v1/lodgement-cases/${cachedCases.get("remortgagePreparing") ?? ""}/files`;
}
let matrixPdf: Promise<Buffer> | undefined;
function aMatrixPdf(): Promise<Buffer> {
  return (matrixPdf ??= PDFDocument.create().then(async (pdf) => {
    pdf.addPage([100, 100]);
    return Buffer.from(await pdf.save());
  }));
}

/** A clean, scanned file of A's (owner A, viewable by A alone), stored and recorded once. */
async function matrixFile(fileId: string): Promise<void> {
  const exists = await provider.db
    .selectFrom("lodgement_files")
    .select("file_id")
    .where("file_id", "=", fileId)
    .executeTakeFirst();
  if (exists) return;
  const bytes = await aMatrixPdf();
  await fileStorageFromEnvironment(provider.config.dataDir).put(`${fileId}.pdf`, Readable.from([bytes]), {
    contentType: "application/pdf",
  });
  await provider.db
    .insertInto("lodgement_files")
    .values({
      file_id: fileId,
      lodgement_case_id: await caseOf("remortgagePreparing")(),
      file_name: "matrix.pdf",
      document_type: "EVIDENCE",
      document_category: "SUPPORTING_DOCUMENT",
      size_bytes: bytes.length,
      sha256: "0".repeat(64),
      storage_key: `${fileId}.pdf`,
      upload_status: "SUCCESS",
      policy_owner: A,
      policy: JSON.stringify([{ principal: A, decision: "ALLOW", action: "VIEW" }]),
    })
    .execute();
}

async function fileVersion(fileId: string): Promise<number> {
  const row = await provider.db
    .selectFrom("lodgement_files")
    .select("version")
    .where("file_id", "=", fileId)
    .executeTakeFirstOrThrow();
  return row.version;
}

/** A multipart upload of a small PDF, as the Documents tab sends it. */
async function matrixUpload(): Promise<{ payload: Buffer; contentType: string }> {
  const boundary = "matrix-boundary-1";
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const payload = Buffer.concat([
    Buffer.from(field("documentType", "EVIDENCE") + field("documentCategory", "SUPPORTING_DOCUMENT")),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="matrix.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    await aMatrixPdf(),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The financial settlement schedule of A's matrix workspace, its version, and a read of it. */
async function scheduleOfA(): Promise<string> {
  const row = await provider.db
    .selectFrom("financial_settlement_schedules")
    .select("financial_settlement_schedule_id")
    .where("workspace_id", "=", MATRIX_WORKSPACE())
    .executeTakeFirstOrThrow();
  return row.financial_settlement_schedule_id;
}
async function scheduleVersionOfA(): Promise<number> {
  const row = await provider.db
    .selectFrom("financial_settlement_schedules")
    .select("version")
    .where("workspace_id", "=", MATRIX_WORKSPACE())
    .executeTakeFirstOrThrow();
  return row.version;
}
function lineItemVersion(lineItemId: string) {
  return async () =>
    (
      await provider.db
        .selectFrom("financial_line_items")
        .select("version")
        .where("line_item_id", "=", lineItemId)
        .executeTakeFirstOrThrow()
    ).version;
}

/** A line item of A's matrix schedule with a fixed id (added once): a Mortgage Advance, or Buyer Funds paid in full. */
async function matrixLineItem(lineItemId: string): Promise<void> {
  const buyerFunds = lineItemId === MATRIX_BUYER_FUNDS;
  await provider.db
    .insertInto("financial_line_items")
    .values({
      line_item_id: lineItemId,
      financial_settlement_schedule_id: await scheduleOfA(),
      line_item_reference: `FLI-MATRIX-${lineItemId.slice(-2)}`,
      type: "SOURCE",
      category: buyerFunds ? "BUYER_FUNDS" : "MORTGAGE_ADVANCE",
      amount: 15_000_000,
      reference: buyerFunds ? "PAID MATRIX" : "MATRIX",
      source_funds_status: buyerFunds ? "FUNDS_RECEIVED_BALANCED" : null,
      authorised: buyerFunds,
      created_by: DEMO_USERS.manager.subscriberUserId,
      position: 100 + Number(lineItemId.slice(-1)),
    })
    .onConflict((conflict) => conflict.column("line_item_id").doNothing())
    .execute();
}

async function financialAccountVersion(financialAccountId: string): Promise<number> {
  const row = await provider.db
    .selectFrom("financial_accounts")
    .select("version")
    .where("financial_account_id", "=", financialAccountId)
    .executeTakeFirstOrThrow();
  return row.version;
}

/** The lodgement case of a demo workspace. */
function caseOf(key: keyof typeof DEMO_WORKSPACES) {
  return async () =>
    (
      await provider.db
        .selectFrom("lodgement_cases")
        .select("lodgement_case_id")
        .where("workspace_id", "=", DEMO_WORKSPACES[key].workspaceId)
        .executeTakeFirstOrThrow()
    ).lodgement_case_id;
}

function titleFileOf(key: keyof typeof DEMO_WORKSPACES) {
  return async () => {
    const row = await provider.db
      .selectFrom("titles")
      .innerJoin("lodgement_cases", "lodgement_cases.lodgement_case_id", "titles.lodgement_case_id")
      .select("titles.file_id")
      .where("lodgement_cases.workspace_id", "=", DEMO_WORKSPACES[key].workspaceId)
      .executeTakeFirstOrThrow();
    return row.file_id;
  };
}

function firstPartyOf(key: keyof typeof DEMO_WORKSPACES) {
  return async () =>
    (
      await provider.db
        .selectFrom("workspace_parties")
        .select("party_id")
        .where("workspace_id", "=", DEMO_WORKSPACES[key].workspaceId)
        .orderBy("position")
        .executeTakeFirstOrThrow()
    ).party_id;
}

/** Puts a sandbox title on a demo workspace, without choices or resolutions, so the allowed write has something to do. */
function titleOn(key: keyof typeof DEMO_WORKSPACES, titleNumber: string) {
  return async () => {
    await provider.db
      .transaction()
      .execute((trx) =>
        putTitle(trx, provider.config.dataDir, DEMO_WORKSPACES[key].workspaceId, titleNumber),
      );
  };
}

function matchOf(key: keyof typeof DEMO_WORKSPACES) {
  return { url: () => `/api/v1/lodgement-cases/${cachedCases.get(key) ?? ""}/proprietor-match` };
}
const cachedCases = new Map<string, string>();

/** A second borrower of A's workspace with a fixed id, for the party calls (added once). */
async function matrixParty(partyId: string): Promise<void> {
  await provider.db
    .insertInto("workspace_parties")
    .values({
      party_id: partyId,
      workspace_id: MATRIX_WORKSPACE(),
      position: partyId === MATRIX_PARTY ? 10 : 11,
      role: "BORROWER",
      type: "INDIVIDUAL",
      forenames: "Mia",
      surname: "Trix",
    })
    .onConflict((conflict) => conflict.column("party_id").doNothing())
    .execute();
}

async function participantOfA(workspaceId: string): Promise<string> {
  const row = await provider.db
    .selectFrom("workspace_participants")
    .select("participant_id")
    .where("workspace_id", "=", workspaceId)
    .where("subscriber_id", "=", A)
    .executeTakeFirstOrThrow();
  return row.participant_id;
}

async function securityAddressOf(workspaceId: string): Promise<string> {
  const row = await provider.db
    .selectFrom("workspaces")
    .select("security_address_id")
    .where("workspace_id", "=", workspaceId)
    .executeTakeFirstOrThrow();
  return row.security_address_id;
}
async function referenceOfA(workspaceId: string): Promise<string> {
  const row = await provider.db
    .selectFrom("workspace_references")
    .select("reference_id")
    .where("workspace_id", "=", workspaceId)
    .where("representative_role", "=", "INCOMING_LENDER_REPRESENTATIVE")
    .executeTakeFirstOrThrow();
  return row.reference_id;
}

async function createRegistrationOfA(): Promise<string> {
  const response = await provider.call(tokens.owner, {
    method: "POST",
    url: `/api/notification/v2/notification-registrations?subscriberId=${A}`,
    payload: registration("matrix@harpervale.example"),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().registrationId as string;
}

const isWrite = (operation: DocumentOperation) => operation.method !== "GET" && !ACCESS[operation.key]?.safe;

/** What each kind of caller must get from an operation of this reach. */
function expectedOutcome(kind: CallerKind, access: Access): Outcome {
  const exception = access.except?.[kind];
  if (exception) return exception.outcome;
  if (
    [
      "none",
      "forged",
      "unsigned",
      "expired",
      "suspendedHere",
      "suspendedAccount",
      "blocked",
      "revokedClient",
    ].includes(kind)
  )
    return "unauthenticated";
  if (access.reach === "webClient") return "unauthenticated";
  if (kind === "helpdesk") return "allowed";
  if (access.reach === "helpdesk") return "refused";
  if (kind === "owner") return "allowed";
  if (kind === "noPermission") return access.permissions?.length ? "refused" : "allowed";
  // Another subscriber's user, or this one's acting for another subscriber.
  return access.reach === "caller" ? "allowed" : "refused";
}

/** The one caller whose allowed write is made (a write made twice would find the world changed). */
function writer(access: Access): CallerKind | "webClient" {
  if (access.writer) return access.writer;
  if (access.reach === "webClient") return "webClient";
  return access.reach === "helpdesk" ? "helpdesk" : "owner";
}

async function tokenOf(kind: CallerKind, access: Access): Promise<string | undefined> {
  if (kind !== "noPermission") return tokens[kind];
  const permissions = access.permissions ?? [];
  const key = permissions.join(" ") || "(none)";
  if (!withoutPermission.has(key)) {
    withoutPermission.set(
      key,
      personWith(provider, { harperVale: rolesWithout(permissions) }, `Lacking ${key}`).then(
        (person) => person.tokens.harperVale!,
      ),
    );
  }
  return withoutPermission.get(key);
}

interface Request {
  method: DocumentOperation["method"];
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

async function requestFor(operation: DocumentOperation, access: Access): Promise<Request> {
  let path = operation.path;
  const segments = operation.path.split("/");
  for (const name of operation.pathParameters) {
    const before = segments[segments.findIndex((segment) => segment === `{${name}}`) - 1];
    const value = access.params?.[name] ?? PATH_VALUES[`${before}/{${name}}`] ?? PATH_VALUES[name];
    if (!value) {
      throw new Error(
        `${operation.key}: the matrix cannot fill the path parameter {${name}}. Say which resource of subscriber A it names: add it to PATH_VALUES or to the operation's params in ACCESS.`,
      );
    }
    path = path.replace(`{${name}}`, encodeURIComponent(await value(world)));
  }
  const query = access.query ? `?${new URLSearchParams(access.query(world))}` : "";
  const headers: Record<string, string> = {};
  if (operation.declaresIfMatch) {
    if (!access.version)
      throw new Error(
        `${operation.key} takes If-Match: say in ACCESS which version it is made against (version).`,
      );
    headers["if-match"] = ifMatch(await access.version(world));
  }
  if (access.rawBody) {
    const raw = await access.rawBody(world);
    headers["content-type"] = raw.contentType;
    return { method: operation.method, url: `${path}${query}`, headers, payload: raw.payload };
  }
  if (operation.body && !access.body)
    throw new Error(
      `${operation.key} takes a body: give ACCESS one its allowed caller would have accepted (body).`,
    );
  const body = access.body?.(world);
  if (body !== undefined) headers["content-type"] = "application/json";
  return {
    method: operation.method,
    url: `${path}${query}`,
    headers,
    payload: body === undefined ? undefined : JSON.stringify(body),
  };
}

async function readBack(access: Access): Promise<string | undefined> {
  if (!access.read) return undefined;
  const response = await provider.call(helpdeskToken, { method: "GET", url: access.read.url(world) });
  if (response.statusCode !== 200) return String(response.statusCode);
  const body: unknown = response.json();
  return JSON.stringify(access.read.pick ? access.read.pick(body as never) : body);
}

/** What of A's a caller outside A must never be shown. */
function markersOfA(): string[] {
  return [DEMO_WORKSPACES.remortgagePreparing.workspaceId, "HV/RM/2101", DEMO_USERS.manager.email];
}

function matches(outcome: Outcome, status: number, access: Access): boolean {
  if (outcome === "unauthenticated") return status === 401;
  if (outcome === "refused") return status === 403 || status === 404;
  return access.allowedAnswers ? access.allowedAnswers.includes(status) : status >= 200 && status < 300;
}

beforeAll(async () => {
  provider = await startTestProvider();
  operations = await documentOperations(provider);
  const { clientId, clientSecret } = provider.config.webClient;
  webClientBasic = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`;
  helpdeskToken = await provider.loginToken(DEMO_USERS.helpdesk.email);
  for (const key of [
    "remortgageTransferOfEquity",
    "remortgageBorrowerMismatch",
    "remortgagePreparing",
  ] as const)
    cachedCases.set(key, await caseOf(key)());

  const owner = await personWith(provider, { harperVale: SUBSCRIBER_ROLES }, "Owner");
  const other = await personWith(provider, { ashdown: SUBSCRIBER_ROLES }, "Other");
  const both = await personWith(
    provider,
    { harperVale: SUBSCRIBER_ROLES, ashdown: SUBSCRIBER_ROLES },
    "Both",
  );
  const suspendedHere = await personWith(provider, { harperVale: SUBSCRIBER_ROLES }, "Suspended Here");
  const suspendedAccount = await personWith(provider, { harperVale: SUBSCRIBER_ROLES }, "Suspended Account");
  const blocked = await personWith(provider, { harperVale: SUBSCRIBER_ROLES }, "Blocked");
  const revoked = await personWith(provider, { harperVale: SUBSCRIBER_ROLES }, "Revoked");
  const target = await personWith(provider, { harperVale: ["Workspace User"] }, "Target");
  // Suspended after their tokens were issued: the tokens are good but for the standing.
  await provider.db
    .updateTable("user_subscribers")
    .set({ status: "Suspended" })
    .where("subscriber_user_id", "=", suspendedHere.userId)
    .where("subscriber_id", "=", A)
    .execute();
  await provider.db
    .updateTable("subscriber_users")
    .set({ status: "Suspended" })
    .where("subscriber_user_id", "=", suspendedAccount.userId)
    .execute();
  await provider.db
    .updateTable("subscriber_users")
    .set({ blocked: true })
    .where("subscriber_user_id", "=", blocked.userId)
    .execute();
  await provider.db
    .updateTable("script_clients")
    .set({ revoked_at: new Date() })
    .where("subscriber_user_id", "=", revoked.userId)
    .execute();

  Object.assign(tokens, {
    owner: owner.tokens.harperVale,
    otherSubscriber: other.tokens.ashdown,
    otherSelected: both.tokens.ashdown,
    suspendedHere: suspendedHere.tokens.harperVale,
    suspendedAccount: suspendedAccount.tokens.harperVale,
    blocked: blocked.tokens.harperVale,
    revokedClient: revoked.tokens.harperVale,
    helpdesk: helpdeskToken,
    ...(await hostileTokens(provider, owner.tokens.harperVale!)),
  });

  // A's resources the seeded world lacks: a single sign-on connection, lodgement identifiers.
  await provider.db
    .insertInto("sso_connections")
    .values({
      connection_id: "con_harpervale_matrix",
      subscriber_id: A,
      client_id: "harpervale-matrix",
      client_secret_encrypted: "",
      last_modified_at: new Date(),
    })
    .execute();
  const identifiers = await provider.call(tokens.owner, {
    method: "POST",
    url: "/api/subscriber/v1/lodgement-identifiers",
    payload: {
      identifiers: {
        primary: { userName: "matrix-primary", password: "matrix-pass-1" },
        secondary: { userName: "matrix-secondary", password: "matrix-pass-2" },
      },
    },
  });
  expect(identifiers.statusCode, identifiers.body).toBe(201);

  const flags = (
    await provider.call(helpdeskToken, { method: "GET", url: "/api/v1/feature-flags" })
  ).json() as { flags: Record<string, boolean> };
  const flagName = FLAG_NAMES[0]!;
  const jobs = (
    await provider.call(helpdeskToken, { method: "GET", url: "/api/v1/jobs?limit=1" })
  ).json() as { records: { id: string }[] };
  world = {
    targetUser: target.userId,
    sessionId: await newSession(),
    registrationId: await createRegistrationOfA(),
    jobId: jobs.records[0]?.id ?? "00000000-0000-4000-8000-000000000000",
    flagName,
    flagEnabled: Boolean(flags.flags[flagName]),
    ssoConnectionId: "con_harpervale_matrix",
    runId: Date.now().toString(36),
  };
});
afterAll(() => provider?.close());

describe("the access matrix", () => {
  it("every operation of the document is described, or listed as public with its reason", () => {
    const undescribed = operations
      .filter((operation) => !(operation.key in ACCESS) && !(operation.key in PUBLIC))
      .map(
        (operation) =>
          `${operation.key}: describe who may call it in ACCESS (tests/api/access-matrix.test.ts), or list it in PUBLIC with the reason it needs no caller`,
      );
    expect(undescribed).toEqual([]);
    const stale = Object.keys(ACCESS).filter((key) => !operations.some((operation) => operation.key === key));
    expect(stale, "operations described in ACCESS that the document no longer has").toEqual([]);
    const declaredPublic = operations
      .filter((operation) => operation.security === "public")
      .map((operation) => operation.key);
    expect(
      declaredPublic.filter((key) => !(key in PUBLIC)),
      "operations the document says are public",
    ).toEqual([]);
    expect(
      operations
        .filter((operation) => operation.key in PUBLIC && operation.security !== "public")
        .map((o) => o.key),
    ).toEqual([]);
    expect(
      operations
        .filter((o) => o.security === "webClient")
        .map((o) => o.key)
        .sort(),
    ).toEqual(
      Object.entries(ACCESS)
        .filter(([, access]) => access.reach === "webClient")
        .map(([key]) => key)
        .sort(),
    );
  });

  it("public calls answer without a caller", async () => {
    for (const key of Object.keys(PUBLIC)) {
      const [method, path] = key.split(" ") as ["GET", string];
      const url = PUBLIC_URLS[key] ? await PUBLIC_URLS[key]() : path;
      const response = await provider.call(undefined, { method, url });
      expect(response.statusCode, `${key}: ${describeAnswer(response)}`).toBe(200);
    }
  });

  it("every caller gets what the matrix says, a refused write changes nothing, and the allowed write changes something", async () => {
    const failures: string[] = [];
    let calls = 0;
    for (const operation of operations) {
      const access = ACCESS[operation.key];
      if (!access) continue;
      await access.prepare?.(world);
      // An upload made by an earlier operation may still be scanning: its scan finishing while a refused
      // call is checked would show as a change that call made.
      await scansSettled();
      const kinds = (Object.keys(CALLER_KINDS) as CallerKind[]).map((kind) => ({
        kind,
        outcome: expectedOutcome(kind, access),
      }));
      // Refusals first, then the allowed calls, the allowed write last of all.
      kinds.sort((a, b) => Number(a.outcome === "allowed") - Number(b.outcome === "allowed"));
      for (const { kind, outcome } of kinds) {
        if (outcome === "allowed" && isWrite(operation)) continue;
        const request = await requestFor(operation, access);
        const token = await tokenOf(kind, access);
        const before = isWrite(operation)
          ? await Promise.all([footprint(provider), readBack(access)])
          : undefined;
        const response = await provider.call(token, request);
        calls++;
        const label = `${operation.key} as ${CALLER_KINDS[kind]}`;
        if (!matches(outcome, response.statusCode, access))
          failures.push(`${label}: expected ${outcome}, got ${describeAnswer(response)}`);
        if (before) {
          const [tables, read] = await Promise.all([footprint(provider), readBack(access)]);
          const changed = changedTables(before[0], tables);
          if (changed.length) failures.push(`${label}: refused, yet changed ${changed.join(", ")}`);
          if (read !== before[1])
            failures.push(`${label}: refused, yet ${access.read!.url(world)} reads differently`);
        }
        if (outcome === "allowed" && (kind === "otherSubscriber" || kind === "otherSelected")) {
          const leaked = markersOfA().filter((marker) => response.body.includes(marker));
          if (leaked.length) failures.push(`${label}: shows ${leaked.join(", ")} of subscriber A`);
        }
      }
      if (isWrite(operation)) {
        const who = writer(access);
        const request = await requestFor(operation, access);
        const before = await footprint(provider);
        const response =
          who === "webClient"
            ? await provider.call(undefined, {
                ...request,
                headers: { ...request.headers, authorization: webClientBasic },
              })
            : await provider.call(tokens[who], request);
        calls++;
        const label = `${operation.key} as ${who === "webClient" ? "the web app's client" : CALLER_KINDS[who]}`;
        if (!matches("allowed", response.statusCode, access))
          failures.push(`${label} (allowed): got ${describeAnswer(response)}`);
        else if (response.statusCode < 300 && changedTables(before, await footprint(provider)).length === 0) {
          failures.push(
            `${label} (allowed): changed nothing, so its refusals proved nothing: give it a body that changes something`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThan(300);
    // About 500 calls and 400 fingerprints: seconds alone, longer beside the rest of the suite on a busy machine.
  }, 180_000);
});

// ---------------------------------------------------------------------------------------------------
// The lodgement calls' world

/**
 * Waits for every file's virus scan (a job, run in the background) to be done: a scan finishing while a
 * refused call is checked would show as a change that call made.
 */
async function scansSettled(): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const pending = await provider.db
      .selectFrom("lodgement_files")
      .select("file_id")
      .where("upload_status", "=", "PENDING")
      .executeTakeFirst();
    if (!pending) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function lodgementCaseVersion(key: keyof typeof DEMO_WORKSPACES) {
  return async () =>
    (
      await provider.db
        .selectFrom("lodgement_cases")
        .select("version")
        .where("workspace_id", "=", DEMO_WORKSPACES[key].workspaceId)
        .executeTakeFirstOrThrow()
    ).version;
}

async function documentVersion(documentId: string): Promise<number> {
  return (
    await provider.db
      .selectFrom("lodgement_documents")
      .select("version")
      .where("document_id", "=", documentId)
      .executeTakeFirstOrThrow()
  ).version;
}

/** Brings A's matrix case in line with its workspace (its applications exist), as any read does. */
async function casesInLine(): Promise<void> {
  const response = await provider.call(helpdeskToken, {
    method: "GET",
    url: `/api/lodgement/v1/lodgement-cases?workspace_id=${MATRIX_WORKSPACE()}`,
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function mortgageChargeOfA(): Promise<string> {
  await casesInLine();
  const caseId = await caseOf("remortgagePreparing")();
  return (
    await provider.db
      .selectFrom("lodgement_documents")
      .select("document_id")
      .where("lodgement_case_id", "=", caseId)
      .where("application_key", "=", "MORTGAGE_DEED")
      .executeTakeFirstOrThrow()
  ).document_id;
}

/** A file of A's matrix case as the files pipeline leaves it once scanned clean. */
async function scannedFileOfA(
  caseKey: keyof typeof DEMO_WORKSPACES = "remortgagePreparing",
): Promise<string> {
  const fileId = randomUUID();
  await provider.db
    .insertInto("lodgement_files")
    .values({
      file_id: fileId,
      lodgement_case_id: await caseOf(caseKey)(),
      file_name: "matrix.pdf",
      document_type: "EVIDENCE",
      document_category: "SUPPORTING_DOCUMENT",
      size_bytes: 100,
      sha256: "0".repeat(64),
      storage_key: `matrix/${fileId}`,
      upload_status: "SUCCESS",
      policy_owner: A,
      policy: JSON.stringify([{ principal: A, decision: "ALLOW", action: "VIEW" }]),
    })
    .execute();
  return fileId;
}

/** A document held in A's matrix case (no application), to delete. */
async function heldDocumentOfA(): Promise<void> {
  await scansSettled();
  await provider.db
    .insertInto("lodgement_documents")
    .values({
      document_id: MATRIX_HELD_DOCUMENT,
      lodgement_case_id: await caseOf("remortgagePreparing")(),
      document_type: "EVIDENCE",
      document_category: "SUPPORTING_DOCUMENT",
      sub_type: "UPLOADED",
      name: "matrix-held.pdf",
      file_id: await scannedFileOfA(),
    })
    .execute();
}

/** A's matrix mortgage charge with its value and a digital deed (signed in the lender's service): ready to approve. */
async function applicationsOfAReady(): Promise<void> {
  await scansSettled();
  const caseId = await caseOf("remortgagePreparing")();
  await provider.db
    .updateTable("lodgement_documents")
    .set({
      transaction_value: 20_000_000,
      mortgage_deed_reference: "e-MD0001",
      mortgage_deed_reference_type: "DIGITAL",
      signature_type: "ADVANCED_ELECTRONIC_SIGNATURE",
      signature_format: "ELECTRONIC",
    })
    .where("lodgement_case_id", "=", caseId)
    .where("application_key", "=", "MORTGAGE_DEED")
    .execute();
  await casesInLine();
}

/** A's lodged remortgage, its request rejected (the requisition deadline passed). */
async function rejectedLodgementOfA(): Promise<void> {
  await scansSettled();
  const caseId = await caseOf("remortgageLodged")();
  await provider.db
    .updateTable("lodgement_cases")
    .set({ status: "REGISTRATION_REJECTED", hard_locked: true })
    .where("lodgement_case_id", "=", caseId)
    .execute();
}

/** A's requisitioned purchase: an open requisition and a reply not yet submitted. */
async function requisitionReplyOfA(): Promise<void> {
  await scansSettled();
  const caseId = await caseOf("purchaseRequisitioned")();
  let request = await provider.db
    .selectFrom("lodgement_requests")
    .select("lodgement_request_id")
    .where("lodgement_case_id", "=", caseId)
    .orderBy("submitted_at", "desc")
    .executeTakeFirst();
  if (!request) {
    request = { lodgement_request_id: randomUUID() };
    await provider.db
      .insertInto("lodgement_requests")
      .values({
        lodgement_request_id: request.lodgement_request_id,
        lodgement_case_id: caseId,
        submitted_at: new Date(Date.now() - 86_400_000),
      })
      .execute();
  }
  await provider.db
    .updateTable("lodgement_requests")
    .set({
      outcome: "REQUISITIONED",
      requisitioned_at: new Date(),
      requisition_deadline: new Date(Date.now() + 20 * 86_400_000),
      requisition_submitted_at: null,
      rejected_at: null,
      answer_due_at: null,
    })
    .where("lodgement_request_id", "=", request.lodgement_request_id)
    .execute();
  await provider.db
    .updateTable("lodgement_cases")
    .set({ status: "REQUISITIONED", hard_locked: true })
    .where("lodgement_case_id", "=", caseId)
    .execute();
  await provider.db
    .insertInto("lodgement_documents")
    .values({
      document_id: MATRIX_REPLY_DOCUMENT,
      lodgement_case_id: caseId,
      document_type: "CERTIFIED_COPY",
      document_category: "REQUISITION_DOCUMENT",
      sub_type: "UPLOADED",
      name: "matrix-reply.pdf",
      file_id: await scannedFileOfA("purchaseRequisitioned"),
      certification_type: "CERTIFIED",
      lodgement_request_id: request.lodgement_request_id,
    })
    .execute();
}
