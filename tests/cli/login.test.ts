import { readFile, stat } from "node:fs/promises";
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
const readCredentials = async () => JSON.parse(await readFile(credentialsFile(), "utf8")) as Record<string, unknown>;

describe("convey login (device flow)", () => {
  it("shows the code, polls until approved, and stores the tokens privately", async () => {
    provider.devicePolls = ["authorization_pending", "authorization_pending", "approve"];

    const result = await convey.run(["--api-url", provider.url, "login", "--subscriber", "sub-ashdown"]);

    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain(`${provider.url}/oidc/device`);
    expect(result.stderr).toContain("BCDF-GHJK");
    expect(result.stderr).toContain(`Logged in to ${provider.url} as Helen Desk (helen.desk@convey.example)`);
    expect(result.sleeps).toEqual([5000, 5000, 5000]);

    const [authorization] = provider.requestsTo("/oidc/device/auth");
    expect(authorization?.form).toEqual({
      client_id: "convey-cli",
      scope: "openid offline_access profile email",
      resource: "urn:convey:api",
      organization: "sub-ashdown",
    });
    const polls = provider.requestsTo("/oidc/token");
    expect(polls).toHaveLength(3);
    expect(polls[0]?.form).toEqual({
      grant_type: "urn:ietf:params:oauth:grant-type:device_code",
      device_code: "device-code-1",
      client_id: "convey-cli",
    });

    const stored = await readCredentials();
    expect(stored).toMatchObject({ apiUrl: provider.url, kind: "device", clientId: "convey-cli", subscriberId: "sub-ashdown" });
    expect(stored.accessToken).toEqual(expect.any(String));
    expect(stored.refreshToken).toEqual(expect.any(String));
    expect((await stat(credentialsFile())).mode & 0o777).toBe(0o600);
    expect((await stat(convey.configDir)).mode & 0o777).toBe(0o700);
    // Tokens are never printed.
    expect(result.stderr).not.toContain(stored.accessToken as string);
    expect(result.stderr).not.toContain(stored.refreshToken as string);
  });

  it("backs off by 5 seconds on slow_down and uses 5 seconds when the provider gives no interval", async () => {
    provider.deviceInterval = undefined;
    provider.devicePolls = ["slow_down", "authorization_pending", "approve"];

    const result = await convey.run(["--api-url", provider.url, "login"]);

    expect(result.code, result.stderr).toBe(0);
    expect(result.sleeps).toEqual([5000, 10_000, 10_000]);
  });

  it("with --json prints only the login as JSON on stdout, without tokens; the code goes to stderr", async () => {
    const result = await convey.run(["--api-url", provider.url, "--json", "login"]);

    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain("BCDF-GHJK");
    const printed = JSON.parse(result.stdout);
    expect(result.stdout).toBe(`${JSON.stringify(printed, null, 2)}\n`);
    expect(printed).toMatchObject({
      profile: "default",
      apiUrl: provider.url,
      kind: "device",
      clientId: "convey-cli",
      me: { user: { email: "helen.desk@convey.example" } },
    });
    expect(result.stdout).not.toMatch(/accessToken|refreshToken|refresh-/);
  });

  it("prints the provider's refusal (user is suspended) and exits 1 without storing anything", async () => {
    provider.devicePolls = ["authorization_pending", "access_denied"];

    const result = await convey.run(["--api-url", provider.url, "--json", "login"]);

    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain("Login refused: user is suspended");
    await expect(stat(credentialsFile())).rejects.toThrow();
  });

  it("stops when the code expires", async () => {
    provider.devicePolls = ["authorization_pending", "expired_token"];

    const result = await convey.run(["--api-url", provider.url, "login"]);

    expect(result.code).toBe(1);
    expect(result.stderr).toContain("The login code expired before it was approved: run `convey login` again");
  });

  it("gives up by itself when the code's lifetime has passed", async () => {
    provider.devicePolls = Array.from({ length: 500 }, () => "authorization_pending" as const);

    const result = await convey.run(["--api-url", provider.url, "login"]);

    expect(result.code).toBe(1);
    expect(result.stderr).toContain("The login code expired before it was approved");
    // 600 seconds at one poll every 5 seconds.
    expect(provider.requestsTo("/oidc/token")).toHaveLength(119);
  });

  it("revokes the session it replaces when the new login has a grant of its own", async () => {
    expect((await convey.run(["--api-url", provider.url, "login"])).code).toBe(0);
    const first = (await readCredentials()).refreshToken as string;
    provider.newDeviceGrant();

    expect((await convey.run(["--api-url", provider.url, "login"])).code).toBe(0);

    expect(provider.revokedTokens).toEqual([first]);
    expect((await readCredentials()).refreshToken).not.toBe(first);
  });

  it("keeps a session that the provider reused for the new login", async () => {
    expect((await convey.run(["--api-url", provider.url, "login"])).code).toBe(0);
    expect((await convey.run(["--api-url", provider.url, "login"])).code).toBe(0);

    expect(provider.revokedTokens).toEqual([]);
    expect((await convey.run(["--api-url", provider.url, "whoami"])).code).toBe(0);
  });

  it("reports an unreachable provider in one line, exit 1", async () => {
    await provider.close();
    const result = await convey.run(["--api-url", provider.url, "login"]);

    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toMatch(/^✖ The provider at http:\/\/127\.0\.0\.1:\d+ could not be reached \(.+\)$/);
    provider = await FakeProvider.start();
  });
});

