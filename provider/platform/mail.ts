/**
 * Emails to users — the invitation of a new user and the re-sent activation email — behind an interface
 * (DESIGN.md "Sandboxes for the outside systems"). The mail sandbox stands in for the mail service: it
 * sends nothing off the machine and answers deterministically, by its documented fixtures
 * (docs/decisions/0302-mail-sandbox.md):
 *
 * - an address at `undeliverable.example` is refused, as a mail service refuses a mailbox that does not
 *   exist: "550 5.1.1 <address>: mailbox unavailable";
 * - every other address is accepted.
 *
 * A real mail service replaces the sandbox by implementing `Mailer` and passing it to `buildServer`.
 */
export interface ActivationEmail {
  to: string;
  /** INVITATION for a new user, RESEND for the activation email sent again. */
  kind: "INVITATION" | "RESEND";
  subscriberName: string;
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

export function createMailSandbox(log: { debug(object: object, message: string): void }): Mailer {
  return {
    async sendActivationEmail({ to, kind }) {
      const domain = to.slice(to.lastIndexOf("@") + 1).toLowerCase();
      if (domain === UNDELIVERABLE_DOMAIN) throw new MailNotSentError(`550 5.1.1 <${to}>: mailbox unavailable`);
      log.debug({ kind, domain }, "activation email accepted by the mail sandbox");
    },
  };
}
