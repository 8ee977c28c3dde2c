/**
 * The Stamp duty tab's forms (document 3 sections 2.3 and 5.2): the same core schemas validate in the browser
 * and in the action (core/sdlt/schemas.ts), given the context a section depends on (the saved transaction
 * details, the primary purchaser's agent answers, whether the agent's address is shown). The body sent to the
 * provider is the form's own fields (money as typed, in pounds), which the provider checks with the same
 * schemas (core/sdlt/api.ts).
 */
import { z } from "zod";
import {
  SdltConsentSchema,
  SdltInitialQuestionsSchema,
  SdltPropertyDetailsSchema,
  SdltTransactionDetailsSchema,
  sdltAgentDetailsSchema,
  sdltPurchaserDetailsSchema,
  sdltTaxCalculationSchema,
} from "../../core/sdlt/schemas.js";
import { TAX_AUTHORITIES, type SdltSectionSlug } from "../../core/sdlt/enums.js";
import { yesNo } from "../../core/shared/fields.js";
import { CSRF_FIELD } from "../security/csrf-field";

export const SDLT_INTENTS = ["questions", "section", "consent", "reopen"] as const;
export type SdltIntent = (typeof SDLT_INTENTS)[number];

export { SdltConsentSchema, SdltInitialQuestionsSchema };

/**
 * The initial questions answered so far, without requiring the ones not shown yet: a submit without
 * JavaScript that answers Q1 (or Q2) comes back with the next question, not with an error on it.
 */
export const SdltAnswersSoFarSchema = z.object({
  needStampDutySubmission: yesNo("select one of the responses"),
  taxAuthority: z.enum(TAX_AUTHORITIES).optional(),
  submitThroughProduct: yesNo("select one of the responses").optional(),
});

/** What a section's schema depends on besides its own fields. */
export interface SectionContext {
  propertyType?: string;
  transactionDescription?: string;
  agentRequired: boolean;
  /** The agent's address is shown: by default when one exists or the agent rule applies, else after Add address. */
  agentAddressShown: boolean;
}

/** The schema of one section's form. */
export function sectionSchema(
  slug: SdltSectionSlug,
  context: SectionContext,
  now: () => Date = () => new Date(),
) {
  switch (slug) {
    case "transaction-details":
      return SdltTransactionDetailsSchema;
    case "property-details":
      return SdltPropertyDetailsSchema;
    case "tax-calculation":
      return sdltTaxCalculationSchema(context);
    case "purchaser-details":
      return sdltPurchaserDetailsSchema(now);
    case "purchaser-agent-details":
      return sdltAgentDetailsSchema({
        agentRequired: context.agentRequired,
        addressShown: context.agentAddressShown,
      });
  }
}

/** Fields the form carries for the page only, never sent to the provider. */
const FORM_ONLY_FIELDS = ["intent", "section", "version", CSRF_FIELD, "agentAddressShown"];

/**
 * The provider's body from the form's payload (Conform's parsed fields, as typed): without the page's own
 * fields, and without the agent's address when it is not shown (the provider validates it only when sent).
 */
export function sectionBody(
  slug: SdltSectionSlug,
  payload: Record<string, unknown>,
  context: SectionContext,
): Record<string, unknown> {
  const body = Object.fromEntries(
    Object.entries(payload).filter(([key]) => !FORM_ONLY_FIELDS.includes(key) && !key.startsWith("__")),
  );
  if (slug === "purchaser-agent-details" && !context.agentAddressShown) delete body.agentAddress;
  return body;
}
