import { describe, expect, it } from "vitest";
import {
  isCommonPassword,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MESSAGES,
  passwordProblems,
} from "./password-rules.js";

describe("password rules (NIST SP 800-63B)", () => {
  it("asks for a password when none is given", () => {
    expect(passwordProblems("", "")).toEqual([{ field: "password", message: PASSWORD_MESSAGES.required }]);
  });

  it("needs at least 8 characters, counted as a person counts them", () => {
    expect(passwordProblems("tulip7x", "tulip7x")).toEqual([{ field: "password", message: PASSWORD_MESSAGES.tooShort }]);
    expect(passwordProblems("tulip7xz", "tulip7xz")).toEqual([]);
    // Seven emoji are seven characters, though fourteen UTF-16 units.
    expect(passwordProblems("🐢🐢🐢🐢🐢🐢🐢", "🐢🐢🐢🐢🐢🐢🐢")[0]?.message).toBe(PASSWORD_MESSAGES.tooShort);
  });

  it("accepts long passphrases up to the maximum, and no longer", () => {
    const longest = "correct horse battery staple ".repeat(10).slice(0, PASSWORD_MAX_LENGTH);
    expect(longest.length).toBe(PASSWORD_MAX_LENGTH);
    expect(passwordProblems(longest, longest)).toEqual([]);
    expect(passwordProblems(`${longest}x`, `${longest}x`)).toEqual([{ field: "password", message: PASSWORD_MESSAGES.tooLong }]);
    expect(PASSWORD_MAX_LENGTH).toBeGreaterThanOrEqual(64);
  });

  it("refuses the commonest passwords whatever their case", () => {
    expect(isCommonPassword("password1")).toBe(true);
    expect(isCommonPassword("PassWord1")).toBe(true);
    expect(isCommonPassword("qwertyuiop")).toBe(true);
    expect(passwordProblems("Password1", "Password1")).toEqual([{ field: "password", message: PASSWORD_MESSAGES.common }]);
    expect(isCommonPassword("marmalade tractor lighthouse")).toBe(false);
  });

  it("has no composition rules: letters only, or spaces, are fine", () => {
    expect(passwordProblems("marmalade tractor", "marmalade tractor")).toEqual([]);
    expect(passwordProblems("zqvbnmlkjh", "zqvbnmlkjh")).toEqual([]);
  });

  it("asks for the confirmation, and says when it differs", () => {
    expect(passwordProblems("marmalade tractor", "")).toEqual([
      { field: "confirmation", message: PASSWORD_MESSAGES.confirmationRequired },
    ]);
    expect(passwordProblems("marmalade tractor", "marmalade tractors")).toEqual([
      { field: "confirmation", message: PASSWORD_MESSAGES.mismatch },
    ]);
  });
});
