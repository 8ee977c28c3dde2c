/**
 * The stamp duty land tax return (document 3 sections 2.3, 4.5, 5.2, 6 and 7.2; decisions 0810-0812): the
 * answer of the initial questions, the tax application with its five sections, the tax the product calculates,
 * consent and reopening. The filing with the revenue is filing.ts.
 *
 * Every call first applies the stamp duty tab's rule (core screenAccess "stamp-duty": the SDLT flag, a
 * purchase, a buyer party with dual representation → else 404 "not available"; the view permission, functional
 * and contextual → else 403), so the provider answers exactly what the app shows. Every write runs in one
 * transaction that locks the workspace row then the return's row, checks the permission (403), the version
 * (If-Match: 409 when stale), the status and the rules (400 with the message), writes, moves the version on and
 * records an audit event; a refusal writes nothing.
 */
import { randomUUID } from "node:crypto";
import { sql, type Selectable } from "kysely";
import type { z } from "zod";
import {
  SDLT_CALCULATION_NOTES,
  SDLT_MESSAGES,
  SDLT_REFUSAL_CODES,
  fieldErrorMessage,
  type SdltAgentDetailsData,
  type SdltCalculation,
  type SdltPropertyDetailsData,
  type SdltPurchaserDetailsData,
  type SdltSections,
  type SdltTaxCalculationData,
  type SdltTransactionDetailsData,
  type SdltTransactionSummary,
  type StampDutyDetails,
  type TaxEligibilityRequest,
} from "../../core/sdlt/api.js";
import {
  calculateSdlt,
  SDLT_CALCULATION_NOTE,
  type SdltInput,
  type SdltKind,
} from "../../core/sdlt/calculation.js";
import {
  CONSIDERATION_DESCRIPTIONS,
  type SdltSectionSlug,
  type TaxApplicationStatus,
} from "../../core/sdlt/enums.js";
import {
  SdltConsentSchema,
  SdltPropertyDetailsSchema,
  SdltTransactionDetailsSchema,
  isAgentRequired,
  sdltAgentDetailsSchema,
  sdltPurchaserDetailsSchema,
  sdltTaxCalculationSchema,
} from "../../core/sdlt/schemas.js";
import { addressLine } from "../../core/shared/address.js";
import type { Environment } from "../../core/shared/feature-flags.js";
import { londonToday } from "../../core/shared/london-time.js";
import type { Action } from "../../core/shared/permissions/actions.js";
import { screenAccess } from "../../core/shared/permissions/screens.js";
import type { VerifiedCaller } from "../identity/oidc.js";
import type { RequestMeta } from "../platform/access.js";
import type { ProductClock } from "../platform/clock.js";
import type { DB, Trx } from "../platform/db/index.js";
import type { StampDutyReturnsTable } from "../platform/db/schema.js";
import { ApiError, badRequest, conflict, forbidden, notFound } from "../platform/errors.js";
import { withDates } from "../platform/db/json-rows.js";
import { featureFlagRowsJson, featureFlagsFrom } from "../platform/feature-flags.js";
import {
  findVisibleWorkspace,
  requireAction,
  requireEditable,
  subjectOf,
  type CallerWorkspace,
} from "../workspaces/access.js";
import { recordWorkspaceEvent } from "../workspaces/state.js";

export interface SdltDeps {
  db: DB;
  clock: ProductClock;
  environment: Environment;
}

export type ReturnRow = Selectable<StampDutyReturnsTable>;

/** Audit actions of the stamp duty return. */
export const SdltEvent = {
  ELIGIBILITY_CONFIRMED: "SDLT_ELIGIBILITY_CONFIRMED",
  SECTION_SAVED: "SDLT_SECTION_SAVED",
  CONSENTED: "SDLT_RETURN_PREPARED",
  REOPENED: "SDLT_RETURN_REOPENED",
  READY: "SDLT_RETURN_READY",
  SUBMITTED: "SDLT_RETURN_SUBMITTED",
  POLL_INITIATED: "SDLT_RETURN_POLL_INITIATED",
  FILED: "SDLT_RETURN_FILED",
  FAILED: "SDLT_RETURN_FAILED",
  SUBMISSION_FAILED: "SDLT_RETURN_SUBMISSION_FAILED",
  POLL_FAILED: "SDLT_RETURN_POLL_FAILED",
} as const;

export const CASE_NOT_FOUND_MESSAGE =
  "There is no lodgement case with that id, or you are not a participant in its workspace.";

/** What a case's return looks like before the questions are answered: no row yet, version 1. */
const FIRST_VERSION = 1;

const iso = (value: Date | string | null | undefined) =>
  value === null || value === undefined ? null : new Date(value).toISOString();

