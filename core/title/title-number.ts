/**
 * Land registry title numbers (document 2 section 5.3, document 3 section 5.1): 0 to 3 letters, 1 to 6
 * digits and an optional Z or T, at most 9 characters in all; upper-cased before sending.
 */
import { z } from "zod";
import { required } from "../shared/validation-messages.js";

export const TITLE_NUMBER_MESSAGE = "Please enter a valid title number";
export const TITLE_NUMBER_REQUIRED_MESSAGE = required("Title number");
export const TITLE_NUMBER_PATTERN = /^[A-Z]{0,3}[0-9]{1,6}[ZT]?$/;
export const TITLE_NUMBER_MAX_LENGTH = 9;

export function isValidTitleNumber(text: string): boolean {
  const value = text.trim().toUpperCase();
  return value.length <= TITLE_NUMBER_MAX_LENGTH && TITLE_NUMBER_PATTERN.test(value);
}

/** Text → upper-case title number (`" dn12345 "` → `"DN12345"`). */
export const TitleNumberSchema = z
  .string({
    error: (issue) => (issue.input === undefined || issue.input === null ? TITLE_NUMBER_REQUIRED_MESSAGE : TITLE_NUMBER_MESSAGE),
  })
  .transform((raw, ctx) => {
    const value = raw.trim().toUpperCase();
    if (value === "") {
      ctx.addIssue({ code: "custom", message: TITLE_NUMBER_REQUIRED_MESSAGE });
      return z.NEVER;
    }
    if (value.length > TITLE_NUMBER_MAX_LENGTH || !TITLE_NUMBER_PATTERN.test(value)) {
      ctx.addIssue({ code: "custom", message: TITLE_NUMBER_MESSAGE });
      return z.NEVER;
    }
    return value;
  });
