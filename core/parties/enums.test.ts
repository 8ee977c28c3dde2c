import { describe, expect, it } from "vitest";
import { statusEnumerationTests } from "../shared/enumerations.test-helper.js";
import * as parties from "./enums.js";

describe("every status enumeration has a zod enum and a label for each value", () => {
  statusEnumerationTests([
    ["borrower validation statuses", parties.BORROWER_VALIDATION_STATUSES, parties.BorrowerValidationStatusSchema, parties.BORROWER_VALIDATION_STATUS_LABELS],
    ["law firm roles", parties.LAW_FIRM_ROLES, parties.LawFirmRoleSchema, parties.LAW_FIRM_ROLE_LABELS],
  ]);

  it("labels values in words, never the brand inside a contract value", () => {
    expect(parties.BORROWER_VALIDATION_STATUS_LABELS.COUNT_INVALID).toBe("Count invalid");
  });
});
