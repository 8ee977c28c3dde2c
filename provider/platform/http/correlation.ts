/**
 * The correlation id ties one user action to every log line and audit event it causes, across the app,
 * the CLI and the provider. Taken from `x-correlation-id` when the caller sends a sensible one, generated
 * otherwise, and echoed on every response (also on the identity provider's, which write to the raw reply).
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyInstance } from "fastify";
import { CORRELATION_ID_HEADER } from "../../../core/shared/contract.js";

/** Ids we accept from outside: no spaces or control characters, so they cannot forge log lines or headers. */
const ACCEPTABLE_ID = /^[A-Za-z0-9._:@-]{1,128}$/;

export function correlationIdOf(request: IncomingMessage): string {
  const header = request.headers[CORRELATION_ID_HEADER];
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && ACCEPTABLE_ID.test(value) ? value : randomUUID();
}

export function echoCorrelationId(app: FastifyInstance): void {
  app.addHook("onRequest", async (request, reply) => {
    reply.raw.setHeader(CORRELATION_ID_HEADER, request.id);
  });
}
