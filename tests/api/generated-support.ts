/**
 * What the generated suites (the access matrix, the fuzz) share: the operations of the provider's OpenAPI
 * document, the callers they send, and what a refused call must leave as it was.
 */
import {
  generateKeyPair,
  importJWK,
  SignJWT,
  decodeJwt,
  decodeProtectedHeader,
  type JWK,
  type JWTHeaderParameters,
} from "jose";
import { sql } from "kysely";
import type { LightMyRequestResponse } from "fastify";
import {
  NAMED_ROLES,
  ROLE_PERMISSIONS,
  HELPDESK_ADMINISTRATOR,
  type Permission,
} from "../../core/shared/permissions/roles.js";
import { personAt } from "./administration-support.js";
import type { TestProvider } from "./support.js";

export const METHODS = ["get", "post", "put", "patch", "delete"] as const;

export interface SchemaObject {
  type?: string | string[];
  properties?: Record<string, SchemaObject>;
  required?: string[];
  items?: SchemaObject;
  enum?: unknown[];
  const?: unknown;
  anyOf?: SchemaObject[];
  oneOf?: SchemaObject[];
  allOf?: SchemaObject[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  default?: unknown;
  additionalProperties?: boolean | SchemaObject;
}

export interface DocumentParameter {
  in: "path" | "query" | "header";
  name: string;
  required?: boolean;
  schema?: SchemaObject;
}

/** One operation of the document, named `METHOD /path/{param}` as the other walking tests name them. */
export interface DocumentOperation {
  key: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  pathParameters: string[];
  query: DocumentParameter[];
  declaresIfMatch: boolean;
  /** The security the operation declares: public ([]), the web app's client (Basic), or a bearer token. */
  security: "public" | "webClient" | "bearer";
  body?: SchemaObject;
}

export async function documentOperations(provider: TestProvider): Promise<DocumentOperation[]> {
  const response = await provider.call(undefined, { method: "GET", url: "/api/docs/openapi.json" });
  const document = response.json() as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: DocumentParameter[];
          security?: Record<string, unknown>[];
          requestBody?: { content?: Record<string, { schema?: SchemaObject }> };
        }
      >
    >;
  };
  return Object.entries(document.paths).flatMap(([rawPath, methods]) =>
    Object.entries(methods)
      .filter(([method]) => (METHODS as readonly string[]).includes(method))
      .map(([method, operation]) => {
        const path = rawPath.replace(/:(\w+)/g, "{$1}");
        const parameters = operation.parameters ?? [];
        const security = operation.security;
        return {
          key: `${method.toUpperCase()} ${path}`,
          method: method.toUpperCase() as DocumentOperation["method"],
          path,
          pathParameters: [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!),
          query: parameters.filter((parameter) => parameter.in === "query"),
          declaresIfMatch: parameters.some(
            (parameter) => parameter.in === "header" && parameter.name === "if-match",
          ),
          security:
            security && security.length === 0
              ? "public"
              : security?.some((scheme) => "webClientBasic" in scheme)
                ? "webClient"
                : "bearer",
          body: operation.requestBody?.content?.["application/json"]?.schema,
        } satisfies DocumentOperation;
      }),
  );
}

/** Every subscriber-level role: what the helpdesk administrator alone does is left out. */
export const SUBSCRIBER_ROLES = NAMED_ROLES.filter((role) => role !== HELPDESK_ADMINISTRATOR);

/** Every subscriber-level role that grants none of `permissions`. */
export function rolesWithout(permissions: readonly Permission[]): string[] {
  return SUBSCRIBER_ROLES.filter(
    (role) => !ROLE_PERMISSIONS[role].some((granted) => permissions.includes(granted)),
  );
}

/** An Active user with `roles` at each subscriber and a token of theirs at each, without a password (they act through script clients). */
export function personWith(
  provider: TestProvider,
  memberships: Parameters<typeof personAt>[1],
  name: string,
) {
  return personAt(provider, memberships, name, { password: false });
}

/** Tokens that must never be accepted, made from a real one: re-signed by a stranger, unsigned, expired. */
export async function hostileTokens(
  provider: TestProvider,
  real: string,
): Promise<{ forged: string; unsigned: string; expired: string }> {
  const alg = decodeProtectedHeader(real).alg!;
  const header: JWTHeaderParameters = { ...decodeProtectedHeader(real), alg };
  const payload = decodeJwt(real);
  const now = Math.floor(Date.now() / 1000);

  const stranger = await generateKeyPair(alg, { extractable: true });
  const forged = await new SignJWT({ ...payload }).setProtectedHeader(header).sign(stranger.privateKey);

  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const unsigned = `${encode({ ...header, alg: "none" })}.${encode(payload)}.`;

  // Signed with the provider's own key, so only the expiry is wrong.
  const own = provider.config.jwks.keys.find((key) => key.kid === header.kid) as JWK | undefined;
  if (!own) throw new Error(`The provider has no key ${header.kid}`);
  const expired = await new SignJWT({ ...payload, iat: now - 600, exp: now - 300 })
    .setProtectedHeader(header)
    .sign(await importJWK(own, alg));
  return { forged, unsigned, expired };
}

/**
 * The product's data, table by table, as one fingerprint: a refused call must leave it exactly as it was.
 * The identity provider's own records (grants, codes, interactions) and the job queue are left out: a
 * refused call may be logged and counted there without changing anything of a subscriber's.
 */
const WATCHED_TABLES = [
  "subscribers",
  "subscriber_users",
  "user_subscribers",
  "feature_flags",
  "script_clients",
  "app_sessions",
  "audit_events",
  "product_clock",
  "workspaces",
  "workspace_parties",
  "stamp_duty_returns",
  "workspace_participants",
  "workspace_references",
  "workspace_tasks",
  "user_invitations",
  "sso_connections",
  "notification_registrations",
  "external_authority_identifiers",
  "lodgement_identifiers",
  "financial_settlement_schedules",
  "financial_line_items",
  "financial_settlement_approvals",
  "financial_accounts",
  "lodgement_cases",
  "lodgement_files",
  "lodgement_documents",
  "lodgement_requests",
] as const;

export async function footprint(provider: TestProvider): Promise<Record<string, string>> {
  const columns = WATCHED_TABLES.map(
    (table) =>
      sql`(SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) FROM ${sql.table(table)} t) AS ${sql.ref(table)}`,
  );
  const { rows } = await sql<Record<string, string>>`SELECT ${sql.join(columns)}`.execute(provider.db);
  return rows[0]!;
}

/** The tables whose fingerprint differs. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys(before).filter((table) => before[table] !== after[table]);
}

/** A server's internals showing through an answer: a stack frame, a file path, a database or driver error. */
const INTERNALS = [
  /\bat [\w.<>$]+ \(/,
  /\bat (?:async )?[\w./\\-]+:\d+:\d+/,
  /(?:\/[\w.-]+){2,}\.(?:ts|js|mjs|cjs)\b/,
  /node_modules/,
  /\bfile:\/\//,
  /\b(?:TypeError|ReferenceError|SyntaxError|RangeError):/,
  /\b(?:syntax error at|violates (?:not-null|foreign key|unique|check) constraint|relation "\w+"|column "\w+")/i,
  /\bkysely\b|\bpglite\b|\bpg-boss\b/i,
];

export function internalsIn(body: string): string | undefined {
  return INTERNALS.find((pattern) => pattern.test(body))?.source;
}

export function describeAnswer(response: LightMyRequestResponse): string {
  return `${response.statusCode} ${response.body.slice(0, 300)}`;
}
