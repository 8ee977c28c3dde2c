import { describe, expect, it } from "vitest";
import { ACCOUNT_PAGES, LANDING_PAGE, loginReturnPath, notPartOfOrganization } from "./login-errors.js";

describe("login return", () => {
  it("maps each error_description to its page", () => {
    expect(loginReturnPath(undefined)).toBe(LANDING_PAGE);
    expect(loginReturnPath(null)).toBe(LANDING_PAGE);
    expect(loginReturnPath("user is blocked")).toBe(ACCOUNT_PAGES.blocked);
    expect(loginReturnPath("user is suspended")).toBe(ACCOUNT_PAGES.suspended);
    expect(loginReturnPath("Access denied for your IP address.")).toBe(ACCOUNT_PAGES.unrecognisedIp);
    expect(loginReturnPath("This account is already verified")).toBe(ACCOUNT_PAGES.alreadyVerified);
    expect(loginReturnPath("This URL can be used only once")).toBe(ACCOUNT_PAGES.alreadyVerified);
    expect(loginReturnPath("Access expired")).toBe(ACCOUNT_PAGES.linkExpired);
    expect(loginReturnPath("invitation not found or already used")).toBe(ACCOUNT_PAGES.linkExpired);
    expect(loginReturnPath(notPartOfOrganization("u1", "Acme Law"))).toBe(ACCOUNT_PAGES.notActivated);
    expect(loginReturnPath("something else")).toBe("/workspaces");
  });
});
