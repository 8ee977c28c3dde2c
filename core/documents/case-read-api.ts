/**
 * The lodgement case read in full (issue 14, the Documents tab's speed): `GET lodgement-cases?workspace_id=…&
 * include=documents,requests,files,participants,deedReferences` answers the case as the plain call does, and beside
 * it what `include` names, read in the same transaction from the same rows — what the separate calls (the case's
 * documents, lodgement requests, files and participants, and the incoming lender's mortgage deed references)
 * answer, each with the same rules (files: only those the caller may view; deed references: only to a caller the
 * references call would answer, absent otherwise). One call instead of six: the case is checked against the
 * workspace once, not three times.
 * Here, not in api.ts, because the files' shapes (files-api.ts) are built on api.ts.
 */
import { z } from "zod";
import {
  CaseParticipantSchema,
  DocumentSchema,
  LenderMortgageReferenceSchema,
  LodgementCaseSchema,
  LodgementCasesQuerySchema,
  LodgementRequestSchema,
} from "./api.js";
import { LodgementFileSchema } from "./files-api.js";

export const CASE_INCLUDES = ["documents", "requests", "files", "participants", "deedReferences"] as const;
export type CaseInclude = (typeof CASE_INCLUDES)[number];

const INCLUDE_MESSAGE = `include: a comma-separated list of ${CASE_INCLUDES.join(", ")}`;

export const LodgementCasesIncludeQuerySchema = LodgementCasesQuerySchema.extend({
  include: z
    .string()
    .optional()
    .refine(
      (value) =>
        value === undefined ||
        value.split(",").every((part) => (CASE_INCLUDES as readonly string[]).includes(part)),
      INCLUDE_MESSAGE,
    ),
});

/** What `include` named, of the one case. */
export const CaseIncludedSchema = z.object({
  documents: z.array(DocumentSchema).optional(),
  requests: z.array(LodgementRequestSchema).optional(),
  files: z.array(LodgementFileSchema).optional(),
  participants: z.array(CaseParticipantSchema).optional(),
  /** The incoming lender's references (none without one); absent when the caller may not read them. */
  deedReferences: z.array(LenderMortgageReferenceSchema).optional(),
});
export type CaseIncluded = z.infer<typeof CaseIncludedSchema>;

/** The plain answer (`records`), and `included` when `include` was given and the workspace has its case. */
export const LodgementCasesInFullResponseSchema = z.object({
  records: z.array(LodgementCaseSchema),
  included: CaseIncludedSchema.optional(),
});
export type LodgementCasesInFullResponse = z.infer<typeof LodgementCasesInFullResponseSchema>;

/** The `include` query value as a set ([] when absent). */
export function includesOf(value: string | undefined): Set<CaseInclude> {
  return new Set((value ? value.split(",") : []) as CaseInclude[]);
}
