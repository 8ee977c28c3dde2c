import { describe, expect, it } from "vitest";
import { attributeBasedAccess, prefetchesAuthorization, type AttributeBasedAccessCheck } from "./attribute-based.js";

const records = [
  { action: "viewWorkspace", isAuthorized: true },
  { action: "addLenderReference", isAuthorized: true },
  { action: "editLenderReference", isAuthorized: false },
];
const check = (overrides: Partial<AttributeBasedAccessCheck> = {}): AttributeBasedAccessCheck => ({
  accessToken: "token",
  roles: ["Workspace User"],
  records,
  actions: ["addLenderReference", "editLenderReference"],
  mode: "any",
  ...overrides,
});

describe("attributeBasedAccess", () => {
  it("any of: one authorised action is enough; all of: every action must be", () => {
    expect(attributeBasedAccess(check({ mode: "any" }))).toBe(true);
    expect(attributeBasedAccess(check({ mode: "all" }))).toBe(false);
    expect(attributeBasedAccess(check({ mode: "all", actions: ["viewWorkspace", "addLenderReference"] }))).toBe(true);
    expect(attributeBasedAccess(check({ mode: "any", actions: ["editLenderReference"] }))).toBe(false);
  });

  it("counts an action without a record as refused, and nothing before the records arrive", () => {
    expect(attributeBasedAccess(check({ actions: ["cancelWorkspace"] }))).toBe(false);
    expect(attributeBasedAccess(check({ records: null }))).toBe(false);
    expect(attributeBasedAccess(check({ records: undefined, mode: "all" }))).toBe(false);
  });

  it("requires a token, even of the helpdesk administrator", () => {
    expect(attributeBasedAccess(check({ accessToken: null }))).toBe(false);
    expect(attributeBasedAccess(check({ accessToken: "", roles: ["Helpdesk Administrator"] }))).toBe(false);
  });

  it("lets the helpdesk administrator bypass the records", () => {
    expect(attributeBasedAccess(check({ roles: ["Helpdesk Administrator"], records: null, mode: "all" }))).toBe(true);
    expect(attributeBasedAccess(check({ roles: ["Helpdesk Administrator"], records: [], actions: ["editLenderReference"] }))).toBe(true);
  });
});

describe("prefetchesAuthorization", () => {
  const on = { attributeBasedAccessControlEnabled: true };
  it("prefetches for a non-helpdesk user with a token when the flag is on", () => {
    expect(prefetchesAuthorization({ flags: on, accessToken: "token", roles: ["Workspace User"] })).toBe(true);
    expect(prefetchesAuthorization({ flags: {}, accessToken: "token", roles: ["Workspace User"] })).toBe(false);
    expect(prefetchesAuthorization({ flags: on, accessToken: null, roles: ["Workspace User"] })).toBe(false);
    expect(prefetchesAuthorization({ flags: on, accessToken: "token", roles: ["Helpdesk Administrator"] })).toBe(false);
  });
});
