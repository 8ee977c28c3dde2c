/**
 * Building blocks for field schemas. Each works with Conform's parseWithZod (an empty form field arrives
 * as undefined), with JSON bodies (where a blank string counts as missing) and with CLI options, and
 * reports one message per field: the first rule the value breaks, in the order required → length →
 * leading whitespace → pattern.
 */
import { z } from "zod";
import { invalid, noLeadingWhitespace, required, tooLong, tooShort } from "./validation-messages.js";

export interface TextRules {
  /** The field's name in messages: "First name", "Postcode". */
  label: string;
  max?: number;
  min?: number;
  pattern?: RegExp;
  /** Refuse text that starts with whitespace (addresses, references, names of firms). */
  noLeadingWhitespace?: boolean;
  messages?: {
    required?: string;
    tooLong?: string;
    tooShort?: string;
    pattern?: string;
    leadingWhitespace?: string;
  };
}

/** The first message a non-blank value breaks, or null. */
export function textProblem(value: string, rules: TextRules): string | null {
  const m = rules.messages ?? {};
  if (rules.max !== undefined && value.length > rules.max) return m.tooLong ?? tooLong(rules.label, rules.max);
  if (rules.min !== undefined && value.length < rules.min) return m.tooShort ?? tooShort(rules.label, rules.min);
  if (rules.noLeadingWhitespace && /^\s/.test(value)) {
    return m.leadingWhitespace ?? noLeadingWhitespace(rules.label);
  }
  if (rules.pattern && !rules.pattern.test(value)) return m.pattern ?? invalid(rules.label);
  return null;
}

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/** A required text field. Blank or missing gives '{label} is required'. */
export function requiredText(rules: TextRules) {
  const requiredMessage = rules.messages?.required ?? required(rules.label);
  return z
    .string({ error: (issue) => (isBlank(issue.input) ? requiredMessage : invalid(rules.label)) })
    .superRefine((value, ctx) => {
      const problem = value.trim() === "" ? requiredMessage : textProblem(value, rules);
      if (problem !== null) ctx.addIssue({ code: "custom", message: problem });
    });
}

/** An optional text field: missing or empty gives undefined; anything else must keep the rules. */
export function optionalText(rules: TextRules) {
  return z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z
      .string({ error: () => invalid(rules.label) })
      .superRefine((value, ctx) => {
        const problem = textProblem(value, rules);
        if (problem !== null) ctx.addIssue({ code: "custom", message: problem });
      })
      .optional(),
  );
}

export type Parsed<T> = { value: T } | { message: string };
export const ok = <T>(value: T): Parsed<T> => ({ value });
export const fail = <T = never>(message: string): Parsed<T> => ({ message });

/**
 * A text field that becomes a value: trims, then `parse` returns the value or a message. Missing or
 * blank input gives the required message. Never throws.
 */
export function textTo<T>(label: string, parse: (text: string) => Parsed<T>, requiredMessage?: string) {
  const message = requiredMessage ?? required(label);
  return z
    .string({ error: (issue) => (isBlank(issue.input) ? message : invalid(label)) })
    .transform((raw, ctx): T => {
      const text = raw.trim();
      if (text === "") {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      const result = parse(text);
      if ("message" in result) {
        ctx.addIssue({ code: "custom", message: result.message });
        return z.NEVER;
      }
      return result.value;
    });
}

/** An enumeration answered in a form; missing gives the required message. */
export function requiredChoice<const T extends readonly [string, ...string[]]>(values: T, label: string, message?: string) {
  const requiredMessage = message ?? required(label);
  return z.enum(values, { error: () => requiredMessage });
}

/**
 * A yes/no answer: true/false from JSON, "true"/"false" (or "yes"/"no") from a form. Missing gives the
 * required message.
 */
export function yesNo(message: string) {
  return z.preprocess(
    (value) => {
      if (value === "true" || value === "yes") return true;
      if (value === "false" || value === "no") return false;
      return value;
    },
    z.boolean({ error: () => message }),
  );
}

/** A ticked checkbox: "on" from a form or true from JSON; anything else gives the message. */
export function ticked(message: string) {
  return z.preprocess((value) => value === "on" || value === "true" || value === true, z.literal(true, { error: () => message }));
}

/**
 * Cross-field rules run even when a field has its own error, so that a form shows every message at once
 * (zod skips object-level refinements after field errors otherwise). The value may then be raw input:
 * rules read it with `filled` and other defensive checks.
 */
export const EVEN_WITH_FIELD_ERRORS = {
  when: (payload: { value: unknown }) => typeof payload.value === "object" && payload.value !== null,
};

/** A non-blank text value. */
export function filled(value: unknown): boolean {
  return typeof value === "string" ? value.trim() !== "" : value !== undefined && value !== null;
}

/** Patterns of document 1 section 5 and document 2 section 5. */
export const PATTERNS = {
  /** Starts with a letter; letters, hyphen, space and apostrophe. */
  name: /^[A-Za-z][A-Za-z\-' ]*$/,
  /**
   * General text: accented letters, digits and common punctuation; does not start with whitespace. Decided
   * in docs/decisions/0112-text-patterns.md.
   */
  generalText: /^(?!\s)[\p{L}\p{M}0-9 \-'.,&()/:;!?"@#%+=_*<>[\]{}|~^$`\\\n\r]*$/u,
  /** Upper-case letters and digits only. */
  upperAlphanumeric: /^[A-Z0-9]+$/,
  /** The line-item reference character set (document 2 section 5.5). */
  lineItemReference: /^[A-Za-z0-9\s/\-?:().,'+#=!"%&;<>@{]*$/,
  /** The frequently used account display name character set (document 2 section 5.9). */
  displayName: /^[A-Za-z0-9 /\-?:().,'+!#$%&*=^_`{|}~";<>@[\\\]]*$/,
  /** Bank account name: the shared free-text set (document 2 section 5.9 points to it). */
  accountName: /^[A-Za-z0-9 /\-?:().,'+&]*$/,
  /** Organisation name: letters (accented), digits, space and business punctuation. */
  organisationName: /^(?!\s)[\p{L}\p{M}0-9 \-'.,&()/+@!]*$/u,
  /** Companies House registration number: upper-case letters and digits. */
  registrationNumber: /^[A-Z0-9]+$/,
} as const;
