import { describe, expect, it } from "vitest";
import { SHELL_TEXTS } from "./shell-texts.js";

describe("message catalogue", () => {
  it("keeps the spec's quoted texts", () => {
    expect(SHELL_TEXTS.greeting("Ann")).toBe("Hi Ann");
  });
});
