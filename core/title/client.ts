/**
 * Use-cases over the lodgement case, title and proprietor calls (document 2 section 7.2), shared by the app
 * and the CLI. Shapes and paths in core/title/api.ts. Every write sends the workspace version it was made
 * against; a stale one answers 409 (ProviderError) and nothing changes.
 */
import {
  BorrowersValidationResponseSchema,
  LodgementCasesResponseSchema,
  OutgoingLendersResponseSchema,
  ProprietorMatchResponseSchema,
  ProprietorWriteResponseSchema,
  TitleSearchResponseSchema,
  TitlesResponseSchema,
  type ChangeOfNameApplicationRequest,
  type LodgementCase,
  type MismatchResolutionAction,
  type SetIncomingProprietorRequest,
  type SetOutgoingProprietorRequest,
  type Title,
} from "./api.js";
import { ProviderError } from "../shared/provider-errors.js";
import { call, callForFile, type RequestContext } from "../shared/provider-client.js";

const CASES = "/api/v1/lodgement-cases";
const id = (value: string) => encodeURIComponent(value);

/** Every lodgement case of a workspace (one per workspace). */
export async function listLodgementCases(ctx: RequestContext, workspaceId: string) {
  return (await call(ctx, "GET", CASES, { query: { workspace_id: workspaceId }, schema: LodgementCasesResponseSchema })).data.records;
}

export const MISSING_LODGEMENT_CASE_MESSAGE = "The workspace has no lodgement case.";

/** The workspace's lodgement case: the first record; none is an error with status 500 (section 7.2). */
export async function getLodgementCase(ctx: RequestContext, workspaceId: string): Promise<LodgementCase> {
  return firstCase(ctx, await listLodgementCases(ctx, workspaceId));
}

function firstCase(ctx: RequestContext, records: readonly LodgementCase[]): LodgementCase {
  const [first] = records;
  if (!first) throw new ProviderError(500, "LODGEMENT_CASE_MISSING", MISSING_LODGEMENT_CASE_MESSAGE, ctx.correlationId ?? "");
  return first;
}

/** The workspace's lodgement case and the title it holds (null before a search succeeds), in one call. */
export async function getLodgementCaseWithTitle(ctx: RequestContext, workspaceId: string): Promise<{ lodgementCase: LodgementCase; title: Title | null }> {
  const { data } = await call(ctx, "GET", CASES, { query: { workspace_id: workspaceId, include: "titles" }, schema: LodgementCasesResponseSchema });
  return { lodgementCase: firstCase(ctx, data.records), title: data.included?.titles[0] ?? null };
}

export async function listTitles(ctx: RequestContext, lodgementCaseId: string) {
  return (await call(ctx, "GET", `${CASES}/${id(lodgementCaseId)}/titles`, { schema: TitlesResponseSchema })).data.records;
}

/** Retrieve a title (Retrieve) or, with refetch, Check for updates (only in land registry business hours). */
export async function searchTitle(ctx: RequestContext, lodgementCaseId: string, version: number, body: { titleNumber: string; refetch?: boolean }) {
  return (await call(ctx, "POST", `${CASES}/${id(lodgementCaseId)}/title-search`, { body, version, schema: TitleSearchResponseSchema })).data;
}

/** The register PDF (participants only): its bytes, type and Content-Disposition. */
export function downloadTitleDocument(ctx: RequestContext, lodgementCaseId: string, fileId: string) {
  return callForFile(ctx, `${CASES}/${id(lodgementCaseId)}/title-documents/${id(fileId)}`);
}

/** Each party's match with the title, the unmatched proprietors and the borrowers validation status. */
export async function getProprietorMatch(ctx: RequestContext, lodgementCaseId: string) {
  return (await call(ctx, "GET", `${CASES}/${id(lodgementCaseId)}/proprietor-match`, { schema: ProprietorMatchResponseSchema })).data;
}

/** The outgoing lenders, from the title's charges. */
export async function listOutgoingLenders(ctx: RequestContext, lodgementCaseId: string) {
  return (await call(ctx, "GET", `${CASES}/${id(lodgementCaseId)}/outgoing-lenders`, { schema: OutgoingLendersResponseSchema })).data.records;
}

export async function setIncomingProprietor(ctx: RequestContext, lodgementCaseId: string, version: number, body: SetIncomingProprietorRequest) {
  return (await call(ctx, "POST", `${CASES}/${id(lodgementCaseId)}/proprietors`, { body, version, schema: ProprietorWriteResponseSchema })).data;
}

export async function applyForChangeOfName(ctx: RequestContext, lodgementCaseId: string, version: number, body: ChangeOfNameApplicationRequest) {
  return (
    await call(ctx, "PATCH", `${CASES}/${id(lodgementCaseId)}/change-of-name-application`, { body, version, schema: ProprietorWriteResponseSchema })
  ).data;
}

export async function setOutgoingProprietor(ctx: RequestContext, lodgementCaseId: string, version: number, body: SetOutgoingProprietorRequest) {
  return (
    await call(ctx, "PATCH", `${CASES}/${id(lodgementCaseId)}/set-as-outgoing-proprietor`, { body, version, schema: ProprietorWriteResponseSchema })
  ).data;
}

/** Resolve a party's mismatch: update its name or registration number from the title, no action needed, organisation is a borrower, or a change-of-name application. */
export async function resolvePartyMismatch(
  ctx: RequestContext,
  lodgementCaseId: string,
  partyId: string,
  version: number,
  action: MismatchResolutionAction,
) {
  return (
    await call(ctx, "POST", `${CASES}/${id(lodgementCaseId)}/parties/${id(partyId)}/mismatch-resolution`, {
      body: { action },
      version,
      schema: ProprietorWriteResponseSchema,
    })
  ).data;
}

export async function getBorrowersValidation(ctx: RequestContext, workspaceId: string) {
  return (await call(ctx, "GET", `/api/v1/workspaces/${id(workspaceId)}/borrowers-validation`, { schema: BorrowersValidationResponseSchema })).data;
}
