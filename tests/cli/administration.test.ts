/**
 * `convey` administration commands end to end, against the real provider on a port (issue 5, acceptance 2,
 * 3 and 4): users import (per-row report, re-run changes nothing, --json purity, a run killed half-way),
 * export and re-import, add, edit, list, the IP allow list (and its refusal of the CLI itself), lodgement
 * identifiers with --password-stdin, subscribers, audit and flags.
 */
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { IMPORT_OUTCOMES } from "../../core/administration/user-import.js";
import { CredentialsStore } from "../../cli/services/credentials.js";
import { ConveyHarness } from "./harness.js";
import { startRealProvider, type RealProvider } from "./real-provider.js";
import { DEMO_SUBSCRIBERS, DEMO_USERS } from "../../provider/platform/demo-world.js";
import { decryptSecret } from "../../provider/platform/security/encryption.js";

const BIN = resolve(import.meta.dirname, "../../bin/convey.js");

let provider: RealProvider;
let manager: ConveyHarness; // the Harper & Vale script client: Morgan Harper, User Manager
let viewer: ConveyHarness; // the Keystone script client: Victor Stone, Workspace Viewer
let work: string;

/** What `convey --json users import` prints: the script contract, checked field by field. */
const ImportReportSchemaForTests = z
  .object({
    file: z.string(),
    dryRun: z.boolean(),
    subscriberId: z.string(),
    summary: z.record(z.enum(IMPORT_OUTCOMES), z.number()),
    rows: z.array(
      z
        .object({
          row: z.number(),
          email: z.string(),
          outcome: z.enum(IMPORT_OUTCOMES),
          changes: z.array(z.string()),
          reason: z.string().nullable(),
        })
        .strict(),
    ),
  })
  .strict();

const env = (client: { clientSecret: string }) => ({ CONVEY_CLIENT_SECRET: client.clientSecret });

beforeAll(async () => {
  provider = await startRealProvider();
  work = await mkdtemp(join(tmpdir(), "convey-admin-"));
  manager = await ConveyHarness.create();
  viewer = await ConveyHarness.create();
  for (const [harness, key] of [
    [manager, "harperVale"],
    [viewer, "keystone"],
  ] as const) {
    const client = provider.scriptClient(key);
    const login = await harness.run(["--api-url", provider.url, "login", "--client-id", client.clientId], { env: env(client) });
    expect(login.code, login.stderr).toBe(0);
  }
});
afterAll(async () => {
  await manager?.dispose();
  await viewer?.dispose();
  await provider?.close();
  await rm(work, { recursive: true, force: true });
});

const asManager = (args: string[], options: { input?: string; terminal?: boolean } = {}) =>
  manager.run(args, { env: env(provider.scriptClient("harperVale")), ...options });

async function file(name: string, text: string): Promise<string> {
  const path = join(work, name);
  await writeFile(path, text);
  return path;
}

