/**
 * The lodgement case and title service (document 2 sections 3.1-3.8, 4.1-4.4, 7.2): the case of a
 * workspace, its title, the title search against the land registry (land-registry.ts), the register PDF,
 * the proprietor match derived on read (core/title/assessment.ts) and the proprietor and mismatch writes.
 *
 * Every write follows the workspace write pattern (docs/decisions/0018-one-way-to-write.md): one
 * transaction that locks the workspace row, checks the action's permission, the If-Match version and that
 * the workspace is editable, writes, re-derives the borrowers validation status and this area's tasks
 * (refreshProprietorMatch), and ends with commitWorkspaceChange and an audit event.
 */
import { randomUUID } from "node:crypto";
import type { Selectable } from "kysely";
import type { z } from "zod";
import type {
  ChangeOfNameApplicationRequestSchema,
  LodgementCase,
  LodgementCasesResponse,
  MismatchResolutionAction,
  OutgoingLender,
  ProprietorMatchResponse,
  ProprietorWriteResponse,
  SetIncomingProprietorRequestSchema,
  SetOutgoingProprietorRequestSchema,
  Title,
  TitleSearchRequestSchema,
  TitleSearchResponse,
  UnsupportedReason,
} from "../../core/title/api.js";
import { applyTitleTasks, assessTitle, PROPRIETOR_RULE_MESSAGES, type Assessment, type ProprietorChoice } from "../../core/title/assessment.js";
import type { MatchableParty, RegisteredProprietor } from "../../core/title/matching.js";
import { normaliseNamePart, normaliseOrganisationName } from "../../core/title/matching.js";
import { MISMATCH_ACTION_REFUSALS, mismatchActionRefusal } from "../../core/title/proprietor-mismatch.js";
import { outgoingLendersOf, unsupportedReasonsOf } from "../../core/title/register.js";
import {
  TITLE_SEARCH_MESSAGES,
  isWithinLandRegistryHours,
  nextLandRegistryOpening,
  type TitleSearchStatus,
} from "../../core/title/title-search.js";
import type { TitleStatus } from "../../core/title/enums.js";
import type { BorrowerValidationStatus, PartyRole, PartyType } from "../../core/parties/enums.js";
import type { TransactionType } from "../../core/workspaces/enums.js";
import { SYSTEM_ACTOR } from "../../core/workspaces/lifecycle.js";
import type { WorkspaceStatus } from "../../core/workspaces/status.js";
import type { Action } from "../../core/shared/permissions/actions.js";
import type { VerifiedCaller } from "../identity/verify.js";
import type { RequestMeta } from "../platform/access.js";
import type { ProductClock } from "../platform/clock.js";
import type { Database, DB, Trx } from "../platform/db/index.js";
import type { LodgementCasesTable, TitlesTable } from "../platform/db/schema.js";
import { ApiError, badRequest, notFound } from "../platform/errors.js";
import type { JobQueue } from "../platform/jobs/queue.js";
import { findVisibleWorkspace, requireAction, requireEditable, requireVersion, type CallerWorkspace } from "../workspaces/access.js";
import { withPartyTasks } from "../parties/tasks.js";
import { commitWorkspaceChange, pendingLabelsOf, readTasks, recordWorkspaceEvent, WorkspaceEvent, writeTasks } from "../workspaces/state.js";
import type { LandRegistry, LandRegistryAnswer, TitleRegister } from "./land-registry.js";
import { renderRegisterPdf, titleDocumentStore } from "./register-pdf.js";

export const LODGEMENT_CASE_NOT_FOUND_MESSAGE = "There is no lodgement case with that id, or you are not a participant in its workspace.";
export const PARTY_NOT_FOUND_MESSAGE = "There is no party with that id in this workspace.";
export const TITLE_DOCUMENT_NOT_FOUND_MESSAGE = "There is no title document with that id for this lodgement case.";
export { TITLE_SEARCH_MESSAGES };

/** How long after a pending answer the product asks the land registry again (inside its business hours). */
export const PENDING_COLLECTION_DELAY_MS = 5 * 60_000;

export interface TitleDeps {
  db: DB;
  clock: ProductClock;
  jobs: JobQueue;
  landRegistry: LandRegistry;
  dataDir: string;
}

type CaseRow = Selectable<LodgementCasesTable>;
type TitleRow = Selectable<TitlesTable>;

// ---------------------------------------------------------------------------------------------------
// Reading state

function caseRecord(row: CaseRow): LodgementCase {
  return {
    lodgementCaseId: row.lodgement_case_id,
    workspaceId: row.workspace_id,
    lastTitleSearchStatus: (row.last_title_search_status as TitleSearchStatus | null) ?? null,
    lastTitleSearchTime: row.last_title_search_time ? new Date(row.last_title_search_time).toISOString() : null,
    lastTitleNumber: row.last_title_number,
    unsupportedReasons: (row.unsupported_reasons ?? []) as UnsupportedReason[],
  };
}

/** JSON with object keys sorted: jsonb does not keep key order, so registers are compared this way. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}

function registerOf(row: TitleRow): TitleRegister {
  return (typeof row.register === "string" ? JSON.parse(row.register) : row.register) as TitleRegister;
}

export function titleDocumentPath(lodgementCaseId: string, fileId: string): string {
  return `/api/v1/lodgement-cases/${lodgementCaseId}/title-documents/${fileId}`;
}

function titleRecord(row: TitleRow): Title {
  const register = registerOf(row);
  return {
    titleNumber: row.title_number,
    registeredProprietors: register.registeredProprietors,
    address: register.address,
    restrictions: register.restrictions,
    titleDocuments: [{ fileName: row.file_name, fileId: row.file_id, downloadPath: titleDocumentPath(row.lodgement_case_id, row.file_id) }],
    chargeePartyOrgName: register.chargeePartyOrgName,
    entries: register.entries,
    metaData: register.metaData,
    retrievedAt: new Date(row.retrieved_at).toISOString(),
  };
}

async function caseOfWorkspace(db: DB | Trx, workspaceId: string): Promise<CaseRow | undefined> {
  return db.selectFrom("lodgement_cases").selectAll().where("workspace_id", "=", workspaceId).executeTakeFirst();
}

async function titleOfCase(db: DB | Trx, lodgementCaseId: string): Promise<TitleRow | undefined> {
  return db
    .selectFrom("titles")
    .selectAll()
    .where("lodgement_case_id", "=", lodgementCaseId)
    .orderBy("retrieved_at", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** The case and its workspace as the caller sees it; 404 for a case of a workspace the caller cannot see. */
