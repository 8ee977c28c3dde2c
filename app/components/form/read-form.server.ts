/**
 * `await readForm(request, ...schemas)` opens every action: the one way the app reads a posted form.
 *
 * In order, before anything else runs:
 * 1. the request must come from the app's own origin and belong to a session that holds a CSRF token,
 *    or it is refused (403) without its body being read;
 * 2. a body declared or found larger than FORM_BODY_LIMIT is refused (413), counted while it streams, so a
 *    large body is never held in memory;
 * 3. at most MAX_FIELDS fields, and every array index in a field name (`applicants[3].firstName`) must be
 *    below the maximum the given schemas allow for that array (refused with 400 before Conform builds any
 *    array: `applicants[100000]` would otherwise allocate a hundred thousand entries);
 * 4. no text that cannot be stored (core/shared/text.ts), 400;
 * 5. the session's CSRF token, 403.
 * It returns the form data for `parseWithZod(formData, { schema })`.
 */
import type { z } from "zod";
import { hasUnstorableCharacters, UNSTORABLE_TEXT_MESSAGE } from "../../../core/shared/text.js";
import { FormVersionSchema } from "../../../core/shared/versions.js";
import { config } from "../../config.server";
import { CSRF_FIELD } from "../../security/csrf-field";
import { isSameOriginRequest, tokensMatch } from "../../security/csrf";
import { readSession } from "../../session/session.server";
import { arrayLimitsOf, fieldNameProblem, type ArrayLimits } from "./form-limits";

/** The largest form body the app reads: 1 MB (uploads have their own route and limit). */
export const FORM_BODY_LIMIT = 1_048_576;
/** More fields than any form of the product has, by far. */
export const MAX_FIELDS = 1_000;

const appOrigin = new URL(config.appUrl).origin;

function refuse(status: number, message: string): Response {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

const FORBIDDEN = "Forbidden: the form could not be verified. Reload the page and try again.";
const TOO_LARGE = "The form is too large to be sent. Shorten what you entered and try again.";

/** The body as text, read chunk by chunk and abandoned as soon as it passes `limit` bytes. */
async function readCapped(request: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > limit) throw refuse(413, TOO_LARGE);
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw refuse(413, TOO_LARGE);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

async function parseBody(request: Request, body: Uint8Array): Promise<FormData> {
  const type = request.headers.get("Content-Type") ?? "";
  if (type.startsWith("application/x-www-form-urlencoded") || type === "") {
    const formData = new FormData();
    const params = new URLSearchParams(new TextDecoder().decode(body));
    let count = 0;
    for (const [name, value] of params) {
      if (++count > MAX_FIELDS) throw refuse(400, "The form has too many fields.");
      formData.append(name, value);
    }
    return formData;
  }
  if (type.startsWith("multipart/form-data")) {
    try {
      return await new Response(Buffer.from(body), { headers: { "Content-Type": type } }).formData();
    } catch {
      throw refuse(400, "The form could not be read.");
    }
  }
  throw refuse(415, "The form could not be read.");
}

function checkFields(formData: FormData, limits: ArrayLimits): void {
  let count = 0;
  for (const [name, value] of formData) {
    if (++count > MAX_FIELDS) throw refuse(400, "The form has too many fields.");
    const problem = fieldNameProblem(name, limits);
    if (problem) throw refuse(400, problem);
    if (hasUnstorableCharacters(name) || (typeof value === "string" && hasUnstorableCharacters(value))) {
      throw refuse(400, UNSTORABLE_TEXT_MESSAGE);
    }
  }
}

/** Reads and checks a posted form (see the top of this file); throws the refusal as a Response. */
export async function readForm(request: Request, ...schemas: z.ZodType[]): Promise<FormData> {
  if (!isSameOriginRequest(request.headers, appOrigin)) throw refuse(403, FORBIDDEN);
  const session = await readSession(request);
  const expected = session.get("csrfToken");
  if (!expected) throw refuse(403, FORBIDDEN);
  const formData = await parseBody(request, await readCapped(request, FORM_BODY_LIMIT));
  checkFields(formData, arrayLimitsOf(schemas));
  if (!tokensMatch(expected, formData.get(CSRF_FIELD))) throw refuse(403, FORBIDDEN);
  return formData;
}

/**
 * The version of the record the form showed (its hidden `version` field), which the write is made against
 * (core/shared/versions.ts). A form without one, or with one that is not a version, is a bad request.
 */
export function formVersion(formData: FormData): number {
  const version = FormVersionSchema.safeParse(formData.get("version"));
  if (!version.success) throw refuse(400, "The form does not say which version of the record it showed: reload the page and try again.");
  return version.data;
}
