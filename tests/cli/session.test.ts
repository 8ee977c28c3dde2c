import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConveyHarness } from "./harness.js";
import { FakeProvider, SCRIPT_CLIENT } from "./fake-provider.js";

let provider: FakeProvider;
let convey: ConveyHarness;

beforeEach(async () => {
  provider = await FakeProvider.start();
  convey = await ConveyHarness.create();
});
afterEach(async () => {
  await provider.close();
  await convey.dispose();
});

const credentialsFile = () => join(convey.configDir, "credentials.json");
const readCredentials = async () => JSON.parse(await readFile(credentialsFile(), "utf8")) as Record<string, string>;
const refreshes = () => provider.requestsTo("/oidc/token").filter((request) => request.form?.grant_type === "refresh_token");

describe("whoami", () => {
  it("prints the user, subscriber and roles", async () => {
    provider.me = {
      ...provider.me,
      user: { ...provider.me.user, firstName: "Priya", lastName: "Shah", email: "priya@ashdown.example" },
      selectedSubscriber: {
        subscriberId: "sub-ashdown",
        name: "Ashdown Legal",
        entityType: "Law Firm",
        status: "Active",
        isPrimary: true,
        authenticationType: "AUTH0_DATABASE_CONNECTION",
      },
      roles: ["User Manager", "Workspace Creator"],
    };
    await convey.run(["--api-url", provider.url, "login"]);

    const result = await convey.run(["whoami"], { env: { CONVEY_API_URL: provider.url } });

    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe("");
    expect(result.stdout).toMatch(/Name\s+Priya Shah/);
    expect(result.stdout).toMatch(/Email\s+priya@ashdown\.example/);
    expect(result.stdout).toMatch(/Subscriber\s+Ashdown Legal \(Law Firm\)/);
    expect(result.stdout).toMatch(/Roles\s+User Manager, Workspace Creator/);
  });

  it("--json prints exactly the provider's answer on stdout", async () => {
    await convey.run(["--api-url", provider.url, "login"]);

    const result = await convey.run(["whoami", "--json"]);

    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(`${JSON.stringify(provider.me, null, 2)}\n`);
    expect(result.stderr).toBe("");
  });

  it("without a login says how to log in, exit 1, nothing on stdout", async () => {
    const result = await convey.run(["--json", "whoami"]);

    expect(result).toMatchObject({ code: 1, stdout: "" });
    expect(result.stderr.trim()).toBe("✖ Not logged in: run `convey login`");
    expect(provider.requests).toEqual([]);
  });

  it("logged in to another provider counts as not logged in", async () => {
    await convey.run(["--api-url", provider.url, "login"]);

    const result = await convey.run(["--api-url", "http://127.0.0.1:9", "whoami"]);

    expect(result.code).toBe(1);
    expect(result.stderr).toContain("Not logged in to http://127.0.0.1:9: run `convey login --api-url http://127.0.0.1:9`");
  });

  it("a revoked session (401) says to log in again", async () => {
    await convey.run(["--api-url", provider.url, "login"]);
    provider.revokedGrants.add("grant-device-1");

    const result = await convey.run(["whoami"]);

    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe("✖ Your session has expired or was revoked: run `convey login`");
  });

  it("profiles keep separate logins", async () => {
    await convey.run(["--api-url", provider.url, "--profile", "helpdesk", "login"]);

    expect((await convey.run(["whoami"])).code).toBe(1);
    expect((await convey.run(["--profile", "helpdesk", "whoami"])).code).toBe(0);
    const named = JSON.parse(await readFile(join(convey.configDir, "credentials.helpdesk.json"), "utf8"));
    expect(named.apiUrl).toBe(provider.url);
  });
});

