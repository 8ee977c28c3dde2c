import { describe, expect, it } from "vitest";
import { ACCOUNT_PAGES, LOGIN_REFUSALS, notPartOfOrganization } from "../../core/identity/login-errors.js";
import { endsTheSession, loginReturnTarget } from "./login-return";

const callback = (query: string) => new URL(`http://localhost:3000/authorize?${query}`);

describe("loginReturnTarget", () => {
  it("goes to the landing page after a successful login, without the code and state", () => {
    expect(loginReturnTarget(callback("code=abc&state=xyz&iss=http%3A%2F%2Flocalhost%3A4000%2Foidc"), null)).toBe(
      "/workspaces",
    );
  });

  it("keeps the rest of the query string", () => {
    expect(loginReturnTarget(callback("code=abc&state=xyz&tab=purchase"), null)).toBe("/workspaces?tab=purchase");
  });

  it.each([
    [LOGIN_REFUSALS.blocked, ACCOUNT_PAGES.blocked],
    [LOGIN_REFUSALS.suspended, ACCOUNT_PAGES.suspended],
    // The specification's literal texts (document 1 section 2.2).
    ["user blocked", ACCOUNT_PAGES.blocked],
    ["user suspended", ACCOUNT_PAGES.suspended],
    ["user blocked for good", "/workspaces"],
    [LOGIN_REFUSALS.unrecognisedIp, ACCOUNT_PAGES.unrecognisedIp],
    ["This URL can be used only once", ACCOUNT_PAGES.alreadyVerified],
    ["Access expired", ACCOUNT_PAGES.linkExpired],
    [notPartOfOrganization("user-1", "Acme Lending"), ACCOUNT_PAGES.notActivated],
    ["something unexpected", "/workspaces"],
  ])("maps the refusal %j to %s, dropping the error parameters", (description, path) => {
    const query = `error=access_denied&error_description=${encodeURIComponent(description)}&state=xyz&ref=mail`;
    expect(loginReturnTarget(callback(query), description)).toBe(`${path}?ref=mail`);
  });

  it("tells the suspended page that a user manager suspended the account, whatever the query string holds", () => {
    const description = LOGIN_REFUSALS.suspendedByUserManager;
    const query = `error=access_denied&error_description=${encodeURIComponent(description)}&state=xyz&ref=mail&suspended_by=support`;
    expect(loginReturnTarget(callback(query), description)).toBe(`${ACCOUNT_PAGES.suspended}?suspended_by=user-manager&ref=mail`);
    expect(endsTheSession(loginReturnTarget(callback(query), description))).toBe(true);
  });

  it("ends the app session only for refusals of the account itself", () => {
    expect(endsTheSession(ACCOUNT_PAGES.blocked)).toBe(true);
    expect(endsTheSession(`${ACCOUNT_PAGES.suspended}?ref=mail`)).toBe(true);
    expect(endsTheSession(ACCOUNT_PAGES.unrecognisedIp)).toBe(false);
    expect(endsTheSession(ACCOUNT_PAGES.notActivated)).toBe(false);
  });
});
