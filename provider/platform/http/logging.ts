/** Structured logs (pino, JSON lines) that never carry credentials. */
import type { FastifyServerOptions } from "fastify";

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
    ...(stream ? { stream } : {}),
  };
}
