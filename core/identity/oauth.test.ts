import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  exchangeAuthorizationCode,
  refreshAccessToken,
  revokeRefreshToken,
  type ConfidentialClient,
} from "./oauth.js";
import { ProviderError } from "../shared/provider-errors.js";

interface Seen {
  path: string;
  authorization: string | undefined;
  form: URLSearchParams;
}

let server: Server;
let client: ConfidentialClient;
const seen: Seen[] = [];

async function body(request: IncomingMessage): Promise<string> {
  let text = "";
  for await (const chunk of request) text += chunk;
  return text;
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const form = new URLSearchParams(await body(request));
    seen.push({ path: request.url ?? "", authorization: request.headers.authorization, form });
    response.setHeader("content-type", "application/json");
    if (request.url === "/oidc/token/revocation") return response.end();
    if (form.get("refresh_token") === "revoked") {
      response.statusCode = 400;
      return response.end(
        JSON.stringify({ error: "invalid_grant", error_description: "grant request is invalid" }),
      );
    }
    response.end(
      JSON.stringify({
        access_token: "at",
        token_type: "Bearer",
        expires_in: 300,
        refresh_token: "rt-2",
        id_token: "idt",
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  client = {
    clientId: "convey-web",
    clientSecret: "s3cret with space",
    tokenEndpoint: `${origin}/oidc/token`,
    revocationEndpoint: `${origin}/oidc/token/revocation`,
  };
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const basic = () => `Basic ${Buffer.from("convey-web:s3cret+with+space").toString("base64")}`;

describe("confidential client token calls", () => {
  it("exchanges the code with the PKCE verifier and the redirect URI, authenticating with Basic", async () => {
    const tokens = await exchangeAuthorizationCode(client, {
      code: "the-code",
      codeVerifier: "the-verifier",
      redirectUri: "http://localhost:3000/authorize",
    });
    expect(tokens).toMatchObject({
      access_token: "at",
      refresh_token: "rt-2",
      id_token: "idt",
      expires_in: 300,
    });
    const request = seen.at(-1)!;
    expect(request.path).toBe("/oidc/token");
    expect(request.authorization).toBe(basic());
    expect(Object.fromEntries(request.form)).toEqual({
      grant_type: "authorization_code",
      code: "the-code",
      code_verifier: "the-verifier",
      redirect_uri: "http://localhost:3000/authorize",
    });
  });

  it("refreshes without a scope parameter", async () => {
    await refreshAccessToken(client, "rt-1");
    expect(Object.fromEntries(seen.at(-1)!.form)).toEqual({
      grant_type: "refresh_token",
      refresh_token: "rt-1",
    });
  });

  it("reports a refused refresh as a ProviderError carrying the OAuth error", async () => {
    const failure = await refreshAccessToken(client, "revoked").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProviderError);
    expect(failure).toMatchObject({
      status: 400,
      code: "invalid_grant",
      message: "grant request is invalid",
    });
  });

  it("revokes a refresh token with its type hint", async () => {
    await revokeRefreshToken(client, "rt-2");
    const request = seen.at(-1)!;
    expect(request.path).toBe("/oidc/token/revocation");
    expect(request.authorization).toBe(basic());
    expect(Object.fromEntries(request.form)).toEqual({ token: "rt-2", token_type_hint: "refresh_token" });
  });
});
