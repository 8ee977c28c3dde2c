/**
 * Every operation of the provider's OpenAPI document, sent hostile input by an authorised caller: path
 * parameters, query strings and JSON bodies built from the operation's own schemas, with junk put in at
 * random places (huge strings, deep nesting, wrong types, NUL and half surrogate pairs, numbers out of
 * range, prototype-pollution keys, malformed JSON). Whatever comes, the answer is never a server error and
 * never shows the server's insides (a stack trace, a file path, a database message).
 *
 * Bounded and repeatable: a fixed seed (FUZZ_SEED to try another), a few runs per operation (FUZZ_RUNS).
 * A failure names the operation and the seed and path that replay it.
 */
import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_WORKSPACES } from "../../provider/workspaces/seed.js";
import {
  describeAnswer,
  documentOperations,
  internalsIn,
  personWith,
  SUBSCRIBER_ROLES,
  type DocumentOperation,
  type SchemaObject,
} from "./generated-support.js";
import { DEMO_SUBSCRIBERS, DEMO_USERS, startTestProvider, type TestProvider } from "./support.js";

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_125);
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);

let provider: TestProvider;
let operations: DocumentOperation[];
let seededIds: string[];
const authorisations: { owner: string; helpdesk: string; webClient: string } = {
  owner: "",
  helpdesk: "",
  webClient: "",
};

