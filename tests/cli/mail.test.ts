/**
 * `convey mail list|show` end to end, against the real provider on a port: a User Manager adds a user with
 * the CLI, the mailbox lists the invitation (as a table and as JSON), shows its text with the activation
 * link, and the link opens the provider's set-password page. Bad options are usage errors.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linksIn, MailListResponseSchema, MailMessageSchema } from "../../core/shared/mail-sandbox.js";
import { ConveyHarness } from "./harness.js";
import { startRealProvider, type RealProvider } from "./real-provider.js";

let provider: RealProvider;
let manager: ConveyHarness; // the Harper & Vale script client: Morgan Harper, User Manager

const env = () => ({ CONVEY_CLIENT_SECRET: provider.scriptClient("harperVale").clientSecret });
const asManager = (args: string[]) => manager.run(args, { env: env() });

beforeAll(async () => {
  provider = await startRealProvider();
  manager = await ConveyHarness.create();
  const client = provider.scriptClient("harperVale");
  const login = await manager.run(["--api-url", provider.url, "login", "--client-id", client.clientId], { env: env() });
  expect(login.code, login.stderr).toBe(0);
});
afterAll(async () => {
  await manager?.dispose();
  await provider?.close();
});

describe("convey mail", () => {
  it("lists the invitation of a user added with the CLI, and shows it with its activation link", async () => {
    const email = "fresh.face@harpervale.example";
    const add = await asManager(["users", "add", "--email", email, "--first-name", "Fresh", "--last-name", "Face", "--role", "Workspace User"]);
    expect(add.code, add.stderr).toBe(0);

    const table = await asManager(["mail", "list", "--to", email]);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toContain("You have been invited to Convey by Harper & Vale LLP");
    expect(table.stdout).toContain(email);
    expect(table.stdout).toContain("1-1 of 1 emails");
    const csv = await asManager(["mail", "list", "--to", email, "--output", "csv"]);
    expect(csv.stdout.split("\r\n")[0]).toBe("Id,Sent,To,Subject");

    const json = await asManager(["--json", "mail", "list", "--to", email]);
    expect(json.code, json.stderr).toBe(0);
    const listed = MailListResponseSchema.parse(JSON.parse(json.stdout));
    expect(listed.records).toHaveLength(1);
    const [summary] = listed.records;
    expect(summary).toMatchObject({ to: email, kind: "INVITATION" });

    const shown = await asManager(["mail", "show", summary!.id]);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain("Hello Fresh,");
    const [link] = linksIn(shown.stdout);
    expect(link).toMatch(/\/oidc\/activate\?token=[A-Za-z0-9_-]{43}$/);

    const shownJson = await asManager(["--json", "mail", "show", summary!.id]);
    const message = MailMessageSchema.parse(JSON.parse(shownJson.stdout));
    expect(linksIn(message.text)).toEqual([link]);
    const page = await fetch(link!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Set your password");
  });

  it("says when nothing matches, and refuses bad options as usage errors", async () => {
    const none = await asManager(["mail", "list", "--to", "nobody@harpervale.example"]);
    expect(none.code).toBe(0);
    expect(none.stdout).toContain("No emails found.");

    const badId = await asManager(["mail", "show", "42"]);
    expect(badId.code).toBe(2);
    expect(badId.stderr).toContain("a message id is a UUID");
    const badTo = await asManager(["mail", "list", "--to", "not-an-email"]);
    expect(badTo.code).toBe(2);
    expect(badTo.stderr).toContain("--to: enter an email address");

    const missing = await asManager(["mail", "show", "00000000-0000-4000-8000-000000000000"]);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain("No message with this id is in the mail sandbox.");
  });
});
