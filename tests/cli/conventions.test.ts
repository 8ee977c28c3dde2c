/**
 * `convey` behaves as gh and kubectl do, end to end against the real provider: results on stdout and
 * messages on stderr, `--output table|json|csv` on every list, exit code 2 for every bad value, a question
 * (or `--yes`) before every destructive change, a helpdesk suspension that says where it reaches, one text
 * for a duplicate email, an import refused once for the caller, and logins for jobs without a config folder
 * (`auth status`, CONVEY_PROFILE, CONVEY_TOKEN, CONVEY_CLIENT_ID).
 */
import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CredentialsStore } from "../../cli/services/credentials.js";
import { DEMO_SUBSCRIBERS, DEMO_USERS } from "../../provider/platform/demo-world.js";
import { decryptSecret } from "../../provider/platform/security/encryption.js";
import { ConveyHarness, type RunOptions } from "./harness.js";
import { startRealProvider, type RealProvider } from "./real-provider.js";

let provider: RealProvider;
let manager: ConveyHarness; // the Harper & Vale script client: Morgan Harper, User Manager (also a user of Ashdown Legal)
let viewer: ConveyHarness; // the Keystone script client: Victor Stone, Workspace Viewer
let helpdesk: ConveyHarness; // Helen Desk, helpdesk administrator (a device login)
let work: string;

const HARPER_VALE = DEMO_SUBSCRIBERS.harperVale;
const ASHDOWN = DEMO_SUBSCRIBERS.ashdown;
const KEYSTONE = DEMO_SUBSCRIBERS.keystone;
const secretOf = (key: "harperVale" | "keystone") => ({ CONVEY_CLIENT_SECRET: provider.scriptClient(key).clientSecret });

beforeAll(async () => {
  provider = await startRealProvider();
  work = await mkdtemp(join(tmpdir(), "convey-conventions-"));
  manager = await ConveyHarness.create();
  viewer = await ConveyHarness.create();
  helpdesk = await ConveyHarness.create();
  for (const [harness, key] of [
    [manager, "harperVale"],
    [viewer, "keystone"],
  ] as const) {
    const login = await harness.run(["--api-url", provider.url, "login", "--client-id", provider.scriptClient(key).clientId], { env: secretOf(key) });
    expect(login.code, login.stderr).toBe(0);
  }
  await helpdeskLogin(helpdesk.configDir, "default");
});
afterAll(async () => {
  for (const harness of [manager, viewer, helpdesk]) await harness?.dispose();
  await provider?.close();
  await rm(work, { recursive: true, force: true });
});

/** Stores Helen Desk's login (through the real login page) as a profile of a config folder. */
async function helpdeskLogin(configDir: string, profile: string) {
  const accessToken = await provider.loginToken(DEMO_USERS.helpdesk.email);
  await CredentialsStore.for({ env: { CONVEY_CONFIG_DIR: configDir }, homeDir: "/nowhere" }, profile).update(() => ({
    apiUrl: provider.url,
    kind: "device" as const,
    clientId: "convey-cli",
    accessToken,
    expiresAt: new Date(Date.now() + 240_000).toISOString(),
    savedAt: new Date().toISOString(),
  }));
}

const asManager = (args: string[], options: RunOptions = {}) => manager.run(args, { ...options, env: { ...secretOf("harperVale"), ...options.env } });
const asViewer = (args: string[]) => viewer.run(args, { env: secretOf("keystone") });
const asHelpdesk = (args: string[], options: RunOptions = {}) => helpdesk.run(args, options);

async function file(name: string, text: string): Promise<string> {
  const path = join(work, name);
  await writeFile(path, text);
  return path;
}

async function ipAllowList(subscriberId: string): Promise<unknown> {
  const row = await provider.db.selectFrom("subscribers").select("ip_allow_list").where("subscriber_id", "=", subscriberId).executeTakeFirstOrThrow();
  return typeof row.ip_allow_list === "string" ? JSON.parse(row.ip_allow_list) : row.ip_allow_list;
}

