/**
 * The bulk import when a call fails without an answer: a chunk whose request reached the provider and
 * whose answer was lost is reported unknown (the provider saved it here), never "not imported"; a chunk
 * that never reached it is reported not imported.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { BulkUserRow } from "./api.js";
import { runImport } from "./user-import-client.js";
import type { ImportPlan } from "./user-import.js";

/** A provider that saves every row it is sent, then answers as `answer` says. */
class SavingProvider {
  readonly saved: string[] = [];
  answers: ("ok" | "drop-after-writing" | "drop-before-answering")[] = [];
  private server: Server | undefined;
  url = "";

  async start(): Promise<this> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    let text = "";
    for await (const chunk of request) text += String(chunk);
    const { rows } = JSON.parse(text) as { rows: BulkUserRow[] };
    this.saved.push(...rows.map((row) => row.email));
    const answer = this.answers.shift() ?? "ok";
    const body = JSON.stringify({
      dryRun: false,
      results: rows.map((row, index) => ({ index, email: row.email, outcome: "created", changes: [], reason: null, subscriberUserId: `u-${row.email}` })),
    });
    if (answer === "drop-before-answering") {
      request.socket.destroy();
      return;
    }
    if (answer === "drop-after-writing") {
      // The head and half the body are on their way when the connection drops.
      response.writeHead(200, { "content-type": "application/json", "content-length": String(body.length) });
      response.write(body.slice(0, body.length / 2), () => request.socket.destroy());
      return;
    }
    response.writeHead(200, { "content-type": "application/json" }).end(body);
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

let provider: SavingProvider | undefined;
afterEach(async () => {
  await provider?.close();
  provider = undefined;
});

function plan(count: number): ImportPlan {
  return {
    valid: Array.from({ length: count }, (_, i) => ({
      row: i + 1,
      user: { email: `user.${i}@x.example`, firstName: "Ann", middleName: null, lastName: "Lee", roleNames: ["Workspace User"] },
    })),
    refused: [],
  };
}

const importInto = (apiUrl: string, retryDelaysMs: readonly number[] = []) =>
  runImport({ apiUrl, accessToken: "t" }, { file: "users.csv", subscriberId: "sub-1", dryRun: false, chunkSize: 2, retryDelaysMs, sleep: async () => {} }, plan(6));

describe("runImport when a connection drops", () => {
  it("reports the rows of a chunk whose answer was cut off after the provider wrote it as unknown: run again to confirm", async () => {
    provider = await new SavingProvider().start();
    provider.answers = ["ok", "drop-after-writing", "ok"];
    const report = await importInto(provider.url);

    // The provider saved every row, the second chunk's too …
    expect(provider.saved).toHaveLength(6);
    expect(report.summary).toMatchObject({ created: 4, refused: 0, unknown: 2 });
    // … so its rows are not said to be "not imported".
    const lost = report.rows.filter((row) => row.outcome === "unknown");
    expect(lost.map((row) => row.row)).toEqual([3, 4]);
    for (const row of lost) {
      expect(row.reason).toMatch(/^Unknown: run again to confirm\. The connection to the provider at http:\/\/127\.0\.0\.1:\d+ was lost before its answer came \(.+\); the provider may have saved these rows, and a second run reports them unchanged if it did\.$/);
      expect(row.reason).not.toMatch(/Not imported/);
    }
    expect(report.rows.map((row) => row.outcome)).toEqual(["created", "created", "unknown", "unknown", "created", "created"]);
  });

  it("reports them unknown too when the connection drops before any answer, after the retries", async () => {
    provider = await new SavingProvider().start();
    provider.answers = ["drop-before-answering", "drop-before-answering", "drop-before-answering"];
    const report = await importInto(provider.url, [1, 1]);
    expect(report.rows.slice(0, 2).map((row) => row.outcome)).toEqual(["unknown", "unknown"]);
    expect(report.summary).toMatchObject({ created: 4, unknown: 2 });
  });

  it("takes the answer of a later attempt when one comes", async () => {
    provider = await new SavingProvider().start();
    provider.answers = ["drop-after-writing", "ok"];
    const report = await importInto(provider.url, [1]);
    expect(report.summary).toMatchObject({ created: 6, unknown: 0 });
  });

  it("reports rows not imported when the provider could not be reached at all", async () => {
    provider = await new SavingProvider().start();
    const closedUrl = provider.url;
    await provider.close();
    provider = undefined;
    const report = await importInto(closedUrl);
    expect(report.summary).toMatchObject({ refused: 6, unknown: 0 });
    expect(report.rows[0]!.reason).toMatch(/^Not imported: The provider at http:\/\/127\.0\.0\.1:\d+ could not be reached \(.+\)\. Run the import again to finish\.$/);
  });
});
