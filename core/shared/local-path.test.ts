import { describe, expect, it } from "vitest";
import { isSafeLocalPath, safeLocalPath } from "./local-path.js";

/** Where a browser on https://app.example would go for `href`. */
const browserTarget = (href: string) => new URL(href, "https://app.example/switch-subscriber");

describe("a path to return to", () => {
  it.each([
    "/workspaces",
    "/workspaces?tab=purchase&page=2",
    "/workspaces/ws-1/overview#tasks",
    "/users/u-1?subscriberId=sub-1",
    "/search?q=a%2Fb",
    "/@evil.example",
    "/evil.example",
    "/a//b",
    "/caf%C3%A9",
    "/\uff0f\uff0fevil.example",
  ])("keeps %j, which stays on the site", (value) => {
    expect(safeLocalPath(value)).toBe(value);
    expect(browserTarget(value).origin).toBe("https://app.example");
  });

  it.each([
    null,
    undefined,
    "",
    "workspaces",
    "https://evil.example/phish",
    "http:evil.example",
    "//evil.example",
    "///evil.example",
    "////evil.example",
    "/\\evil.example",
    "\\/evil.example",
    "\\\\evil.example",
    "/\t/evil.example/phish",
    "/%09/evil.example/phish".replace("%09", "\t"),
    "/\n/evil.example",
    "/\r/evil.example",
    "/\r\n/evil.example",
    "\t//evil.example",
    " //evil.example",
    "/ /evil.example".replace(" ", "\u0000"),
    "/\u2028/evil.example",
    "/\u0085/evil.example",
    "/.//evil.example",
    "/./\\evil.example",
    "/x/..//evil.example",
    "/%2F/evil.example",
    "/%2f%2fevil.example",
    "/%5Cevil.example",
    "/%5c%5cevil.example",
    "javascript:alert(document.cookie)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "//user:pass@evil.example",
    "//evil.example@app.example",
    "https://app.example@evil.example/",
    "//\u3002evil.example",
    "//evil\u3002example",
    "/" + "a".repeat(2048),
    "/%zz",
  ])("refuses %j", (value) => {
    expect(isSafeLocalPath(value)).toBe(false);
    expect(safeLocalPath(value)).toBe("/workspaces");
    expect(safeLocalPath(value, "/workspaces/ws-1")).toBe("/workspaces/ws-1");
  });

  it("refuses, decoded from the query as a server reads it, the known bypasses that lead a browser elsewhere", () => {
    const bypasses = ["%2F%09%2Fevil.example%2Fphish", "%2F%0A%2Fevil.example", "%2F%0D%2Fevil.example", "%20%2F%2Fevil.example", "%2F%5Cevil.example", "%5C%2Fevil.example"];
    for (const encoded of bypasses) {
      const value = new URLSearchParams(`returnTo=${encoded}`).get("returnTo");
      // The old check let some of these through; each would take the browser to evil.example.
      expect(browserTarget(value!).host, encoded).toBe("evil.example");
      expect(safeLocalPath(value), encoded).toBe("/workspaces");
    }
  });
});