async function usersWithEmail(email: string): Promise<number> {
  const row = await provider.db
    .selectFrom("subscriber_users")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("convey users import", () => {
  const CSV = [
    "email,firstName,middleName,lastName,roles,status",
    "ada.lovelace@harpervale.example,Ada,,Lovelace,Workspace User,Active",
    "grace.hopper@harpervale.example,Grace,Brewster,Hopper,Workspace Creator;Workspace Viewer,",
    "ADA.LOVELACE@harpervale.example,Ada,,Again,Workspace User,",
    "bad.name@harpervale.example,B4d,,Name,Workspace User,",
    "unknown.role@harpervale.example,Una,,Known,Chief Conveyancer,",
    "suspended@harpervale.example,Sam,,Pended,Workspace Viewer,Suspended",
  ].join("\n");

  it("reports each row: created, duplicate email, invalid name, unknown role, updated; exit 1 for the refusals", async () => {
    const path = await file("users.csv", CSV);
    const result = await asManager(["--json", "users", "import", path]);

    expect(result.code, result.stderr).toBe(1);
    const report = ImportReportSchemaForTests.parse(JSON.parse(result.stdout));
    expect(result.stdout).toBe(`${JSON.stringify(report, null, 2)}\n`);
    expect(report.rows.map((row) => [row.row, row.email, row.outcome, row.reason])).toEqual([
      [1, "ada.lovelace@harpervale.example", "created", null],
      [2, "grace.hopper@harpervale.example", "created", null],
      [3, "ada.lovelace@harpervale.example", "refused", "The email ada.lovelace@harpervale.example appears more than once: row 1 has it already"],
      [4, "bad.name@harpervale.example", "refused", "Enter a valid first name"],
      [5, "unknown.role@harpervale.example", "refused", 'Unknown role "Chief Conveyancer"'],
      [6, "suspended@harpervale.example", "updated", null],
    ]);
    expect(report.summary).toEqual({ created: 2, updated: 1, suspended: 0, unsuspended: 0, unchanged: 0, refused: 3, unknown: 0 });
    expect(result.stderr).toContain("3 of 6 rows were refused");
    expect(await usersWithEmail("ada.lovelace@harpervale.example")).toBe(1);
    expect(await usersWithEmail("bad.name@harpervale.example")).toBe(0);
  });

  it("changes nothing when run again: the same refusals, every other row unchanged", async () => {
    const path = join(work, "users.csv");
    const before = await provider.db.selectFrom("audit_events").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
    const result = await asManager(["--json", "users", "import", path]);

    expect(result.code).toBe(1);
    const report = ImportReportSchemaForTests.parse(JSON.parse(result.stdout));
    expect(report.rows.map((row) => row.outcome)).toEqual(["unchanged", "unchanged", "refused", "refused", "refused", "unchanged"]);
    const after = await provider.db.selectFrom("audit_events").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("prints only the JSON report on stdout from the real binary, and a progress bar on a terminal", async () => {
    const path = join(work, "users.csv");
    const spawned = await new Promise<{ code: number | null; stdout: string }>((done) => {
      const child = spawn(BIN, ["--json", "users", "import", path], {
        env: { ...process.env, CONVEY_CONFIG_DIR: manager.configDir, NO_COLOR: "1", ...env(provider.scriptClient("harperVale")) },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stdout = "";
      child.stdout.on("data", (chunk) => (stdout += chunk));
      child.on("close", (code) => done({ code, stdout }));
    });
    expect(spawned.code).toBe(1);
    const report = ImportReportSchemaForTests.parse(JSON.parse(spawned.stdout));
    expect(spawned.stdout).toBe(`${JSON.stringify(report, null, 2)}\n`);

    const onTerminal = await asManager(["users", "import", path], { terminal: true });
    expect(onTerminal.stderr).toContain("6/6 rows (100%)");
    expect(onTerminal.stderr).not.toContain("Imported");
    expect(onTerminal.stdout).toContain("Imported");
  });

  it("says what a dry run would do and does none of it; without --json the report goes to stdout", async () => {
    const path = await file("dry.json", JSON.stringify([
      { email: "dry.run@harpervale.example", firstName: "Dry", lastName: "Run", roles: ["Workspace Viewer"] },
      { email: "suspended@harpervale.example", firstName: "Sam", lastName: "Pended", roles: ["Workspace Viewer"], status: "Active" },
    ]));
    const result = await asManager(["users", "import", path, "--dry-run"]);

    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe("");
    expect(result.stdout.replace(/\s+/g, " ")).toContain(`Dry run of ${path}: nothing was changed: 1 to be created · 1 to be unsuspended`);
    expect(result.stdout).toMatch(/1\s+dry\.run@harpervale\.example\s+created/);
    expect(await usersWithEmail("dry.run@harpervale.example")).toBe(0);
  });

  it("refuses a file it cannot read as an import, before calling the provider (exit 2)", async () => {
    const cases: [string, string, string][] = [
      ["wrong.txt", "x", "must end in .csv or .json"],
      ["columns.csv", "email,first\nx@y.z,X\n", 'unknown column "first"'],
      ["missing.csv", "email,firstName\nx@y.z,X\n", "missing column lastName, roles"],
      ["broken.json", "[{", "is not valid JSON"],
    ];
    for (const [name, text, message] of cases) {
      const result = await asManager(["--json", "users", "import", await file(name, text)]);
      expect(result.code, name).toBe(2);
      expect(result.stdout).toBe("");
      expect(result.stderr).toContain(message);
    }
    expect((await asManager(["users", "import", join(work, "nowhere.csv")])).code).toBe(2);
  });

  it("exports the users as CSV and JSON that import back unchanged", async () => {
    const csv = await asManager(["users", "export"]);
    expect(csv.code, csv.stderr).toBe(0);
    const lines = csv.stdout.trim().split("\r\n");
    expect(lines[0]).toBe("email,firstName,middleName,lastName,roles,status");
    expect(lines).toContain("grace.hopper@harpervale.example,Grace,Brewster,Hopper,Workspace Creator;Workspace Viewer,");

    const json = await asManager(["--json", "users", "export"]);
    const exported = JSON.parse(json.stdout) as { users: { email: string }[] };
    // Every user of the subscriber, the demo manager included: the seed keeps the rules an import applies.
    expect(exported.users.map((u) => u.email)).toContain(DEMO_USERS.manager.email);
    const path = await file("export.json", JSON.stringify(exported));
    const reimport = await asManager(["--json", "users", "import", path]);
    expect(reimport.code, reimport.stderr).toBe(0);
    const report = ImportReportSchemaForTests.parse(JSON.parse(reimport.stdout));
    expect(new Set(report.rows.map((row) => row.outcome))).toEqual(new Set(["unchanged"]));

    const csvPath = await file("export.csv", csv.stdout);
    const csvReimport = await asManager(["--json", "users", "import", csvPath]);
    expect(csvReimport.code, csvReimport.stderr).toBe(0);
    expect(new Set(ImportReportSchemaForTests.parse(JSON.parse(csvReimport.stdout)).rows.map((row) => row.outcome))).toEqual(new Set(["unchanged"]));

    const out = join(work, "out.csv");
    const written = await asManager(["--json", "users", "export", "--output", out, "--format", "csv"]);
    expect(written.code, written.stderr).toBe(0);
    expect(JSON.parse(written.stdout)).toMatchObject({ file: out, format: "csv" });
    expect((await readFile(out, "utf8")).startsWith("email,firstName")).toBe(true);
  });

  it("finishes a run that was killed half-way, with no duplicates", async () => {
    const rows = Array.from({ length: 1500 }, (_, i) => `killed.${i}@harpervale.example,Kay,,Killed,Workspace Viewer,`);
    const path = await file("killed.csv", ["email,firstName,middleName,lastName,roles,status", ...rows].join("\n"));
    const count = async () =>
      Number(
        (
          await provider.db
            .selectFrom("subscriber_users")
            .select((eb) => eb.fn.countAll().as("n"))
            .where("email", "like", "killed.%")
            .executeTakeFirstOrThrow()
        ).n,
      );
    // The CLI reaches the provider through a relay that kills it when it sends its second chunk of 500 rows:
    // the first chunk is written, the second never arrives, the third is never sent.
    let child: ReturnType<typeof spawn> | undefined;
    let bulkCalls = 0;
    const relay = await startRelay(provider.url, (path) => {
      if (!path.endsWith("/subscriber-users/bulk") || ++bulkCalls < 2) return "forward";
      child?.kill("SIGKILL");
      return "drop";
    });
    const relayed = await ConveyHarness.create();
    try {
      const client = provider.scriptClient("harperVale");
      expect((await relayed.run(["--api-url", relay.url, "login", "--client-id", client.clientId], { env: env(client) })).code).toBe(0);
      child = spawn(BIN, ["--json", "users", "import", path], {
        env: { ...process.env, CONVEY_CONFIG_DIR: relayed.configDir, ...env(client) },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stdout = "";
      child.stdout!.on("data", (chunk) => (stdout += chunk));
      const exit = await new Promise<{ code: number | null; signal: string | null }>((done) =>
        child!.on("close", (code, signal) => done({ code, signal })),
      );
      expect(exit).toEqual({ code: null, signal: "SIGKILL" });
      expect(stdout).toBe("");
    } finally {
      await relayed.dispose();
      await relay.close();
    }
    expect(bulkCalls).toBe(2);
    expect(await count()).toBe(500);

    const rerun = await asManager(["--json", "users", "import", path]);
    expect(rerun.code, rerun.stderr).toBe(0);
    const report = ImportReportSchemaForTests.parse(JSON.parse(rerun.stdout));
    expect(report.summary).toMatchObject({ unchanged: 500, created: 1000, refused: 0 });
    expect(report.rows.slice(0, 500).every((row) => row.outcome === "unchanged")).toBe(true);
    expect(report.rows.slice(500).every((row) => row.outcome === "created")).toBe(true);
    expect(await count()).toBe(1500);
    const duplicates = await provider.db
      .selectFrom("subscriber_users")
      .select("email")
      .where("email", "like", "killed.%")
      .groupBy("email")
      .having((eb) => eb.fn.countAll(), ">", 1)
      .execute();
    expect(duplicates).toEqual([]);
  });

  it("removes the file of an export that failed part-way, rather than leave it looking complete", async () => {
    // Over 1,000 users of Harper & Vale (the run above added 1,500): the export reads two pages, and the
    // relay cuts the connection of the second.
    let searches = 0;
    const relay = await startRelay(provider.url, (path) => (path.endsWith("/subscriber-users/search") && ++searches >= 2 ? "drop" : "forward"));
    const relayed = await ConveyHarness.create();
    const out = join(work, "cut-short.csv");
    try {
      const client = provider.scriptClient("harperVale");
      expect((await relayed.run(["--api-url", relay.url, "login", "--client-id", client.clientId], { env: env(client) })).code).toBe(0);
      const result = await relayed.run(["users", "export", "--output", out], { env: env(client) });
      expect(result.code).not.toBe(0);
      expect(result.stderr).toMatch(/The connection to the provider at .* was lost before its answer came/);
    } finally {
      await relayed.dispose();
      await relay.close();
    }
    expect(searches).toBeGreaterThanOrEqual(2);
    await expect(readFile(out, "utf8")).rejects.toMatchObject({ code: "ENOENT" });
  });
});

/**
 * An HTTP relay to `target` on a free port of 127.0.0.1: each request is forwarded, or dropped (the
 * connection cut) when `decide` says so for its path.
 */
async function startRelay(target: string, decide: (path: string) => "forward" | "drop") {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      if (decide(new URL(request.url ?? "/", target).pathname) === "drop") {
        request.socket.destroy();
        return;
      }
      const headers = Object.fromEntries(
        Object.entries(request.headers).filter(([name, value]) => name !== "host" && name !== "connection" && typeof value === "string"),
      ) as Record<string, string>;
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
      fetch(new URL(request.url ?? "/", target), { method: request.method, headers, body, redirect: "manual" }).then(
        async (answer) => {
          const text = Buffer.from(await answer.arrayBuffer());
          const kept = [...answer.headers].filter(([name]) => !["content-encoding", "content-length", "transfer-encoding", "connection"].includes(name));
          response.writeHead(answer.status, Object.fromEntries(kept)).end(text);
        },
        () => request.socket.destroy(),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe("convey users add|edit|list|show|resend-activation", () => {
  it("adds a user with the spec's message, edits their roles with the version, lists and shows them", async () => {
    const add = await asManager(["users", "add", "--email", "new.starter@harpervale.example", "--first-name", "New", "--last-name", "Starter", "--role", "Workspace User"]);
    expect(add.code, add.stderr).toBe(0);
    expect(add.stderr).toContain("✔ New Starter has been added successfully");

    const edit = await asManager(["--json", "users", "edit", "new.starter@harpervale.example", "--remove-role", "Workspace User", "--add-role", "Workspace Approver"]);
    expect(edit.code, edit.stderr).toBe(0);
    expect(JSON.parse(edit.stdout)).toMatchObject({ roleNames: ["Workspace Approver"], version: 2 });

    const list = await asManager(["--json", "users", "list", "--search", "starter", "--status", "Pending"]);
    expect(JSON.parse(list.stdout).records.map((u: { email: string }) => u.email)).toEqual(["new.starter@harpervale.example"]);

    const show = await asManager(["users", "show", "new.starter@harpervale.example"]);
    expect(show.stdout).toMatch(/Status\s+Pending/);
    expect(show.stdout).toMatch(/Roles\s+Workspace Approver/);

    const resend = await asManager(["users", "resend-activation", "new.starter@harpervale.example"]);
    expect(resend.code, resend.stderr).toBe(0);
    expect(resend.stderr).toContain("Activation email resent to new.starter@harpervale.example");
  });

  it("refuses invalid values as usage errors, and the User Manager role as the provider does", async () => {
    const invalid = await asManager(["users", "add", "--email", "x@harpervale.example", "--first-name", "X1", "--last-name", "Y", "--role", "Workspace User"]);
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toContain("Enter a valid first name");

    const manager = await asManager(["users", "edit", "new.starter@harpervale.example", "--add-role", "User Manager"]);
    expect(manager.code).toBe(1);
    expect(manager.stderr).toContain("Only a helpdesk administrator can change the User Manager role");
  });

  it("keeps a User Manager to their own subscriber: another subscriber's user is not found", async () => {
    const show = await asManager(["users", "show", DEMO_USERS.pending.email]);
    expect(show.code).toBe(1);
    expect(show.stderr).toContain(`No user with the email ${DEMO_USERS.pending.email}`);
    const other = await asManager(["users", "list", "--subscriber", DEMO_SUBSCRIBERS.keystone.subscriberId]);
    expect(other.code).toBe(1);
    expect(other.stderr).toContain("Subscriber not found");
  });

  it("shows a login blocked after too many failed passwords, and unblocks it", async () => {
    const email = DEMO_USERS.suspended.email;
    const until = new Date(Date.now() + 10 * 60_000);
    await provider.db
      .insertInto("login_throttles")
      .values({ subject: `account:${email}`, failures: 10, window_started_at: new Date(), locked_until: until })
      .execute();
    const show = await asManager(["users", "show", email]);
    expect(show.stdout).toMatch(/Status\s+Suspended, Blocked/);
    expect(show.stdout).toContain("Blocked after too many failed passwords until");

    const unblock = await asManager(["users", "unblock", email]);
    expect(unblock.code, unblock.stderr).toBe(0);
    expect(unblock.stderr).toContain("Sam has been unblocked and can log in again");
    const again = await asManager(["--json", "users", "unblock", email]);
    expect(JSON.parse(again.stdout)).toMatchObject({ email, loginBlockedUntil: null });
    expect((await asManager(["users", "show", email])).stdout).toMatch(/Status\s+Suspended\n/);
  });

  it("refuses a Workspace Viewer (exit 1, nothing on stdout)", async () => {
    const result = await viewer.run(["--json", "users", "list"], { env: env(provider.scriptClient("keystone")) });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain("You do not have permission to do this.");
  });
});

describe("convey ip-allow-list", () => {
  it("sets, adds and removes entries; refuses a list that would lock the caller out", async () => {
    const lockout = await asManager(["ip-allow-list", "set", "203.0.113.0/24", "--yes"]);
    expect(lockout.code).toBe(1);
    expect(lockout.stderr).toContain("does not include your own address");

    const set = await asManager(["--json", "ip-allow-list", "set", "127.0.0.1,", "203.0.113.0/24", "--yes"]);
    expect(set.code, set.stderr).toBe(0);
    expect(JSON.parse(set.stdout)).toMatchObject({ ipAddresses: ["127.0.0.1", "203.0.113.0/24"], lastModifiedBy: "Morgan Harper" });
    const add = await asManager(["--json", "ip-allow-list", "add", "2001:DB8::/32"]);
    expect(JSON.parse(add.stdout).ipAddresses).toEqual(["127.0.0.1", "203.0.113.0/24", "2001:db8::/32"]);
    const remove = await asManager(["--json", "ip-allow-list", "remove", "203.0.113.0/24", "--yes"]);
    expect(JSON.parse(remove.stdout).ipAddresses).toEqual(["127.0.0.1", "2001:db8::/32"]);
    const invalid = await asManager(["ip-allow-list", "add", "300.1.1.1"]);
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toContain("Invalid IP address format. IP addresses need to be comma separated");
    const none = await asManager(["ip-allow-list", "set", "--none", "--yes"]);
    expect(none.code, none.stderr).toBe(0);
    expect(none.stderr).toContain("has no IP allow list now: every address is allowed");
  });

  it("applies to the CLI itself: outside the list its calls are refused with 403, and work again once removed", async () => {
    const northgate = DEMO_SUBSCRIBERS.northgate.subscriberId;
    await provider.db
      .updateTable("subscribers")
      .set({ ip_allow_list: JSON.stringify(["203.0.113.0/24"]) })
      .where("subscriber_id", "=", DEMO_SUBSCRIBERS.keystone.subscriberId)
      .execute();
    try {
      const refused = await viewer.run(["--json", "whoami"], { env: env(provider.scriptClient("keystone")) });
      expect(refused.code).toBe(1);
      expect(refused.stdout).toBe("");
      expect(refused.stderr).toContain("Access denied for your IP address.");
    } finally {
      await provider.db
        .updateTable("subscribers")
        .set({ ip_allow_list: JSON.stringify([]) })
        .where("subscriber_id", "in", [DEMO_SUBSCRIBERS.keystone.subscriberId, northgate])
        .execute();
    }
    expect((await viewer.run(["whoami"], { env: env(provider.scriptClient("keystone")) })).code).toBe(0);
  });
});

describe("convey lodgement-identifiers", () => {
  it("creates and updates them with passwords from stdin, never showing a password", async () => {
    const hmlr = await ConveyHarness.create();
    try {
      // Give the Harper & Vale script user the HMLR Administrator role for this test.
      await provider.db
        .updateTable("user_subscribers")
        .set({ role_names: JSON.stringify(["User Manager", "HMLR Administrator"]) })
        .where("subscriber_user_id", "=", DEMO_USERS.manager.subscriberUserId)
        .where("subscriber_id", "=", DEMO_SUBSCRIBERS.harperVale.subscriberId)
        .execute();
      const client = provider.scriptClient("harperVale");
      expect((await hmlr.run(["--api-url", provider.url, "login", "--client-id", client.clientId], { env: env(client) })).code).toBe(0);
      const run = (args: string[], input?: string) => hmlr.run(args, { env: env(client), input });

      const refusedArgument = await run(["lodgement-identifiers", "set", "--password", "secret"]);
      expect(refusedArgument.code).toBe(2);
      const noPasswords = await run(["lodgement-identifiers", "set", "--primary-user", "hv-1", "--secondary-user", "hv-2"]);
      expect(noPasswords.code).toBe(2);
      expect(noPasswords.stderr).toContain("--password-stdin");
      const same = await run(["lodgement-identifiers", "set", "--primary-user", "hv-1", "--secondary-user", "HV-1", "--password-stdin"], "p-one\np-two\n");
      expect(same.code).toBe(2);
      expect(same.stderr).toContain("Usernames cannot be same");

      const created = await run(["lodgement-identifiers", "set", "--primary-user", "hv-1", "--secondary-user", "hv-2", "--password-stdin"], "first-secret-1\nsecond-secret-2\n");
      expect(created.code, created.stderr).toBe(0);
      expect(created.stderr).toContain("HMLR lodgement identifier added successfully.");
      const updated = await run(["lodgement-identifiers", "set", "--primary-user", "hv-one", "--password-stdin", "--yes"], "\nsecond-secret-3\n");
      expect(updated.code, updated.stderr).toBe(0);
      expect(updated.stderr).toContain("HMLR lodgement identifier updated successfully.");

      const show = await run(["lodgement-identifiers", "show"]);
      expect(show.stdout).toMatch(/Primary username\s+hv-one/);
      expect(show.stdout).toMatch(/Primary password\s+\*\*\*\*\*/);
      const json = await run(["--json", "lodgement-identifiers", "show"]);
      for (const text of [show.stdout, show.stderr, json.stdout, created.stdout, created.stderr, updated.stderr]) {
        for (const secret of ["first-secret-1", "second-secret-2", "second-secret-3"]) expect(text).not.toContain(secret);
      }
      const row = await provider.db
        .selectFrom("lodgement_identifiers")
        .selectAll()
        .where("subscriber_id", "=", DEMO_SUBSCRIBERS.harperVale.subscriberId)
        .executeTakeFirstOrThrow();
      expect(decryptSecret(provider.config.encryptionKey, row.primary_password_encrypted)).toBe("first-secret-1");
      expect(decryptSecret(provider.config.encryptionKey, row.secondary_password_encrypted)).toBe("second-secret-3");
    } finally {
      await hmlr.dispose();
    }
  });
});

describe("a helpdesk administrator", () => {
  it("names the subscriber with --subscriber, and is told to when they do not", async () => {
    const helpdesk = await ConveyHarness.create();
    try {
      const accessToken = await provider.loginToken(DEMO_USERS.helpdesk.email);
      await CredentialsStore.for({ env: { CONVEY_CONFIG_DIR: helpdesk.configDir }, homeDir: "/nowhere" }, "default").update(() => ({
        apiUrl: provider.url,
        kind: "device" as const,
        clientId: "convey-cli",
        accessToken,
        expiresAt: new Date(Date.now() + 240_000).toISOString(),
        savedAt: new Date().toISOString(),
      }));
      const without = await helpdesk.run(["users", "list"]);
      expect(without.code).toBe(2);
      expect(without.stderr).toContain("Name the subscriber with --subscriber <id>");

      const keystone = DEMO_SUBSCRIBERS.keystone.subscriberId;
      const list = await helpdesk.run(["--json", "users", "list", "--subscriber", keystone]);
      expect(list.code, list.stderr).toBe(0);
      expect(JSON.parse(list.stdout).records.map((u: { email: string }) => u.email)).toEqual([
        DEMO_USERS.keystoneCreator.email,
        DEMO_USERS.pending.email,
        DEMO_USERS.userManager.email,
        DEMO_USERS.viewer.email,
      ]);

      const add = await helpdesk.run(["users", "add", "--subscriber", keystone, "--email", "kim@keystone.example", "--first-name", "Kim", "--last-name", "Lead", "--role", "User Manager"]);
      expect(add.code, add.stderr).toBe(0);
      const subscribers = await helpdesk.run(["--json", "subscribers", "list", "--type", "Law Firm"]);
      expect(JSON.parse(subscribers.stdout).records.map((s: { name: string }) => s.name)).toEqual(["Ashdown Legal", "Harper & Vale LLP"]);
      const found = await helpdesk.run(["--json", "subscribers", "list", "--name", "HARPER"]);
      expect(JSON.parse(found.stdout)).toMatchObject({ records: [{ name: "Harper & Vale LLP" }], page: { limit: 50, totalRecords: 1 } });
      const flag = await helpdesk.run(["--json", "flags", "set", "test-1", "on"]);
      expect(flag.code, flag.stderr).toBe(0);
      expect(JSON.parse(flag.stdout).flags["test-1"]).toBe(true);
    } finally {
      await helpdesk.dispose();
    }
  });
});

describe("convey subscribers list, audit list, flags", () => {
  it("lists the caller's subscribers, the audit log of their subscriber, and the flags; refuses a flag change", async () => {
    const subscribers = await asManager(["--json", "subscribers", "list"]);
    expect(JSON.parse(subscribers.stdout).records.map((s: { name: string }) => s.name)).toEqual(["Harper & Vale LLP", "Ashdown Legal"]);

    const audit = await asManager(["--json", "audit", "list", "--action", "USER_CREATED", "--limit", "5"]);
    expect(audit.code, audit.stderr).toBe(0);
    const events = JSON.parse(audit.stdout);
    expect(events.records).toHaveLength(5);
    expect(events.records.every((e: { action: string; subscriberId: string }) => e.action === "USER_CREATED" && e.subscriberId === DEMO_SUBSCRIBERS.harperVale.subscriberId)).toBe(true);
    const human = await asManager(["audit", "list", "--limit", "3"]);
    expect(human.stdout).toMatch(/When\s+Who\s+Action\s+From\s+What/);

    const flags = await asManager(["--json", "flags", "list"]);
    expect(JSON.parse(flags.stdout).flags).toHaveProperty("sdltEnabled");
    const set = await asManager(["flags", "set", "sdltEnabled", "on"]);
    expect(set.code).toBe(1);
    const usage = await asManager(["flags", "set", "sdltEnabled", "maybe"]);
    expect(usage.code).toBe(2);
  });
});