async function findVisibleCase(
  db: DB | Trx,
  caller: VerifiedCaller,
  lodgementCaseId: string,
  options: { lock?: boolean } = {},
): Promise<{ lodgementCase: CaseRow; workspace: CallerWorkspace }> {
  const found = await db.selectFrom("lodgement_cases").selectAll().where("lodgement_case_id", "=", lodgementCaseId).executeTakeFirst();
  if (!found) throw notFound(LODGEMENT_CASE_NOT_FOUND_MESSAGE);
  let workspace: CallerWorkspace;
  try {
    workspace = await findVisibleWorkspace(db, caller, found.workspace_id, options);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound(LODGEMENT_CASE_NOT_FOUND_MESSAGE);
    throw error;
  }
  if (!options.lock) return { lodgementCase: found, workspace };
  // Read again once the workspace row is locked, so a write sees the case as the previous write left it.
  const lodgementCase = await db.selectFrom("lodgement_cases").selectAll().where("lodgement_case_id", "=", lodgementCaseId).executeTakeFirstOrThrow();
  return { lodgementCase, workspace };
}

interface WorkspaceFacts {
  transactionType: TransactionType;
  transferOfEquity: boolean;
}

interface TitleState {
  lodgementCase: CaseRow | undefined;
  title: TitleRow | undefined;
  register: TitleRegister | null;
  parties: (MatchableParty & { locked: boolean })[];
  choices: ProprietorChoice[];
  changeOfNameApplications: number;
  assessment: Assessment;
}

const MATCHING_RESOLUTIONS = new Set(["CHANGE_OF_NAME_APPLICATION", "NO_ACTION_NEEDED", "UPDATE_NAME_IN_WORKSPACE"]);

function proprietorsOf(register: TitleRegister | null): RegisteredProprietor[] | null {
  if (!register) return null;
  return register.registeredProprietors.map((proprietor) =>
    proprietor.type === "INDIVIDUAL"
      ? { proprietorId: proprietor.proprietorId, type: "INDIVIDUAL", forenames: proprietor.individualDetails!.forenames, surname: proprietor.individualDetails!.surname }
      : {
          proprietorId: proprietor.proprietorId,
          type: "ORGANISATION",
          organisationName: proprietor.organisationDetails!.organisationName,
          registrationNumber: proprietor.organisationDetails!.registrationNumber,
        },
  );
}

/** Everything the match is derived from, read in one go. */
type PartyRow = Selectable<Database["workspace_parties"]>;

/**
 * The rows of this area the match is derived from: the workspace's lodgement case, its latest title, and the
 * parties' resolutions and proprietors' choices. The workspace detail reads them with its own rows in one
 * statement (provider/workspaces/detail-rows.ts).
 */
export interface TitleRows {
  lodgementCase: CaseRow | undefined;
  title: TitleRow | undefined;
  resolutions: readonly { party_id: string; resolution: string }[];
  choices: readonly { proprietor_id: string; title_status: string }[];
}

/**
 * A case never searched holds no title, and without a title the resolutions and choices change nothing, so a
 * workspace before its first search costs one read (none when its case is given).
 */
async function readTitleRows(db: DB | Trx, workspaceId: string, known?: CaseRow): Promise<TitleRows> {
  const lodgementCase = known ?? (await caseOfWorkspace(db, workspaceId));
  if (!lodgementCase?.last_title_search_status) return { lodgementCase, title: undefined, resolutions: [], choices: [] };
  const [title, resolutions, choices] = await Promise.all([
    titleOfCase(db, lodgementCase.lodgement_case_id),
    db.selectFrom("title_party_resolutions").select(["party_id", "resolution"]).where("workspace_id", "=", workspaceId).execute(),
    db.selectFrom("title_proprietor_choices").select(["proprietor_id", "title_status"]).where("lodgement_case_id", "=", lodgementCase.lodgement_case_id).execute(),
  ]);
  return { lodgementCase, title, resolutions, choices };
}

/** Everything the match is derived from; `partyRows` and the case, when the caller has read them, are not read again. */
async function readTitleState(
  db: DB | Trx,
  workspaceId: string,
  facts: WorkspaceFacts,
  known: { partyRows?: readonly PartyRow[]; lodgementCase?: CaseRow } = {},
): Promise<TitleState> {
  const [rows, partyRows] = await Promise.all([
    readTitleRows(db, workspaceId, known.lodgementCase),
    known.partyRows ?? db.selectFrom("workspace_parties").selectAll().where("workspace_id", "=", workspaceId).orderBy("position").execute(),
  ]);
  return titleStateOf(facts, partyRows, rows);
}

