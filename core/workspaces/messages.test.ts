import { describe, expect, it } from "vitest";
import { WORKSPACE_LIST_TEXTS, WORKSPACE_TOASTS, workspaceListEmptyText } from "./messages.js";

describe("message catalogue", () => {
  it("keeps the spec's quoted texts", () => {
    expect(WORKSPACE_TOASTS.lineItemDeleted("Redemption")).toBe("Redemption deleted successfully");
    expect(WORKSPACE_TOASTS.lineItemAuthorised("Mortgage Advance")).toBe("Mortgage Advance authorised successfully");
    expect(WORKSPACE_TOASTS.lineItemUnauthorised("Mortgage Advance")).toBe("Mortgage Advance un-authorised successfully");
    expect(WORKSPACE_TOASTS.lineItemUpdated("Surplus")).toBe("Surplus updated successfully");
  });
  it("chooses the list's empty state", () => {
    expect(workspaceListEmptyText({ hasRecords: true, isSubscriberHasWorkspace: true, canCreate: true })).toBeNull();
    expect(workspaceListEmptyText({ hasRecords: false, isSubscriberHasWorkspace: true, canCreate: true })).toBe(WORKSPACE_LIST_TEXTS.noMatches);
    expect(workspaceListEmptyText({ hasRecords: false, isSubscriberHasWorkspace: false, canCreate: true })).toBe("No workspace at the moment. Let's create one.");
    expect(workspaceListEmptyText({ hasRecords: false, isSubscriberHasWorkspace: false, canCreate: false })).toBe("Looks like you haven't been added to any workspaces yet.");
  });
});
