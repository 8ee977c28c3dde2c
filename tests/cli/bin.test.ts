/** The real executable, built as `npm install` builds it (tests/cli/build-cli.setup.ts), spawned as scripts and people run it. */
import { spawn } from "node:child_process";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeProvider, SCRIPT_CLIENT } from "./fake-provider.js";

const ROOT = resolve(import.meta.dirname, "../..");
const BIN = join(ROOT, "bin/convey.js");

let configDir: string;
let provider: FakeProvider;

beforeAll(async () => {
  configDir = join(await mkdtemp(join(tmpdir(), "convey-bin-")), "config");
  provider = await FakeProvider.start();
});
afterAll(async () => {
  await provider.close();
  await rm(join(configDir, ".."), { recursive: true, force: true });
});

function convey(args: string[], env: Record<string, string> = {}, cwd = ROOT) {
  return new Promise<{ code: number | null; stdout: string; stderr: string; ms: number }>((done) => {
    const started = Date.now();
    const child = spawn(BIN, args, {
      cwd,
      env: { ...process.env, CONVEY_CONFIG_DIR: configDir, NO_COLOR: "1", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("close", (code) => done({ code, stdout, stderr, ms: Date.now() - started }));
  });
}

describe("bin/convey.js", () => {
  it("is executable and prints help on stdout, exit 0, without warnings", async () => {
    expect((await stat(BIN)).mode & 0o111).not.toBe(0);

    const result = await convey(["--help"]);

    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Usage: convey");
    for (const command of ["login", "logout", "whoami", "users"]) expect(result.stdout).toContain(command);
    expect(result.stderr).toBe("");
    expect(result.ms).toBeLessThan(5000);
  });

  it("prints the version", async () => {
    const result = await convey(["--version"]);

    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });

  it("exits 2 on a usage error and 1 when not logged in, with nothing on stdout", async () => {
    const usage = await convey(["users", "suspend", "jane@example.com"]);
    expect(usage).toMatchObject({ code: 2, stdout: "" });
    expect(usage.stderr).toContain("pass --yes");

    const notLoggedIn = await convey(["--json", "whoami"]);
    expect(notLoggedIn).toMatchObject({ code: 1, stdout: "" });
    expect(notLoggedIn.stderr).toBe("✖ Not logged in: run `convey login`\n");
  });

  it("logs a script client in and runs a command with --json: stdout is only the JSON, and the process ends", async () => {
    const env = { CONVEY_API_URL: provider.url, CONVEY_CLIENT_SECRET: SCRIPT_CLIENT.secret };
    const login = await convey(["login", "--client-id", SCRIPT_CLIENT.id, "--json"], env);
    expect(login.code, login.stderr).toBe(0);
    expect(JSON.parse(login.stdout).kind).toBe("client_credentials");

    const suspend = await convey(["--json", "users", "suspend", "jane.smith@ashdown.example", "--yes"], env);
    expect(suspend.code, suspend.stderr).toBe(0);
    expect(JSON.parse(suspend.stdout)).toMatchObject({ email: "jane.smith@ashdown.example", status: "Suspended" });
    expect(suspend.stderr).toBe("");
  });

  it("works from a folder outside the project, as an installed command: its version, and who is logged in", async () => {
    const elsewhere = await mkdtemp(join(tmpdir(), "convey-elsewhere-"));
    try {
      const version = await convey(["--version"], {}, elsewhere);
      expect(version.code, version.stderr).toBe(0);
      expect(version.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);

      const env = { CONVEY_API_URL: provider.url, CONVEY_CLIENT_SECRET: SCRIPT_CLIENT.secret };
      const login = await convey(["login", "--client-id", SCRIPT_CLIENT.id], env, elsewhere);
      expect(login.code, login.stderr).toBe(0);
      const whoami = await convey(["whoami"], env, elsewhere);
      expect(whoami.stderr).not.toContain("React is not defined");
      expect(whoami.code, whoami.stderr).toBe(0);
      expect(whoami.stdout).toContain(provider.me.user.email);
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });
});
