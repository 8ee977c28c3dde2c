/**
 * Money typed by a person → integer pence (document 2 sections 5.5 and 5.6, document 3 sections 5.1 and
 * 5.2). Commas are stripped and surrounding spaces trimmed; then only digits and one dot are allowed, with
 * a bounded number of integer digits and at most 2 decimals. Messages the spec gives are used as they are;
 * the others are decided in docs/decisions/0113-money-messages.md.
 */
import { textTo } from "./fields.js";
import { invalid, required } from "./validation-messages.js";

export interface MoneyRules {
  label: string;
  /** Maximum number of integer digits (leading zeros not counted). */
  maxIntegerDigits: number;
  /** Smallest amount accepted, in pence. */
  minPence: number;
  /** Only whole pounds (".00") accepted. */
  wholePoundsOnly?: boolean;
  messages: {
    required: string;
    /** Anything but digits and a dot, or a malformed number. */
    invalid: string;
    /** Too many integer digits or decimals. */
    length: string;
    /** Below the minimum. */
    minimum: string;
    /** Pence other than .00 when only whole pounds are accepted. */
    pence?: string;
  };
}

const DIGITS_AND_DOT = /^[0-9.]+$/;
const AMOUNT = /^([0-9]+)(?:\.([0-9]+))?$/;

/** Parses money text to pence, or the message of the first rule it breaks. */
export function parseMoney(text: string, rules: MoneyRules): { value: number } | { message: string } {
  const compact = text.trim().replace(/,/g, "");
  if (compact === "") return { message: rules.messages.required };
  if (!DIGITS_AND_DOT.test(compact)) return { message: rules.messages.invalid };
  const match = AMOUNT.exec(compact);
  if (!match) return { message: rules.messages.invalid };
  const integer = match[1].replace(/^0+(?=\d)/, "");
  const decimals = match[2] ?? "";
  if (integer.length > rules.maxIntegerDigits || decimals.length > 2) return { message: rules.messages.length };
  const pence = Number(integer) * 100 + Number(decimals.padEnd(2, "0"));
  if (rules.wholePoundsOnly && pence % 100 !== 0) return { message: rules.messages.pence ?? rules.messages.invalid };
  if (pence < rules.minPence) return { message: rules.messages.minimum };
  return { value: pence };
}

export function moneySchema(rules: MoneyRules) {
  return textTo(rules.label, (text) => parseMoney(text, rules), rules.messages.required);
}

/** Pence → the plain text a money field shows for editing: `123456` → `"1234.56"`. */
export function penceToInput(pence: number): string {
  const pounds = Math.trunc(pence / 100);
  const rest = Math.abs(pence % 100);
  return `${pounds}.${String(rest).padStart(2, "0")}`;
}

export const LINE_ITEM_AMOUNT_RULES: MoneyRules = {
  label: "Amount",
  maxIntegerDigits: 12,
  minPence: 100,
  messages: {
    required: required("Amount"),
    invalid: invalid("Amount"),
    length: "Amount can have upto 12 digits & 2 decimal places",
    minimum: "Amount must be at least 1.00",
  },
};

/** A line item's amount: at least 1.00, up to 12 integer digits and 2 decimals, in pence. */
export const LineItemAmountSchema = moneySchema(LINE_ITEM_AMOUNT_RULES);

export const AMOUNT_PAYABLE_RULES: MoneyRules = {
  label: "Amount payable on completion",
  maxIntegerDigits: 12,
  minPence: 100,
  messages: {
    required: required("Amount payable on completion"),
    invalid: invalid("Amount payable on completion"),
    length: "Amount payable on completion can have upto 12 digits & 2 decimal places",
    minimum: "Amount payable on completion must be at least 1.00",
  },
};

/** The amount payable on completion: the same rules as a line item's amount. */
export const AmountPayableSchema = moneySchema(AMOUNT_PAYABLE_RULES);

export const TRANSACTION_VALUE_MESSAGES = {
  required: "Transaction value is required",
  invalid: "Enter a valid transaction value",
  length: "Transaction value can have upto 12 digits & 2 decimal places",
} as const;

/**
 * An application's transaction value (document 3 section 5.1): greater than 0, or 0 or more for a
 * transfer of whole; up to 12 digits with up to 2 decimals.
 */
export function transactionValueSchema(options: { transferOfWhole: boolean }) {
  return moneySchema({
    label: "Transaction value",
    maxIntegerDigits: 12,
    minPence: options.transferOfWhole ? 0 : 1,
    messages: { ...TRANSACTION_VALUE_MESSAGES, minimum: TRANSACTION_VALUE_MESSAGES.invalid },
  });
}
export const TransactionValueSchema = transactionValueSchema({ transferOfWhole: false });

/**
 * SDLT money fields (document 3 section 5.2): not negative, at most 9999999999.99 (10 integer digits),
 * whole pounds only. `-0` and any sign are refused as not a valid amount.
 */
export function sdltMoneySchema(label: string) {
  return moneySchema({
    label,
    maxIntegerDigits: 10,
    minPence: 0,
    wholePoundsOnly: true,
    messages: {
      required: required(label),
      invalid: `${label} must be a valid amount in pounds`,
      length: `${label} can have up to 10 digits`,
      minimum: `${label} must not be negative`,
      pence: `${label} must be in whole pounds, with 00 pence`,
    },
  });
}
