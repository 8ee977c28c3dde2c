/**
 * The rules for a password a person chooses (docs/decisions/0022-account-activation.md), after NIST SP
 * 800-63B section 5.1.1.2: at least 8 characters, up to 128 accepted (every character counts, spaces and
 * any Unicode included, after NFKC normalisation), none of the commonest passwords, and no composition
 * rules (no required digits, capitals or symbols). The commonest passwords are the ranked list of the
 * zxcvbn-ts project (`@zxcvbn-ts/language-common`, 49,233 passwords from published breaches), compared
 * without regard to case.
 */
import { dictionary } from "@zxcvbn-ts/language-common";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_MESSAGES = {
  required: "Enter a password",
  tooShort: `Your password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: `Your password must be ${PASSWORD_MAX_LENGTH} characters or fewer`,
  common: "This password is one of the most commonly used passwords. Choose a password that is harder to guess",
  confirmationRequired: "Enter your password again to confirm it",
  mismatch: "The passwords do not match. Enter the same password twice",
} as const;

/** The hint shown beside the password field. */
export const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters. A few unrelated words make a strong password that is easy to remember.`;

export type PasswordField = "password" | "confirmation";

export interface PasswordProblem {
  field: PasswordField;
  message: string;
}

let common: Set<string> | undefined;

/** Whether the password is one of the commonest passwords, whatever its case. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary["passwords-common"]);
  return common.has(password.toLowerCase());
}

/** The password as the rules count and compare it: NFKC, so one character typed two ways counts once. */
export function normalisePassword(password: string): string {
  return password.normalize("NFKC");
}

/** Characters as a person counts them (Unicode code points, not UTF-16 units). */
export function passwordLength(password: string): number {
  return [...normalisePassword(password)].length;
}

/** What is wrong with a chosen password and its confirmation; empty when it may be set. */
export function passwordProblems(password: string, confirmation: string): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  const length = passwordLength(password);
  if (length === 0) problems.push({ field: "password", message: PASSWORD_MESSAGES.required });
  else if (length < PASSWORD_MIN_LENGTH) problems.push({ field: "password", message: PASSWORD_MESSAGES.tooShort });
  else if (length > PASSWORD_MAX_LENGTH) problems.push({ field: "password", message: PASSWORD_MESSAGES.tooLong });
  else if (isCommonPassword(normalisePassword(password))) problems.push({ field: "password", message: PASSWORD_MESSAGES.common });
  if (length > 0 && problems.length === 0) {
    if (confirmation.length === 0) problems.push({ field: "confirmation", message: PASSWORD_MESSAGES.confirmationRequired });
    else if (normalisePassword(confirmation) !== normalisePassword(password)) {
      problems.push({ field: "confirmation", message: PASSWORD_MESSAGES.mismatch });
    }
  }
  return problems;
}
