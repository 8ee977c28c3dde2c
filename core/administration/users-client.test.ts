import { describe, expect, it } from "vitest";
import type { ManagedUser } from "./api.js";
import { addManagedUser, editManagedUser } from "./users-client.js";
import { mockProviderPerTest, SUBSCRIBER_USER } from "../shared/mock-provider.test-helper.js";
import { UseCaseRefusal } from "../shared/refusals.js";

const provider = mockProviderPerTest();
const ann: ManagedUser = { ...SUBSCRIBER_USER, status: "Active", version: 5, invitationSentAt: null } as ManagedUser;
const lawFirm = { subscriberId: "s1", entityType: "Law Firm" };

describe("adding a user", () => {
  it("refuses a row the user form refuses, as invalid, and sends nothing", async () => {
    const adding = addManagedUser(provider.ctx, lawFirm, { email: "not-an-email", firstName: "Ann", lastName: "Lee", roles: ["Nobody"] });
    await expect(adding).rejects.toBeInstanceOf(UseCaseRefusal);
    await expect(adding).rejects.toMatchObject({ kind: "invalid", message: expect.stringContaining('Unknown role "Nobody"') });
    expect(provider.seen).toHaveLength(0);
  });

  it("sends the checked row: email in lower case, roles by their names", async () => {
    provider.answer("POST", "/api/subscriber/v1/subscribers/s1/subscriber-users", 201, { ...ann, status: "Pending", invited: true, invitationFailure: null });
    await addManagedUser(provider.ctx, lawFirm, { email: "Ann@Example.com", firstName: "Ann", lastName: "Smith", roles: ["workspace user"] });
    expect(provider.seen[0]!.body).toEqual({ email: "ann@example.com", firstName: "Ann", middleName: null, lastName: "Smith", roleNames: ["Workspace User"] });
  });
});

describe("editing a user", () => {
  it("sends nothing when the names and roles stay as they are", async () => {
    const result = await editManagedUser(provider.ctx, ann, { firstName: "Ann", addRole: ["Workspace User"] }, { subscriberType: "Law Firm" });
    expect(result).toEqual({ changed: false, user: ann });
    expect(provider.seen).toHaveLength(0);
  });

  it("sends the new roles at the version read", async () => {
    provider.answer("PATCH", `/api/subscriber/v1/subscriber-users/${ann.subscriberUserId}`, 200, { ...ann, roleNames: ["Workspace Viewer"], version: 6 });
    const result = await editManagedUser(provider.ctx, ann, { role: ["Workspace Viewer"] }, { subscriberType: "Law Firm", subscriberId: "s1" });
    expect(result.changed).toBe(true);
    expect(provider.seen[0]!.body).toMatchObject({ requestType: "PATCH_USER", roleNames: ["Workspace Viewer"], subscriberId: "s1" });
    expect(provider.seen[0]!.headers["if-match"]).toBe('"5"');
  });
});
