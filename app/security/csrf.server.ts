/**
 * `await assertCsrf(request)` opens every action: a request from another origin, or without the session's
 * token in the `csrf` field, is refused with 403 before anything changes. The form is read from a clone,
 * so the body stays readable for the action (and for remix-auth).
 */
import { config } from "../config.server";
import { readSession } from "../session/session.server";
import { CSRF_FIELD } from "./csrf-field";
import { isSameOriginRequest, tokensMatch } from "./csrf";

const appOrigin = new URL(config.appUrl).origin;

function forbidden(): Response {
  return new Response("Forbidden: the form could not be verified. Reload the page and try again.", { status: 403 });
}

/** Returns the submitted form data once the request is verified; throws a 403 Response otherwise. */
export async function assertCsrf(request: Request): Promise<FormData> {
  if (!isSameOriginRequest(request.headers, appOrigin)) throw forbidden();
  let formData: FormData;
  try {
    formData = await request.clone().formData();
  } catch {
    throw forbidden();
  }
  const session = await readSession(request);
  if (!tokensMatch(session.get("csrfToken"), formData.get(CSRF_FIELD))) throw forbidden();
  return formData;
}
