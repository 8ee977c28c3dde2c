/**
 * Account activation (docs/decisions/0022-account-activation.md). A user added through the screens, the
 * CLI or an import is Pending, without a password. Their invitation, and every re-sent activation email,
 * carries a single-use link to the provider's "Set your password" page (activation-routes.ts):
 *
 * - the link's token is 32 random bytes; only its SHA-256 is stored (`user_tokens`, purpose ACTIVATION),
 *   with its expiry, `ACTIVATION_LINK_VALIDITY_MS` on the product clock;
 * - a re-sent email ends every earlier link of the user, once the mail service accepted it;
 * - setting a valid password makes the user Active (audited as USER_ACTIVATED) and uses the link up; it
 *   also issues a LOGIN ticket (2 minutes, single use, in an HttpOnly cookie scoped to the login
 *   interaction) so that the login that follows completes without asking for the password again.
 *
 * A link that cannot be used answers with the specification's refusal texts (document 1 section 2.2), whose
 * pages the app shows: used, or the account already active → already verified; expired, replaced or
 * unknown → link expired.
 */
import { createHash, randomBytes } from "node:crypto";
import { sql } from "kysely";
import { ACCOUNT_PAGES, notPartOfOrganization } from "../../core/identity/login-errors.js";
import type { MailKind } from "../../core/shared/mail-sandbox.js";
import type { RequestMeta } from "../platform/access.js";
import { AuditAction, recordAuditEvent } from "../platform/audit.js";
import type { DB } from "../platform/db/index.js";
import type { Mailer } from "../platform/mail.js";
import { findUserByEmail } from "./access-policy.js";
import { PRODUCT_NAME } from "./html.js";
import { hashPassword } from "./passwords.js";

/** How long an activation link works: 7 days of product time (the specification states none). */
export const ACTIVATION_LINK_VALIDITY_MS = 7 * 24 * 60 * 60 * 1000;
/** How long the ticket that logs a newly activated user in works. */
export const LOGIN_TICKET_VALIDITY_MS = 2 * 60 * 1000;

/** The activation page, below the identity provider's mount path. */
export const ACTIVATION_PATH = "/activate";
/** The cookie that carries the login ticket to the login interaction. */
export const LOGIN_TICKET_COOKIE = "convey_activation_login";

const PURPOSE = { activation: "ACTIVATION", login: "LOGIN" } as const;

/** The specification's refusal texts for a link that cannot be used (document 1 section 2.2). */
export const LINK_REFUSALS = {
  used: "This URL can be used only once",
  alreadyActive: "This account is already verified",
  expired: "Access expired",
  notFound: "invitation not found or already used",
} as const;

