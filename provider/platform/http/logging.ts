/**
 * Structured logs (pino, JSON lines) that never carry credentials: secret fields and headers are redacted,
 * and so are the secret query parameters of a logged URL (an authorization request's state, a logout's
 * id_token_hint, …: core/shared/redact-url.ts).
 */
import type { FastifyRequest, FastifyServerOptions } from "fastify";
import { redactUrl } from "../../../core/shared/redact-url.js";

const SECRET_KEYS = [
  "password",
  "passwordHash",
  "password_hash",
  "clientSecret",
  "client_secret",
  "secret",
  "accessToken",
  "access_token",
  "refreshToken",
  "refresh_token",
  "authorization",
];

export const REDACTED_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  'res.headers["set-cookie"]',
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((key) => `*.${key}`),
];

/** `stream`: where the JSON lines go instead of stdout (tests that read every log line). */
export function loggerOptions(level: string, stream?: { write(line: string): void }): FastifyServerOptions["logger"] {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    serializers: { req: requestForLog },
    ...(stream ? { stream } : {}),
  };
}

/** Fastify's own request fields, with the URL's secret parameters redacted. */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
