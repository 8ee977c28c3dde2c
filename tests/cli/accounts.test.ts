/**
 * `convey accounts list|add|verify|remove|import` end to end, against the real provider on a port: Northgate
 * Bank's script (Lena North, Financial Administrator) adds an account the bank verifies and a close match it
 * does not, verifies the close match, removes an account; imports a CSV twice (the second run changes
 * nothing) with a refused row reported; the helpdesk administrator names the subscriber; a script without
 * the role is refused; bad options are usage errors.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FinancialAccountSchema, FinancialAccountsPageSchema } from "../../core/financials/accounts-api.js";
import { CredentialsStore } from "../../cli/services/credentials.js";
import { DEMO_SUBSCRIBERS, DEMO_USERS } from "../../provider/platform/demo-world.js";
import { ConveyHarness } from "./harness.js";
import { startRealProvider, type RealProvider } from "./real-provider.js";

let provider: RealProvider;
let lender: ConveyHarness;
let manager: ConveyHarness;
let helpdesk: ConveyHarness;
let work: string;

beforeAll(async () => {
  provider = await startRealProvider();
  work = await mkdtemp(join(tmpdir(), "convey-accounts-"));
  lender = await ConveyHarness.create();
  manager = await ConveyHarness.create();
  for (const [harness, key] of [
    [lender, "northgate"],
    [manager, "harperVale"],
  ] as const) {
    const client = provider.scriptClient(key);
    const login = await harness.run(["--api-url", provider.url, "login", "--client-id", client.clientId], { env: { CONVEY_CLIENT_SECRET: client.clientSecret } });
    expect(login.code, login.stderr).toBe(0);
  }
  helpdesk = await ConveyHarness.create();
  const accessToken = await provider.loginToken(DEMO_USERS.helpdesk.email);
  await CredentialsStore.for({ env: { CONVEY_CONFIG_DIR: helpdesk.configDir }, homeDir: "/nowhere" }, "default").update(() => ({
    apiUrl: provider.url,
    kind: "device" as const,
    clientId: "convey-cli",
    accessToken,
    expiresAt: new Date(Date.now() + 240_000).toISOString(),
    savedAt: new Date().toISOString(),
  }));
});
afterAll(async () => {
  await Promise.all([lender?.dispose(), manager?.dispose(), helpdesk?.dispose()]);
  await rm(work, { recursive: true, force: true });
  await provider?.close();
});

describe("convey accounts", () => {
  it("lists the subscriber's accounts as a table, JSON and CSV", async () => {
    const table = await lender.run(["accounts", "list"]);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/Id\s+Display name\s+Sort code\s+Account No\.\s+Status/);
    expect(table.stdout).toContain("Northgate redempt"); // display names are cut at 18 characters in the table
    expect(table.stdout).toMatch(/Riverside mortgages\s+08-99-99\s+10000016\s+Requires review/);
    expect(table.stdout).toContain("1-2 of 2 accounts");

    const json = await lender.run(["--json", "accounts", "list", "--verified"]);
    const page = FinancialAccountsPageSchema.parse(JSON.parse(json.stdout));
    expect(page.records.map((record) => record.displayName)).toEqual(["Northgate redemptions"]);

    const csv = await lender.run(["accounts", "list", "--output", "csv"]);
    expect(csv.stdout.split(/\r?\n/)[0]).toBe("Id,Display name,Sort code,Account No.,Status");
  });

  it("adds an account the bank verifies, and a close match that waits for review and is then verified manually", async () => {
    const added = await lender.run(["accounts", "add", "--display-name", "CLI main", "--account-name", "Northgate Bank", "--sort-code", "08-99-99", "--account-number", "50000005"]);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stderr).toContain("CLI main was added: the bank verified it");

    const close = await lender.run(["--json", "accounts", "add", "--display-name", "CLI close", "--account-name", "Riverside", "--sort-code", "089999", "--account-number", "10000058"]);
    expect(close.code, close.stderr).toBe(0);
    const account = FinancialAccountSchema.parse(JSON.parse(close.stdout));
    expect(account.accountVerificationDetail).toMatchObject({ verified: false, actualName: "Jane Riverside" });

    const noTerminal = await lender.run(["accounts", "verify", account.financialAccountId]);
    expect(noTerminal.code).toBe(2);
    expect(noTerminal.stderr).toContain("pass --yes");
    const verified = await lender.run(["accounts", "verify", account.financialAccountId, "--yes"]);
    expect(verified.code, verified.stderr).toBe(0);
    expect(verified.stderr).toContain("CLI close is manually verified");
    const again = await lender.run(["accounts", "verify", account.financialAccountId, "--yes"]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("already verified");
  });

  it("refuses a duplicate and an account failing the modulus check with the provider's words, and bad options as usage errors", async () => {
    const duplicate = await lender.run(["accounts", "add", "--display-name", "Again", "--account-name", "Northgate Bank", "--sort-code", "089999", "--account-number", "50000005"]);
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toContain("Financial Account already exists for the subscriber");
    const invalid = await lender.run(["accounts", "add", "--display-name", "Bad", "--account-name", "Bad", "--sort-code", "089999", "--account-number", "10000000"]);
    expect(invalid.code).toBe(1);
    const usage = await lender.run(["accounts", "add", "--display-name", "Bad", "--account-name", "Bad", "--sort-code", "0899", "--account-number", "10000000"]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("Enter a valid Sort code");
    expect((await lender.run(["accounts", "remove", "not-a-uuid", "--yes"])).code).toBe(2);
  });

  it("removes an account after asking (--yes without a terminal)", async () => {
    const listed = FinancialAccountsPageSchema.parse(JSON.parse((await lender.run(["--json", "accounts", "list", "--limit", "100"])).stdout));
    const target = listed.records.find((record) => record.displayName === "CLI main")!;
    const removed = await lender.run(["accounts", "remove", target.financialAccountId, "--yes"]);
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stderr).toContain("CLI main has been deleted");
    const after = FinancialAccountsPageSchema.parse(JSON.parse((await lender.run(["--json", "accounts", "list", "--limit", "100"])).stdout));
    expect(after.records.some((record) => record.displayName === "CLI main")).toBe(false);
  });

  it("imports a CSV with a per-row report; a second run changes nothing", async () => {
    const file = join(work, "accounts.csv");
    await writeFile(
      file,
      ["displayName,accountName,sortCode,accountNumber", "Imported one,Imported Ltd,08-99-99,50000018", "Imported two,Riverside,089999,10000029", "Bad modulus,Bad Ltd,089999,10000000"].join("\n"),
    );
    const first = await lender.run(["--json", "accounts", "import", file]);
    expect(first.code).toBe(1);
    const report = JSON.parse(first.stdout);
    expect(report.summary).toEqual({ created: 2, updated: 0, unchanged: 0, refused: 1 });
    expect(report.rows.map((row: { outcome: string; status: string | null }) => [row.outcome, row.status])).toEqual([
      ["created", "Account verified"],
      ["created", "Requires review"],
      ["refused", null],
    ]);
    const second = await lender.run(["--json", "accounts", "import", file]);
    expect(JSON.parse(second.stdout).summary).toEqual({ created: 0, updated: 0, unchanged: 2, refused: 1 });

    const bad = join(work, "bad.csv");
    await writeFile(bad, "displayName,accountName,sortCode,accountNumber\n,No display,089999,50000021\n");
    const refused = await lender.run(["accounts", "import", bad]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("row 2: Display name is required");
  });

  it("lets the helpdesk administrator name the subscriber, and refuses a script without the Financial Administrator role", async () => {
    const ashdown = DEMO_SUBSCRIBERS.ashdown.subscriberId;
    const added = await helpdesk.run(["--json", "accounts", "add", "--subscriber", ashdown, "--display-name", "Helpdesk added", "--account-name", "Ashdown Legal", "--sort-code", "089999", "--account-number", "50000034"]);
    expect(added.code, added.stderr).toBe(0);
    expect(FinancialAccountSchema.parse(JSON.parse(added.stdout)).subscriberId).toBe(ashdown);
    const fees = await helpdesk.run(["--json", "accounts", "list", "--subscriber", ashdown, "--type", "CONVEYANCING_FEES"]);
    expect(FinancialAccountsPageSchema.parse(JSON.parse(fees.stdout)).page.totalRecords).toBe(1);

    const refused = await manager.run(["accounts", "add", "--display-name", "No role", "--account-name", "Harper", "--sort-code", "089999", "--account-number", "50000021"]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/permission/i);
  });
});
