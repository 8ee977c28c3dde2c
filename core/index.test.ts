/** The names other code and reviewers rely on (issue 3), reached through core/index.ts. */
import { describe, expect, it } from "vitest";
import * as core from "./index.js";

describe("core/index.ts", () => {
  it("exports the relied-on names", () => {
    for (const name of [
      "PostcodeSchema",
      "TitleNumberSchema",
      "IpAllowListSchema",
      "LineItemAmountSchema",
      "AmountPayableSchema",
      "SortCodeSchema",
      "AccountNumberSchema",
      "earliestCompletionDate",
      "isSelectableCompletionDate",
      "isWithinLandRegistryHours",
      "effectiveContextualPermissions",
      "can",
      "statusLabel",
      "formatMoney",
      "financialApprovalStatus",
    ]) {
      expect(core, name).toHaveProperty(name);
    }
  });

  it("with the behaviours the issue names", () => {
    expect(core.PostcodeSchema.parse("sw1a1aa")).toBe("SW1A 1AA");
    expect(core.PostcodeSchema.parse("GIR 0AA")).toBe("GIR 0AA");
    expect(core.TitleNumberSchema.parse("dn100z")).toBe("DN100Z");
    expect(core.IpAllowListSchema.parse("10.0.0.1,\n10.0.0.1 ::1,")).toEqual(["10.0.0.1", "::1"]);
    expect(core.LineItemAmountSchema.parse("1,000.50")).toBe(100_050);
    expect(core.AmountPayableSchema.parse("1.00")).toBe(100);
    expect(core.SortCodeSchema.parse("12-34-56")).toBe("123456");
    expect(core.AccountNumberSchema.parse("12345678")).toBe("12345678");
    expect(core.earliestCompletionDate(new Date("2025-03-28T16:24:00Z"))).toBe("2025-03-28");
    expect(core.isSelectableCompletionDate("2025-03-29", new Date("2025-03-28T10:00:00Z"))).toBe(false);
    expect(core.isWithinLandRegistryHours(new Date("2025-07-01T05:30:00Z"))).toBe(true);
    expect(core.effectiveContextualPermissions("SELLER_REPRESENTATIVE", "REMORTGAGE")).toContain("view:workspaces");
    expect(core.can({ permissions: ["view:workspaces"], roles: [] }, "viewWorkspace", { participantRole: "INCOMING_LENDER", transactionType: "REMORTGAGE" })).toBe(true);
    expect(core.statusLabel("FUNDS_EXCHANGED")).toBe("Funds exchanged");
    expect(core.formatMoney(123456)).toBe("£1,234.56");
    expect(
      core.financialApprovalStatus({ scheduleStatus: "PREPARED", hasSellerRepresentative: false, isHelpdeskAdministrator: false, participants: [], approvals: [] }),
    ).toBe("READY");
  });
});
