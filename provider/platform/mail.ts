/**
 * Emails to users — the invitation of a new user and the re-sent activation email — behind an interface
 * (DESIGN.md "Sandboxes for the outside systems"). The mail sandbox stands in for the mail service: it
 * sends nothing off the machine and answers deterministically, by its documented fixtures
 * (docs/decisions/0302-mail-sandbox.md):
 *
 * - an address at `undeliverable.example` is refused, as a mail service refuses a mailbox that does not
 *   exist: "550 5.1.1 <address>: mailbox unavailable";
 * - every other address is accepted, and the message (to, subject, text with its link, time on the
 *   product clock) is kept in `sandbox_mail`, readable outside production at `/api/v1/mail`,
 *   `convey mail list|show` and the page `/sandbox/mail` (provider/platform/mail-routes.ts).
 *
 * A real mail service replaces the sandbox by implementing `Mailer` and passing it to `buildServer`; the
 * message's subject and text are the same (`activationEmailMessage`).
 */
import { randomUUID } from "node:crypto";
import { formatDetailDate, formatTime } from "../../core/shared/format-dates.js";
import type { MailKind } from "../../core/shared/mail-sandbox.js";
import type { DB } from "./db/index.js";

export interface ActivationEmail {
  to: string;
  /** INVITATION for a new user, RESEND for the activation email sent again. */
  kind: MailKind;
  subscriberName: string;
  /** The person's name, as the email greets them. */
  firstName: string;
  /** The single-use link to the page where they choose their password. */
  link: string;
  /** When the link stops working (product clock). */
  expiresAt: Date;
}

export interface Mailer {
  /** Resolves once the mail service accepted the message; throws `MailNotSentError` with its reason otherwise. */
  sendActivationEmail(email: ActivationEmail): Promise<void>;
}

/** The mail service refused the message; `message` is its reason, fit to show the person who sent it. */
export class MailNotSentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MailNotSentError";
  }
}

/** The sandbox's fixture domain whose every mailbox is refused. */
export const UNDELIVERABLE_DOMAIN = "undeliverable.example";

/** The subject and plain text of an activation email, whoever sends it. */
export function activationEmailMessage(email: ActivationEmail): { subject: string; text: string } {
  const until = `${formatDetailDate(email.expiresAt)} at ${formatTime(email.expiresAt)}`;
  const opening =
    email.kind === "INVITATION"
      ? `You have been invited to Convey by ${email.subscriberName}.`
      : `Here is a new link to activate your Convey account at ${email.subscriberName}. Any earlier link no longer works.`;
  return {
    subject: email.kind === "INVITATION" ? `You have been invited to Convey by ${email.subscriberName}` : "Activate your Convey account",
    text: [
      `Hello ${email.firstName},`,
      "",
      opening,
      "",
      "To activate your account, choose your password here:",
      email.link,
      "",
      `The link works once and until ${until} (UK time). If it has expired, ask your user manager to send the activation email again.`,
      "",
      "If you were not expecting this email, you can ignore it.",
    ].join("\n"),
  };
}

export function createMailSandbox(deps: {
  log: { debug(object: object, message: string): void };
  db: DB;
  clock: { now(): Date };
}): Mailer {
  return {
    async sendActivationEmail(email) {
      const { to, kind } = email;
      const domain = to.slice(to.lastIndexOf("@") + 1).toLowerCase();
      if (domain === UNDELIVERABLE_DOMAIN) throw new MailNotSentError(`550 5.1.1 <${to}>: mailbox unavailable`);
      const { subject, text } = activationEmailMessage(email);
      await deps.db
        .insertInto("sandbox_mail")
        .values({ mail_id: randomUUID(), to_address: to.toLowerCase(), subject, text, kind, sent_at: deps.clock.now() })
        .execute();
      deps.log.debug({ kind, domain }, "activation email accepted by the mail sandbox");
    },
  };
}