function fieldError(field: string, message: string): ApiError {
  return new ApiError(400, "VALIDATION_ERROR", fieldErrorMessage(field, message));
}

/** The first problem of a section's body as the provider's 400 (`Invalid request. body.<field>: <message>`). */
function firstIssue(error: z.ZodError): ApiError {
  const issue = error.issues[0]!;
  return fieldError(issue.path.map(String).join(".") || "body", issue.message);
}

// ---------------------------------------------------------------------------------------------------
// The workspace's facts

interface Party {
  partyId: string;
  name: string;
}

export interface SdltFrame {
  workspace: CallerWorkspace;
  lodgementCaseId: string;
  row: ReturnRow | undefined;
  summary: SdltTransactionSummary;
}

interface BuyerRow {
  party_id: string;
  type: string;
  forenames: string | null;
  surname: string | null;
  organisation_name: string | null;
  representation_type: string | null;
}

/** What the frame is made of beside the workspace, as `frameRowsOf` reads it. */
export interface FrameRows {
  lodgement_case_id: string;
  last_title_number: string | null;
  /** The latest title's number. */
  title_number: string | null;
  /** The BUYER parties in order. */
  buyers: BuyerRow[];
  /** The return, or null before the initial questions are answered. */
  stamp_duty_return: ReturnRow | null;
  feature_flags: { name: string; enabled: boolean }[];
}

/**
 * The workspace's case, its buyers, its latest title's number, its return and the environment's feature flags,
 * in one statement (decision 0921): the tab reads them on every load. Undefined when the workspace has no case.
 */
export async function frameRowsOf(db: DB | Trx, workspaceId: string, environment: Environment): Promise<FrameRows | undefined> {
  const { rows } = await sql<FrameRows>`
    select
      c.lodgement_case_id,
      c.last_title_number,
      (select t.title_number from titles t where t.lodgement_case_id = c.lodgement_case_id
        order by t.retrieved_at desc limit 1) as title_number,
      (select coalesce(json_agg(json_build_object(
          'party_id', p.party_id, 'type', p.type, 'forenames', p.forenames, 'surname', p.surname,
          'organisation_name', p.organisation_name, 'representation_type', p.representation_type) order by p.position), '[]')
        from workspace_parties p where p.workspace_id = c.workspace_id and p.role = 'BUYER') as buyers,
      (select row_to_json(r) from stamp_duty_returns r where r.lodgement_case_id = c.lodgement_case_id) as stamp_duty_return,
      ${featureFlagRowsJson(environment)} as feature_flags
    from lodgement_cases c where c.workspace_id = ${workspaceId}
  `.execute(db);
  const found = rows[0];
  if (!found?.stamp_duty_return) return found;
  // The return came as JSON: its timestamps are text until made Dates again.
  return {
    ...found,
    stamp_duty_return: withDates(found.stamp_duty_return, [
      "decided_at",
      "consented_at",
      "ready_at",
      "submitted_at",
      "poll_initiated_at",
      "filed_at",
      "created_at",
      "updated_at",
    ]),
  };
}

function buyersOf(rows: readonly BuyerRow[]): (Party & { dual: boolean })[] {
  return rows.map((party) => ({
    partyId: party.party_id,
    name:
      party.type === "ORGANISATION"
        ? (party.organisation_name ?? "")
        : [party.forenames, party.surname].filter(Boolean).join(" "),
    dual: party.representation_type === "DUAL_REPRESENTATION",
  }));
}

/** The read-only transaction summary: completion date, title number, property address, buyers. */
function summaryOf(workspace: CallerWorkspace, titleNumber: string | null, buyers: readonly Party[]): SdltTransactionSummary {
  const row = workspace.row;
  const address = addressLine({
    flat: row.address_flat,
    buildingName: row.address_building_name,
    buildingNumber: row.address_building_number,
    street: row.address_street,
    town: row.address_town,
    postcode: row.address_postcode,
  });
  return {
    effectiveDateOfTransaction: row.completion_date_text,
    titleNumber,
    propertyAddress: address || null,
    purchasers: buyers.map((buyer) => ({ id: buyer.partyId, name: buyer.name })),
    transactionType: row.transaction_type,
  };
}

