import { describe, expect, it } from "vitest";
import { errorSummaryItems } from "./error-summary-items";

describe("errorSummaryItems", () => {
  it("links each field error to the field's id and lists form errors first without a link", () => {
    expect(
      errorSummaryItems("create", {
        reference: ["Reference is required"],
        "applicants[1].firstName": ["First name is required"],
        "": ["The service is unavailable"],
      }),
    ).toEqual([
      { key: ":The service is unavailable", message: "The service is unavailable" },
      { key: "reference:Reference is required", message: "Reference is required", href: "#create-reference" },
      {
        key: "applicants[1].firstName:First name is required",
        message: "First name is required",
        href: "#create-applicants[1].firstName",
      },
    ]);
  });

  it("shows a message once per field and skips fields without errors", () => {
    expect(errorSummaryItems("f", { a: ["x", "x"], b: undefined, c: [] })).toEqual([{ key: "a:x", message: "x", href: "#f-a" }]);
  });

  it("lists no line for a blank message, which only highlights its field", () => {
    expect(errorSummaryItems("f", { "": ["This financial account already exists."], bankCode: [" "], accountNumber: [" "] })).toEqual([
      { key: ":This financial account already exists.", message: "This financial account already exists." },
    ]);
  });
});
