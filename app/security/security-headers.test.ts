import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, documentSecurityHeaders } from "./security-headers";

const options = { nonce: "abc123", providerOrigin: "http://localhost:4000", development: false, https: false };

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(";").map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe("contentSecurityPolicy", () => {
  it("allows scripts only by this response's nonce", () => {
    const policy = directives(contentSecurityPolicy(options));
    expect(policy.get("script-src")).toEqual(["'nonce-abc123'", "'strict-dynamic'"]);
    expect(contentSecurityPolicy(options)).not.toContain("unsafe-inline");
    expect(contentSecurityPolicy(options)).not.toContain("unsafe-eval");
  });

  it("forbids plugins, base changes and framing", () => {
    const policy = directives(contentSecurityPolicy(options));
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'self'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
  });

  it("lets forms reach the app and the identity provider only", () => {
    expect(directives(contentSecurityPolicy(options)).get("form-action")).toEqual(["'self'", "http://localhost:4000"]);
  });

  it("opens the live-reload socket only in development", () => {
    expect(directives(contentSecurityPolicy(options)).get("connect-src")).toEqual(["'self'"]);
    expect(directives(contentSecurityPolicy({ ...options, development: true })).get("connect-src")).toEqual(["'self'", "ws:"]);
  });

  it("upgrades requests only over https", () => {
    expect(contentSecurityPolicy(options)).not.toContain("upgrade-insecure-requests");
    expect(contentSecurityPolicy({ ...options, https: true })).toContain("upgrade-insecure-requests");
  });
});

describe("documentSecurityHeaders", () => {
  it("sets the standard protections", () => {
    const headers = documentSecurityHeaders(options);
    expect(headers["X-Content-Type-Options"]).toBe("nosniff");
    expect(headers["X-Frame-Options"]).toBe("DENY");
    expect(headers["Referrer-Policy"]).toBe("same-origin");
    expect(headers["Permissions-Policy"]).toContain("camera=()");
    expect(headers["Strict-Transport-Security"]).toBeUndefined();
    expect(documentSecurityHeaders({ ...options, https: true })["Strict-Transport-Security"]).toContain("max-age=");
  });
});
