/**
 * The caller's address as Fastify resolved it (with its `trustProxy` setting), handed to the Koa app of
 * oidc-provider alongside the raw request, so that every IP allow-list check uses one source of truth.
 */
import type { IncomingMessage } from "node:http";

const addresses = new WeakMap<IncomingMessage, string>();

export function rememberClientIp(request: IncomingMessage, ip: string): void {
  addresses.set(request, ip);
}

/** The address Fastify resolved, else the socket's own. */
export function clientIpOf(request: IncomingMessage): string {
  return addresses.get(request) ?? request.socket?.remoteAddress ?? "";
}