/** The account's status and the user's status at each of their subscribers. */
async function standing(subscriberUserId: string) {
  const account = await provider.db.selectFrom("subscriber_users").select("status").where("subscriber_user_id", "=", subscriberUserId).executeTakeFirstOrThrow();
  const memberships = await provider.db
    .selectFrom("user_subscribers")
    .select(["subscriber_id", "status"])
    .where("subscriber_user_id", "=", subscriberUserId)
    .execute();
  return { account: account.status, at: Object.fromEntries(memberships.map((row) => [row.subscriber_id, row.status])) };
}

describe("results on stdout, messages on stderr", () => {
  it("prints lists, a shown record and who is logged in on stdout, so that they can be piped", async () => {
    for (const args of [["subscribers", "list"], ["users", "list"], ["audit", "list", "--limit", "3"], ["flags", "list"], ["whoami"], ["ip-allow-list", "show"]]) {
      const result = await asManager(args);
      expect(result.code, `${args.join(" ")}: ${result.stderr}`).toBe(0);
      expect(result.stdout.length, args.join(" ")).toBeGreaterThan(0);
      expect(result.stderr, args.join(" ")).toBe("");
    }
    expect((await asManager(["subscribers", "list"])).stdout).toMatch(/Harper & Vale LLP\s+Law Firm\s+Active/);
    const show = await asManager(["users", "show", DEMO_USERS.suspended.email]);
    expect(show.stdout).toMatch(/Status\s+Suspended/);

    const path = await file("dry.csv", `email,firstName,middleName,lastName,roles,status\nnew.dry@harpervale.example,New,,Dry,Workspace Viewer,\n`);
    const dry = await asManager(["users", "import", path, "--dry-run"]);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain(`Dry run of ${path}: nothing was changed: 1 to be created`);
  });

  it("keeps --json pure: exactly the JSON on stdout", async () => {
    const result = await asManager(["--json", "subscribers", "list"]);
    expect(result.stdout).toBe(`${JSON.stringify(JSON.parse(result.stdout), null, 2)}\n`);
    expect(result.stderr).toBe("");
  });
});

describe("--output table|json|csv on every list", () => {
  it("writes the table's columns as CSV, and the provider's answer as JSON", async () => {
    const users = await asManager(["users", "list", "--output", "csv"]);
    expect(users.code, users.stderr).toBe(0);
    const lines = users.stdout.trim().split("\r\n");
    expect(lines[0]).toBe("Name,Email,Status,Roles");
    expect(lines).toContain(`Morgan Harper,${DEMO_USERS.manager.email},Active,"User Manager, Workspace Creator, Workspace Approver"`);

    expect((await asManager(["subscribers", "list", "-o", "csv"])).stdout.split("\r\n")[0]).toBe("Name,Type,Status,Id");
    expect((await asManager(["audit", "list", "--output", "csv"])).stdout.split("\r\n")[0]).toBe("When,Who,Action,From,What");
    expect((await asManager(["flags", "list", "--output", "csv"])).stdout.split("\r\n")[0]).toBe("Flag,local");
    expect((await asHelpdesk(["jobs", "list", "--output", "csv"])).stdout.split("\r\n")[0]).toBe("Id,Name,Key,State,Attempts,Due,Last error");

    const json = await asManager(["subscribers", "list", "--output", "json"]);
    expect(JSON.parse(json.stdout).records.map((s: { name: string }) => s.name)).toEqual([HARPER_VALE.name, ASHDOWN.name]);
    const table = await asManager(["users", "list", "--output", "table"]);
    expect(table.stdout).toMatch(/Name\s+Email\s+Status\s+Roles/);
  });

  it("refuses an unknown format, or --json with another format, as usage errors (exit 2)", async () => {
    const xml = await asManager(["users", "list", "--output", "xml"]);
    expect([xml.code, xml.stdout]).toEqual([2, ""]);
    expect(xml.stderr).toContain("--output: use table, json, csv");
    const both = await asManager(["--json", "audit", "list", "--output", "csv"]);
    expect([both.code, both.stdout]).toEqual([2, ""]);
  });
});

