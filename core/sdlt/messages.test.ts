import { describe, expect, it } from "vitest";
import { SDLT_TOASTS } from "./messages.js";

describe("message catalogue", () => {
  it("keeps the spec's quoted texts", () => {
    expect(SDLT_TOASTS.confirmed).toEqual({ title: "Success", message: "stamp duty confirmed" });
    expect(SDLT_TOASTS.sectionSaved("Tax calculation")).toBe("Tax calculation saved successfully");
  });
});
