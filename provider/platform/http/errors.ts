/**
 * Every refusal and failure leaves the provider as `{ status, code, message }` (ErrorBodySchema). Validation
 * failures name the field; server errors say nothing about the server (the details go to the log, under
 * the request's correlation id).
 */
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { CORRELATION_ID_HEADER, ErrorBodySchema, type ErrorBody } from "../../../core/shared/contract.js";
import { isApiError } from "../errors.js";

const CODES_BY_STATUS: Record<number, string> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  405: "METHOD_NOT_ALLOWED",
  406: "NOT_ACCEPTABLE",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  414: "URI_TOO_LONG",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "TOO_MANY_REQUESTS",
};

export const INTERNAL_ERROR_MESSAGE = "Something went wrong on our side. Please try again later.";

const INTERNAL_ERROR: ErrorBody = {
  status: 500,
  code: "INTERNAL_SERVER_ERROR",
  message: INTERNAL_ERROR_MESSAGE,
};

/** `body.status: Invalid option…`: where the request was wrong, then what was wrong. */
function validationMessage(
  error: FastifyError & { validation: { instancePath: string; message?: string }[] },
): string {
  const context = error.validationContext ?? "request";
  const problems = error.validation.map((issue) => {
    const field = issue.instancePath.split("/").filter(Boolean).join(".");
    return `${field ? `${context}.${field}` : context}: ${issue.message ?? "is invalid"}`;
  });
  return `Invalid request. ${problems.join("; ")}`;
}

export function errorBodyFor(error: unknown): ErrorBody {
  if (isApiError(error)) return { status: error.status, code: error.code, message: error.message };
  if (hasZodFastifySchemaValidationErrors(error)) {
    return { status: 400, code: "VALIDATION_ERROR", message: validationMessage(error) };
  }
  const status = (error as Partial<FastifyError> | null)?.statusCode;
  if (typeof status === "number" && status >= 400 && status < 500) {
    // Fastify's own client errors (malformed JSON, wrong content type, body too large) say only what the
    // client sent wrong.
    const message = error instanceof Error && error.message ? error.message : "The request was not valid.";
    return { status, code: CODES_BY_STATUS[status] ?? "BAD_REQUEST", message };
  }
  return INTERNAL_ERROR;
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const body = errorBodyFor(error);
  if (body.status >= 500) {
    request.log.error({ err: error }, "Request failed");
  } else {
    request.log.info({ status: body.status, code: body.code }, body.message);
  }
  if (body.status === 401) reply.header("www-authenticate", 'Bearer realm="convey", error="invalid_token"');
  void reply.status(body.status).type("application/json; charset=utf-8").send(body);
}

/**
 * The router's own refusals, before any route or hook runs: a path that is not valid percent-encoded UTF-8
 * (400) or a path parameter longer than the router takes (414). Answered like every other refusal, with the
 * correlation id, and without repeating the path (which may be hundreds of kilobytes of anything).
 */
const FRAMEWORK_REFUSALS: Record<string, ErrorBody> = {
  FST_ERR_BAD_URL: { status: 400, code: "BAD_URL", message: "The URL is not valid: a part of its path is not valid percent-encoded UTF-8." },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: "URI_TOO_LONG", message: "The URL is not valid: a part of its path is too long." },
};

export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const body = FRAMEWORK_REFUSALS[error.code] ?? errorBodyFor(error);
  request.log.info({ status: body.status, code: body.code }, body.message);
  void reply
    .status(body.status)
    .header(CORRELATION_ID_HEADER, request.id)
    .type("application/json; charset=utf-8")
    .send(body);
}

export function notFoundHandler(request: FastifyRequest, reply: FastifyReply): void {
  const path = request.url.split("?")[0];
  const body: ErrorBody = {
    status: 404,
    code: "NOT_FOUND",
    message: `There is no ${request.method} ${path}.`,
  };
  void reply.status(404).type("application/json; charset=utf-8").send(body);
}

/** The error answers a route can give, for its response schema (and so for the OpenAPI document). */
export function errorResponses<S extends 400 | 401 | 403 | 404 | 409 | 428 | 502>(
  ...statuses: S[]
): Record<S | 500, typeof ErrorBodySchema> {
  const responses = { 500: ErrorBodySchema } as Record<S | 500, typeof ErrorBodySchema>;
  for (const status of statuses) responses[status] = ErrorBodySchema;
  return responses;
}