describe("exit code 2 for every bad value", () => {
  it("refuses an unknown subscriber type or role before calling the provider, naming what is allowed", async () => {
    const bank = await asManager(["subscribers", "list", "--type", "Bank"]);
    expect(bank.code).toBe(2);
    expect(bank.stderr).toContain("use Lender, Law Firm, Conveyancing Firm");
    const role = await asManager(["users", "list", "--role", "Boss"]);
    expect(role.code).toBe(2);
    expect(role.stderr).toContain("--role");
  });

  it("names the IP allow list entries that are not addresses or ranges", async () => {
    const result = await asManager(["ip-allow-list", "add", "198.51.100.7", "10.0.0.256,", "intranet"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("Not an IP address or CIDR range: 10.0.0.256, intranet");
    expect(result.stderr).not.toContain("198.51.100.7");
  });
});

describe("a question, or --yes, before a destructive change", () => {
  it("does not replace or shorten the IP allow list without --yes when there is no terminal, and asks on one", async () => {
    const before = await ipAllowList(HARPER_VALE.subscriberId);
    const set = await asManager(["ip-allow-list", "set", "127.0.0.1"]);
    expect(set.code).toBe(2);
    expect(set.stderr).toContain("pass --yes to replace the IP allow list");
    expect(await ipAllowList(HARPER_VALE.subscriberId)).toEqual(before);

    const cancelled = await asManager(["ip-allow-list", "set", "127.0.0.1", "198.51.100.7"], { terminal: true, keys: ["\r"] });
    expect(cancelled.code).toBe(1);
    expect(cancelled.stderr).toContain("Change the IP allow list of Harper & Vale LLP?");
    expect(cancelled.stderr).toContain("Cancelled: nothing was changed");
    expect(await ipAllowList(HARPER_VALE.subscriberId)).toEqual(before);

    const confirmed = await asManager(["ip-allow-list", "set", "127.0.0.1", "198.51.100.7"], { terminal: true, keys: ["y"] });
    expect(confirmed.code, confirmed.stderr).toBe(0);
    expect(await ipAllowList(HARPER_VALE.subscriberId)).toEqual(["127.0.0.1", "198.51.100.7"]);

    const added = await asManager(["ip-allow-list", "add", "203.0.113.9"]);
    expect(added.code, added.stderr).toBe(0);
    const remove = await asManager(["ip-allow-list", "remove", "203.0.113.9"]);
    expect(remove.code).toBe(2);
    expect((await asManager(["ip-allow-list", "remove", "203.0.113.9", "--yes"])).code).toBe(0);
    expect((await asManager(["ip-allow-list", "set", "--none", "--yes"])).code).toBe(0);
  });

  it("turns a flag on or off in production only with --yes (or a yes on a terminal)", async () => {
    const refused = await asHelpdesk(["flags", "set", "sdltEnabled", "off", "--environment", "production"]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("pass --yes to turn sdltEnabled off in production");
    const sandbox = await asHelpdesk(["flags", "set", "sdltEnabled", "off", "--environment", "sandbox"]);
    expect(sandbox.code, sandbox.stderr).toBe(0);
    const done = await asHelpdesk(["--json", "flags", "set", "sdltEnabled", "off", "--environment", "production", "--yes"]);
    expect(done.code, done.stderr).toBe(0);
    expect(JSON.parse(done.stdout)).toMatchObject({ environment: "production", flags: { sdltEnabled: false } });
    expect((await asHelpdesk(["flags", "set", "sdltEnabled", "on", "--environment", "production", "--yes"])).code).toBe(0);
  });

  it("replaces stored lodgement passwords only with --yes", async () => {
    const at = ["--subscriber", KEYSTONE.subscriberId];
    const created = await asHelpdesk(["lodgement-identifiers", "set", ...at, "--primary-user", "ks-1", "--secondary-user", "ks-2", "--password-stdin"], {
      input: "first-secret-1\nsecond-secret-2\n",
    });
    expect(created.code, created.stderr).toBe(0);
    const renamed = await asHelpdesk(["lodgement-identifiers", "set", ...at, "--primary-user", "ks-one"]);
    expect(renamed.code, renamed.stderr).toBe(0);

    const replacing = await asHelpdesk(["lodgement-identifiers", "set", ...at, "--password-stdin"], { input: "other-secret-3\n\n" });
    expect(replacing.code).toBe(2);
    expect(replacing.stderr).toContain("pass --yes to replace the stored passwords");
    const row = () =>
      provider.db.selectFrom("lodgement_identifiers").selectAll().where("subscriber_id", "=", KEYSTONE.subscriberId).executeTakeFirstOrThrow();
    expect(decryptSecret(provider.config.encryptionKey, (await row()).primary_password_encrypted)).toBe("first-secret-1");

    const replaced = await asHelpdesk(["lodgement-identifiers", "set", ...at, "--password-stdin", "--yes"], { input: "other-secret-3\n\n" });
    expect(replaced.code, replaced.stderr).toBe(0);
    expect(decryptSecret(provider.config.encryptionKey, (await row()).primary_password_encrypted)).toBe("other-secret-3");
    expect(decryptSecret(provider.config.encryptionKey, (await row()).secondary_password_encrypted)).toBe("second-secret-2");
  });

  it("names the users an import would suspend, and suspends them only with --yes", async () => {
    const carla = DEMO_USERS.keystoneCreator;
    const path = await file("suspend.csv", `email,firstName,middleName,lastName,roles,status\n${carla.email},Carla,,Keane,Workspace Creator,Suspended\n`);
    const refused = await asHelpdesk(["users", "import", path, "--subscriber", KEYSTONE.subscriberId]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`suspends 1 user (${carla.email})`);
    expect((await standing(carla.subscriberUserId)).account).toBe("Active");

    const done = await asHelpdesk(["--json", "users", "import", path, "--subscriber", KEYSTONE.subscriberId, "--yes"]);
    expect(done.code, done.stderr).toBe(0);
    expect(JSON.parse(done.stdout).summary).toMatchObject({ suspended: 1 });
    const restore = await file("restore.csv", `email,firstName,middleName,lastName,roles,status\n${carla.email},Carla,,Keane,Workspace Creator,Active\n`);
    const restored = await asHelpdesk(["--json", "users", "import", restore, "--subscriber", KEYSTONE.subscriberId]);
    expect(JSON.parse(restored.stdout).summary).toMatchObject({ unsuspended: 1 });
  });
});

describe("users add for an email that already exists", () => {
  it("says a user with this email already exists, and where, never the workspace conflict text", async () => {
    const result = await asManager(["users", "add", "--email", DEMO_USERS.suspended.email, "--first-name", "Sam", "--last-name", "Again", "--role", "Workspace User"]);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe("✖ A user with this email already exists at Harper & Vale LLP.");
    const elsewhere = await asManager(["users", "add", "--email", DEMO_USERS.viewer.email, "--first-name", "Vic", "--last-name", "Stone", "--role", "Workspace User"]);
    expect(elsewhere.code).toBe(1);
    expect(elsewhere.stderr).toContain("A user with this email already exists outside Harper & Vale LLP");
  });

  it("does not claim an invitation was sent when the helpdesk makes an existing account a user of one more subscriber", async () => {
    const result = await asHelpdesk(["users", "add", "--subscriber", ASHDOWN.subscriberId, "--email", DEMO_USERS.viewer.email, "--first-name", "Victor", "--last-name", "Stone", "--role", "Workspace Viewer"]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr.replace(/\s+/g, " ")).toContain(
      `${DEMO_USERS.viewer.email} already had an account: they are now a user of Ashdown Legal too, and no invitation was sent`,
    );
    expect(result.stderr).not.toContain("the invitation has been sent");
  });
});

describe("an import without the permission", () => {
  it("fails once, at the start: one line, exit 1, nothing on stdout and nothing written", async () => {
    const rows = Array.from({ length: 30 }, (_, i) => `nope.${i}@keystone.example,No,,Pe,Workspace Viewer,`);
    const path = await file("nope.csv", ["email,firstName,middleName,lastName,roles,status", ...rows].join("\n"));
    const result = await asViewer(["--json", "users", "import", path]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr.trim().split("\n")).toEqual([
      "✖ You do not have permission to import users: it needs the permissions to add and edit users (a User Manager's).",
    ]);
  });
});

describe("logins for scripts and CI jobs", () => {
  it("auth status says how and as whom, and exits 1 when not logged in", async () => {
    const status = await asManager(["auth", "status"]);
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toMatch(/Logged in as\s+Morgan Harper \(manager@harpervale\.example\)/);
    expect(status.stdout).toMatch(new RegExp(`Using\\s+script client ${provider.scriptClient("harperVale").clientId}`));
    const json = JSON.parse((await asManager(["--json", "auth", "status"])).stdout);
    expect(json).toMatchObject({ profile: "default", apiUrl: provider.url, source: "stored", kind: "client_credentials" });

    const nobody = await ConveyHarness.create();
    try {
      const none = await nobody.run(["auth", "status"]);
      expect([none.code, none.stdout]).toEqual([1, ""]);
      expect(none.stderr).toContain("Not logged in");
    } finally {
      await nobody.dispose();
    }
  });

  it("CONVEY_PROFILE chooses the stored login as --profile does", async () => {
    await helpdeskLogin(manager.configDir, "support");
    const viaEnv = await asManager(["--json", "auth", "status"], { env: { CONVEY_PROFILE: "support" } });
    expect(viaEnv.code, viaEnv.stderr).toBe(0);
    expect(JSON.parse(viaEnv.stdout)).toMatchObject({ profile: "support", me: { user: { email: DEMO_USERS.helpdesk.email } } });
    const flag = await asManager(["--json", "--profile", "default", "auth", "status"], { env: { CONVEY_PROFILE: "support" } });
    expect(JSON.parse(flag.stdout).me.user.email).toBe(DEMO_USERS.manager.email);
    const bad = await asManager(["whoami"], { env: { CONVEY_PROFILE: "../x" } });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("CONVEY_PROFILE");
  });

  it("CONVEY_TOKEN and CONVEY_CLIENT_ID work where no config folder can be written", async () => {
    const nowhere = join(work, "not-a-folder");
    await writeFile(nowhere, "a file where the config folder would be");
    const noFolder = { CONVEY_CONFIG_DIR: join(nowhere, "convey"), CONVEY_API_URL: provider.url };

    const token = await provider.loginToken(DEMO_USERS.helpdesk.email);
    const withToken = await helpdesk.run(["--json", "auth", "status"], { env: { ...noFolder, CONVEY_TOKEN: token } });
    expect(withToken.code, withToken.stderr).toBe(0);
    expect(JSON.parse(withToken.stdout)).toMatchObject({ source: "token", credentialsFile: null, me: { user: { email: DEMO_USERS.helpdesk.email } } });
    const list = await helpdesk.run(["subscribers", "list", "--output", "csv"], { env: { ...noFolder, CONVEY_TOKEN: token } });
    expect(list.stdout).toContain("Keystone Conveyancing,Conveyancing Firm,Active");

    const client = provider.scriptClient("harperVale");
    const withClient = await helpdesk.run(["--json", "whoami"], {
      env: { ...noFolder, CONVEY_CLIENT_ID: client.clientId, CONVEY_CLIENT_SECRET: client.clientSecret },
    });
    expect(withClient.code, withClient.stderr).toBe(0);
    expect(JSON.parse(withClient.stdout).user.email).toBe(DEMO_USERS.manager.email);
    expect((await stat(nowhere)).isFile()).toBe(true);
  });
});

describe("the demo world keeps the rules an import applies", () => {
  it.each(Object.entries(DEMO_SUBSCRIBERS))("users export of %s imports back with every row unchanged", async (_key, subscriber) => {
    const exported = await asHelpdesk(["users", "export", "--subscriber", subscriber.subscriberId, "--format", "json"]);
    expect(exported.code, exported.stderr).toBe(0);
    const path = await file(`${subscriber.subscriberId}.json`, exported.stdout);
    const reimport = await asHelpdesk(["--json", "users", "import", path, "--subscriber", subscriber.subscriberId]);
    expect(reimport.code, reimport.stdout).toBe(0);
    const rows = (JSON.parse(reimport.stdout) as { rows: { email: string; outcome: string }[] }).rows;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((row) => row.outcome !== "unchanged")).toEqual([]);
  });
});

/** Last: suspending Morgan Harper ends the sessions of the Harper & Vale script client, which acts as him. */
describe("a helpdesk suspension of a user of several subscribers", () => {
  const morgan = DEMO_USERS.manager;

  it("names the subscribers and changes nothing until told where", async () => {
    const result = await asHelpdesk(["users", "suspend", morgan.email, "--yes"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `Morgan Harper is a user of 2 subscribers: ${HARPER_VALE.name} (${HARPER_VALE.subscriberId}), ${ASHDOWN.name} (${ASHDOWN.subscriberId})`,
    );
    expect(result.stderr).toContain("--subscriber <id>");
    expect(result.stderr).toContain("--all-subscribers");
    expect(await standing(morgan.subscriberUserId)).toEqual({ account: "Active", at: { [HARPER_VALE.subscriberId]: "Active", [ASHDOWN.subscriberId]: "Active" } });
    const both = await asHelpdesk(["users", "suspend", morgan.email, "--subscriber", ASHDOWN.subscriberId, "--all-subscribers", "--yes"]);
    expect(both.code).toBe(2);
  });

  it("leaves --all-subscribers to the provider's support", async () => {
    const result = await asManager(["users", "suspend", DEMO_USERS.suspended.email, "--all-subscribers", "--yes"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("Only the provider's support changes a user at every subscriber");
  });

  it("suspends at one subscriber with --subscriber, and the account at every one with --all-subscribers", async () => {
    const one = await asHelpdesk(["users", "suspend", morgan.email, "--subscriber", ASHDOWN.subscriberId, "--yes"]);
    expect(one.code, one.stderr).toBe(0);
    expect(one.stderr).toContain(`At ${ASHDOWN.name} only`);
    expect(await standing(morgan.subscriberUserId)).toEqual({ account: "Active", at: { [HARPER_VALE.subscriberId]: "Active", [ASHDOWN.subscriberId]: "Suspended" } });
    const back = await asHelpdesk(["users", "unsuspend", morgan.email, "--subscriber", ASHDOWN.subscriberId, "--yes"]);
    expect(back.code, back.stderr).toBe(0);
    expect((await standing(morgan.subscriberUserId)).at[ASHDOWN.subscriberId]).toBe("Active");

    const every = await asHelpdesk(["users", "suspend", morgan.email, "--all-subscribers", "--yes"]);
    expect(every.code, every.stderr).toBe(0);
    expect(every.stderr).toContain(`At every subscriber of theirs: ${HARPER_VALE.name}, ${ASHDOWN.name}`);
    expect((await standing(morgan.subscriberUserId)).account).toBe("Suspended");
    const atOne = await asHelpdesk(["users", "unsuspend", morgan.email, "--subscriber", ASHDOWN.subscriberId, "--yes"]);
    expect(atOne.code).toBe(1);
    expect(atOne.stderr).toContain("Morgan Harper is suspended at every subscriber: unsuspend them at every subscriber, not at one.");
    expect((await standing(morgan.subscriberUserId)).account).toBe("Suspended");
    const restored = await asHelpdesk(["users", "unsuspend", morgan.email, "--all-subscribers", "--yes"]);
    expect(restored.code, restored.stderr).toBe(0);
    expect((await standing(morgan.subscriberUserId)).account).toBe("Active");
  });

});
