/** File names as kept and put in headers: no path, no control, quote or half-surrogate characters, at most 255. */
import { describe, expect, it } from "vitest";
import { safeFileName } from "./uploads.js";

describe("safeFileName", () => {
  it("keeps an ordinary name, with its accents and emoji", () => {
    expect(safeFileName("Transfer deed – Müller 😀.pdf")).toBe("Transfer deed – Müller 😀.pdf");
  });

  it("drops any path, replaces control and quote characters, mends half surrogate pairs", () => {
    expect(safeFileName("../../etc/passwd.pdf")).toBe("passwd.pdf");
    expect(safeFileName("C:\\Users\\me\\deed.pdf")).toBe("deed.pdf");
    expect(safeFileName('a"b\r\nX-Injected: 1\u0000.pdf')).toBe("a_b__X-Injected_ 1_.pdf");
    expect(safeFileName("half\ud800.pdf")).toBe("half\ufffd.pdf");
  });

  it("cuts at 255 characters and names an empty one", () => {
    expect(Array.from(safeFileName("😀".repeat(400)))).toHaveLength(255);
    for (const empty of [undefined, "", "   ", "..", "a/"]) expect(safeFileName(empty)).toBe("document.pdf");
  });
});
