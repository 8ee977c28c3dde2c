/**
 * One workspace at a glance, for the helpdesk (`convey workspaces show <reference or id>`): its parties with
 * their representation and proprietor match statuses, the title search status of its lodgement case, the
 * unmatched proprietors and the borrowers validation status. The use-case finds the workspace by its id or
 * by its reference (WS-…), then reads the workspace, its lodgement case, title and proprietor match.
 */
import { z } from "zod";
import { PARTY_ROLE_LABELS, PARTY_TYPE_LABELS, REPRESENTATION_TYPE_LABELS, REPRESENTATIVE_TYPE_LABELS } from "../parties/enums.js";
import { applicantName } from "../parties/names.js";
import { addressLine } from "../shared/address.js";
import { ProviderError } from "../shared/provider-errors.js";
import type { RequestContext } from "../shared/provider-client.js";
import { UseCaseRefusal } from "../shared/refusals.js";
import type { LodgementCase, ProprietorMatchResponse, Title } from "../title/api.js";
import { getLodgementCaseWithTitle, getProprietorMatch } from "../title/client.js";
import { isWorkspaceId, type WorkspaceDetail } from "./api.js";
import { getWorkspace, searchWorkspaces } from "./client.js";
import { TRANSACTION_TYPE_LABELS } from "./enums.js";
import { statusLabel } from "./status.js";

/** A workspace reference as the product issues it (WS- and digits), any case. */
export const WORKSPACE_REFERENCE_PATTERN = /^WS-\d{1,12}$/i;

export const WORKSPACE_LOOKUP_MESSAGES = {
  invalid: "give a workspace id (a UUID) or a workspace reference such as WS-0000001",
  notFound: (text: string) => `No workspace you can see has the reference or id ${text}`,
} as const;

export const WorkspaceLookupSchema = z
  .string()
  .trim()
  .refine((text) => isWorkspaceId(text) || WORKSPACE_REFERENCE_PATTERN.test(text), WORKSPACE_LOOKUP_MESSAGES.invalid);

export interface WorkspaceOverviewParty {
  partyId: string;
  role: string;
  roleLabel: string;
  type: string;
  typeLabel: string;
  name: string;
  registrationNumber: string | null;
  representation: string | null;
  representationLabel: string | null;
  representative: string | null;
  proprietorMatchStatus: string[];
  nameOnTitle: string | null;
  isIncomingProprietor: boolean | null;
  titleStatus: string | null;
}

export interface WorkspaceOverview {
  workspaceId: string;
  workspaceReferenceId: string;
  status: string;
  statusLabel: string;
  transactionType: string;
  transactionTypeLabel: string;
  securityAddress: string;
  borrowersValidationStatus: string;
  parties: WorkspaceOverviewParty[];
  titleSearch: {
    lodgementCaseId: string;
    /** lastTitleSearchStatus; null when no search has run. */
    status: string | null;
    lastSearchedAt: string | null;
    titleNumber: string | null;
    retrievedAt: string | null;
    unsupportedReasons: string[];
  } | null;
  /** Why the title could not be read (the case missing, the title service failing); null when it was. */
  titleSearchProblem: string | null;
  unmatchedProprietors: { proprietorId: string; name: string; availableActions: string[] }[];
}

/** The workspace an id or reference names (a reference through the search, exactly matched). */
export async function findWorkspace(ctx: RequestContext, text: string): Promise<WorkspaceDetail> {
  const parsed = WorkspaceLookupSchema.safeParse(text);
  if (!parsed.success) throw new UseCaseRefusal(WORKSPACE_LOOKUP_MESSAGES.invalid, "invalid");
  const wanted = parsed.data;
  try {
    if (isWorkspaceId(wanted)) return await getWorkspace(ctx, wanted);
    // An empty status list searches every status, cancelled and completed included.
    const reference = parsed.data.toUpperCase();
    const found = await searchWorkspaces(ctx, { workspaceReferenceId: reference, status: [] }, { page: 1, limit: 10 });
    const match = found.records.find((record) => record.workspaceReferenceId.toUpperCase() === reference);
    if (!match) throw new UseCaseRefusal(WORKSPACE_LOOKUP_MESSAGES.notFound(reference));
    return await getWorkspace(ctx, match.workspaceId);
  } catch (error) {
    if (error instanceof ProviderError && error.status === 404) throw new UseCaseRefusal(WORKSPACE_LOOKUP_MESSAGES.notFound(wanted));
    throw error;
  }
}

