import { describe, expect, it } from "vitest";
import { redactUrl } from "./redact-url.js";

describe("a URL as logged", () => {
  it.each([
    ["/authorize?code=abc&state=xyz&iss=http%3A%2F%2Flocalhost", "/authorize?code=[redacted]&state=[redacted]&iss=http%3A%2F%2Flocalhost"],
    ["/oidc/session/end?id_token_hint=eyJ.a.b&post_logout_redirect_uri=x", "/oidc/session/end?id_token_hint=[redacted]&post_logout_redirect_uri=x"],
    ["/x?ACCESS_TOKEN=a&Refresh_Token=b&token=c&client_secret=d&code_verifier=e", "/x?ACCESS_TOKEN=[redacted]&Refresh_Token=[redacted]&token=[redacted]&client_secret=[redacted]&code_verifier=[redacted]"],
    ["/x?%63ode=abc&st%61te=xyz", "/x?%63ode=[redacted]&st%61te=[redacted]"],
    ["/x?code+=abc&code", "/x?code+=[redacted]&code"],
    ["/x?%E0%A4%A=1&code=2", "/x?%E0%A4%A=1&code=[redacted]"],
    ["http://localhost:3000/authorize?code=abc#access_token=t", "http://localhost:3000/authorize?code=[redacted]"],
    ["/workspaces?page=2&tab=purchase", "/workspaces?page=2&tab=purchase"],
    ["/workspaces", "/workspaces"],
  ])("%s → %s", (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});