beforeAll(async () => {
  provider = await startTestProvider();
  operations = await documentOperations(provider);
  const { clientId, clientSecret } = provider.config.webClient;
  authorisations.webClient = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`;
  authorisations.helpdesk = `Bearer ${await provider.loginToken(DEMO_USERS.helpdesk.email)}`;
  const owner = await personWith(provider, { harperVale: SUBSCRIBER_ROLES }, "Fuzzed");
  authorisations.owner = `Bearer ${owner.tokens.harperVale}`;
  const target = await personWith(provider, { harperVale: ["Workspace User"] }, "Fuzz Target");
  const session = await provider.call(undefined, {
    method: "POST",
    url: "/api/v1/app-sessions",
    headers: { authorization: authorisations.webClient },
    payload: {
      subscriberUserId: target.userId,
      subscriberId: DEMO_SUBSCRIBERS.harperVale.subscriberId,
      data: {},
    },
  });
  // A lodgement case of A's, so the file calls' paths reach a real case now and then.
  const lodgementCase = await provider.db
    .selectFrom("lodgement_cases")
    .select("lodgement_case_id")
    .where("workspace_id", "=", DEMO_WORKSPACES.remortgagePreparing.workspaceId)
    .executeTakeFirstOrThrow();
  // The stamp duty return of a dual-represented purchase (the SDLT flag on), so that its calls reach their checks.
  expect(
    (
      await provider.call(undefined, {
        method: "PUT",
        url: "/api/v1/feature-flags/sdltEnabled",
        headers: { authorization: authorisations.helpdesk },
        payload: { enabled: true },
      })
    ).statusCode,
  ).toBe(200);
  const stampDuty = await provider.call(undefined, {
    method: "GET",
    url: `/api/lodgement/v1/lodgement-cases/stamp-duty-details?workspace_id=${DEMO_WORKSPACES.purchaseReady.workspaceId}`,
    headers: { authorization: authorisations.owner },
  });
  const sdltCaseId = stampDuty.json().lodgementCaseId as string;
  const answered = await provider.call(undefined, {
    method: "POST",
    url: `/api/lodgement/v1/lodgement-cases/${sdltCaseId}/tax-eligibility`,
    headers: { authorization: authorisations.owner, "if-match": `"${stampDuty.json().version}"` },
    payload: { taxEligibilityStatus: "SUBMISSION_THROUGH_PEXA", revenueAuthority: "HM_REVENUE_AND_CUSTOMS" },
  });
  expect(answered.statusCode, answered.body).toBe(200);
  seededIds = [
    sdltCaseId,
    answered.json().taxApplication.taxId as string,
    answered.json().taxApplication.taxApplicationId as string,
    lodgementCase.lodgement_case_id,
    DEMO_SUBSCRIBERS.harperVale.subscriberId,
    DEMO_SUBSCRIBERS.keystone.subscriberId,
    DEMO_WORKSPACES.remortgagePreparing.workspaceId,
    DEMO_WORKSPACES.purchaseReady.workspaceId,
    target.userId,
    session.json().sessionId as string,
    "USER_IP_WHITELIST",
    "con_ashdown_entra",
  ];
});
afterAll(() => provider?.close());

// ---------------------------------------------------------------------------------------------------
// Junk

/** Characters that break naive code: NUL, half surrogate pairs, quotes, escapes, markup, right-to-left. */
const nastyChar = fc.oneof(
  fc.constantFrom(
    "\u0000",
    "\ud800",
    "\udfff",
    "'",
    '"',
    "\\",
    "%",
    "{",
    "}",
    "<",
    ">",
    "&",
    "\n",
    "\r",
    "\u202e",
    "\ufeff",
    "😀",
    "ß",
    "$",
    "/",
    "..",
  ),
  fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
);
const nastyString = fc.oneof(
  fc.string({ unit: nastyChar, maxLength: 40 }),
  fc.constantFrom(
    "",
    " ",
    "null",
    "undefined",
    "NaN",
    "-1",
    "0x1F",
    "1e309",
    "true",
    "[]",
    "{}",
    "%00",
    "%ZZ",
    "../../etc/passwd",
    "' OR 1=1 --",
    "${jndi:x}",
    "<script>alert(1)</script>",
    "__proto__",
    "constructor",
    "prototype",
  ),
  fc.constantFrom(10_000, 300_000).map((length) => "a".repeat(length)),
);
const hostileNumber = fc.oneof(
  fc.constantFrom(-1, 0, -0, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 1e308, -1e308, 5e-324, 0.5),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map((value) => Number(value)),
);
/** Objects whose keys try to reach the prototype of whatever reads them. */
const pollution = fc.constantFrom<unknown>(
  JSON.parse('{"__proto__":{"isHelpdesk":true,"roles":["Helpdesk Administrator"]}}'),
  JSON.parse('{"constructor":{"prototype":{"polluted":true}}}'),
  JSON.parse('{"__proto__":null,"toString":"x","valueOf":1,"hasOwnProperty":false}'),
);
const deep = fc
  .integer({ min: 30, max: 3000 })
  .chain((depth) =>
    fc.constantFrom(
      JSON.parse(`${"[".repeat(depth)}"\\u0000"${"]".repeat(depth)}`) as unknown,
      JSON.parse(`${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`) as unknown,
    ),
  );
const junk: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    nastyString,
    hostileNumber,
    fc.constantFrom(null, true, false),
    pollution,
    deep,
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(nastyString, tie("value"), { maxKeys: 4 }),
  ),
})).value;

// ---------------------------------------------------------------------------------------------------
// Values from the document's schemas, with junk in their place now and then

function fromSchema(schema: SchemaObject | undefined, depth = 0): fc.Arbitrary<unknown> {
  const valid = validFromSchema(schema ?? {}, depth);
  return depth > 6 ? valid : fc.oneof({ weight: 5, arbitrary: valid }, { weight: 1, arbitrary: junk });
}

function validFromSchema(schema: SchemaObject, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((choice) => fromSchema(choice, depth + 1)));
  if (schema.allOf?.length) return fromSchema(Object.assign({}, ...schema.allOf) as SchemaObject, depth + 1);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => validFromSchema({ ...schema, type }, depth)));
  switch (types[0]) {
    case "string":
      return stringFor(schema);
    case "integer":
      return fc.integer({
        min: Math.max(schema.minimum ?? -1000, -(2 ** 31)),
        max: Math.min(schema.maximum ?? 1000, 2 ** 31),
      });
    case "number":
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return fc.array(fromSchema(schema.items, depth + 1), {
        minLength: Math.min(schema.minItems ?? 0, 3),
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case "object": {
      const properties = schema.properties ?? {};
      const record = Object.fromEntries(
        Object.entries(properties).map(([name, property]) => [name, fromSchema(property, depth + 1)]),
      );
      const required = (schema.required ?? []).filter((name) => name in properties);
      return fc.record(record, { requiredKeys: required });
    }
    default:
      return junk;
  }
}

function stringFor(schema: SchemaObject): fc.Arbitrary<string> {
  const max = Math.min(schema.maxLength ?? 60, 60);
  switch (schema.format) {
    case "date-time":
      return fc
        .date({ min: new Date("1900-01-01"), max: new Date("2200-01-01"), noInvalidDate: true })
        .map((date) => date.toISOString());
    case "date":
      return fc
        .date({ min: new Date("1900-01-01"), max: new Date("2200-01-01"), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10));
    case "email":
      return fc.emailAddress();
    case "uuid":
      return fc.uuid();
    default:
      return fc.oneof(
        fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.max(max, schema.minLength ?? 0) }),
        fc.constantFrom(...seededIds),
      );
  }
}

// ---------------------------------------------------------------------------------------------------
// Requests

/** A path segment as a client might send it, hostile bytes included (half a surrogate pair as its raw bytes). */
function segment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return "%ED%A0%80";
  }
}

const pathValue = () =>
  fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...seededIds) }, { weight: 3, arbitrary: nastyString });

function queryFor(operation: DocumentOperation): fc.Arbitrary<string> {
  const declared = operation.query.map((parameter) =>
    fc.option(
      fromSchema(parameter.schema).map(
        (value) =>
          `${segment(parameter.name)}=${segment(typeof value === "string" ? value : (JSON.stringify(value) ?? ""))}`,
      ),
      { nil: undefined },
    ),
  );
  const extra = fc.array(
    fc.oneof(
      fc.constantFrom(
        "__proto__[isHelpdesk]=true",
        "constructor[prototype][x]=1",
        "__proto__=1",
        "page=1&page=2",
        "limit=-5",
        "%ZZ=%E0%A4%A",
        "a=%00",
        "=",
        "&&&",
      ),
      fc.tuple(nastyString, nastyString).map(([name, value]) => `${segment(name)}=${segment(value)}`),
    ),
    { maxLength: 3 },
  );
  return fc.tuple(fc.tuple(...declared), extra).map(([parts, more]) => {
    const all = [...parts.filter((part): part is string => part !== undefined), ...more];
    return all.length ? `?${all.join("&")}` : "";
  });
}

/** The body's text: JSON of the schema's shape (junk within), junk JSON, or text that is not JSON at all. */
function bodyFor(operation: DocumentOperation): fc.Arbitrary<string | undefined> {
  const malformed = fc.constantFrom(
    "{",
    "[1,]",
    '{"a":1,}',
    '"',
    "nul",
    '{"a":"\\ud800"}',
    '{"a":"\\u0000"}',
    "\u0000",
    "[".repeat(100_000),
  );
  const json = (arbitrary: fc.Arbitrary<unknown>) =>
    arbitrary.map((value) => JSON.stringify(value) ?? "null");
  if (!operation.body)
    return fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: json(junk) });
  return fc.oneof(
    { weight: 6, arbitrary: json(fromSchema(operation.body)) },
    { weight: 2, arbitrary: json(junk) },
    { weight: 1, arbitrary: malformed },
  );
}

const ifMatchValue = fc.oneof(
  fc.integer({ min: 0, max: 20 }).map((version) => `"${version}"`),
  fc.constantFrom(
    "",
    "*",
    "1",
    '"-1"',
    '"1.5"',
    '"99999999999999999999999"',
    'W/"1"',
    '"1", "2"',
    '"abc"',
    '""',
  ),
);

interface FuzzRequest {
  values: string[];
  query: string;
  body: string | undefined;
  ifMatch: string | undefined;
  caller: keyof typeof authorisations;
}

function requestFor(operation: DocumentOperation): fc.Arbitrary<FuzzRequest> {
  const paths = fc.tuple(...operation.pathParameters.map(() => pathValue()));
  const callers: fc.Arbitrary<FuzzRequest["caller"]> =
    operation.security === "webClient" ? fc.constant("webClient") : fc.constantFrom("owner", "helpdesk");
  return fc.record({
    values: paths,
    query: queryFor(operation),
    body: bodyFor(operation),
    ifMatch: operation.declaresIfMatch ? fc.option(ifMatchValue, { nil: undefined }) : fc.constant(undefined),
    caller: callers,
  });
}

async function send(operation: DocumentOperation, request: FuzzRequest): Promise<LightMyRequestResponse> {
  let index = 0;
  const path = operation.path.replace(/\{\w+\}/g, () => segment(request.values[index++]!));
  const headers: Record<string, string> = { authorization: authorisations[request.caller] };
  if (request.ifMatch !== undefined) headers["if-match"] = request.ifMatch;
  if (request.body !== undefined) headers["content-type"] = "application/json";
  return provider.call(undefined, {
    method: operation.method,
    url: `${path}${request.query}`,
    headers,
    payload: request.body,
  });
}

describe("hostile input to every operation", () => {
  it("the document has operations to fuzz", () => {
    expect(operations.length).toBeGreaterThan(20);
  });

  it(
    "never answers a server error nor shows the server's insides",
    async () => {
      const failures: string[] = [];
      for (const [index, operation] of operations.entries()) {
        const seed = SEED + index;
        const result = await fc.check(
          fc.asyncProperty(requestFor(operation), async (request) => {
            const response = await send(operation, request);
            if (response.statusCode >= 500) throw new Error(`answered ${describeAnswer(response)}`);
            const internals = internalsIn(response.body);
            if (internals) throw new Error(`showed its insides (${internals}): ${describeAnswer(response)}`);
          }),
          { seed, numRuns: RUNS, endOnFailure: true },
        );
        if (result.failed) {
          const cause =
            result.errorInstance instanceof Error
              ? result.errorInstance.message
              : String(result.errorInstance);
          const example = JSON.stringify(result.counterexample?.[0], (_key, value: unknown) =>
            typeof value === "string" && value.length > 200
              ? `${value.slice(0, 200)}…(${value.length})`
              : value,
          );
          failures.push(
            `${operation.key} ${cause}\n  replay: FUZZ_SEED=${SEED} (seed ${seed}, path "${result.counterexamplePath}")\n  request: ${example}`,
          );
        }
      }
      expect(failures.join("\n\n")).toBe("");
    },
    Math.max(180_000, RUNS * 5_000),
  );
});
