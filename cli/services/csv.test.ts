import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { CsvError, formatCsv, parseCsv } from "./csv.js";

describe("parseCsv", () => {
  it("reads quoted fields with commas, doubled quotes and line breaks, CRLF or LF, and skips blank lines", () => {
    const text = '\uFEFFemail,name\r\n"a@x.example","Smith, ""Jo"""\n\nb@x.example,"two\nlines"\n';
    expect(parseCsv(text)).toEqual([
      ["email", "name"],
      ["a@x.example", 'Smith, "Jo"'],
      ["b@x.example", "two\nlines"],
    ]);
  });

  it("keeps empty cells and a last line without a line end", () => {
    expect(parseCsv("a,,c\n,,\nx,y,z")).toEqual([
      ["a", "", "c"],
      ["", "", ""],
      ["x", "y", "z"],
    ]);
  });

  it.each([
    ['a,"b\nc', "Line 2: a quoted field is not closed"],
    ['a,b"c"', "Line 1: a quote in the middle of an unquoted field"],
    ['a,"b"c', "Line 1: text after a closing quote"],
  ])("refuses %j: %s", (text, message) => {
    expect(() => parseCsv(text)).toThrow(new CsvError(message));
  });
});

describe("formatCsv", () => {
  it("quotes only what needs it and ends lines with CRLF", () => {
    expect(formatCsv([["a", "b,c", 'say "hi"', " padded", ""]])).toBe('a,"b,c","say ""hi"""," padded",\r\n');
  });

  it("defuses cells a spreadsheet would run as formulas, and reading removes the apostrophe again", () => {
    const text = formatCsv([["=SUM(A1)", "+1", "-x", "@cmd", "plain"]]);
    expect(text).toBe("'=SUM(A1),'+1,'-x,'@cmd,plain\r\n");
    expect(parseCsv(text)).toEqual([["=SUM(A1)", "+1", "-x", "@cmd", "plain"]]);
  });

  it("reads back exactly what it wrote", () => {
    const cell = fc.string({ unit: fc.constantFrom("a", "Z", ",", '"', "\n", "\r", " ", "=", "'", "é", "-") });
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 2, maxLength: 5 }), { minLength: 1, maxLength: 5 }), (rows) => {
        expect(parseCsv(formatCsv(rows))).toEqual(rows);
      }),
    );
  });
});
