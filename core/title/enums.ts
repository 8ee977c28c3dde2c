/** Enumerations of titles and proprietor matching (document 2 section 3), as tuples, zod enums and labels. */
import { z } from "zod";
import { labelsFor } from "../shared/labels.js";

export const PROPRIETOR_MATCH_STATUSES = [
  "MATCH",
  "NAME_MISMATCH",
  "PENDING",
  "PROPRIETOR_NAME_CHANGE_REQUIRED",
  "TYPE_MISMATCH",
  "REGISTRATION_NUMBER_MISMATCH",
  "NOT_REQUIRED",
  "PARTY_NAME_UPDATED",
] as const;
export type ProprietorMatchStatus = (typeof PROPRIETOR_MATCH_STATUSES)[number];
export const ProprietorMatchStatusSchema = z.enum(PROPRIETOR_MATCH_STATUSES);
export const PROPRIETOR_MATCH_STATUS_LABELS = labelsFor(PROPRIETOR_MATCH_STATUSES);
export const TITLE_STATUSES = ["INCOMING", "OUTGOING"] as const;
export type TitleStatus = (typeof TITLE_STATUSES)[number];
export const TitleStatusSchema = z.enum(TITLE_STATUSES);
export const TITLE_STATUS_LABELS = labelsFor(TITLE_STATUSES);
