/**
 * Loaded with `node --import` in front of remix-serve (which takes no middleware): a state-changing request
 * that does not come from the app's own origin is answered 403 before Remix sees it. Remix's own origin
 * check would otherwise reject it with an empty 500. The same rule also opens every action (readForm),
 * together with the session's CSRF token.
 *
 * It also records the end user's address in `x-convey-client-ip` (always overwritten, so a client cannot
 * choose it), which the app forwards to the provider for IP allow lists. Behind trusted reverse proxies set
 * APP_TRUST_PROXY=true (and APP_TRUSTED_PROXY_HOPS to their number, 1 by default): the address is then taken
 * from the right of X-Forwarded-For by core's rule (core/shared/client-address.ts), never from the
 * client-written left of it.
 *
 * It gives each request a fresh random id in `x-convey-request-id` (always overwritten), which the loaders of
 * one page load share their provider reads by (app/session/page-load.server.ts).
 *
 * Every answer carries `X-Content-Type-Options: nosniff` (the static assets too, which Remix never sees),
 * and the request log that remix-serve writes when an answer is finished shows the URL with its secret
 * query parameters redacted (the login callback's `code` and `state`: core/shared/redact-url.ts).
 */
import { randomUUID } from "node:crypto";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { isSameOriginRequest } from "../app/security/csrf";
import { clientAddress, parseTrustedHops } from "../core/shared/client-address";
import { redactUrl } from "../core/shared/redact-url";

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
export const CLIENT_IP_HEADER = "x-convey-client-ip";
export const REQUEST_ID_HEADER = "x-convey-request-id";
const trustedHops = process.env.APP_TRUST_PROXY === "true" ? parseTrustedHops(process.env.APP_TRUSTED_PROXY_HOPS) : 0;
const appOrigin = new URL(process.env.APP_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).origin;

function headersOf(request: IncomingMessage): Headers {
  const headers = new Headers();
  for (const name of ["origin", "sec-fetch-site"]) {
    const value = request.headers[name];
    if (typeof value === "string") headers.set(name, value);
  }
  return headers;
}

export function refusesRequest(request: IncomingMessage, origin = appOrigin): boolean {
  return UNSAFE_METHODS.has(request.method ?? "GET") && !isSameOriginRequest(headersOf(request), origin);
}

/** The end user's address; `hops` trusted proxies in front (0: the socket's address, whatever the header says). */
export function clientAddressOf(request: IncomingMessage, hops = trustedHops): string | undefined {
  return clientAddress(request.socket?.remoteAddress, request.headers["x-forwarded-for"], { trustedHops: hops });
}

/** Adds nosniff to an answer that does not carry it yet, whoever writes its head. */
function withNosniff(response: ServerResponse): void {
  const writeHead = response.writeHead;
  response.writeHead = function writeHeadWithNosniff(this: ServerResponse, ...args: unknown[]) {
    if (!this.headersSent && !this.hasHeader("x-content-type-options")) this.setHeader("x-content-type-options", "nosniff");
    return writeHead.apply(this, args as Parameters<typeof writeHead>);
  } as typeof response.writeHead;
}

/**
 * The request log line is written when the answer finishes, from `originalUrl` (Express keeps the URL the
 * request arrived with there). This listener is registered before any of the server's own, so it runs
 * first, once Remix no longer needs the URL.
 */
function redactUrlForLog(request: IncomingMessage & { originalUrl?: string }, response: ServerResponse): void {
  response.once("finish", () => {
    const url = request.originalUrl ?? request.url;
    if (url !== undefined) request.originalUrl = redactUrl(url);
  });
}

function refuse(response: ServerResponse) {
  response.writeHead(403, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" });
  response.end("Forbidden: this form did not come from this site.");
}

const createServer = http.createServer;
http.createServer = function guardedCreateServer(this: unknown, ...args: Parameters<typeof createServer>) {
  const server = createServer.apply(this, args);
  const emit = server.emit;
  server.emit = function guardedEmit(this: http.Server, event: string, ...rest: unknown[]) {
    if (event === "request") {
      const [request, response] = rest as [IncomingMessage, ServerResponse];
      withNosniff(response);
      redactUrlForLog(request, response);
      const address = clientAddressOf(request);
      if (address) request.headers[CLIENT_IP_HEADER] = address;
      else delete request.headers[CLIENT_IP_HEADER];
      request.headers[REQUEST_ID_HEADER] = randomUUID();
      if (refusesRequest(request)) {
        refuse(response);
        return true;
      }
    }
    return emit.apply(this, [event, ...rest] as Parameters<typeof emit>);
  } as typeof server.emit;
  return server;
} as typeof http.createServer;
