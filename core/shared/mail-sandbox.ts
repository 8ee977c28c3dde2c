/**
 * The mail sandbox's mailbox (docs/decisions/0302-mail-sandbox.md, docs/sandboxes.md): every message the
 * provider would have sent a person, kept outside production so that a tester, a demo or a test reads it
 * and follows its links as the person would (`GET /api/v1/mail`, `GET /api/v1/mail/{id}`,
 * `convey mail list|show`, and the page at `/sandbox/mail` of the provider).
 */
import { z } from "zod";
import { PageInfoSchema, PagingQuerySchema } from "./contract.js";

/** What a message is: the invitation of a new user, or the activation email sent again. */
export const MAIL_KINDS = ["INVITATION", "RESEND"] as const;
export const MailKindSchema = z.enum(MAIL_KINDS);
export type MailKind = z.infer<typeof MailKindSchema>;

export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  INVITATION: "Invitation",
  RESEND: "Activation email sent again",
};

export const MailSummarySchema = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  kind: MailKindSchema,
  /** When it was sent, on the product clock. */
  sentAt: z.string(),
});
export type MailSummary = z.infer<typeof MailSummarySchema>;

export const MailMessageSchema = MailSummarySchema.extend({
  /** The plain-text body, with its links written out in full. */
  text: z.string(),
});
export type MailMessage = z.infer<typeof MailMessageSchema>;

export const MailListQuerySchema = PagingQuerySchema.extend({
  /** Only the messages to this address (any case). */
  to: z.string().trim().min(1).max(320).optional(),
});
export type MailListQuery = z.infer<typeof MailListQuerySchema>;

export const MailListResponseSchema = z.object({
  records: z.array(MailSummarySchema),
  page: PageInfoSchema,
});
export type MailListResponse = z.infer<typeof MailListResponseSchema>;

export const MailIdParamsSchema = z.object({ id: z.uuid({ error: "a message id is a UUID, as `convey mail list` shows it" }) });

/** The links written out in a message's text, in order. */
export function linksIn(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((match) => match[0]);
}
