/**
 * Every request's strings (body, query, path parameters) are refused with 400 when they hold text that
 * cannot be stored (a NUL character, half a surrogate pair: core/shared/text.ts), before any route or the
 * database sees them. One hook for the API and the identity provider's own forms.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { containsUnstorableText, UNSTORABLE_TEXT_MESSAGE } from "../../../core/shared/text.js";
import { badRequest } from "../errors.js";

async function refuseUnstorableText(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (containsUnstorableText(request.params) || containsUnstorableText(request.query) || containsUnstorableText(request.body)) {
    throw badRequest(UNSTORABLE_TEXT_MESSAGE, "UNSTORABLE_TEXT");
  }
}

export function refusingUnstorableText(app: FastifyInstance): void {
  app.addHook("preValidation", refuseUnstorableText);
}