async function returnRowOf(
  db: DB | Trx,
  lodgementCaseId: string,
  lock = false,
): Promise<ReturnRow | undefined> {
  let query = db
    .selectFrom("stamp_duty_returns")
    .selectAll()
    .where("lodgement_case_id", "=", lodgementCaseId);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

/**
 * The workspace (visible to the caller, else 404), the tab's rule (404 "not available", then 403 without the
 * view permission), and the return's row; locked for a write.
 */
async function openFrame(
  deps: SdltDeps,
  trx: Trx,
  caller: VerifiedCaller,
  where: { workspaceId: string } | { lodgementCaseId: string },
  lock: boolean,
): Promise<SdltFrame> {
  if ("workspaceId" in where) {
    // Visibility first: a workspace the caller may not see is not found whether or not it has a case.
    const workspace = await findVisibleWorkspace(trx, caller, where.workspaceId, { lock });
    return frameFor(deps, trx, caller, workspace, lock);
  }
  const found = await trx
    .selectFrom("lodgement_cases")
    .select("workspace_id")
    .where("lodgement_case_id", "=", where.lodgementCaseId)
    .executeTakeFirst();
  if (!found) throw notFound(CASE_NOT_FOUND_MESSAGE);
  const workspace = await findVisibleWorkspace(trx, caller, found.workspace_id, { lock }).catch(
    (error: unknown) => {
      throw error instanceof ApiError && error.status === 404 ? notFound(CASE_NOT_FOUND_MESSAGE) : error;
    },
  );
  return frameFor(deps, trx, caller, workspace, lock);
}

async function frameFor(
  deps: SdltDeps,
  trx: Trx,
  caller: VerifiedCaller,
  workspace: CallerWorkspace,
  lock: boolean,
): Promise<SdltFrame> {
  // Read in this transaction: on PGlite's one connection a read outside it would wait for it forever.
  const rows = await frameRowsOf(trx, workspace.row.workspace_id, deps.environment);
  if (!rows) throw notFound(SDLT_MESSAGES.notAvailable);
  const buyers = buyersOf(rows.buyers);
  const access = screenAccess("stamp-duty", subjectOf(caller), {
    flags: featureFlagsFrom(deps.environment, rows.feature_flags),
    workspace: workspace.context,
    stampDuty: {
      transactionType: workspace.row.transaction_type,
      buyerHasDualRepresentation: buyers.some((buyer) => buyer.dual),
    },
  });
  if (access === "not-found" || access === "hidden") throw notFound(SDLT_MESSAGES.notAvailable);
  if (access !== "allowed") throw forbidden("You do not have access to stamp duty in this workspace.");
  return {
    workspace,
    lodgementCaseId: rows.lodgement_case_id,
    // A write reads the return again under its lock (taken after the workspace's).
    row: lock ? await returnRowOf(trx, rows.lodgement_case_id, true) : (rows.stamp_duty_return ?? undefined),
    summary: summaryOf(workspace, rows.title_number ?? rows.last_title_number, buyers),
  };
}

// ---------------------------------------------------------------------------------------------------
// The answer

type SavedSections = Partial<{
  "transaction-details": SdltTransactionDetailsData;
  "property-details": SdltPropertyDetailsData;
  "tax-calculation": SdltTaxCalculationData;
  "purchaser-details": SdltPurchaserDetailsData;
  "purchaser-agent-details": SdltAgentDetailsData;
}>;

function sectionsOf(row: ReturnRow): SavedSections {
  const raw = typeof row.sections === "string" ? (JSON.parse(row.sections) as unknown) : row.sections;
  return (raw ?? {}) as SavedSections;
}

function calculationOf(row: ReturnRow): SdltCalculation | null {
  const raw =
    typeof row.calculation === "string" ? (JSON.parse(row.calculation) as unknown) : row.calculation;
  return (raw ?? null) as SdltCalculation | null;
}

/** The sections the return needs: purchaser details only when the workspace has buyer parties. */
export function neededSections(hasPurchasers: boolean): SdltSectionSlug[] {
  const all: SdltSectionSlug[] = [
    "transaction-details",
    "property-details",
    "tax-calculation",
    "purchaser-details",
    "purchaser-agent-details",
  ];
  return all.filter((slug) => slug !== "purchaser-details" || hasPurchasers);
}

/**
 * The saved sections as they stand against the workspace now: the purchasers renamed as their buyer parties
 * are named, and the purchaser details no longer completed (dropped here) when they name a party that is no
 * longer a buyer of the workspace — they must be saved again before consent.
 */
export function sectionsInLine(
  saved: SavedSections,
  buyers: readonly { id: string; name: string }[],
): { sections: SavedSections; stalePurchasers: SdltPurchaserDetailsData | null } {
  const purchasers = saved["purchaser-details"];
  if (!purchasers) return { sections: saved, stalePurchasers: null };
  const names = new Map(buyers.map((buyer) => [buyer.id, buyer.name]));
  const entries = [
    purchasers.primaryPurchaser,
    ...(purchasers.additionalPurchaser ? [purchasers.additionalPurchaser] : []),
    ...purchasers.stampDuty2Purchasers,
  ];
  if (entries.some((entry) => !entry.id || !names.has(entry.id))) {
    const { "purchaser-details": _stale, ...rest } = saved;
    return { sections: rest, stalePurchasers: purchasers };
  }
  const renamed = <T extends { id?: string; name?: string }>(entry: T): T => ({
    ...entry,
    name: names.get(entry.id!),
  });
  return {
    sections: {
      ...saved,
      "purchaser-details": {
        primaryPurchaser: renamed(purchasers.primaryPurchaser),
        additionalPurchaser: purchasers.additionalPurchaser
          ? renamed(purchasers.additionalPurchaser)
          : undefined,
        stampDuty2Purchasers: purchasers.stampDuty2Purchasers.map(renamed),
      },
    },
    stalePurchasers: null,
  };
}

export function canBePrepared(
  status: string | null,
  sections: SavedSections,
  hasPurchasers: boolean,
): boolean {
  return status === "CREATED" && neededSections(hasPurchasers).every((slug) => sections[slug] !== undefined);
}

/** PREPARED and before the completion date (no completion date yet: any time). */
export function canBeReopened(status: string | null, completionDate: string | null, now: Date): boolean {
  return status === "PREPARED" && (completionDate === null || londonToday(now) < completionDate);
}

export function detailsOf(frame: SdltFrame, now: Date): StampDutyDetails {
  const { row, summary } = frame;
  const base = {
    lodgementCaseId: frame.lodgementCaseId,
    workspaceId: frame.workspace.row.workspace_id,
    version: row?.version ?? FIRST_VERSION,
    taxEligibilityStatus: (row?.tax_eligibility_status ?? null) as StampDutyDetails["taxEligibilityStatus"],
    revenueAuthority: (row?.revenue_authority ?? null) as StampDutyDetails["revenueAuthority"],
    transactionDetails: summary,
  };
  if (!row || !row.tax_application_id || !row.tax_id || !row.tax_application_status)
    return { ...base, taxApplication: null };
  const { sections: saved, stalePurchasers } = sectionsInLine(sectionsOf(row), summary.purchasers);
  const hasPurchasers = summary.purchasers.length > 0;
  const section = <T>(data: T | undefined, stale: T | null = null) => ({
    status: data === undefined ? ("PENDING" as const) : ("COMPLETED" as const),
    data: data ?? stale,
  });
  const sections: SdltSections = {
    transactionDetails: section(saved["transaction-details"]),
    propertyDetails: section(saved["property-details"]),
    taxCalculation: section(saved["tax-calculation"]),
    purchaserDetails: hasPurchasers ? section(saved["purchaser-details"], stalePurchasers) : null,
    purchaserAgentDetails: section(saved["purchaser-agent-details"]),
  };
  const status = row.tax_application_status as TaxApplicationStatus;
  return {
    ...base,
    taxApplication: {
      taxId: row.tax_id,
      taxApplicationId: row.tax_application_id,
      taxApplicationStatus: status,
      canBePrepared: canBePrepared(status, saved, hasPurchasers),
      canBeReopened: canBeReopened(status, summary.effectiveDateOfTransaction, now),
      sections,
      calculation: calculationOf(row),
      filing: {
        transactionReferenceNumber: row.transaction_reference_number,
        submittedAt: iso(row.submitted_at),
        filedAt: iso(row.filed_at),
        failureReason: row.failure_reason,
        attempts: row.attempts,
      },
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// The calculation

const KIND_OF_PROPERTY: Readonly<Record<string, { kind: SdltKind; additionalDwelling: boolean }>> = {
  RESIDENTIAL: { kind: "residential", additionalDwelling: false },
  RESIDENTIAL_ADDITIONAL_PROPERTIES: { kind: "residential", additionalDwelling: true },
  NON_RESIDENTIAL: { kind: "non-residential", additionalDwelling: false },
  MIXED_USE: { kind: "mixed", additionalDwelling: false },
};

/** The input of calculateSdlt from the saved sections (price in pounds), or why there is none. */
export function calculationInputOf(
  sections: SavedSections,
  effectiveDate: string | null,
): SdltInput | { note: string } {
  const tax = sections["tax-calculation"];
  const transaction = sections["transaction-details"];
  if (!tax || !transaction) return { note: SDLT_CALCULATION_NOTES.unavailable };
  if (tax.totalConsideration === undefined) return { note: SDLT_CALCULATION_NOTES.noConsideration };
  if (!effectiveDate) return { note: SDLT_CALCULATION_NOTES.noEffectiveDate };
  const property = KIND_OF_PROPERTY[transaction.propertyType] ?? KIND_OF_PROPERTY.RESIDENTIAL!;
  return {
    // SDLT money is whole pounds (sdltMoneySchema refuses pence).
    price: Math.trunc(tax.totalConsideration / 100),
    kind: property.kind,
    effectiveDate,
    firstTimeBuyer: tax.isClaimingRelief === true && tax.reasonCode === "FIRST_TIME_BUYERS_RELIEF",
    additionalDwelling: property.additionalDwelling,
    nonResident: sections["purchaser-details"]?.primaryPurchaser.hasNonUKResident === true,
  };
}

/**
 * The calculated tax beside the entered one, in pence (calculateSdlt answers pounds). A calculation that
 * cannot be made (calculateSdlt refuses the date, for example) is stored as not calculated with the reason.
 */
export function calculationFor(
  sections: SavedSections,
  effectiveDate: string | null,
): SdltCalculation | null {
  const tax = sections["tax-calculation"];
  if (!tax) return null;
  const input = calculationInputOf(sections, effectiveDate);
  const notCalculated = (note: string): SdltCalculation => ({
    calculated: false,
    tax: null,
    bands: [],
    rules: null,
    input: null,
    enteredTaxPayable: tax.taxPayable,
    differs: false,
    note,
  });
  if ("note" in input) return notCalculated(input.note);
  let result;
  try {
    result = calculateSdlt(input);
  } catch (error) {
    return notCalculated(
      `${SDLT_CALCULATION_NOTES.unavailable} (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  const pence = (pounds: number) => Math.round(pounds * 100);
  const calculatedTax = pence(result.tax);
  return {
    calculated: true,
    tax: calculatedTax,
    bands: result.bands.map((band) => ({
      from: pence(band.from),
      to: band.to === null ? null : pence(band.to),
      rate: band.rate,
      tax: pence(band.tax),
    })),
    rules: result.rules,
    input: {
      price: pence(input.price),
      kind: input.kind,
      effectiveDate: input.effectiveDate,
      firstTimeBuyer: input.firstTimeBuyer === true,
      additionalDwelling: input.additionalDwelling === true,
      nonResident: input.nonResident === true,
    },
    enteredTaxPayable: tax.taxPayable,
    differs: calculatedTax !== tax.taxPayable,
    note: SDLT_CALCULATION_NOTE,
  };
}

// ---------------------------------------------------------------------------------------------------
// Reads

/** GET lodgement-cases/stamp-duty-details?workspace_id. */
export async function getStampDutyDetails(
  deps: SdltDeps,
  caller: VerifiedCaller,
  workspaceId: string,
): Promise<StampDutyDetails> {
  return deps.db.transaction().execute(async (trx) => {
    const frame = await openFrame(deps, trx, caller, { workspaceId }, false);
    return detailsOf(frame, deps.clock.now());
  });
}

// ---------------------------------------------------------------------------------------------------
// Writes

interface WriteContext {
  trx: Trx;
  frame: SdltFrame;
  now: Date;
}

function requireCan(caller: VerifiedCaller, action: Action, workspace: CallerWorkspace) {
  requireAction(caller, action, workspace);
}

function requireReturnVersion(frame: SdltFrame, expected: number): void {
  if ((frame.row?.version ?? FIRST_VERSION) !== expected) throw conflict();
}

/**
 * Ends every change of a return, in the transaction that made it: moves the return's version on (so a client
 * holding the old one gets 409) and records the audit event on its workspace, with the lodgement case first in
 * its details. A user's write (returnWrite) and a step of the filing job (filing.ts, as SYSTEM) both end here.
 */
export async function commitReturnChange(
  trx: Trx,
  change: {
    lodgementCaseId: string;
    workspaceId: string;
    event: string;
    details: Record<string, unknown>;
    now: Date;
  },
  caller: Pick<VerifiedCaller, "userId" | "subscriberId">,
  meta: RequestMeta,
): Promise<void> {
  await trx
    .updateTable("stamp_duty_returns")
    .set((eb) => ({ version: eb("version", "+", 1), updated_at: change.now }))
    .where("lodgement_case_id", "=", change.lodgementCaseId)
    .execute();
  await recordWorkspaceEvent(
    trx,
    caller,
    change.event,
    change.workspaceId,
    { lodgementCaseId: change.lodgementCaseId, ...change.details },
    meta,
  );
}

/**
 * One write: opens the frame locked, runs `write` (which checks and changes the row), moves the version on,
 * records the audit event, and answers the details after.
 */
async function returnWrite(
  deps: SdltDeps,
  caller: VerifiedCaller,
  lodgementCaseId: string,
  meta: RequestMeta,
  write: (context: WriteContext) => Promise<{ event: string; details: Record<string, unknown> } | null>,
): Promise<StampDutyDetails> {
  return deps.db.transaction().execute(async (trx) => {
    const frame = await openFrame(deps, trx, caller, { lodgementCaseId }, true);
    const now = deps.clock.now();
    const result = await write({ trx, frame, now });
    if (result) {
      await commitReturnChange(
        trx,
        { lodgementCaseId, workspaceId: frame.workspace.row.workspace_id, now, ...result },
        caller,
        meta,
      );
    }
    const after = await returnRowOf(trx, lodgementCaseId);
    return detailsOf({ ...frame, row: after }, now);
  });
}

/**
 * POST tax-eligibility: confirms the answer of the initial questions. Needs ADD_STAMP_DUTY_DETAILS. The Welsh
 * authority is always outside the product; through the product only with HMRC. The first answer creates the
 * row (and, through the product, the tax application: CREATED, every section PENDING); the same answer again
 * changes nothing; a different one is refused (409).
 */
export async function confirmTaxEligibility(
  deps: SdltDeps,
  caller: VerifiedCaller,
  lodgementCaseId: string,
  body: TaxEligibilityRequest,
  expectedVersion: number,
  meta: RequestMeta,
): Promise<StampDutyDetails> {
  return returnWrite(deps, caller, lodgementCaseId, meta, async ({ trx, frame, now }) => {
    requireCan(caller, "answerStampDutyQuestions", frame.workspace);
    requireEditable(frame.workspace);
    requireReturnVersion(frame, expectedVersion);
    const status = body.taxEligibilityStatus;
    const authority = body.revenueAuthority ?? null;
    if (status === "NOT_REQUIRED") {
      if (authority) throw fieldError("revenueAuthority", SDLT_MESSAGES.noAuthorityWhenNotRequired);
    } else if (!authority) {
      throw fieldError("revenueAuthority", SDLT_MESSAGES.authorityRequired);
    } else if (authority === "WELSH_REVENUE_AUTHORITY" && status !== "SUBMISSION_OUTSIDE_PEXA") {
      throw badRequest(SDLT_MESSAGES.welshOutside, SDLT_REFUSAL_CODES.decisionRefused);
    }
    if (frame.row) {
      if (frame.row.tax_eligibility_status === status && (frame.row.revenue_authority ?? null) === authority)
        return null;
      throw new ApiError(409, SDLT_REFUSAL_CODES.decisionConfirmed, SDLT_MESSAGES.decisionConfirmed);
    }
    const through = status === "SUBMISSION_THROUGH_PEXA";
    await trx
      .insertInto("stamp_duty_returns")
      .values({
        lodgement_case_id: lodgementCaseId,
        workspace_id: frame.workspace.row.workspace_id,
        tax_eligibility_status: status,
        revenue_authority: authority,
        decided_at: now,
        decided_by: caller.userId,
        tax_id: through ? randomUUID() : null,
        tax_application_id: through ? randomUUID() : null,
        tax_application_status: through ? "CREATED" : null,
        sections: "{}",
        version: FIRST_VERSION,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return {
      event: SdltEvent.ELIGIBILITY_CONFIRMED,
      details: { taxEligibilityStatus: status, revenueAuthority: authority },
    };
  });
}

export interface SdltApplicationRef {
  lodgementCaseId: string;
  taxId: string;
  taxApplicationId: string;
}

/** The return's tax application named by the path (404 otherwise). */
function requireApplication(frame: SdltFrame, ref: SdltApplicationRef): ReturnRow {
  const row = frame.row;
  if (!row || row.tax_id !== ref.taxId || row.tax_application_id !== ref.taxApplicationId)
    throw notFound(SDLT_MESSAGES.applicationNotFound);
  return row;
}

/** Sections change only while the return is CREATED: PREPARED must be reopened first; later, never. */
function requireCreated(row: ReturnRow): void {
  if (row.tax_application_status === "CREATED") return;
  const message =
    row.tax_application_status === "PREPARED" ? SDLT_MESSAGES.locked : SDLT_MESSAGES.notEditable;
  throw badRequest(message, SDLT_REFUSAL_CODES.statusRefused);
}

const considerationAsked = (description: string | undefined) =>
  (CONSIDERATION_DESCRIPTIONS as readonly (string | undefined)[]).includes(description);

/**
 * The saved payload of a section from its body, checked by the section's schema with its context, the
 * read-only fields put in from the workspace.
 */
function parseSection(
  slug: SdltSectionSlug,
  body: Record<string, unknown>,
  saved: SavedSections,
  frame: SdltFrame,
  now: () => Date,
): SavedSections {
  const parse = <S extends z.ZodType>(schema: S, value: unknown): z.output<S> => {
    const result = schema.safeParse(value);
    if (!result.success) throw firstIssue(result.error);
    return result.data;
  };
  const summary = frame.summary;
  switch (slug) {
    case "transaction-details": {
      if (!summary.effectiveDateOfTransaction)
        throw badRequest(SDLT_MESSAGES.noEffectiveDate, SDLT_REFUSAL_CODES.sectionRefused);
      const data = parse(SdltTransactionDetailsSchema, {
        ...body,
        effectiveDateOfTransaction: summary.effectiveDateOfTransaction,
      });
      return { "transaction-details": data as SdltTransactionDetailsData };
    }
    case "tax-calculation": {
      const transaction = saved["transaction-details"];
      if (!transaction)
        throw badRequest(SDLT_MESSAGES.transactionDetailsFirst, SDLT_REFUSAL_CODES.sectionRefused);
      const data = parse(
        sdltTaxCalculationSchema({
          propertyType: transaction.propertyType,
          transactionDescription: transaction.transactionDescription,
        }),
        body,
      );
      return { "tax-calculation": data as SdltTaxCalculationData };
    }
    case "property-details": {
      if (!summary.titleNumber) throw badRequest(SDLT_MESSAGES.noTitle, SDLT_REFUSAL_CODES.sectionRefused);
      const data = parse(SdltPropertyDetailsSchema, { ...body, titleNumber: summary.titleNumber });
      return {
        "property-details": {
          ...data,
          noOfProperties: 1,
          propertyAddress: summary.propertyAddress,
          titleNumber: summary.titleNumber,
        } as SdltPropertyDetailsData,
      };
    }
    case "purchaser-details": {
      if (summary.purchasers.length === 0)
        throw badRequest(SDLT_MESSAGES.noPurchasers, SDLT_REFUSAL_CODES.sectionRefused);
      const data = parse(sdltPurchaserDetailsSchema(now), body);
      return {
        "purchaser-details": withPurchaserNames(data as SdltPurchaserDetailsData, summary.purchasers),
      };
    }
    case "purchaser-agent-details": {
      const primary = saved["purchaser-details"]?.primaryPurchaser;
      const agentRequired = primary ? isAgentRequired(primary) : false;
      const addressSent = body.agentAddress !== undefined && body.agentAddress !== null;
      const data = parse(
        sdltAgentDetailsSchema({ agentRequired, addressShown: addressSent || agentRequired }),
        body,
      );
      return { "purchaser-agent-details": data as SdltAgentDetailsData };
    }
  }
}

/**
 * The purchasers are the workspace's buyer parties: each entry names one by id (or, without an id, the next
 * in the workspace's order); its name is the party's. An id that is not a buyer of this workspace is refused.
 */
function withPurchaserNames(
  data: SdltPurchaserDetailsData,
  buyers: readonly { id: string; name: string }[],
): SdltPurchaserDetailsData {
  const used = new Set<string>();
  const named = <T extends { id?: string; name?: string }>(entry: T, path: string): T => {
    const buyer = entry.id
      ? buyers.find((candidate) => candidate.id === entry.id)
      : buyers.find((candidate) => !used.has(candidate.id));
    if (entry.id && !buyer) throw fieldError(`${path}.id`, SDLT_MESSAGES.notABuyer);
    if (!buyer) throw fieldError(path, SDLT_MESSAGES.tooManyPurchasers);
    if (used.has(buyer.id)) throw fieldError(`${path}.id`, SDLT_MESSAGES.purchaserTwice);
    used.add(buyer.id);
    return { ...entry, id: buyer.id, name: buyer.name };
  };
  return {
    primaryPurchaser: named(data.primaryPurchaser, "primaryPurchaser"),
    additionalPurchaser: data.additionalPurchaser
      ? named(data.additionalPurchaser, "additionalPurchaser")
      : undefined,
    stampDuty2Purchasers: data.stampDuty2Purchasers.map((entry, index) =>
      named(entry, `stampDuty2Purchasers.${index}`),
    ),
  };
}

/**
 * PUT …/tax-applications/{id}/{section}: saves one section (COMPLETED). ADD_STAMP_DUTY_DETAILS for a pending
 * section, EDIT_STAMP_DUTY_DETAILS for a completed one; only while CREATED. Changing the transaction details
 * so that the saved tax calculation no longer fits them (total consideration asked or not, mixed use with a
 * relief) makes the tax calculation pending again. The calculation is made again whenever a section it reads
 * changes.
 */
export async function saveSdltSection(
  deps: SdltDeps,
  caller: VerifiedCaller,
  ref: SdltApplicationRef,
  slug: SdltSectionSlug,
  body: Record<string, unknown>,
  expectedVersion: number,
  meta: RequestMeta,
): Promise<StampDutyDetails> {
  return returnWrite(deps, caller, ref.lodgementCaseId, meta, async ({ trx, frame }) => {
    const row = requireApplication(frame, ref);
    const saved = sectionsOf(row);
    // A section shown as pending (purchasers no longer the workspace's buyers) is added again, not edited.
    const shown = sectionsInLine(saved, frame.summary.purchasers).sections;
    requireCan(
      caller,
      shown[slug] === undefined ? "addStampDutySection" : "editStampDutySection",
      frame.workspace,
    );
    requireEditable(frame.workspace);
    requireReturnVersion(frame, expectedVersion);
    requireCreated(row);
    const next: SavedSections = {
      ...saved,
      ...parseSection(slug, body, saved, frame, () => deps.clock.now()),
    };
    let taxCalculationReset = false;
    if (slug === "transaction-details" && saved["transaction-details"] && next["tax-calculation"]) {
      const before = saved["transaction-details"];
      const after = next["transaction-details"]!;
      const relief = next["tax-calculation"].isClaimingRelief;
      if (
        considerationAsked(before.transactionDescription) !==
          considerationAsked(after.transactionDescription) ||
        (relief && (before.propertyType === "MIXED_USE") !== (after.propertyType === "MIXED_USE"))
      ) {
        delete next["tax-calculation"];
        taxCalculationReset = true;
      }
    }
    const calculation = calculationFor(next, frame.summary.effectiveDateOfTransaction);
    await trx
      .updateTable("stamp_duty_returns")
      .set({ sections: JSON.stringify(next), calculation: calculation ? JSON.stringify(calculation) : null })
      .where("lodgement_case_id", "=", ref.lodgementCaseId)
      .execute();
    return {
      event: SdltEvent.SECTION_SAVED,
      details: { section: slug, edited: saved[slug] !== undefined, taxCalculationReset },
    };
  });
}

/** POST …/consent: both statements; every needed section completed; CREATED → PREPARED (locked for filing). */
export async function consentToSdltReturn(
  deps: SdltDeps,
  caller: VerifiedCaller,
  ref: SdltApplicationRef,
  body: unknown,
  expectedVersion: number,
  meta: RequestMeta,
): Promise<StampDutyDetails> {
  return returnWrite(deps, caller, ref.lodgementCaseId, meta, async ({ trx, frame, now }) => {
    const row = requireApplication(frame, ref);
    requireCan(caller, "consentStampDuty", frame.workspace);
    requireEditable(frame.workspace);
    requireReturnVersion(frame, expectedVersion);
    requireCreated(row);
    const inLine = sectionsInLine(sectionsOf(row), frame.summary.purchasers).sections;
    if (!canBePrepared(row.tax_application_status, inLine, frame.summary.purchasers.length > 0)) {
      throw badRequest(SDLT_MESSAGES.notReady, SDLT_REFUSAL_CODES.notReady);
    }
    const consent = SdltConsentSchema.safeParse(body ?? {});
    if (!consent.success) throw firstIssue(consent.error);
    await trx
      .updateTable("stamp_duty_returns")
      .set({ tax_application_status: "PREPARED", consented_at: now, consented_by: caller.userId })
      .where("lodgement_case_id", "=", ref.lodgementCaseId)
      .execute();
    return { event: SdltEvent.CONSENTED, details: { taxApplicationId: ref.taxApplicationId } };
  });
}

/** POST …/reopen: PREPARED → CREATED, before the completion date only; needs the consent permissions. */
export async function reopenSdltReturn(
  deps: SdltDeps,
  caller: VerifiedCaller,
  ref: SdltApplicationRef,
  expectedVersion: number,
  meta: RequestMeta,
): Promise<StampDutyDetails> {
  return returnWrite(deps, caller, ref.lodgementCaseId, meta, async ({ trx, frame, now }) => {
    const row = requireApplication(frame, ref);
    requireCan(caller, "consentStampDuty", frame.workspace);
    requireEditable(frame.workspace);
    requireReturnVersion(frame, expectedVersion);
    if (row.tax_application_status !== "PREPARED")
      throw badRequest(SDLT_MESSAGES.notPrepared, SDLT_REFUSAL_CODES.statusRefused);
    if (!canBeReopened(row.tax_application_status, frame.summary.effectiveDateOfTransaction, now)) {
      throw badRequest(SDLT_MESSAGES.reopenTooLate, SDLT_REFUSAL_CODES.reopenRefused);
    }
    await trx
      .updateTable("stamp_duty_returns")
      .set({ tax_application_status: "CREATED", consented_at: null, consented_by: null })
      .where("lodgement_case_id", "=", ref.lodgementCaseId)
      .execute();
    return { event: SdltEvent.REOPENED, details: { taxApplicationId: ref.taxApplicationId } };
  });
}