/** The overview from what was read: the workspace, and its case, title and match when they could be read. */
export function workspaceOverview(
  workspace: WorkspaceDetail,
  title: { lodgementCase: LodgementCase; title: Title | null; match: ProprietorMatchResponse | null } | null,
  titleSearchProblem: string | null = null,
): WorkspaceOverview {
  const matches = new Map((title?.match?.parties ?? []).map((party) => [party.partyId, party]));
  return {
    workspaceId: workspace.workspaceId,
    workspaceReferenceId: workspace.workspaceReferenceId,
    status: workspace.status,
    statusLabel: statusLabel(workspace.status),
    transactionType: workspace.transactionType,
    transactionTypeLabel: TRANSACTION_TYPE_LABELS[workspace.transactionType],
    securityAddress: addressLine(workspace.securityAddress),
    borrowersValidationStatus: title?.match?.borrowersValidationStatus ?? workspace.borrowersValidationStatus,
    parties: workspace.parties.map((party) => {
      const match = matches.get(party.partyId);
      const representation = party.representationDetails;
      return {
        partyId: party.partyId,
        role: party.role,
        roleLabel: PARTY_ROLE_LABELS[party.role],
        type: party.type,
        typeLabel: PARTY_TYPE_LABELS[party.type],
        name: applicantName(party),
        registrationNumber: party.partyDetails.registrationNumber,
        representation: representation?.representationType ?? null,
        representationLabel: representation
          ? ((REPRESENTATION_TYPE_LABELS as Record<string, string>)[representation.representationType] ?? representation.representationType)
          : null,
        representative: representation
          ? [
              representation.representativeName,
              representation.representativeType ? ((REPRESENTATIVE_TYPE_LABELS as Record<string, string>)[representation.representativeType] ?? representation.representativeType) : null,
            ]
              .filter(Boolean)
              .join(", ") || null
          : null,
        proprietorMatchStatus: match?.proprietorMatchStatus ?? party.proprietorMatchStatus,
        nameOnTitle: match?.nameOnTitle ?? null,
        isIncomingProprietor: match?.isIncomingProprietor ?? party.isIncomingProprietor,
        titleStatus: match?.titleStatus ?? party.titleStatus,
      };
    }),
    titleSearch: title
      ? {
          lodgementCaseId: title.lodgementCase.lodgementCaseId,
          status: title.lodgementCase.lastTitleSearchStatus,
          lastSearchedAt: title.lodgementCase.lastTitleSearchTime,
          titleNumber: title.title?.titleNumber ?? title.lodgementCase.lastTitleNumber,
          retrievedAt: title.title?.retrievedAt ?? null,
          unsupportedReasons: [...title.lodgementCase.unsupportedReasons],
        }
      : null,
    titleSearchProblem,
    unmatchedProprietors: (title?.match?.unmatchedProprietors ?? []).map((proprietor) => ({
      proprietorId: proprietor.proprietorId,
      name: proprietor.individualDetails
        ? `${proprietor.individualDetails.forenames} ${proprietor.individualDetails.surname}`
        : (proprietor.organisationDetails?.organisationName ?? ""),
      availableActions: [...proprietor.availableActions],
    })),
  };
}

/**
 * Reads one workspace's overview. A workspace whose title cannot be read (no lodgement case: the 500 of
 * section 7.2; the title service failing) is still shown, with the reason in titleSearchProblem.
 */
export async function showWorkspace(ctx: RequestContext, text: string): Promise<WorkspaceOverview> {
  const workspace = await findWorkspace(ctx, text);
  try {
    // The case with its title in one call (decision 0918), then the match.
    const { lodgementCase, title } = await getLodgementCaseWithTitle(ctx, workspace.workspaceId);
    const match = await getProprietorMatch(ctx, lodgementCase.lodgementCaseId);
    return workspaceOverview(workspace, { lodgementCase, title, match });
  } catch (error) {
    if (error instanceof ProviderError && error.status !== 401 && error.status !== 403) return workspaceOverview(workspace, null, error.message);
    throw error;
  }
}
