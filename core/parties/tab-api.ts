/**
 * The participants tab's read (document 2 section 2.2), one call instead of six:
 *
 *   GET /api/workspace/v1/workspaces/{workspaceId}/participants-tab
 *
 * It answers what participant-details, law-firms, lenders, lodgement-cases with proprietor-match and
 * outgoing-lenders answer, from one permission check and one read of the rows they share, so the tab
 * loads in one round trip. Those calls stay as they are for the CLI and for scripts.
 */
import { z } from "zod";
import { ParticipantDetailSchema } from "../workspaces/api.js";
import { OutgoingLenderSchema, ProprietorMatchResponseSchema } from "../title/api.js";
import { LawFirmSchema, LendersResponseSchema } from "./api.js";

export const ParticipantsTabResponseSchema = z.object({
  participants: z.array(ParticipantDetailSchema),
  lawFirms: z.array(LawFirmSchema),
  lenders: LendersResponseSchema,
  /** The title's match and the outgoing lenders on its register; null when the workspace has no lodgement case. */
  title: z
    .object({
      lodgementCaseId: z.string(),
      match: ProprietorMatchResponseSchema,
      outgoingLenders: z.array(OutgoingLenderSchema),
    })
    .nullable(),
});
export type ParticipantsTabResponse = z.infer<typeof ParticipantsTabResponseSchema>;
