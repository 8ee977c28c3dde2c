/**
 * The one HTTP client for the provider API, used by the app's loaders and actions and by the CLI.
 * It sends the bearer token and a fresh correlation id, parses responses with the contract schemas,
 * and turns every non-2xx answer into a ProviderError carrying the provider's { status, code, message }.
 */
import { randomUUID } from "node:crypto";
import type * as Undici from "undici";
import type { Dispatcher } from "undici";
import type { z } from "zod";
import { CORRELATION_ID_HEADER, ErrorBodySchema } from "./contract.js";
import { PRODUCT_CLOCK_OFFSET_HEADER } from "./product-clock.js";
import { IF_MATCH_HEADER, ifMatch } from "./versions.js";
import { ProviderAnswerLostError, ProviderError, ProviderUnavailableError } from "./provider-errors.js";

export interface RequestContext {
  /** Base URL of the provider, e.g. http://localhost:4000 */
  apiUrl: string;
  accessToken?: string;
  /** Reused when given (one user action, many calls); a fresh one per call otherwise. */
  correlationId?: string;
  /** The end user's address, forwarded so the provider can apply IP allow lists. */
  clientIp?: string;
  dispatcher?: Dispatcher;
  /**
   * Called after every successful write: a POST, PATCH, PUT or DELETE that is not a search (`reads`). The app
   * drops what it cached for the session.
   */
  onWrite?: () => void;
  /**
   * The product clock's offset from real time, in milliseconds, as the provider's latest answer to this
   * context gave it (PRODUCT_CLOCK_OFFSET_HEADER): `productNow` reads it instead of asking for the clock.
   */
  productClockOffsetMs?: number;
}

/**
 * The HTTP library (undici), loaded on first use under a name the bundler cannot follow: route modules call
 * these use-cases from their loaders, and the app's browser bundle, built from the same modules, must not
 * take undici in (the bundler resolves every static import, even one only a loader uses).
 */
const HTTP_LIBRARY = "undici";
let httpLibrary: Promise<typeof Undici> | undefined;
function loadHttpLibrary(): Promise<typeof Undici> {
  return (httpLibrary ??= import(HTTP_LIBRARY));
}

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

export interface CallOptions<S extends z.ZodType> {
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** Schema of a successful response body; omit for 204 answers. */
  schema?: S;
  headers?: Record<string, string>;
  /** Form-encoded body instead of JSON (token endpoints). */
  form?: Record<string, string>;
  /** A POST that only reads (a search with its criteria in the body): not a write for `onWrite`. */
  reads?: true;
  /** The version of the resource the write was made against, sent as If-Match (core/shared/versions.ts). */
  version?: number;
}

export interface CallResult<T> {
  status: number;
  data: T;
  correlationId: string;
}

export async function call<S extends z.ZodType>(
  ctx: RequestContext,
  method: Method,
  path: string,
  options: CallOptions<S> = {},
): Promise<CallResult<z.infer<S>>> {
  const correlationId = ctx.correlationId ?? randomUUID();
  const url = new URL(path, ctx.apiUrl);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  const headers: Record<string, string> = {
    accept: "application/json",
    [CORRELATION_ID_HEADER]: correlationId,
    ...options.headers,
  };
  if (ctx.accessToken) headers.authorization = `Bearer ${ctx.accessToken}`;
  if (ctx.clientIp) headers["x-forwarded-for"] = ctx.clientIp;
  if (options.version !== undefined) headers[IF_MATCH_HEADER] = ifMatch(options.version);
  let body: string | undefined;
  if (options.form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(options.form).toString();
  } else if (options.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.body);
  }

  let response: Dispatcher.ResponseData;
  try {
    const { request } = await loadHttpLibrary();
    response = await request(url, {
      method,
      headers,
      body,
      dispatcher: ctx.dispatcher,
      headersTimeout: 30_000,
      bodyTimeout: 30_000,
    });
  } catch (error) {
    throw connectionFailure(error, url, correlationId);
  }

  const clockOffset = response.headers[PRODUCT_CLOCK_OFFSET_HEADER];
  if (typeof clockOffset === "string" && /^-?\d{1,15}$/.test(clockOffset)) ctx.productClockOffsetMs = Number(clockOffset);

  let text: string;
  try {
    text = await response.body.text();
  } catch (error) {
    throw new ProviderAnswerLostError(answerLostMessage(url, error), correlationId);
  }
  const json = text ? safeJson(text) : undefined;
  if (response.statusCode >= 400) {
    const parsed = ErrorBodySchema.safeParse(json);
    const problem = parsed.success
      ? parsed.data
      : oauthError(json) ?? { code: "HTTP_ERROR", message: `The provider answered ${response.statusCode}` };
    throw new ProviderError(response.statusCode, problem.code, problem.message, correlationId);
  }
  const data = (options.schema ? options.schema.parse(json) : json) as z.infer<S>;
  if (method !== "GET" && !options.reads) ctx.onWrite?.();
  return { status: response.statusCode, data, correlationId };
}

