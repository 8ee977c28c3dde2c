/**
 * Loaded with `node --import` in front of remix-serve (which takes no middleware): a state-changing request
 * that does not come from the app's own origin is answered 403 before Remix sees it. Remix's own origin
 * check would otherwise reject it with an empty 500. The same rule also opens every action (readForm),
 * together with the session's CSRF token.
 *
 * It also records the end user's address in `x-convey-client-ip` (always overwritten, so a client cannot
 * choose it), which the app forwards to the provider for IP allow lists. Behind a trusted reverse proxy set
 * APP_TRUST_PROXY=true to take the first X-Forwarded-For address instead of the socket's.
 */
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { isSameOriginRequest } from "../app/security/csrf";

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
export const CLIENT_IP_HEADER = "x-convey-client-ip";
const trustProxy = process.env.APP_TRUST_PROXY === "true";
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

export function clientAddressOf(request: IncomingMessage, trustForwarded = trustProxy): string | undefined {
  const forwarded = request.headers["x-forwarded-for"];
  const first = typeof forwarded === "string" ? forwarded.split(",")[0]?.trim() : undefined;
  return (trustForwarded && first) || request.socket?.remoteAddress;
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
      const address = clientAddressOf(request);
      if (address) request.headers[CLIENT_IP_HEADER] = address;
      else delete request.headers[CLIENT_IP_HEADER];
      if (refusesRequest(request)) {
        refuse(response);
        return true;
      }
    }
    return emit.apply(this, [event, ...rest] as Parameters<typeof emit>);
  } as typeof server.emit;
  return server;
} as typeof http.createServer;
