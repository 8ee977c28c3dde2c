/**
 * Text that cannot be stored (a NUL character, half a surrogate pair) is refused with 400 by every operation
 * of the provider's OpenAPI document, wherever it comes: in a path parameter, the query or the JSON body. The
 * test walks the document, so a new operation is covered without being listed here.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UNSTORABLE_TEXT_MESSAGE } from "../../core/shared/text.js";
import { startTestProvider, type TestProvider } from "./support.js";

let provider: TestProvider;
let token: string;
/** Each operation with the security scheme it declares (the web app's session store: its client's secret). */
let operations: { method: string; path: string; webClient: boolean }[];
let webClientBasic: string;

beforeAll(async () => {
  provider = await startTestProvider();
  token = await provider.scriptToken("harperVale");
  const { clientId, clientSecret } = provider.config.webClient;
  webClientBasic = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`;
  const document = (await provider.call(undefined, { method: "GET", url: "/api/docs/openapi.json" })).json() as {
    paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>>;
  };
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ["get", "post", "put", "patch", "delete"].includes(method))
      .map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        webClient: Boolean(operation.security?.some((scheme) => "webClientBasic" in scheme)),
      })),
  );
});
afterAll(() => provider?.close());

const NUL = "\u0000";
const LONE_SURROGATE = "\ud83d";

/** The operation's URL with every path parameter set to `value`. */
function urlOf(path: string, value: string): string {
  return path.replace(/\{[^}]+\}/g, encodeURIComponent(value === LONE_SURROGATE ? "x" : value));
}

describe("text that cannot be stored", () => {
  it("the document has operations to walk", () => {
    expect(operations.length).toBeGreaterThan(20);
  });

  it.each([
    ["a NUL character", NUL],
    ["half a surrogate pair", LONE_SURROGATE],
  ])("is refused with 400, not 500, by every operation: %s", async (_name, value) => {
    const answers: string[] = [];
    for (const { method, path, webClient } of operations) {
      if (path === "/api/docs/openapi.json" || path === "/health") continue;
      const withBody = method !== "GET" && method !== "DELETE";
      // A query string carries only valid UTF-8, so half a surrogate pair can only come in a JSON body.
      const query = value === NUL ? `?q=${encodeURIComponent(value)}` : "";
      const authorization = webClient ? { authorization: webClientBasic } : {};
      const response = await provider.call(webClient ? undefined : token, {
        method: method as "GET",
        url: `${urlOf(path, value)}${query}`,
        ...(withBody
          ? { headers: { ...authorization, "content-type": "application/json", "if-match": '"1"' }, payload: `{"name":${JSON.stringify(`a${value}b`)},"value":"${value === NUL ? "\\u0000" : "\\ud83d"}"}` }
          : { headers: authorization }),
      });
      if (!withBody && value === LONE_SURROGATE) continue;
      answers.push(`${method} ${path} ${response.statusCode} ${response.statusCode === 400 ? response.json().code : ""}`);
    }
    for (const answer of answers) expect(answer).toMatch(/ 400 UNSTORABLE_TEXT$/);
  });

  it("says what is wrong", async () => {
    const response = await provider.call(token, { method: "POST", url: "/api/workspace/v1/workspaces/search", payload: { q: `x${NUL}` } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, code: "UNSTORABLE_TEXT", message: UNSTORABLE_TEXT_MESSAGE });
  });
});