function titleStateOf(facts: WorkspaceFacts, partyRows: readonly PartyRow[], rows: TitleRows): TitleState {
  const { lodgementCase, title } = rows;
  // Before the case's first search the resolutions and choices change nothing (readTitleRows does not read them).
  const searched = Boolean(lodgementCase?.last_title_search_status);
  const resolutions = searched ? rows.resolutions : [];
  const choices = searched ? rows.choices : [];
  const resolutionOf = new Map(resolutions.map((row) => [row.party_id, row.resolution]));
  const parties = partyRows.map((row) => {
    const resolution = resolutionOf.get(row.party_id);
    return {
      partyId: row.party_id,
      role: row.role as PartyRole,
      type: row.type as PartyType,
      forenames: row.forenames,
      surname: row.surname,
      organisationName: row.organisation_name,
      registrationNumber: row.registration_number,
      resolution: resolution && MATCHING_RESOLUTIONS.has(resolution) ? (resolution as MatchableParty["resolution"]) : null,
      locked: Boolean((row as { locked?: boolean }).locked),
    };
  });
  const register = title ? registerOf(title) : null;
  const choiceList = choices.map((row) => ({ proprietorId: row.proprietor_id, titleStatus: row.title_status as TitleStatus }));
  const assessment = assessTitle({
    transactionType: facts.transactionType,
    transferOfEquity: facts.transferOfEquity,
    parties,
    proprietors: proprietorsOf(register),
    choices: choiceList,
    unsupportedReasons: (lodgementCase?.unsupported_reasons ?? []) as string[],
  });
  return {
    lodgementCase,
    title,
    register,
    parties,
    choices: choiceList,
    changeOfNameApplications: resolutions.filter((row) => row.resolution === "CHANGE_OF_NAME_APPLICATION").length,
    assessment,
  };
}

/** The fields of section 3.1 this area derives for each party of a workspace (for the workspace's party list). */
export interface PartyTitleFields {
  proprietorMatchStatus: string[];
  nameOnTitle: string | null;
  availableActions: string[];
  sourceProprietorId: string | null;
  isIncomingProprietor: boolean | null;
  titleStatus: TitleStatus | null;
}

/** The fields for a workspace's parties, from the rows its detail read (provider/workspaces/detail-rows.ts). */
export function partyTitleFields(
  workspace: { transaction_type: string; transfer_of_equity: boolean },
  partyRows: readonly PartyRow[],
  titleRows: TitleRows,
): Map<string, PartyTitleFields> {
  const state = titleStateOf(
    { transactionType: workspace.transaction_type as TransactionType, transferOfEquity: workspace.transfer_of_equity },
    partyRows,
    titleRows,
  );
  return new Map(
    state.assessment.parties.map((party) => [
      party.partyId,
      {
        proprietorMatchStatus: party.proprietorMatchStatus,
        nameOnTitle: party.nameOnTitle,
        availableActions: party.availableActions,
        sourceProprietorId: party.sourceProprietorId,
        isIncomingProprietor: party.isIncomingProprietor,
        titleStatus: party.titleStatus,
      },
    ]),
  );
}

function matchResponse(lodgementCaseId: string, state: TitleState): ProprietorMatchResponse {
  const { assessment } = state;
  return {
    lodgementCaseId,
    borrowersValidationStatus: assessment.borrowersValidationStatus,
    parties: assessment.parties.map((party) => ({
      partyId: party.partyId,
      role: state.parties.find((p) => p.partyId === party.partyId)!.role,
      proprietorMatchStatus: party.proprietorMatchStatus,
      nameOnTitle: party.nameOnTitle,
      sourceProprietorId: party.sourceProprietorId,
      availableActions: party.availableActions,
      isIncomingProprietor: party.isIncomingProprietor,
      titleStatus: party.titleStatus,
      locked: state.parties.find((p) => p.partyId === party.partyId)!.locked,
    })),
    unmatchedProprietors: assessment.unmatchedProprietors.map((proprietor) => ({ id: proprietor.proprietorId, ...proprietor })),
    registeredProprietorCount: assessment.registeredProprietorCount,
    incomingProprietorCount: assessment.incomingProprietorCount ?? null,
    problems: assessment.problems,
  };
}

// ---------------------------------------------------------------------------------------------------
// Re-deriving the workspace's standing

/**
 * Re-derives the workspace's borrowers validation status and this area's tasks from its parties and title,
 * and stores them (with the pending labels). Call it in the transaction of any write that changes parties
 * or the title, BEFORE that write's commitWorkspaceChange, and pass commitWorkspaceChange the state it
 * answers, so the labels and the version follow.
 */
export async function refreshProprietorMatch(
  trx: Trx,
  workspaceId: string,
  at: Date = new Date(),
): Promise<{ status: WorkspaceStatus; tasks: Awaited<ReturnType<typeof readTasks>>; borrowersValidationStatus: BorrowerValidationStatus; assessment: Assessment }> {
  const row = await trx
    .selectFrom("workspaces")
    .select(["status", "transaction_type", "transfer_of_equity"])
    .where("workspace_id", "=", workspaceId)
    .executeTakeFirstOrThrow();
  const facts = { transactionType: row.transaction_type as TransactionType, transferOfEquity: row.transfer_of_equity };
  const state = await readTitleState(trx, workspaceId, facts);
  const borrowersValidationStatus = state.assessment.borrowersValidationStatus;
  const before = await readTasks(trx, workspaceId);
  const tasks = applyTitleTasks(
    before,
    {
      transactionType: facts.transactionType,
      borrowersValidationStatus,
      lastTitleSearchStatus: state.lodgementCase?.last_title_search_status ?? null,
      changeOfNameApplications: state.changeOfNameApplications,
    },
    at.toISOString(),
    SYSTEM_ACTOR,
  );
  await writeTasks(trx, workspaceId, before, tasks);
  const status = row.status as WorkspaceStatus;
  await trx
    .updateTable("workspaces")
    .set({ borrowers_validation_status: borrowersValidationStatus, pending_labels: pendingLabelsOf({ status, tasks, borrowersValidationStatus }) })
    .where("workspace_id", "=", workspaceId)
    .execute();
  return { status, tasks, borrowersValidationStatus, assessment: state.assessment };
}

