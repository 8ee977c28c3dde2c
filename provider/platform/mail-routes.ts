/**
 * The mail sandbox's mailbox, outside production only (docs/sandboxes.md, docs/decisions/0302-mail-sandbox.md);
 * in production neither is registered, so both answer 404.
 *
 *   GET /api/v1/mail[?to=&page=&limit=]  the messages, newest first (anyone signed in)
 *   GET /api/v1/mail/{id}                one message with its text
 *   GET /sandbox/mail[?to=]              the same as a page, for a tester playing the invited person, who
 *   GET /sandbox/mail/{id}               has no login yet: its links are followed as in a mail program
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { formatDocumentDateTime } from "../../core/shared/format-dates.js";
import {
  MAIL_KIND_LABELS,
  MailIdParamsSchema,
  MailListQuerySchema,
  MailListResponseSchema,
  MailMessageSchema,
  type MailMessage,
  type MailSummary,
} from "../../core/shared/mail-sandbox.js";
import { escapeHtml, layout } from "../identity/html.js";
import { contentSecurityPolicy, securityHeaders } from "../identity/security-headers.js";
import type { DB } from "./db/index.js";
import { errorResponses } from "./http/errors.js";
import { listMailbox, readMail } from "./mailbox.js";
import type { ApiDeps } from "./route-deps.js";

const tags = ["Sandbox mail"];

export const mailRoutes: FastifyPluginAsyncZod<ApiDeps> = async (app, { db }) => {
  app.get(
    "/mail",
    {
      schema: {
        tags,
        summary: "The messages the mail sandbox kept, newest first (outside production)",
        querystring: MailListQuerySchema,
        response: { 200: MailListResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => listMailbox(db, request.query),
  );

  app.get(
    "/mail/:id",
    {
      schema: {
        tags,
        summary: "One message the mail sandbox kept, with its text and links (outside production)",
        params: MailIdParamsSchema,
        response: { 200: MailMessageSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => readMail(db, request.params.id),
  );
};

export const MAILBOX_PAGE_PATH = "/sandbox/mail";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LINK = /https?:\/\/[^\s<>"]+/g;

/** The text with its links made clickable; everything else escaped. */
function textWithLinks(text: string): string {
  let html = "";
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    html += escapeHtml(text.slice(last, match.index));
    html += `<a href="${escapeHtml(match[0])}">${escapeHtml(match[0])}</a>`;
    last = match.index + match[0].length;
  }
  return html + escapeHtml(text.slice(last));
}

function listPage(assetsPath: string, records: MailSummary[], to: string, total: number): string {
  const items = records
    .map(
      (mail) => `<li><a href="${MAILBOX_PAGE_PATH}/${escapeHtml(mail.id)}">${escapeHtml(mail.subject)}</a><br>
<small>To ${escapeHtml(mail.to)}, ${escapeHtml(formatDocumentDateTime(mail.sentAt))} (${escapeHtml(MAIL_KIND_LABELS[mail.kind])})</small></li>`,
    )
    .join("\n");
  return layout({
    title: "Mailbox",
    assetsPath,
    main: `<h1>Mailbox</h1>
<p>The mail sandbox: the emails the product would have sent, newest first. Nothing leaves this machine. This page does not exist in production.</p>
<form method="get" action="${MAILBOX_PAGE_PATH}" role="search">
<label for="to">Recipient's email address</label>
<input id="to" name="to" type="email" autocomplete="off" spellcheck="false" value="${escapeHtml(to)}">
<button type="submit">Show their emails</button>
</form>
<p role="status">${total === 1 ? "1 email" : `${total} emails`}${to ? ` to ${escapeHtml(to)}` : ""}${total > records.length ? `, the latest ${records.length} shown` : ""}.</p>
${items ? `<ul class="mailbox">\n${items}\n</ul>` : ""}`,
  });
}

function messagePageHtml(assetsPath: string, mail: MailMessage): string {
  return layout({
    title: mail.subject,
    assetsPath,
    main: `<p><a href="${MAILBOX_PAGE_PATH}">Back to the mailbox</a></p>
<h1>${escapeHtml(mail.subject)}</h1>
<dl class="mail-headers">
<dt>To</dt><dd>${escapeHtml(mail.to)}</dd>
<dt>Sent</dt><dd>${escapeHtml(formatDocumentDateTime(mail.sentAt))}</dd>
<dt>Kind</dt><dd>${escapeHtml(MAIL_KIND_LABELS[mail.kind])}</dd>
</dl>
<div class="mail-text">${textWithLinks(mail.text)}</div>`,
  });
}

/** The development pages of the mailbox (no login: the tester plays a person who has none yet). */
export function registerMailboxPages(app: FastifyInstance, deps: { db: DB; assetsPath: string }): void {
  const headers = { ...securityHeaders(contentSecurityPolicy([])), "cache-control": "no-store" };
  const send = (reply: FastifyReply, status: number, html: string) =>
    reply.code(status).headers(headers).type("text/html; charset=utf-8").send(html);

  app.get<{ Querystring: { to?: string } }>(MAILBOX_PAGE_PATH, async (request, reply) => {
    const to = typeof request.query.to === "string" ? request.query.to.trim().slice(0, 320) : "";
    const { records, page } = await listMailbox(deps.db, { to: to || undefined, page: 1, limit: 100 });
    return send(reply, 200, listPage(deps.assetsPath, records, to, page.totalRecords));
  });

  app.get<{ Params: { id: string } }>(`${MAILBOX_PAGE_PATH}/:id`, async (request, reply) => {
    const mail = UUID.test(request.params.id) ? await readMail(deps.db, request.params.id).catch(() => undefined) : undefined;
    if (!mail) {
      return send(
        reply,
        404,
        layout({
          title: "No such email",
          assetsPath: deps.assetsPath,
          main: `<h1>No such email</h1>\n<p>The mail sandbox holds no email with this address.</p>\n<p><a href="${MAILBOX_PAGE_PATH}">Back to the mailbox</a></p>`,
        }),
      );
    }
    return send(reply, 200, messagePageHtml(deps.assetsPath, mail));
  });
}
