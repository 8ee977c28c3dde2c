import { UnsecuredJWT } from "jose";
import { describe, expect, it } from "vitest";
import { CLAIMS } from "../shared/contract.js";
import { readAccessToken } from "./claims";

const token = (payload: Record<string, unknown>) => new UnsecuredJWT(payload).encode();

describe("readAccessToken", () => {
  it("reads the user, roles, permissions and selected subscriber", () => {
    const claims = readAccessToken(
      token({
        sub: "user-1",
        exp: 1_700_000_300,
        iat: 1_700_000_000,
        [CLAIMS.roles]: ["Workspace Creator"],
        [CLAIMS.permissions]: ["view:workspaces", "create:workspaces"],
        [CLAIMS.subscriberId]: "sub-1",
        [CLAIMS.subscriberType]: "Lender",
        [CLAIMS.grantId]: "grant-1",
      }),
    );
    expect(claims).toEqual({
      userId: "user-1",
      roles: ["Workspace Creator"],
      permissions: ["view:workspaces", "create:workspaces"],
      subscriberId: "sub-1",
      subscriberType: "Lender",
      grantId: "grant-1",
      expiresAt: 1_700_000_300_000,
      issuedAt: 1_700_000_000_000,
    });
  });

  it("reads the helpdesk administrator's token, which has no subscriber", () => {
    const claims = readAccessToken(
      token({ sub: "helpdesk", [CLAIMS.roles]: ["Helpdesk Administrator"], [CLAIMS.subscriberId]: null }),
    );
    expect(claims.subscriberId).toBeNull();
    expect(claims.permissions).toEqual([]);
    expect(claims.expiresAt).toBeNull();
  });

  it("refuses a token without a subject", () => {
    expect(() => readAccessToken(token({ [CLAIMS.roles]: [] }))).toThrow();
  });

  it("decodes a token once: the same token gives the same claims, which cannot be changed", () => {
    const first = token({ sub: "user-2", [CLAIMS.roles]: ["Workspace Viewer"] });
    const claims = readAccessToken(first);
    expect(readAccessToken(first)).toBe(claims);
    expect(Object.isFrozen(claims) && Object.isFrozen(claims.roles)).toBe(true);
    expect(() => (claims.roles as string[]).push("User Manager")).toThrow();
    expect(readAccessToken(token({ sub: "user-3" })).userId).toBe("user-3");
  });

  it("keeps a bounded number of decoded tokens", () => {
    const first = token({ sub: "user-0" });
    const claims = readAccessToken(first);
    for (let n = 1; n <= 600; n++) readAccessToken(token({ sub: `user-${n}` }));
    expect(readAccessToken(first)).not.toBe(claims);
    expect(readAccessToken(first)).toEqual(claims);
  });
});
