/**
 * Use-cases over the parties, representation, law firm, lender, security address and subscriber selection
 * calls (document 2 sections 7.1 and 7.3), shared by the app and the CLI. Shapes in core/parties/api.ts.
 * Every write sends the workspace version it was made against; a stale one answers 409 (ProviderError)
 * and nothing changes. Refusals of the party rules are ProviderError 400 with the texts of
 * core/parties/messages.ts.
 */
import {
  LawFirmsResponseSchema,
  LawFirmWriteResponseSchema,
  LendersResponseSchema,
  PartyWriteResponseSchema,
  RepresentationWriteResponseSchema,
  SecurityAddressWriteResponseSchema,
  SelectableSubscribersResponseSchema,
  SELECTABLE_SUBSCRIBERS_LIMIT,
  type AddPartyRequest,
  type ConfirmRepresentationRequest,
  type EditLawFirmRequest,
  type EditPartyRequest,
  type LawFirmWriteResponse,
  type SecurityAddressRequest,
} from "./api.js";
import { ParticipantsTabResponseSchema } from "./tab-api.js";
import type { SubscriberEntityType } from "../administration/subscribers.js";
import { call, type RequestContext } from "../shared/provider-client.js";

const WORKSPACES = "/api/workspace/v1/workspaces";
const segment = (value: string) => encodeURIComponent(value);
const workspacePath = (workspaceId: string) => `${WORKSPACES}/${segment(workspaceId)}`;

/** Adds a party (applicant, seller, outgoing proprietor, lender): its id and the workspace's new version. */
export async function addParty(ctx: RequestContext, workspaceId: string, version: number, body: AddPartyRequest) {
  return (await call(ctx, "POST", `${workspacePath(workspaceId)}/parties`, { body, version, schema: PartyWriteResponseSchema })).data;
}

/** Edits a party's details, address or representation fields (refused for a locked party). */
export async function editParty(ctx: RequestContext, workspaceId: string, partyId: string, version: number, body: EditPartyRequest) {
  return (
    await call(ctx, "PATCH", `${workspacePath(workspaceId)}/parties/${segment(partyId)}`, { body, version, schema: PartyWriteResponseSchema })
  ).data;
}

/** Deletes a party (refused for the last applicant, an externally represented applicant, a seller or a locked party). */
export async function deleteParty(ctx: RequestContext, workspaceId: string, partyId: string, version: number) {
  return (await call(ctx, "DELETE", `${workspacePath(workspaceId)}/parties/${segment(partyId)}`, { version, schema: PartyWriteResponseSchema }))
    .data;
}

/** Confirms a party's representation: none, dual, or separate (an external law firm or a participant). */
export async function confirmRepresentation(ctx: RequestContext, workspaceId: string, version: number, body: ConfirmRepresentationRequest) {
  return (
    await call(ctx, "POST", `${workspacePath(workspaceId)}/representations`, { body, version, schema: RepresentationWriteResponseSchema })
  ).data;
}

/** The workspace's law firms: its own, the seller's and the external ones. */
export async function listLawFirms(ctx: RequestContext, workspaceId: string) {
  return (await call(ctx, "GET", `${workspacePath(workspaceId)}/law-firms`, { schema: LawFirmsResponseSchema })).data.records;
}

/**
 * Edits a law firm. `partial` is true when the provider answered 206: only part was saved (`notSaved`
 * names the rest) and `message` is the partial-success toast.
 */
export async function editLawFirm(
  ctx: RequestContext,
  workspaceId: string,
  lawFirmId: string,
  version: number,
  body: EditLawFirmRequest,
): Promise<LawFirmWriteResponse & { status: 200 | 206 }> {
  const result = await call(ctx, "PATCH", `${workspacePath(workspaceId)}/law-firms/${segment(lawFirmId)}`, {
    body,
    version,
    schema: LawFirmWriteResponseSchema,
  });
  return { ...result.data, partial: result.status === 206 || result.data.partial, status: result.status === 206 ? 206 : 200 };
}

/** Everything the participants tab shows, in one call (core/parties/tab-api.ts). */
export async function getParticipantsTab(ctx: RequestContext, workspaceId: string) {
  return (await call(ctx, "GET", `${workspacePath(workspaceId)}/participants-tab`, { schema: ParticipantsTabResponseSchema })).data;
}

/** The incoming lender (name, reference, who represents it) and the outgoing lenders. */
export async function getLenderDetails(ctx: RequestContext, workspaceId: string) {
  return (await call(ctx, "GET", `${workspacePath(workspaceId)}/lenders`, { schema: LendersResponseSchema })).data;
}

/** Updates the security address (name, number, flat, street, town, postcode). */
export async function editSecurityAddress(
  ctx: RequestContext,
  workspaceId: string,
  addressId: string,
  version: number,
  body: SecurityAddressRequest,
) {
  return (
    await call(ctx, "PATCH", `${workspacePath(workspaceId)}/addresses/${segment(addressId)}`, {
      body,
      version,
      schema: SecurityAddressWriteResponseSchema,
    })
  ).data;
}

/**
 * The subscriber selection list: every active subscriber of the types, by name, without the four large
 * banks the list leaves out (docs/decisions/0400-subscriber-selection-list.md). One page of up to 500.
 */
export async function listSelectableSubscribers(
  ctx: RequestContext,
  types: readonly SubscriberEntityType[] = [],
  page: { page?: number; limit?: number } = {},
) {
  return (
    await call(ctx, "GET", "/api/workspace/v1/subscribers", {
      query: {
        type: types.length > 0 ? types.join(",") : undefined,
        page: page.page ?? 1,
        limit: page.limit ?? SELECTABLE_SUBSCRIBERS_LIMIT,
      },
      schema: SelectableSubscribersResponseSchema,
    })
  ).data;
}