async function refreshAndCommit(
  trx: Trx,
  workspace: CallerWorkspace,
  expectedVersion: number,
  at: Date,
): Promise<{ version: number; borrowersValidationStatus: BorrowerValidationStatus }> {
  const workspaceId = workspace.row.workspace_id;
  const refreshed = await refreshProprietorMatch(trx, workspaceId, at);
  // A proprietor write may add a party (an incoming or outgoing proprietor): the parties' tasks follow.
  const tasks = await withPartyTasks(trx, workspaceId, refreshed.tasks, SYSTEM_ACTOR, at.toISOString());
  await writeTasks(trx, workspaceId, refreshed.tasks, tasks);
  const version = await commitWorkspaceChange(trx, workspaceId, expectedVersion, { ...refreshed, tasks }, { borrowers_validation_status: refreshed.borrowersValidationStatus });
  return { version, borrowersValidationStatus: refreshed.borrowersValidationStatus };
}

// ---------------------------------------------------------------------------------------------------
// Reads

/** The workspace's case; with `titles`, its titles beside it (what listTitles answers) after the same check. */
export async function listLodgementCases(
  db: DB,
  caller: VerifiedCaller,
  workspaceId: string,
  include: { titles?: boolean } = {},
): Promise<LodgementCasesResponse> {
  const workspace = await findVisibleWorkspace(db, caller, workspaceId);
  requireAction(caller, "viewWorkspace", workspace);
  const row = await caseOfWorkspace(db, workspaceId);
  if (!row) return { records: [] };
  if (!include.titles) return { records: [caseRecord(row)] };
  const title = await titleOfCase(db, row.lodgement_case_id);
  return { records: [caseRecord(row)], included: { titles: title ? [titleRecord(title)] : [] } };
}

export async function listTitles(db: DB, caller: VerifiedCaller, lodgementCaseId: string): Promise<{ records: Title[] }> {
  const { workspace } = await findVisibleCase(db, caller, lodgementCaseId);
  requireAction(caller, "viewWorkspace", workspace);
  const title = await titleOfCase(db, lodgementCaseId);
  return { records: title ? [titleRecord(title)] : [] };
}

export async function proprietorMatch(db: DB, caller: VerifiedCaller, lodgementCaseId: string): Promise<ProprietorMatchResponse> {
  const { workspace, lodgementCase } = await findVisibleCase(db, caller, lodgementCaseId);
  requireAction(caller, "viewWorkspace", workspace);
  const state = await readTitleState(db, workspace.row.workspace_id, factsOf(workspace), { lodgementCase });
  return matchResponse(lodgementCaseId, state);
}

/** The charges' lenders on a register, as the outgoing-lenders records (no representation is known from the title). */
function outgoingLenderRecords(register: TitleRegister): OutgoingLender[] {
  return outgoingLendersOf(register.entries).map((lender) => ({ ...lender, representationDetails: null }));
}

/**
 * The title's match and outgoing lenders for a workspace the caller may view (the participants tab's read),
 * from the rows the tab read; null when the workspace has no lodgement case.
 */
export function titleMatchOf(
  workspace: CallerWorkspace,
  partyRows: readonly PartyRow[],
  titleRows: TitleRows,
): { lodgementCaseId: string; match: ProprietorMatchResponse; outgoingLenders: OutgoingLender[] } | null {
  const { lodgementCase } = titleRows;
  if (!lodgementCase) return null;
  const state = titleStateOf(factsOf(workspace), partyRows, titleRows);
  return {
    lodgementCaseId: lodgementCase.lodgement_case_id,
    match: matchResponse(lodgementCase.lodgement_case_id, state),
    outgoingLenders: state.register ? outgoingLenderRecords(state.register) : [],
  };
}

export async function outgoingLenders(db: DB, caller: VerifiedCaller, lodgementCaseId: string): Promise<{ records: OutgoingLender[] }> {
  const { workspace } = await findVisibleCase(db, caller, lodgementCaseId);
  requireAction(caller, "viewWorkspace", workspace);
  const title = await titleOfCase(db, lodgementCaseId);
  if (!title) return { records: [] };
  return { records: outgoingLenderRecords(registerOf(title)) };
}

export async function borrowersValidation(db: DB, caller: VerifiedCaller, workspaceId: string) {
  const workspace = await findVisibleWorkspace(db, caller, workspaceId);
  requireAction(caller, "viewWorkspace", workspace);
  return { workspaceId, borrowersValidationStatus: workspace.row.borrowers_validation_status as BorrowerValidationStatus };
}

/** The register PDF: made again from the register held when the file is missing. */
export async function titleDocument(
  deps: Pick<TitleDeps, "db" | "dataDir">,
  caller: VerifiedCaller,
  lodgementCaseId: string,
  fileId: string,
): Promise<{ fileName: string; bytes: Buffer }> {
  const { workspace } = await findVisibleCase(deps.db, caller, lodgementCaseId);
  requireAction(caller, "viewWorkspace", workspace);
  const title = await deps.db
    .selectFrom("titles")
    .selectAll()
    .where("lodgement_case_id", "=", lodgementCaseId)
    .where("file_id", "=", fileId)
    .executeTakeFirst();
  if (!title) throw notFound(TITLE_DOCUMENT_NOT_FOUND_MESSAGE);
  const store = titleDocumentStore(deps.dataDir);
  let bytes = await store.read(fileId);
  if (!bytes) {
    const made = await renderRegisterPdf(registerOf(title), new Date(title.retrieved_at));
    await store.write(fileId, made);
    bytes = Buffer.from(made);
  }
  return { fileName: title.file_name, bytes };
}

function factsOf(workspace: CallerWorkspace): WorkspaceFacts {
  return { transactionType: workspace.row.transaction_type as TransactionType, transferOfEquity: workspace.row.transfer_of_equity };
}

// ---------------------------------------------------------------------------------------------------
// Title search

export type TitleSearchBody = z.output<typeof TitleSearchRequestSchema>;