/** Failures that happen before a request can have been sent: nothing reached the provider. */
const NOT_SENT_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EADDRNOTAVAIL",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_INVALID_ARG",
]);

function errorCodes(error: unknown): string[] {
  const codes: string[] = [];
  for (let current = error, depth = 0; current && typeof current === "object" && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") codes.push(code);
    current = (current as { cause?: unknown }).cause;
  }
  return codes;
}

/**
 * A call that failed without an answer: "could not be reached" when the connection was never made, else
 * the request may have been acted on and its answer lost (a dropped connection, a time-out).
 */
function connectionFailure(error: unknown, url: URL, correlationId: string): ProviderUnavailableError {
  const codes = errorCodes(error);
  const notSent = codes.some((code) => NOT_SENT_CODES.has(code) || /^(ERR_TLS|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED)/.test(code));
  if (notSent) {
    return new ProviderUnavailableError(`The provider at ${url.origin} could not be reached (${(error as Error).message})`, correlationId);
  }
  return new ProviderAnswerLostError(answerLostMessage(url, error), correlationId);
}

function answerLostMessage(url: URL, error: unknown): string {
  return `The connection to the provider at ${url.origin} was lost before its answer came (${(error as Error).message})`;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** OAuth endpoints answer { error, error_description } rather than the API's error body. */
function oauthError(json: unknown): { code: string; message: string } | undefined {
  if (json && typeof json === "object" && "error" in json) {
    const { error, error_description } = json as { error: unknown; error_description?: unknown };
    return { code: String(error), message: String(error_description ?? error) };
  }
  return undefined;
}

export interface FileResult {
  body: Buffer;
  contentType: string;
  /** The provider's Content-Disposition (an attachment with the file name). */
  contentDisposition: string | null;
  correlationId: string;
}

/**
 * A GET whose answer is a file (a register PDF) rather than JSON: the bytes with their type and
 * disposition, so the app can hand them on. A non-2xx answer is a ProviderError as for `call`.
 */
export async function callForFile(ctx: RequestContext, path: string): Promise<FileResult> {
  const correlationId = ctx.correlationId ?? randomUUID();
  const url = new URL(path, ctx.apiUrl);
  const headers: Record<string, string> = { accept: "application/pdf, application/json", [CORRELATION_ID_HEADER]: correlationId };
  if (ctx.accessToken) headers.authorization = `Bearer ${ctx.accessToken}`;
  if (ctx.clientIp) headers["x-forwarded-for"] = ctx.clientIp;
  let response: Dispatcher.ResponseData;
  try {
    const { request } = await loadHttpLibrary();
    response = await request(url, { method: "GET", headers, dispatcher: ctx.dispatcher, headersTimeout: 30_000, bodyTimeout: 30_000 });
  } catch (error) {
    throw connectionFailure(error, url, correlationId);
  }
  let body: Buffer;
  try {
    body = Buffer.from(await response.body.arrayBuffer());
  } catch (error) {
    throw new ProviderAnswerLostError(answerLostMessage(url, error), correlationId);
  }
  if (response.statusCode >= 400) {
    const parsed = ErrorBodySchema.safeParse(safeJson(body.toString("utf8")));
    const problem = parsed.success ? parsed.data : { code: "HTTP_ERROR", message: `The provider answered ${response.statusCode}` };
    throw new ProviderError(response.statusCode, problem.code, problem.message, correlationId);
  }
  const header = (name: string) => {
    const value = response.headers[name];
    return Array.isArray(value) ? value[0] ?? null : value ?? null;
  };
  return { body, contentType: header("content-type") ?? "application/octet-stream", contentDisposition: header("content-disposition"), correlationId };
}