export interface Clock {
  now(): Date;
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** A token as it may arrive in a link or form: base64url of 32 bytes. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export type LinkState =
  | { state: "valid"; tokenHash: string; user: { id: string; email: string; firstName: string } }
  | { state: "refused"; description: string; page: string };

function refusedLink(description: string): LinkState {
  const used = description === LINK_REFUSALS.used || description === LINK_REFUSALS.alreadyActive;
  return { state: "refused", description, page: used ? ACCOUNT_PAGES.alreadyVerified : ACCOUNT_PAGES.linkExpired };
}

/** What an activation link leads to now. */
export async function readActivationLink(db: DB, clock: Clock, token: string): Promise<LinkState> {
  if (!TOKEN_PATTERN.test(token)) return refusedLink(LINK_REFUSALS.notFound);
  const tokenHash = hashToken(token);
  const row = await db
    .selectFrom("user_tokens")
    .innerJoin("subscriber_users", "subscriber_users.subscriber_user_id", "user_tokens.subscriber_user_id")
    .select([
      "user_tokens.expires_at",
      "user_tokens.used_at",
      "user_tokens.revoked_at",
      "subscriber_users.subscriber_user_id",
      "subscriber_users.email",
      "subscriber_users.first_name",
      "subscriber_users.status",
    ])
    .where("user_tokens.token_hash", "=", tokenHash)
    .where("user_tokens.purpose", "=", PURPOSE.activation)
    .executeTakeFirst();
  if (!row) return refusedLink(LINK_REFUSALS.notFound);
  if (row.used_at) return refusedLink(LINK_REFUSALS.used);
  if (row.status !== "Pending") return refusedLink(LINK_REFUSALS.alreadyActive);
  if (row.revoked_at) return refusedLink(LINK_REFUSALS.notFound);
  if (new Date(row.expires_at).getTime() <= clock.now().getTime()) return refusedLink(LINK_REFUSALS.expired);
  return { state: "valid", tokenHash, user: { id: row.subscriber_user_id, email: row.email, firstName: row.first_name } };
}

export interface ActivationDeps {
  db: DB;
  clock: Clock;
  mailer: Mailer;
  /** The identity provider's issuer, e.g. http://localhost:4000/oidc: the link's base. */
  issuer: string;
}

export interface ActivationSender {
  /**
   * Sends the user a new activation link. Once the mail service accepted it, every earlier link of the
   * user stops working; when it refuses (MailNotSentError, rethrown), the new link is dropped and the
   * earlier ones still work.
   */
  send(user: { id: string; email: string; firstName: string }, kind: MailKind, subscriberName: string): Promise<void>;
}

export function activationLink(issuer: string, token: string): string {
  return `${issuer.replace(/\/+$/, "")}${ACTIVATION_PATH}?token=${token}`;
}

export function createActivationSender({ db, clock, mailer, issuer }: ActivationDeps): ActivationSender {
  return {
    async send(user, kind, subscriberName) {
      const token = newToken();
      const tokenHash = hashToken(token);
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + ACTIVATION_LINK_VALIDITY_MS);
      await db
        .insertInto("user_tokens")
        .values({ token_hash: tokenHash, subscriber_user_id: user.id, purpose: PURPOSE.activation, created_at: now, expires_at: expiresAt })
        .execute();
      try {
        await mailer.sendActivationEmail({
          to: user.email,
          kind,
          subscriberName,
          firstName: user.firstName,
          link: activationLink(issuer, token),
          expiresAt,
        });
      } catch (error) {
        await db.deleteFrom("user_tokens").where("token_hash", "=", tokenHash).execute();
        throw error;
      }
      await db
        .updateTable("user_tokens")
        .set({ revoked_at: clock.now() })
        .where("subscriber_user_id", "=", user.id)
        .where("purpose", "=", PURPOSE.activation)
        .where("token_hash", "!=", tokenHash)
        .where("used_at", "is", null)
        .where("revoked_at", "is", null)
        .execute();
    },
  };
}

export type ActivationOutcome =
  | { outcome: "activated"; userId: string; loginTicket: string }
  | { outcome: "refused"; description: string; page: string };

/**
 * Sets the first password of the link's user and makes them Active, once: the link is checked again under
 * a lock, so two submissions of one link activate once. Answers the ticket that logs them in.
 */