/**
 * Stores a register as the case's one title (the previous one goes). Its PDF is made at its first download
 * and kept (titleDocument): making one takes tens of milliseconds, which the search does not wait for.
 */
async function storeRegister(trx: Trx, lodgementCaseId: string, register: TitleRegister, at: Date): Promise<void> {
  const fileId = randomUUID();
  await trx.deleteFrom("titles").where("lodgement_case_id", "=", lodgementCaseId).execute();
  await trx
    .insertInto("titles")
    .values({
      lodgement_case_id: lodgementCaseId,
      title_number: register.titleNumber,
      register: JSON.stringify(register),
      file_id: fileId,
      file_name: `${register.titleNumber}-register.pdf`,
      retrieved_at: at,
    })
    .execute();
}

/** Records a land registry answer on the case (and the register, on success). */
async function recordAnswer(
  trx: Trx,
  deps: Pick<TitleDeps, "jobs">,
  lodgementCase: CaseRow,
  titleNumber: string,
  answer: LandRegistryAnswer,
  at: Date,
  options: { countSearch: boolean },
): Promise<void> {
  const status: TitleSearchStatus = answer.outcome;
  let unsupported: UnsupportedReason[] = (lodgementCase.unsupported_reasons ?? []) as UnsupportedReason[];
  if (answer.outcome === "SUCCESS") {
    await storeRegister(trx, lodgementCase.lodgement_case_id, answer.register, at);
    unsupported = unsupportedReasonsOf(answer.register.entries);
  }
  await trx
    .updateTable("lodgement_cases")
    .set({
      last_title_search_status: status,
      last_title_search_time: at,
      last_title_number: titleNumber,
      unsupported_reasons: JSON.stringify(unsupported),
      title_searches: lodgementCase.title_searches + (options.countSearch ? 1 : 0),
      updated_at: new Date(),
    })
    .where("lodgement_case_id", "=", lodgementCase.lodgement_case_id)
    .execute();
  if (answer.outcome === "PENDING") {
    // On a whole minute: the collection time a person reads in the job list.
    const runAt = nextLandRegistryOpening(new Date(Math.ceil((at.getTime() + PENDING_COLLECTION_DELAY_MS) / 60_000) * 60_000));
    const { collectPendingTitleSearchJob } = await import("./jobs.js");
    await deps.jobs.schedule(trx, collectPendingTitleSearchJob, { lodgementCaseId: lodgementCase.lodgement_case_id, titleNumber }, {
      key: `${lodgementCase.lodgement_case_id}:${titleNumber}:${runAt.toISOString()}`,
      runAt,
    });
  }
}

export async function searchTitle(
  deps: TitleDeps,
  caller: VerifiedCaller,
  lodgementCaseId: string,
  body: TitleSearchBody,
  expectedVersion: number,
  meta: RequestMeta,
): Promise<TitleSearchResponse> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const { lodgementCase, workspace } = await findVisibleCase(trx, caller, lodgementCaseId, { lock: true });
    requireAction(caller, "retrieveTitle", workspace);
    requireVersion(workspace, expectedVersion);
    requireEditable(workspace);
    const held = await titleOfCase(trx, lodgementCaseId);
    const refetch = body.refetch === true;
    let changed: boolean | null = null;
    const call = { titleNumber: body.titleNumber, previousSearches: lodgementCase.title_searches, now };

    if (refetch) {
      if (!held || held.title_number !== body.titleNumber) throw badRequest(TITLE_SEARCH_MESSAGES.noTitleToRefetch, "NO_TITLE_TO_CHECK");
      if (!isWithinLandRegistryHours(now)) throw badRequest(TITLE_SEARCH_MESSAGES.checkOutsideHours, "OUTSIDE_LAND_REGISTRY_HOURS");
      const answer = await deps.landRegistry.searchTitle(call);
      if (answer.outcome !== "SUCCESS") throw new ApiError(502, "LAND_REGISTRY_UNAVAILABLE", TITLE_SEARCH_MESSAGES.registryUnavailable);
      changed = canonical(registerOf(held)) !== canonical(answer.register);
      if (changed) {
        await recordAnswer(trx, deps, lodgementCase, body.titleNumber, answer, now, { countSearch: true });
      } else {
        await trx
          .updateTable("lodgement_cases")
          .set({ last_title_search_time: now, title_searches: lodgementCase.title_searches + 1, updated_at: new Date() })
          .where("lodgement_case_id", "=", lodgementCaseId)
          .execute();
      }
    } else {
      if (held) throw badRequest(TITLE_SEARCH_MESSAGES.titleHeld, "TITLE_HELD");
      // Outside its business hours the land registry queues a search: it is collected at the next opening.
      const answer: LandRegistryAnswer = isWithinLandRegistryHours(now) ? await deps.landRegistry.searchTitle(call) : { outcome: "PENDING" };
      await recordAnswer(trx, deps, lodgementCase, body.titleNumber, answer, now, { countSearch: true });
    }

    const { version, borrowersValidationStatus } = await refreshAndCommit(trx, workspace, expectedVersion, now);
    const after = await trx.selectFrom("lodgement_cases").selectAll().where("lodgement_case_id", "=", lodgementCaseId).executeTakeFirstOrThrow();
    await recordWorkspaceEvent(
      trx,
      caller,
      WorkspaceEvent.TITLE_SEARCHED,
      workspace.row.workspace_id,
      { lodgementCaseId, titleNumber: body.titleNumber, refetch, status: after.last_title_search_status, changed },
      meta,
    );
    const title = await titleOfCase(trx, lodgementCaseId);
    return {
      lodgementCase: caseRecord(after),
      titles: title ? [titleRecord(title)] : [],
      changed,
      borrowersValidationStatus,
      version,
    };
  });
}

/**
 * The job's side of a pending search: inside business hours, collect the answer and record it on the case
 * (when the case still waits for that title number), re-derive the match and move the workspace's version
 * on. Outside business hours nothing is asked; the caller schedules the collection for the next opening.
 * Answers what happened.
 */
