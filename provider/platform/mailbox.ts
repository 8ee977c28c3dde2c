/**
 * The mail sandbox's mailbox (docs/decisions/0302-mail-sandbox.md): the messages the mail sandbox accepted,
 * newest first, as the API, the CLI and the development page read them.
 */
import type { MailListQuery, MailListResponse, MailMessage, MailKind } from "../../core/shared/mail-sandbox.js";
import type { DB } from "./db/index.js";
import { notFound } from "./errors.js";
import { offsetOf, pageInfo } from "./paging.js";

export const MAIL_NOT_FOUND = "No message with this id is in the mail sandbox.";

function toMessage(row: { mail_id: string; to_address: string; subject: string; kind: string; sent_at: Date | string; text: string }): MailMessage {
  return {
    id: row.mail_id,
    to: row.to_address,
    subject: row.subject,
    kind: row.kind as MailKind,
    sentAt: new Date(row.sent_at).toISOString(),
    text: row.text,
  };
}

export async function listMailbox(db: DB, query: MailListQuery): Promise<MailListResponse> {
  let rows = db.selectFrom("sandbox_mail");
  if (query.to) rows = rows.where("to_address", "=", query.to.toLowerCase());
  const [total, page] = await Promise.all([
    rows.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
    rows
      .select(["mail_id", "to_address", "subject", "kind", "sent_at", "text"])
      .orderBy("seq", "desc")
      .limit(query.limit)
      .offset(offsetOf(query))
      .execute(),
  ]);
  const records = page.map((row) => {
    const { text: _text, ...summary } = toMessage(row);
    return summary;
  });
  return { records, page: pageInfo(query, Number(total.count), records.length) };
}

export async function readMail(db: DB, id: string): Promise<MailMessage> {
  const row = await db
    .selectFrom("sandbox_mail")
    .select(["mail_id", "to_address", "subject", "kind", "sent_at", "text"])
    .where("mail_id", "=", id)
    .executeTakeFirst();
  if (!row) throw notFound(MAIL_NOT_FOUND);
  return toMessage(row);
}
