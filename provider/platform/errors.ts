/**
 * The provider's answer to a refused request: an HTTP status, a stable machine-readable code and a message
 * a person can read. Services throw these; the HTTP layer turns them into `{ status, code, message }`.
 */
import { CONFLICT_MESSAGE } from "../../core/shared/errors.js";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export const badRequest = (message: string, code = "BAD_REQUEST") => new ApiError(400, code, message);

export const unauthorized = (message: string) => new ApiError(401, "UNAUTHORIZED", message);

export const forbidden = (message = "You do not have permission to do this.") =>
  new ApiError(403, "FORBIDDEN", message);

export const notFound = (message = "The requested resource was not found.") =>
  new ApiError(404, "NOT_FOUND", message);

/** A write lost a race with another write: nothing was overwritten (document 1 section 8). */
export const conflict = (message = CONFLICT_MESSAGE) => new ApiError(409, "CONFLICT", message);