describe("token renewal", () => {
  it("refreshes a device-flow token within 30 seconds of expiry, without scope, and saves the rotated refresh token", async () => {
    provider.tokenLifetimeSeconds = 20;
    await convey.run(["--api-url", provider.url, "login"]);
    const before = await readCredentials();

    const result = await convey.run(["whoami", "--json"]);

    expect(result.code, result.stderr).toBe(0);
    expect(refreshes()).toHaveLength(1);
    expect(refreshes()[0]?.form).toEqual({ grant_type: "refresh_token", refresh_token: before.refreshToken, client_id: "convey-cli" });
    const after = await readCredentials();
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect(provider.isValidRefreshToken(after.refreshToken!)).toBe(true);
    expect(after.accessToken).not.toBe(before.accessToken);
  });

  it("does not refresh a token that has more than 30 seconds left", async () => {
    provider.tokenLifetimeSeconds = 120;
    await convey.run(["--api-url", provider.url, "login"]);

    expect((await convey.run(["whoami"])).code).toBe(0);
    expect(refreshes()).toHaveLength(0);
  });

  it("a refused refresh (grant revoked) says to log in again", async () => {
    provider.tokenLifetimeSeconds = 10;
    await convey.run(["--api-url", provider.url, "login"]);
    provider.revokedGrants.add("grant-device-1");

    const result = await convey.run(["whoami"]);

    expect(result.code).toBe(1);
    expect(result.stderr).toContain("Your session has expired or was revoked: run `convey login`");
  });

  it("requests a new client-credentials token with CONVEY_CLIENT_SECRET when the old one expires", async () => {
    provider.tokenLifetimeSeconds = 10;
    const env = { CONVEY_CLIENT_SECRET: SCRIPT_CLIENT.secret };
    await convey.run(["--api-url", provider.url, "login", "--client-id", SCRIPT_CLIENT.id], { env });
    const before = await readCredentials();

    const result = await convey.run(["whoami", "--json"], { env });

    expect(result.code, result.stderr).toBe(0);
    expect(provider.requestsTo("/oidc/token")).toHaveLength(2);
    expect((await readCredentials()).accessToken).not.toBe(before.accessToken);
  });

  it("says clearly that CONVEY_CLIENT_SECRET is needed when a client-credentials token has expired", async () => {
    provider.tokenLifetimeSeconds = 10;
    await convey.run(["--api-url", provider.url, "login", "--client-id", SCRIPT_CLIENT.id], {
      env: { CONVEY_CLIENT_SECRET: SCRIPT_CLIENT.secret },
    });

    const result = await convey.run(["whoami", "--json"]);

    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain(
      `The access token of client ${SCRIPT_CLIENT.id} has expired and CONVEY_CLIENT_SECRET is not set`,
    );
  });

  it("rewrites the file with mode 0600 even if someone loosened it", async () => {
    provider.tokenLifetimeSeconds = 10;
    await convey.run(["--api-url", provider.url, "login"]);
    const { chmod, stat } = await import("node:fs/promises");
    await chmod(credentialsFile(), 0o644);
    await chmod(convey.configDir, 0o755);

    expect((await convey.run(["whoami"])).code).toBe(0);

    expect((await stat(credentialsFile())).mode & 0o777).toBe(0o600);
    expect((await stat(convey.configDir)).mode & 0o777).toBe(0o700);
  });

  it("a damaged credentials file is reported, and a new login replaces it", async () => {
    const { mkdir } = await import("node:fs/promises");
    await mkdir(convey.configDir, { recursive: true });
    await writeFile(credentialsFile(), "{ not json");

    const whoami = await convey.run(["--api-url", provider.url, "whoami"]);
    expect(whoami.code).toBe(1);
    expect(whoami.stderr).toContain("is damaged: run `convey login` to replace it");

    expect((await convey.run(["--api-url", provider.url, "login"])).code).toBe(0);
    expect((await convey.run(["whoami"])).code).toBe(0);
  });
});

describe("convey logout", () => {
  it("revokes the refresh token at the provider and deletes the stored credentials", async () => {
    await convey.run(["--api-url", provider.url, "login"]);
    const { refreshToken } = await readCredentials();

    const result = await convey.run(["logout", "--json"]);

    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ profile: "default", wasLoggedIn: true, revoked: true, apiUrl: provider.url });
    expect(provider.requestsTo("/oidc/token/revocation")[0]?.form).toEqual({
      token: refreshToken,
      token_type_hint: "refresh_token",
      client_id: "convey-cli",
    });
    await expect(readFile(credentialsFile())).rejects.toThrow();
    expect((await convey.run(["whoami"])).code).toBe(1);
  });

  it("succeeds when not logged in, and says so", async () => {
    const result = await convey.run(["logout"]);

    expect(result.code).toBe(0);
    expect(result.stderr).toContain("Not logged in: nothing to do");
    expect(provider.requests).toEqual([]);
  });

  it("keeps the credentials when the provider cannot be reached, unless --force", async () => {
    await convey.run(["--api-url", provider.url, "login"]);
    await provider.close();

    const kept = await convey.run(["logout"]);
    expect(kept.code).toBe(1);
    expect(kept.stderr).toContain("the credentials were kept");
    await expect(readFile(credentialsFile())).resolves.toBeDefined();

    const forced = await convey.run(["logout", "--force"]);
    expect(forced.code).toBe(0);
    await expect(readFile(credentialsFile())).rejects.toThrow();
    provider = await FakeProvider.start();
  });

  it("forgets a script client's token (nothing to revoke)", async () => {
    await convey.run(["--api-url", provider.url, "login", "--client-id", SCRIPT_CLIENT.id], {
      env: { CONVEY_CLIENT_SECRET: SCRIPT_CLIENT.secret },
    });

    const result = await convey.run(["logout"]);

    expect(result.code).toBe(0);
    expect(result.stderr).toContain("the stored credentials were deleted");
    expect(provider.requestsTo("/oidc/token/revocation")).toEqual([]);
  });
});