export async function collectPendingTitleSearch(
  deps: Pick<TitleDeps, "db" | "clock" | "jobs" | "landRegistry" | "dataDir">,
  lodgementCaseId: string,
  titleNumber: string,
): Promise<"collected" | "outside-hours" | "stale" | "still-pending"> {
  const now = deps.clock.now();
  if (!isWithinLandRegistryHours(now)) return "outside-hours";
  return deps.db.transaction().execute(async (trx) => {
    const found = await trx.selectFrom("lodgement_cases").select("workspace_id").where("lodgement_case_id", "=", lodgementCaseId).executeTakeFirst();
    if (!found) return "stale";
    const workspace = await trx.selectFrom("workspaces").select(["version"]).where("workspace_id", "=", found.workspace_id).forUpdate().executeTakeFirstOrThrow();
    const lodgementCase = await trx.selectFrom("lodgement_cases").selectAll().where("lodgement_case_id", "=", lodgementCaseId).executeTakeFirstOrThrow();
    if (lodgementCase.last_title_search_status !== "PENDING" || lodgementCase.last_title_number !== titleNumber) return "stale";
    const answer = await deps.landRegistry.collectPendingSearch({ titleNumber, previousSearches: lodgementCase.title_searches - 1, now });
    await recordAnswer(trx, deps, lodgementCase, titleNumber, answer, now, { countSearch: false });
    const refreshed = await refreshProprietorMatch(trx, found.workspace_id, now);
    await commitWorkspaceChange(trx, found.workspace_id, workspace.version, refreshed, { borrowers_validation_status: refreshed.borrowersValidationStatus });
    await recordWorkspaceEvent(
      trx,
      { userId: SYSTEM_ACTOR, subscriberId: null },
      WorkspaceEvent.TITLE_SEARCH_ANSWERED,
      found.workspace_id,
      { lodgementCaseId, titleNumber, status: answer.outcome },
      { correlationId: randomUUID(), ipAddress: null },
    );
    return answer.outcome === "PENDING" ? ("still-pending" as const) : ("collected" as const);
  });
}

// ---------------------------------------------------------------------------------------------------
// Proprietor and mismatch writes

interface WriteContext {
  trx: Trx;
  lodgementCase: CaseRow;
  workspace: CallerWorkspace;
  state: TitleState;
}

async function proprietorWrite(
  deps: Pick<TitleDeps, "db" | "clock">,
  caller: VerifiedCaller,
  lodgementCaseId: string,
  expectedVersion: number,
  meta: RequestMeta,
  event: WorkspaceEvent,
  write: (context: WriteContext) => Promise<Record<string, unknown>>,
): Promise<ProprietorWriteResponse> {
  const now = deps.clock.now();
  const action: Action = "resolveMismatch";
  return deps.db.transaction().execute(async (trx) => {
    const { lodgementCase, workspace } = await findVisibleCase(trx, caller, lodgementCaseId, { lock: true });
    requireAction(caller, action, workspace);
    requireVersion(workspace, expectedVersion);
    requireEditable(workspace);
    const state = await readTitleState(trx, workspace.row.workspace_id, factsOf(workspace));
    if (!state.register) throw badRequest(PROPRIETOR_RULE_MESSAGES.noTitle, "NO_TITLE");
    const details = await write({ trx, lodgementCase, workspace, state });
    const { version } = await refreshAndCommit(trx, workspace, expectedVersion, now);
    await recordWorkspaceEvent(trx, caller, event, workspace.row.workspace_id, { lodgementCaseId, ...details }, meta);
    const after = await readTitleState(trx, workspace.row.workspace_id, factsOf(workspace));
    return { ...matchResponse(lodgementCaseId, after), version };
  });
}

function proprietorOnTitle(state: TitleState, proprietorId: string) {
  const proprietor = state.register!.registeredProprietors.find((candidate) => candidate.proprietorId === proprietorId);
  if (!proprietor) throw badRequest(PROPRIETOR_RULE_MESSAGES.notAProprietor, "UNKNOWN_PROPRIETOR");
  return proprietor;
}

async function addProprietorParty(trx: Trx, workspaceId: string, proprietor: TitleRegister["registeredProprietors"][number]): Promise<string> {
  const partyId = randomUUID();
  const last = await trx
    .selectFrom("workspace_parties")
    .select((eb) => eb.fn.max<number>("position").as("position"))
    .where("workspace_id", "=", workspaceId)
    .executeTakeFirst();
  const individual = proprietor.type === "INDIVIDUAL";
  await trx
    .insertInto("workspace_parties")
    .values({
      party_id: partyId,
      workspace_id: workspaceId,
      position: (last?.position ?? -1) + 1,
      role: "OUTGOING_PROPRIETOR",
      type: proprietor.type,
      forenames: individual ? proprietor.individualDetails!.forenames : null,
      surname: individual ? proprietor.individualDetails!.surname : null,
      organisation_name: individual ? null : proprietor.organisationDetails!.organisationName,
      registration_number: individual ? null : proprietor.organisationDetails!.registrationNumber,
      organisation_type: individual ? null : "LIMITED_COMPANY",
      legal_entity_name: null,
      locked: true,
    })
    .execute();
  return partyId;
}

export type SetIncomingProprietorBody = z.output<typeof SetIncomingProprietorRequestSchema>;

