import { describe, expect, it } from "vitest";
import {
  defaultFeatureFlags,
  EXTRA_FLAG_DEFAULTS,
  FEATURE_FLAG_REFRESH_MS,
  FLAG_NAMES,
  isFlagName,
  isFlagOn,
  isTwoSidedPurchase,
  resolveFeatureFlags,
  SECOND_FAMILY_FLAGS,
} from "./feature-flags.js";

describe("feature flags", () => {
  it("defaults per environment", () => {
    for (const environment of ["local", "sandbox", "non-production", "production"] as const) {
      const flags = defaultFeatureFlags(environment);
      expect(flags.displayDischargeApplicationEnabled).toBe(true);
      expect(flags.sdltEnabled).toBe(false);
      expect(flags["switch-subscriber"]).toBe(environment !== "production");
      expect(flags["app-dynamics-enabled"]).toBe(environment === "non-production" || environment === "production");
      for (const flag of SECOND_FAMILY_FLAGS.filter((f) => f !== "switch-subscriber" && f !== "app-dynamics-enabled")) expect(flags[flag]).toBe(true);
    }
    expect(FLAG_NAMES).toHaveLength(22);
    expect(FEATURE_FLAG_REFRESH_MS).toBe(21_600_000);
    expect(isFlagName("sdltEnabled")).toBe(true);
    expect(isFlagName("nope")).toBe(false);
    expect(Object.values(EXTRA_FLAG_DEFAULTS).every(Boolean)).toBe(true);
  });
  it("overlays the flag service's answer on the defaults", () => {
    expect(resolveFeatureFlags("production", { sdltEnabled: true, unknown: true, "cces-enabled": "yes" as unknown as boolean }).sdltEnabled).toBe(true);
    expect(resolveFeatureFlags("production", null)).toEqual(defaultFeatureFlags("production"));
    expect(isFlagOn({}, "sdltEnabled")).toBe(false);
  });
  it("two-sided purchase: flag on, PURCHASE, and a seller representative", () => {
    const on = { "two-sided-purchase-transaction-enabled": true };
    const seller = [{ role: "SELLER_REPRESENTATIVE" }];
    expect(isTwoSidedPurchase(on, "PURCHASE", seller)).toBe(true);
    expect(isTwoSidedPurchase({}, "PURCHASE", seller)).toBe(false);
    expect(isTwoSidedPurchase(on, "REMORTGAGE", seller)).toBe(false);
    expect(isTwoSidedPurchase(on, "PURCHASE", [{ role: "BUYER_REPRESENTATIVE" }])).toBe(false);
  });
});
