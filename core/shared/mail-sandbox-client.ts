/** Reading the mail sandbox's mailbox (`convey mail list|show`), outside production. */
import { MailListResponseSchema, MailMessageSchema } from "./mail-sandbox.js";
import { call, type RequestContext } from "./provider-client.js";

export interface MailFilter {
  to?: string;
  page?: number;
  limit?: number;
}

/** One page of the messages kept, newest first. */
export async function listMail(ctx: RequestContext, filter: MailFilter = {}) {
  const { data } = await call(ctx, "GET", "/api/v1/mail", {
    query: { to: filter.to, page: filter.page, limit: filter.limit },
    schema: MailListResponseSchema,
  });
  return data;
}

/** One message with its text. */
export async function showMail(ctx: RequestContext, id: string) {
  const { data } = await call(ctx, "GET", `/api/v1/mail/${encodeURIComponent(id)}`, { schema: MailMessageSchema });
  return data;
}
