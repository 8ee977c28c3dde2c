/**
 * `convey users import` stops on nothing (issue 5): a chunk whose whole call fails — the connection cut, a
 * 5xx — is tried again after a wait when the failure may pass, and otherwise has each of its rows reported
 * with the reason (refused, or unknown when the request was sent and its answer lost), while the later
 * chunks are still sent; the run exits 1 with the full per-row report (on stdout under --json, and nothing
 * else there).
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FakeProvider } from "./fake-provider.js";
import { ConveyHarness } from "./harness.js";

let provider: FakeProvider;
let convey: ConveyHarness;
let work: string;

beforeEach(async () => {
  provider = await FakeProvider.start();
  convey = await ConveyHarness.create();
  work = await mkdtemp(join(tmpdir(), "convey-import-"));
  expect((await convey.run(["--api-url", provider.url, "login"])).code).toBe(0);
  provider.requests.length = 0;
});
afterEach(async () => {
  await provider.close();
  await convey.dispose();
  await rm(work, { recursive: true, force: true });
});

/** 1,200 valid rows (chunks of 500, 500 and 200) with one invalid row in the middle of the second chunk. */
async function importFile(): Promise<string> {
  const rows = Array.from({ length: 1201 }, (_, i) =>
    i === 700 ? "bad.row@ashdown.example,B4d,,Row,Workspace User," : `user.${i}@ashdown.example,Ann,,Lee,Workspace User,`,
  );
  const path = join(work, "users.csv");
  await writeFile(path, ["email,firstName,middleName,lastName,roles,status", ...rows].join("\n"));
  return path;
}

const bulkCalls = () => provider.requests.filter((request) => request.path.endsWith("/subscriber-users/bulk"));
const importing = (path: string) => convey.run(["--json", "users", "import", path, "--subscriber", "sub-ashdown"]);

interface Report {
  summary: Record<string, number>;
  rows: { row: number; email: string; outcome: string; reason: string | null }[];
}

describe("convey users import when a whole call fails", () => {
  it("retries a cut connection, then reports that chunk's rows unknown (they may have been saved) and goes on with the next chunks (exit 1)", async () => {
    provider.bulkAnswers = ["ok", "network", "network", "network", "ok"];
    const result = await importing(await importFile());

    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as Report;
    expect(result.stdout).toBe(`${JSON.stringify(report, null, 2)}\n`);
    expect(report.rows.map((row) => row.row)).toEqual(Array.from({ length: 1201 }, (_, i) => i + 1));
    expect(report.summary).toMatchObject({ created: 700, refused: 1, unknown: 500 });

    // The first chunk (rows 1-500) and the third (rows 502-1201 after the second) were created …
    const byRow = new Map(report.rows.map((row) => [row.row, row]));
    expect(byRow.get(1)).toMatchObject({ outcome: "created", reason: null });
    expect(byRow.get(1201)).toMatchObject({ email: "user.1200@ashdown.example", outcome: "created" });
    // … the invalid row was refused for itself, before anything was sent …
    expect(byRow.get(701)).toMatchObject({ outcome: "refused", reason: "Enter a valid first name" });
    // … and every row of the chunk whose call was sent but never answered says so, and what to do: the
    // provider may have saved them before the connection dropped.
    const failed = report.rows.filter((row) => row.outcome === "unknown");
    expect(failed).toHaveLength(500);
    expect(failed[0]).toMatchObject({ row: 501, email: "user.500@ashdown.example" });
    expect(failed.at(-1)).toMatchObject({ row: 1001, email: "user.1000@ashdown.example" });
    for (const row of failed) {
      expect(row.reason).toMatch(/^Unknown: run again to confirm\. The connection to the provider at http:\/\/127\.0\.0\.1:\d+ was lost before its answer came \(.+\) \(correlation id [\w-]+\); the provider may have saved these rows, and a second run reports them unchanged if it did\.$/);
    }

    expect(bulkCalls()).toHaveLength(5);
    expect(result.sleeps).toEqual([1000, 4000]);
    expect(result.stderr).toContain("1 of 1201 rows were refused; 500 of 1201 rows are unknown (run again to confirm)");
  });

  it("tries a 503 again and finishes when the provider answers (exit 0)", async () => {
    provider.bulkAnswers = ["ok", 503, "ok", "ok"];
    const path = join(work, "small.csv");
    await writeFile(path, ["email,firstName,lastName,roles", ...Array.from({ length: 600 }, (_, i) => `u${i}@ashdown.example,Ann,Lee,Workspace User`)].join("\n"));
    const result = await importing(path);

    expect(result.code, result.stderr).toBe(0);
    expect((JSON.parse(result.stdout) as Report).summary).toMatchObject({ created: 600, refused: 0 });
    expect(bulkCalls()).toHaveLength(3);
    expect(result.sleeps).toEqual([1000]);
  });

  it("does not repeat a call the provider failed for itself (500): that chunk is refused, the others are sent", async () => {
    provider.bulkAnswers = [500, "ok", "ok"];
    const result = await importing(await importFile());

    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as Report;
    expect(report.summary).toMatchObject({ created: 700, refused: 501 });
    expect(report.rows[0]).toMatchObject({ outcome: "refused" });
    expect(report.rows[0]!.reason).toMatch(/^Not imported: The bulk call failed with 500 \(correlation id [\w-]+\)\. Run the import again to finish\.$/);
    expect(bulkCalls()).toHaveLength(3);
    expect(result.sleeps).toEqual([]);
  });

  it("shows the same per-row report to a person on stdout, and the failure on stderr", async () => {
    provider.bulkAnswers = ["ok", 502, 502, 502, "ok"];
    const result = await convey.run(["users", "import", await importFile(), "--subscriber", "sub-ashdown"]);

    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/501\s+user\.500@ashdown\.example\s+refused\s+Not imported: The bulk call failed with 502/);
    expect(result.stdout.replace(/\s+/g, " ")).toContain("700 created");
    expect(result.stderr).toContain("501 of 1201 rows were refused");
  });
});

describe("an import the caller may not make", () => {
  it("fails once, at the start, before any row is sent: one message, exit 1, nothing on stdout", async () => {
    provider.me = { ...provider.me, permissions: ["view:subscriber_users"] };
    const result = await convey.run(["--json", "users", "import", await importFile(), "--subscriber", "sub-ashdown"]);

    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr.trim()).toBe(
      "✖ You do not have permission to import users: it needs the permissions to add and edit users (a User Manager's).",
    );
    expect(bulkCalls()).toHaveLength(0);
  });

  it("stops at the first chunk the provider refuses for the caller (403), instead of refusing every row", async () => {
    provider.bulkAnswers = [403, "ok", "ok"];
    const result = await importing(await importFile());

    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr.trim().split("\n")).toEqual(["✖ The bulk call failed with 403"]);
    expect(bulkCalls()).toHaveLength(1);
  });
});
