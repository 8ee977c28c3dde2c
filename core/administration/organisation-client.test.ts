import { describe, expect, it } from "vitest";
import { changeIpAllowList, setLodgementIdentifiers } from "./organisation-client.js";
import { mockProviderPerTest } from "../shared/mock-provider.test-helper.js";
import { UseCaseRefusal } from "../shared/refusals.js";

const provider = mockProviderPerTest();

const details = {
  subscriberId: "sub-1",
  name: "Harper & Vale LLP",
  entityType: "Law Firm",
  status: "Active",
  version: 7,
  userAuthentication: { type: "AUTH0_DATABASE_CONNECTION", sso: [] },
  ipAllow: { ipAddresses: ["10.0.0.1"], lastModifiedAt: null, lastModifiedBy: null },
};
const identifiers = (userNames: [string, string] | null) => ({
  subscriberId: "sub-1",
  identifiers: userNames && {
    primary: { userName: userNames[0], passwordSet: true },
    secondary: { userName: userNames[1], passwordSet: true },
  },
  version: userNames ? 4 : null,
  lastModifiedAt: null,
  lastModifiedBy: null,
});

describe("changing the IP allow list", () => {
  it("adds to the list it read, at the version it read", async () => {
    provider.answer("GET", "/api/subscriber/v1/subscribers/sub-1/details", 200, details);
    provider.answer("PATCH", "/api/subscriber/v1/idp-metadata/sub-1/USER_IP_WHITELIST", 200, details);
    await changeIpAllowList(provider.ctx, "sub-1", { action: "add", entries: ["198.51.100.7"] });
    expect(provider.seen[1]!.body).toEqual({ type: "USER_IP_WHITELIST", data: { metadata: ["10.0.0.1", "198.51.100.7"] } });
    expect(provider.seen[1]!.headers["if-match"]).toBe('"7"');
  });

  it("refuses to remove an address that is not on the list, and sends nothing", async () => {
    provider.answer("GET", "/api/subscriber/v1/subscribers/sub-1/details", 200, details);
    await expect(changeIpAllowList(provider.ctx, "sub-1", { action: "remove", entries: ["10.9.9.9"] })).rejects.toThrow(
      new UseCaseRefusal("Not on the IP allow list: 10.9.9.9"),
    );
    expect(provider.seen).toHaveLength(1);
  });
});

describe("saving the lodgement identifiers", () => {
  it("refuses new identifiers without passwords as invalid, and sends nothing", async () => {
    provider.answer("GET", "/api/subscriber/v1/lodgement-identifiers", 200, identifiers(null));
    const saving = setLodgementIdentifiers(provider.ctx, "sub-1", { primaryUserName: "p", secondaryUserName: "s" });
    await expect(saving).rejects.toBeInstanceOf(UseCaseRefusal);
    await expect(saving).rejects.toMatchObject({ kind: "invalid" });
    expect(provider.seen).toHaveLength(1);
  });

  it("sends nothing when the user names are as stored and no password is given", async () => {
    provider.answer("GET", "/api/subscriber/v1/lodgement-identifiers", 200, identifiers(["p", "s"]));
    const result = await setLodgementIdentifiers(provider.ctx, "sub-1", { primaryUserName: "p" });
    expect(result.changed).toBe(false);
    expect(provider.seen).toHaveLength(1);
  });

  it("updates a user name at the version read, keeping the stored passwords", async () => {
    provider.answer("GET", "/api/subscriber/v1/lodgement-identifiers", 200, identifiers(["p", "s"]));
    provider.answer("POST", "/api/subscriber/v1/lodgement-identifiers", 200, identifiers(["p2", "s"]));
    const result = await setLodgementIdentifiers(provider.ctx, "sub-1", { primaryUserName: "p2" });
    expect(result).toMatchObject({ created: false, changed: true });
    expect(provider.seen[1]!.body).toEqual({ subscriberId: "sub-1", identifiers: { primary: { userName: "p2" }, secondary: { userName: "s" } } });
    expect(provider.seen[1]!.headers["if-match"]).toBe('"4"');
  });
});
