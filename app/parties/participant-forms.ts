/**
 * The participants tab's forms: each intent with the core schema its fields are read with, the same in the
 * browser (Conform's onValidate) and in the action. What a form is about (the party, law firm, reference
 * or proprietor) is the open inline view's address, not a field, so a form cannot be pointed elsewhere.
 */
import { z } from "zod";
import { PartySchema, LawFirmSchema, ReferenceSchema } from "../../core/parties/schemas.js";
import { ConfirmRepresentationRequestSchema } from "../../core/parties/api.js";
import { AddressSchema } from "../../core/shared/address.js";
import { AssignParticipantRequestSchema } from "../../core/workspaces/api.js";
import type { InlineViewKind } from "./inline-view";

/** A confirmation without fields (delete, a mismatch action, a proprietor action). */
export const ConfirmationSchema = z.object({});

/** Adding the lender's law firm: the subscriber chosen from the selection list (the role is the view's). */
export const ParticipantFormSchema = AssignParticipantRequestSchema.pick({ subscriberId: true });

export const PARTICIPANT_FORMS = {
  "add-party": { view: "add-party", schema: PartySchema },
  "edit-party": { view: "edit-party", schema: PartySchema },
  "delete-party": { view: "delete-party", schema: ConfirmationSchema },
  "confirm-representation": { view: "representation", schema: ConfirmRepresentationRequestSchema },
  "save-address": { view: null, schema: AddressSchema },
  "edit-law-firm": { view: "edit-law-firm", schema: LawFirmSchema },
  "add-reference": { view: "add-reference", schema: ReferenceSchema },
  "edit-reference": { view: "edit-reference", schema: ReferenceSchema },
  "add-participant": { view: "add-participant", schema: ParticipantFormSchema },
  "resolve-mismatch": { view: "resolve", schema: ConfirmationSchema },
  "proprietor-action": { view: "proprietor", schema: ConfirmationSchema },
} as const satisfies Record<string, { view: InlineViewKind | null; schema: z.ZodType }>;

export type ParticipantIntent = keyof typeof PARTICIPANT_FORMS;
export const PARTICIPANT_INTENTS = Object.keys(PARTICIPANT_FORMS) as ParticipantIntent[];

/** Whether an intent belongs to the open view (the address form serves both add-address and edit-address). */
export function intentMatchesView(intent: ParticipantIntent, view: InlineViewKind): boolean {
  if (intent === "save-address") return view === "add-address" || view === "edit-address";
  return PARTICIPANT_FORMS[intent].view === view;
}

/** The intent whose form an inline view shows; null for the read-only details accordion. */
export function intentOfView(view: InlineViewKind): ParticipantIntent | null {
  return PARTICIPANT_INTENTS.find((intent) => intentMatchesView(intent, view)) ?? null;
}
