import { describe, expect, it } from "vitest";
import { ACCOUNT_PAGES } from "./login-errors.js";
import { ACCOUNT_PAGE_TEXTS } from "./account-pages.js";
import { ADMINISTRATION_MESSAGES } from "../administration/messages.js";

describe("account pages", () => {
  it("words every account page, with the spec's buttons and quoted texts", () => {
    expect(Object.keys(ACCOUNT_PAGE_TEXTS).sort()).toEqual([...Object.keys(ACCOUNT_PAGES), "suspendedByUserManager", "fallback"].sort());
    expect(ACCOUNT_PAGE_TEXTS.notActivated.button).toBe("Continue");
    expect(ACCOUNT_PAGE_TEXTS.alreadyVerified.button).toBe("Go to log in");
    expect(ACCOUNT_PAGE_TEXTS.linkExpired.button).toBe("Contact support");
    expect(ACCOUNT_PAGE_TEXTS.fallback).toMatchObject({ title: "Something went wrong", button: "Log in" });
    for (const page of ["blocked", "suspended", "unrecognisedIp"] as const) expect(ACCOUNT_PAGE_TEXTS[page].button).toBeNull();
    expect(ACCOUNT_PAGE_TEXTS.suspended.paragraphs).toContain("Your access has been suspended by the provider's support.");
    expect(ACCOUNT_PAGE_TEXTS.unrecognisedIp.paragraphs).toContain("Access denied for your IP address.");
    expect(ACCOUNT_PAGE_TEXTS.suspendedByUserManager.paragraphs[0]).toBe("Your access has been suspended by your user manager.");
    expect(ACCOUNT_PAGE_TEXTS.suspendedByUserManager.paragraphs).not.toContain("Your access has been suspended by the provider's support.");
    expect(ADMINISTRATION_MESSAGES.suspendedBySupport).toBe("Your access has been suspended by the provider's support.");
  });
});