export async function activateAccount(
  db: DB,
  clock: Clock,
  token: string,
  password: string,
  meta: RequestMeta,
): Promise<ActivationOutcome> {
  // Stored as typed: the login compares what is typed there in the same way.
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const tokenHash = hashToken(token);
    await trx.selectFrom("user_tokens").select("token_hash").where("token_hash", "=", tokenHash).forUpdate().execute();
    const link = await readActivationLink(trx, clock, token);
    if (link.state !== "valid") return { outcome: "refused", description: link.description, page: link.page };
    const now = clock.now();
    const userId = link.user.id;
    const activated = await trx
      .updateTable("subscriber_users")
      .set({
        password_hash: passwordHash,
        status: "Active",
        failed_login_count: 0,
        updated_at: new Date(),
        version: sql`version + 1`,
      })
      .where("subscriber_user_id", "=", userId)
      .where("status", "=", "Pending")
      .returning("subscriber_user_id")
      .executeTakeFirst();
    if (!activated) return { outcome: "refused", ...refusedPage(LINK_REFUSALS.alreadyActive) };
    await trx.updateTable("user_tokens").set({ used_at: now }).where("token_hash", "=", tokenHash).execute();
    await trx
      .updateTable("user_tokens")
      .set({ revoked_at: now })
      .where("subscriber_user_id", "=", userId)
      .where("purpose", "=", PURPOSE.activation)
      .where("used_at", "is", null)
      .where("revoked_at", "is", null)
      .execute();
    const primary = await trx
      .selectFrom("user_subscribers")
      .select("subscriber_id")
      .where("subscriber_user_id", "=", userId)
      .orderBy("is_primary", "desc")
      .orderBy("created_at", "asc")
      .executeTakeFirst();
    await recordAuditEvent(
      trx,
      {
        actorUserId: userId,
        subscriberId: primary?.subscriber_id ?? null,
        action: AuditAction.USER_ACTIVATED,
        target: userId,
        details: { email: link.user.email, passwordChanged: true },
      },
      meta,
    );
    const loginTicket = newToken();
    await trx
      .insertInto("user_tokens")
      .values({
        token_hash: hashToken(loginTicket),
        subscriber_user_id: userId,
        purpose: PURPOSE.login,
        created_at: now,
        expires_at: new Date(now.getTime() + LOGIN_TICKET_VALIDITY_MS),
      })
      .execute();
    return { outcome: "activated", userId, loginTicket };
  });
}

function refusedPage(description: string): { description: string; page: string } {
  const link = refusedLink(description);
  return link.state === "refused" ? { description: link.description, page: link.page } : { description, page: ACCOUNT_PAGES.linkExpired };
}

/** The login ticket's cookie: HttpOnly, sent only to the login interaction, for as long as the ticket works. */
export function loginTicketCookie(ticket: string, options: { mountPath: string; secure: boolean }): string {
  return [
    `${LOGIN_TICKET_COOKIE}=${ticket}`,
    `Path=${options.mountPath}/interaction`,
    `Max-Age=${LOGIN_TICKET_VALIDITY_MS / 1000}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(options.secure ? ["Secure"] : []),
  ].join("; ");
}

/** The login ticket in a Cookie header, if any. */
export function loginTicketFrom(cookieHeader: string | undefined): string | undefined {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === LOGIN_TICKET_COOKIE && TOKEN_PATTERN.test(value.join("="))) return value.join("=");
  }
  return undefined;
}

/** Uses up a login ticket; answers its user while it still works, once. */
export async function redeemLoginTicket(db: DB, clock: Clock, ticket: string): Promise<string | undefined> {
  const now = clock.now();
  const row = await db
    .updateTable("user_tokens")
    .set({ used_at: now })
    .where("token_hash", "=", hashToken(ticket))
    .where("purpose", "=", PURPOSE.login)
    .where("used_at", "is", null)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now)
    .returning("subscriber_user_id")
    .executeTakeFirst();
  return row?.subscriber_user_id;
}

/**
 * The refusal for a login with the email of a Pending user who has no password yet (they have not used
 * their link): the specification's "not part of the organization" text, which the app shows as the
 * account-not-activated page. It names the product, not the user's subscriber, so a stranger typing the
 * address learns only that it awaits activation (docs/decisions/0022-account-activation.md). Undefined for
 * every other address, which keeps the usual answer.
 */
export async function notActivatedRefusal(db: DB, email: string): Promise<{ userId: string; description: string } | undefined> {
  const user = await findUserByEmail(db, email);
  if (!user || user.status !== "Pending" || user.passwordHash) return undefined;
  return { userId: user.id, description: notPartOfOrganization(user.id, PRODUCT_NAME) };
}
