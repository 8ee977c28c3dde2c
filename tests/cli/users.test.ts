import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConveyHarness } from "./harness.js";
import { FakeProvider, user } from "./fake-provider.js";

let provider: FakeProvider;
let convey: ConveyHarness;

beforeEach(async () => {
  provider = await FakeProvider.start();
  convey = await ConveyHarness.create();
  expect((await convey.run(["--api-url", provider.url, "login"])).code).toBe(0);
  provider.requests.length = 0;
});
afterEach(async () => {
  await provider.close();
  await convey.dispose();
});

const JANE = "jane.smith@ashdown.example";
const patches = () => provider.requests.filter((request) => request.method === "PATCH");

describe("convey users suspend|unsuspend", () => {
  it("suspends a user by email and says so in the words of the spec", async () => {
    const result = await convey.run(["users", "suspend", JANE, "--yes", "--subscriber", "sub-ashdown"]);

    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain("Jane has been suspended");
    expect(provider.requestsTo("/api/subscriber/v1/subscriber-users/search")[0]?.json).toMatchObject({
      email: JANE,
      subscriberId: "sub-ashdown",
    });
    expect(patches()).toHaveLength(1);
    expect(patches()[0]).toMatchObject({ path: "/api/subscriber/v1/subscriber-users/user-jane", json: { status: "Suspended" } });
    expect(provider.users[0]?.status).toBe("Suspended");
  });

  it("sends one correlation id for the lookup and the change", async () => {
    await convey.run(["users", "suspend", JANE, "--yes"]);

    const ids = provider.requests.map((request) => request.headers["x-correlation-id"]);
    // Who is asking, the search, the user's record with its version, their subscribers, and the change.
    expect(ids).toHaveLength(5);
    expect(ids[0]).toBeTruthy();
    expect(new Set(ids).size).toBe(1);
  });

  it("unsuspends with --json: stdout is exactly the updated user", async () => {
    provider.users = [user({ status: "Suspended" })];

    const result = await convey.run(["--json", "users", "unsuspend", JANE, "--yes"]);

    expect(result.code, result.stderr).toBe(0);
    const printed = JSON.parse(result.stdout);
    expect(result.stdout).toBe(`${JSON.stringify(printed, null, 2)}\n`);
    expect(printed).toEqual(user({ status: "Active", version: 2 }));
  });

  it("says '<first name> has been unsuspended and is now active'", async () => {
    provider.users = [user({ status: "Suspended" })];

    const result = await convey.run(["users", "unsuspend", JANE, "-y"]);

    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain("Jane has been unsuspended and is now active");
  });

  it("changes nothing for a user already in the asked-for state (safe to re-run), exit 0", async () => {
    provider.users = [user({ status: "Suspended" })];

    const result = await convey.run(["--json", "users", "suspend", JANE, "--yes"]);

    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).status).toBe("Suspended");
    expect(result.stderr).toBe("");
    expect(patches()).toEqual([]);
  });

  it("refuses a Pending user: only the activation email can be re-sent", async () => {
    provider.users = [user({ status: "Pending" })];

    const result = await convey.run(["users", "unsuspend", JANE, "--yes"]);

    expect(result.code).toBe(1);
    expect(result.stderr).toContain("Jane Smith has not activated their account yet: a pending user cannot be suspended or unsuspended, only the activation email can be re-sent.");
    expect(patches()).toEqual([]);
  });

  it("prints the provider's refusal (403) and exits 1; nothing changes", async () => {
    provider.patchRefusal = { status: 403, message: "You do not have permission to suspend this user" };

    const result = await convey.run(["--json", "users", "suspend", JANE, "--yes"]);

    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr.trim()).toBe("✖ You do not have permission to suspend this user");
    expect(provider.users[0]?.status).toBe("Active");
  });

  it("an unknown email is a failure (exit 1) with a clear message", async () => {
    const result = await convey.run(["users", "suspend", "nobody@ashdown.example", "--yes"]);

    expect(result.code).toBe(1);
    expect(result.stderr).toContain("No user with the email nobody@ashdown.example");
    expect(patches()).toEqual([]);
  });

  it("without a terminal and without --yes, refuses as a usage error (exit 2) and calls nothing", async () => {
    const result = await convey.run(["users", "suspend", JANE]);

    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`pass --yes to suspend ${JANE}`);
    expect(provider.requests).toEqual([]);
  });

  it.each([
    [["users", "suspend", "not-an-email", "--yes"], "<email>: enter a valid email address"],
    [["users", "suspend", "--yes"], "missing required argument 'email'"],
    [["users", "suspend", JANE, "--subscriber", "", "--yes"], "--subscriber: enter a subscriber id"],
    [["users", "delete", JANE], "unknown command 'delete'"],
  ])("%j is a usage error (exit 2)", async (args, message) => {
    const result = await convey.run(args);

    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stdout).toBe("");
    expect(provider.requests).toEqual([]);
  });

  it("on a terminal asks first; answering yes suspends", async () => {
    const result = await convey.run(["users", "suspend", JANE], { terminal: true, keys: ["y"] });

    expect(result.code, result.stderr).toBe(0);
    const shown = result.stderr.replace(/\s+/g, " ");
    expect(shown).toContain(`Suspend Jane Smith (${JANE})?`);
    expect(shown).toContain(
      "The user will no longer be able to access the product and any active sessions will be logged out. You can unsuspend the user at any time.",
    );
    expect(result.stderr).toContain("Jane has been suspended");
    expect(patches()).toHaveLength(1);
  });

  it("on a terminal, the default answer (Enter) cancels: exit 1 and nothing changes", async () => {
    const result = await convey.run(["users", "suspend", JANE], { terminal: true, keys: ["\r"] });

    expect(result.code).toBe(1);
    expect(result.stderr).toContain("Cancelled: nothing was changed");
    expect(patches()).toEqual([]);
    expect(provider.users[0]?.status).toBe("Active");
  });
});