export function setIncomingProprietor(
  deps: Pick<TitleDeps, "db" | "clock">,
  caller: VerifiedCaller,
  lodgementCaseId: string,
  body: SetIncomingProprietorBody,
  expectedVersion: number,
  meta: RequestMeta,
): Promise<ProprietorWriteResponse> {
  return proprietorWrite(deps, caller, lodgementCaseId, expectedVersion, meta, WorkspaceEvent.PROPRIETOR_SET_INCOMING, async ({ trx, lodgementCase, workspace, state }) => {
    const proprietor = proprietorOnTitle(state, body.proprietorId);
    if (state.choices.some((choice) => choice.proprietorId === body.proprietorId)) throw badRequest(PROPRIETOR_RULE_MESSAGES.alreadyChosen, "PROPRIETOR_ALREADY_SET");
    const unmatched = state.assessment.unmatchedProprietors.find((candidate) => candidate.proprietorId === body.proprietorId);
    if (!unmatched) throw badRequest(PROPRIETOR_RULE_MESSAGES.actionNotAvailable, "ACTION_NOT_AVAILABLE");
    if (proprietor.type !== body.proprietorType) throw badRequest(PROPRIETOR_RULE_MESSAGES.detailsDoNotMatch, "DETAILS_DO_NOT_MATCH");
    const refusal = mismatchActionRefusal("SET_AS_INCOMING_PROPRIETOR", {
      registeredProprietorCount: state.assessment.registeredProprietorCount,
      incomingProprietorCount: state.assessment.incomingProprietorCount,
    });
    if (refusal) throw badRequest(refusal, "SET_AS_INCOMING_PROPRIETOR_REFUSED");
    const partyId = await addProprietorParty(trx, workspace.row.workspace_id, proprietor);
    await trx
      .insertInto("title_proprietor_choices")
      .values({ lodgement_case_id: lodgementCase.lodgement_case_id, proprietor_id: body.proprietorId, title_status: "INCOMING", party_id: partyId })
      .execute();
    return { proprietorId: body.proprietorId, partyId, titleStatus: "INCOMING" };
  });
}

export type SetOutgoingProprietorBody = z.output<typeof SetOutgoingProprietorRequestSchema>;

export function setOutgoingProprietor(
  deps: Pick<TitleDeps, "db" | "clock">,
  caller: VerifiedCaller,
  lodgementCaseId: string,
  body: SetOutgoingProprietorBody,
  expectedVersion: number,
  meta: RequestMeta,
): Promise<ProprietorWriteResponse> {
  return proprietorWrite(deps, caller, lodgementCaseId, expectedVersion, meta, WorkspaceEvent.PROPRIETOR_SET_OUTGOING, async ({ trx, lodgementCase, workspace, state }) => {
    const proprietor = proprietorOnTitle(state, body.proprietorId);
    if (state.choices.some((choice) => choice.proprietorId === body.proprietorId)) throw badRequest(PROPRIETOR_RULE_MESSAGES.alreadyChosen, "PROPRIETOR_ALREADY_SET");
    const refusal = mismatchActionRefusal("SET_AS_OUTGOING_PROPRIETOR", {
      registeredProprietorCount: state.assessment.registeredProprietorCount,
      incomingProprietorCount: state.assessment.incomingProprietorCount,
    });
    if (refusal) throw badRequest(refusal, "SET_AS_OUTGOING_PROPRIETOR_REFUSED");
    // Section 4.4: the borrowers must keep at least one existing proprietor, and someone must stay on the title.
    const paired = state.assessment.parties.find((party) => party.sourceProprietorId === body.proprietorId);
    const hypothetical = assessTitle({
      ...factsOf(workspace),
      parties: state.parties,
      proprietors: proprietorsOf(state.register),
      choices: [...state.choices, { proprietorId: body.proprietorId, titleStatus: "OUTGOING" }],
      unsupportedReasons: [],
    });
    for (const problem of [PROPRIETOR_RULE_MESSAGES.borrowerMustStay, PROPRIETOR_RULE_MESSAGES.proprietorMustStay]) {
      if (hypothetical.problems.includes(problem) && !state.assessment.problems.includes(problem)) throw badRequest(problem, "PROPRIETOR_RULE");
    }
    const partyId = paired ? null : await addProprietorParty(trx, workspace.row.workspace_id, proprietor);
    await trx
      .insertInto("title_proprietor_choices")
      .values({ lodgement_case_id: lodgementCase.lodgement_case_id, proprietor_id: body.proprietorId, title_status: "OUTGOING", party_id: partyId ?? paired?.partyId ?? null })
      .execute();
    return { proprietorId: body.proprietorId, partyId: partyId ?? paired?.partyId ?? null, titleStatus: "OUTGOING" };
  });
}

export type ChangeOfNameApplicationBody = z.output<typeof ChangeOfNameApplicationRequestSchema>;

function sameName(party: MatchableParty, details: ChangeOfNameApplicationBody): boolean {
  if (details.individualDetails) {
    return (
      party.type === "INDIVIDUAL" &&
      normaliseNamePart(party.forenames) === normaliseNamePart(details.individualDetails.forenames) &&
      normaliseNamePart(party.surname) === normaliseNamePart(details.individualDetails.surname)
    );
  }
  if (details.organisationDetails) {
    return party.type === "ORGANISATION" && normaliseOrganisationName(party.organisationName) === normaliseOrganisationName(details.organisationDetails.organisationName);
  }
  return true;
}

async function saveResolution(trx: Trx, workspaceId: string, partyId: string, resolution: MismatchResolutionAction, proprietorId: string | null, details: unknown = null) {
  await trx
    .insertInto("title_party_resolutions")
    .values({ party_id: partyId, workspace_id: workspaceId, resolution, proprietor_id: proprietorId, details: details === null ? null : JSON.stringify(details) })
    .onConflict((oc) => oc.column("party_id").doUpdateSet({ resolution, proprietor_id: proprietorId, details: details === null ? null : JSON.stringify(details) }))
    .execute();
}

