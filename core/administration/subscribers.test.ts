import { describe, expect, it } from "vitest";
import { fullName, initials } from "./subscribers.js";

describe("subscribers", () => {
  it("initials and full names", () => {
    expect(initials(" ann ", "smith")).toBe("AS");
    expect(fullName({ firstName: "Ann", middleName: " ", lastName: "Smith" })).toBe("Ann Smith");
    expect(fullName({ firstName: "Ann", middleName: "Marie", lastName: "Smith" })).toBe("Ann Marie Smith");
  });
});
