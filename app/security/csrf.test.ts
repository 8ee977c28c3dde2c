import { describe, expect, it } from "vitest";
import { isSameOriginRequest, tokensMatch } from "./csrf";

const app = "http://localhost:3000";
const headers = (init: Record<string, string>) => new Headers(init);

describe("isSameOriginRequest", () => {
  it("accepts a form posted from the app itself", () => {
    expect(isSameOriginRequest(headers({ Origin: app, "Sec-Fetch-Site": "same-origin" }), app)).toBe(true);
    expect(isSameOriginRequest(headers({ Origin: app }), app)).toBe(true);
    expect(isSameOriginRequest(headers({ "Sec-Fetch-Site": "same-origin" }), app)).toBe(true);
  });

  it("refuses a form posted from another site", () => {
    expect(isSameOriginRequest(headers({ Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" }), app)).toBe(false);
    expect(isSameOriginRequest(headers({ Origin: "https://evil.example" }), app)).toBe(false);
    expect(isSameOriginRequest(headers({ "Sec-Fetch-Site": "same-site" }), app)).toBe(false);
    expect(isSameOriginRequest(headers({ Origin: "null" }), app)).toBe(false);
  });

  it("refuses when the two headers disagree", () => {
    expect(isSameOriginRequest(headers({ Origin: "https://evil.example", "Sec-Fetch-Site": "same-origin" }), app)).toBe(false);
    expect(isSameOriginRequest(headers({ Origin: app, "Sec-Fetch-Site": "cross-site" }), app)).toBe(false);
  });

  it("refuses a request that says nothing about where it comes from", () => {
    expect(isSameOriginRequest(headers({}), app)).toBe(false);
  });
});

describe("tokensMatch", () => {
  it("accepts the session's token", () => {
    expect(tokensMatch("s3cr3t-token", "s3cr3t-token")).toBe(true);
  });

  it("refuses a wrong, missing or non-text token", () => {
    expect(tokensMatch("s3cr3t-token", "s3cr3t-tokem")).toBe(false);
    expect(tokensMatch("s3cr3t-token", "s3cr3t")).toBe(false);
    expect(tokensMatch("s3cr3t-token", null)).toBe(false);
    expect(tokensMatch("s3cr3t-token", "")).toBe(false);
    expect(tokensMatch("s3cr3t-token", new File(["s3cr3t-token"], "token.txt"))).toBe(false);
  });

  it("refuses everything when the session has no token", () => {
    expect(tokensMatch(undefined, "anything")).toBe(false);
    expect(tokensMatch("", "")).toBe(false);
  });
});
