import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { UsageError } from "../errors.js";
import type { Io } from "../io.js";
import { outputFormat, printList } from "./shared.js";

const globals = (json: boolean) => ({ json, profile: "default" });

describe("outputFormat", () => {
  it("is a table by default, JSON with --json, and what --output says otherwise", () => {
    expect(outputFormat(globals(false), undefined)).toBe("table");
    expect(outputFormat(globals(true), undefined)).toBe("json");
    expect(outputFormat(globals(false), "csv")).toBe("csv");
    expect(outputFormat(globals(true), "json")).toBe("json");
  });

  it("refuses an unknown format, and --json with another one, as usage errors", () => {
    expect(() => outputFormat(globals(false), "xml")).toThrow(new UsageError("--output: use table, json, csv"));
    expect(() => outputFormat(globals(true), "table")).toThrow(UsageError);
  });
});

describe("printList", () => {
  it("writes the columns' headers and values as CSV on stdout, whole and quoted where needed", async () => {
    let out = "";
    const stdout = new PassThrough();
    stdout.on("data", (chunk) => (out += String(chunk)));
    const io = { stdout, stderr: new PassThrough(), stdin: new PassThrough(), env: {}, homeDir: "/x", now: () => 0, sleep: async () => {} } as Io;
    await printList(io, "csv", {
      json: null,
      columns: [
        { header: "Name", value: (row: { name: string; roles: string[] }) => row.name, max: 3 },
        { header: "Roles", value: (row) => row.roles.join(", ") },
      ],
      rows: [{ name: "Morgan Harper", roles: ["User Manager", "Workspace Approver"] }, { name: "=cmd", roles: [] }],
      table: async () => {
        throw new Error("no table for csv");
      },
    });
    expect(out).toBe('Name,Roles\r\nMorgan Harper,"User Manager, Workspace Approver"\r\n\'=cmd,\r\n');
  });
});
