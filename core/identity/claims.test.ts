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
});