describe("convey login (client credentials)", () => {
  it("logs a script client in with the secret from CONVEY_CLIENT_SECRET and does not store the secret", async () => {
    const result = await convey.run(["--api-url", provider.url, "--json", "login", "--client-id", SCRIPT_CLIENT.id], {
      env: { CONVEY_CLIENT_SECRET: SCRIPT_CLIENT.secret },
    });

    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ kind: "client_credentials", clientId: SCRIPT_CLIENT.id });
    const [token] = provider.requestsTo("/oidc/token");
    expect(token?.form).toEqual({ grant_type: "client_credentials", resource: "urn:convey:api" });
    expect(token?.headers.authorization).toMatch(/^Basic /);

    const file = await readFile(credentialsFile(), "utf8");
    expect(file).not.toContain(SCRIPT_CLIENT.secret);
    expect(JSON.parse(file)).not.toHaveProperty("refreshToken");
    expect((await stat(credentialsFile())).mode & 0o777).toBe(0o600);
    expect(result.stderr + result.stdout).not.toContain(SCRIPT_CLIENT.secret);
  });

  it("accepts --client-secret, with a note that the environment variable is safer", async () => {
    const result = await convey.run([
      "--api-url",
      provider.url,
      "login",
      "--client-id",
      SCRIPT_CLIENT.id,
      "--client-secret",
      SCRIPT_CLIENT.secret,
    ]);

    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain("prefer CONVEY_CLIENT_SECRET");
    expect(result.stderr).toContain(`as client ${SCRIPT_CLIENT.id}`);
    expect(result.stderr).not.toContain(SCRIPT_CLIENT.secret);
  });

  it("exits 1 when the provider refuses the client", async () => {
    const result = await convey.run(["--api-url", provider.url, "login", "--client-id", SCRIPT_CLIENT.id], {
      env: { CONVEY_CLIENT_SECRET: "wrong" },
    });

    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`The provider refused client ${SCRIPT_CLIENT.id}`);
  });

  it.each([
    [["login", "--client-id", "x"], "Pass the client secret in the CONVEY_CLIENT_SECRET environment variable"],
    [["login", "--client-secret", "x"], "--client-secret needs --client-id"],
    [["login", "--client-id", "x", "--client-secret", "y", "--subscriber", "s"], "--subscriber is for the browser login"],
    [["--api-url", "ftp://example", "login"], "--api-url: enter a URL starting with http:// or https://"],
    [["--profile", "../etc", "login"], "--profile: use up to 64 letters"],
    [["login", "--bogus"], "unknown option '--bogus'"],
  ])("refuses %j as a usage error (exit 2) before calling the provider", async (args, message) => {
    const result = await convey.run(args);

    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(provider.requests).toEqual([]);
  });

  it("says which variable is wrong when CONVEY_API_URL is not a URL", async () => {
    const result = await convey.run(["whoami"], { env: { CONVEY_API_URL: "localhost:4000" } });

    expect(result.code).toBe(2);
    expect(result.stderr).toContain("CONVEY_API_URL: enter a URL");
  });
});
