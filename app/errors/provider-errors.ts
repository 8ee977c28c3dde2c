/**
 * How the provider's failures reach the person (document 1 sections 7 and 8). Pure: the .server module
 * applies these decisions (ending the session, setting the toast).
 */
import { CONFLICT_MESSAGE, errorToastFor, type Toast } from "../../core/shared/errors.js";
import { ProviderError } from "../../core/shared/provider-errors.js";
import { IP_ADDRESS_NOT_ALLOWED } from "../../core/identity/login-errors.js";

/** 401 means the token or its grant is no longer accepted: the session ends and the user logs in again. */
export function endsSession(error: unknown): boolean {
  return error instanceof ProviderError && error.status === 401;
}

/**
 * The subscriber's IP allow list does not hold the user's address (any more, e.g. it was set during the
 * session). A loader refused this way ends the session on the unrecognised IP page, as a login from there
 * would; a write keeps the user's input with the error (provider-errors.server.ts).
 */
export function refusesTheAddress(error: unknown): boolean {
  return error instanceof ProviderError && error.status === 403 && error.code === IP_ADDRESS_NOT_ALLOWED;
}

/** The error page a loader shows for a provider failure: a Response with the provider's status. */
export function providerErrorResponse(error: ProviderError): Response {
  const status = error.status >= 400 && error.status <= 599 ? error.status : 500;
  return new Response(error.message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "X-Correlation-Id": error.correlationId },
  });
}

/** The toast an action shows for a failed write (424 counts as 500; unknown statuses get 'Error !'). */
export function providerErrorToast(error: ProviderError): Toast {
  return errorToastFor(error.status, error.message || undefined);
}

/**
 * The toast of a failed write: a stale version (409 CONFLICT) gets the specification's conflict message;
 * any other refusal, a 409 that names its cause included (USER_EXISTS: "A user with this email already
 * exists at …"), the provider's own words, as the CLI prints them.
 */
export function writeFailureToastFor(error: ProviderError): Toast {
  return error.status === 409 && error.code === "CONFLICT" ? errorToastFor(409, CONFLICT_MESSAGE) : providerErrorToast(error);
}
