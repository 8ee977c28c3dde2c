import { describe, expect, it } from "vitest";
import { CONFLICT_MESSAGE, errorPageFor, errorToastFor, PARTIAL_CONTENT_MESSAGE, partialContentToast, showsRetry, TOAST_DURATION_MS as TOAST_DURATION_MESSAGE_CHECK } from "./errors.js";

describe("error catalogue", () => {
  it("error pages by status", () => {
    expect(errorPageFor(500)).toMatchObject({ title: "Internal server error", action: { label: "Try Again", to: "/workspaces" } });
    expect(errorPageFor(503)).toMatchObject({ title: "Service unavailable", action: null });
    expect(errorPageFor(504).action?.label).toBe("Try Again");
    expect(errorPageFor(400).title).toBe("Uh-oh, bad request");
    expect(errorPageFor(401)).toMatchObject({ title: "You are not authorised", action: null });
    expect(errorPageFor(403)).toMatchObject({ title: "You do not have access", action: { label: "Go to workspaces", to: "/workspaces" } });
    expect(errorPageFor(404)).toMatchObject({ title: "Page not found", action: { label: "Go to workspaces" } });
    expect(errorPageFor(409).text).toBe(CONFLICT_MESSAGE);
    expect(errorPageFor(206).text).toBe(PARTIAL_CONTENT_MESSAGE);
  });
  it("the fallback offers retry only above 500 or unknown", () => {
    expect(errorPageFor(undefined)).toMatchObject({ status: 500, title: "Something went wrong", action: { label: "Try Again" } });
    expect(errorPageFor(502).action).toEqual({ label: "Try Again" });
    expect(errorPageFor(418).action).toBeNull();
    expect(showsRetry(501)).toBe(true);
    expect(showsRetry(500)).toBe(false);
    expect(showsRetry(Number.NaN)).toBe(true);
  });
  it("toasts: 424 as 500, 'Error !' otherwise", () => {
    expect(errorToastFor(424)).toEqual(errorToastFor(500));
    expect(errorToastFor(500).title).toBe("Internal server error");
    expect(errorToastFor(409).message).toBe(CONFLICT_MESSAGE);
    expect(errorToastFor(418).title).toBe("Error !");
    expect(errorToastFor(206).title).toBe("Error !");
    expect(errorToastFor(400, "Custom").message).toBe("Custom");
    expect(partialContentToast()).toEqual({ kind: "error", title: "Partial content", message: PARTIAL_CONTENT_MESSAGE });
    expect(TOAST_DURATION_MESSAGE_CHECK).toBe(5000);
  });
});
