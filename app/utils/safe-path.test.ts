import { describe, expect, it } from "vitest";
import { safeLocalPath } from "./safe-path";

describe("safeLocalPath", () => {
  it("keeps a local path with its query", () => {
    expect(safeLocalPath("/workspaces?tab=purchase")).toBe("/workspaces?tab=purchase");
  });

  it.each([null, undefined, "", "https://evil.example/", "//evil.example", "/\\evil.example", "javascript:alert(1)"])(
    "replaces %j with the fallback",
    (value) => expect(safeLocalPath(value)).toBe("/workspaces"),
  );
});