export function applyForChangeOfName(
  deps: Pick<TitleDeps, "db" | "clock">,
  caller: VerifiedCaller,
  lodgementCaseId: string,
  body: ChangeOfNameApplicationBody,
  expectedVersion: number,
  meta: RequestMeta,
): Promise<ProprietorWriteResponse> {
  return proprietorWrite(deps, caller, lodgementCaseId, expectedVersion, meta, WorkspaceEvent.MISMATCH_RESOLVED, async ({ trx, workspace, state }) => {
    proprietorOnTitle(state, body.proprietorId);
    const match = state.assessment.parties.find((party) => (body.partyId ? party.partyId === body.partyId : party.sourceProprietorId === body.proprietorId));
    if (!match) throw notFound(PARTY_NOT_FOUND_MESSAGE);
    if (match.sourceProprietorId !== body.proprietorId || !match.availableActions.includes("CHANGE_OF_NAME_APPLICATION")) {
      throw badRequest(PROPRIETOR_RULE_MESSAGES.actionNotAvailable, "ACTION_NOT_AVAILABLE");
    }
    const party = state.parties.find((candidate) => candidate.partyId === match.partyId)!;
    if (!sameName(party, body)) throw badRequest(PROPRIETOR_RULE_MESSAGES.detailsDoNotMatch, "DETAILS_DO_NOT_MATCH");
    await saveResolution(trx, workspace.row.workspace_id, match.partyId, "CHANGE_OF_NAME_APPLICATION", body.proprietorId, {
      individualDetails: body.individualDetails ?? null,
      organisationDetails: body.organisationDetails ?? null,
    });
    return { partyId: match.partyId, proprietorId: body.proprietorId, action: "CHANGE_OF_NAME_APPLICATION" };
  });
}

/** Resolves a party's mismatch by one of its available actions (section 3.1's mismatch actions). */
export function resolvePartyMismatch(
  deps: Pick<TitleDeps, "db" | "clock">,
  caller: VerifiedCaller,
  lodgementCaseId: string,
  partyId: string,
  action: MismatchResolutionAction,
  expectedVersion: number,
  meta: RequestMeta,
): Promise<ProprietorWriteResponse> {
  return proprietorWrite(deps, caller, lodgementCaseId, expectedVersion, meta, WorkspaceEvent.MISMATCH_RESOLVED, async ({ trx, workspace, state }) => {
    const workspaceId = workspace.row.workspace_id;
    const match = state.assessment.parties.find((party) => party.partyId === partyId);
    if (!match) throw notFound(PARTY_NOT_FOUND_MESSAGE);
    const party = state.parties.find((candidate) => candidate.partyId === partyId)!;
    if (match.proprietorMatchStatus.includes("NOT_REQUIRED")) throw badRequest(PROPRIETOR_RULE_MESSAGES.notRequired, "MATCH_NOT_REQUIRED");
    if (!match.availableActions.includes(action)) throw badRequest(PROPRIETOR_RULE_MESSAGES.actionNotAvailable, "ACTION_NOT_AVAILABLE");
    const proprietor = match.sourceProprietorId ? proprietorOnTitle(state, match.sourceProprietorId) : null;

    switch (action) {
      case "UPDATE_NAME_IN_WORKSPACE": {
        if (!proprietor) throw badRequest(PROPRIETOR_RULE_MESSAGES.actionNotAvailable, "ACTION_NOT_AVAILABLE");
        const individual = proprietor.type === "INDIVIDUAL";
        await trx
          .updateTable("workspace_parties")
          .set(
            individual
              ? { forenames: proprietor.individualDetails!.forenames, surname: proprietor.individualDetails!.surname, locked: true }
              : { organisation_name: proprietor.organisationDetails!.organisationName, locked: true },
          )
          .where("party_id", "=", partyId)
          .execute();
        await saveResolution(trx, workspaceId, partyId, action, proprietor.proprietorId);
        break;
      }
      case "UPDATE_REGISTRATION_NUMBER_IN_WORKSPACE": {
        if (!proprietor || proprietor.type !== "ORGANISATION") throw badRequest(PROPRIETOR_RULE_MESSAGES.actionNotAvailable, "ACTION_NOT_AVAILABLE");
        await trx
          .updateTable("workspace_parties")
          .set({ registration_number: proprietor.organisationDetails!.registrationNumber, locked: true })
          .where("party_id", "=", partyId)
          .execute();
        // A name already taken from the title stays the party's resolution (it shows PARTY_NAME_UPDATED).
        if (party.resolution !== "UPDATE_NAME_IN_WORKSPACE") await saveResolution(trx, workspaceId, partyId, action, proprietor.proprietorId);
        break;
      }
      case "ORGANISATION_IS_A_BORROWER": {
        const applicants = state.parties.filter((candidate) => candidate.role === party.role);
        if (applicants.length > 1) throw badRequest(PROPRIETOR_RULE_MESSAGES.organisationAlone, "ORGANISATION_NOT_ALONE");
        const organisation = state.assessment.unmatchedProprietors.find((candidate) => candidate.organisationDetails !== null);
        if (!organisation) throw badRequest(PROPRIETOR_RULE_MESSAGES.actionNotAvailable, "ACTION_NOT_AVAILABLE");
        await trx
          .updateTable("workspace_parties")
          .set({
            type: "ORGANISATION",
            forenames: null,
            surname: null,
            organisation_name: organisation.organisationDetails!.organisationName,
            registration_number: organisation.organisationDetails!.registrationNumber,
            organisation_type: "LIMITED_COMPANY",
            locked: true,
          })
          .where("party_id", "=", partyId)
          .execute();
        await saveResolution(trx, workspaceId, partyId, "UPDATE_NAME_IN_WORKSPACE", organisation.proprietorId, { action });
        break;
      }
      case "NO_ACTION_NEEDED":
      case "CHANGE_OF_NAME_APPLICATION":
        await saveResolution(trx, workspaceId, partyId, action, match.sourceProprietorId);
        break;
    }
    return { partyId, action };
  });
}

export const MISMATCH_REFUSALS = MISMATCH_ACTION_REFUSALS;
