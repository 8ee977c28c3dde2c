/**
 * Development defaults for the secrets that production takes from the environment: generated once per
 * data folder into `<dataDir>/dev-secrets.json` (mode 0600) and shared by the provider and the app, so a
 * fresh clone runs with no configuration. Refused when CONVEY_ENV=production, where every secret must be
 * configured. (NODE_ENV is not the signal: remix-serve sets it to production for every built app.)
 */
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { privateFile, privateFolder } from "./private-folder.js";

export interface DevSecrets {
  webClientSecret: string;
  sessionSecret: string;
  cookieKeys: string[];
  /** Private JSON Web Key Set used to sign tokens. */
  jwks: { keys: Record<string, unknown>[] };
  /** 32 bytes, base64: encrypts secrets at rest (client secrets, lodgement passwords). */
  encryptionKey: string;
}

const urlSafe = (bytes: number) => randomBytes(bytes).toString("base64url");

function generate(): DevSecrets {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const jwk = privateKey.export({ format: "jwk" }) as Record<string, unknown>;
  return {
    webClientSecret: urlSafe(32),
    sessionSecret: urlSafe(32),
    cookieKeys: [urlSafe(32), urlSafe(32)],
    jwks: { keys: [{ ...jwk, kid: urlSafe(8), use: "sig", alg: "RS256" }] },
    encryptionKey: randomBytes(32).toString("base64"),
  };
}

/**
 * A fresh set of secrets as the environment variables production reads, for a provider started by a test
 * or the benchmark, so that they never touch a data folder's development secrets.
 */
export function freshSecretsEnv(): Record<string, string> {
  const secrets = generate();
  return {
    WEB_CLIENT_SECRET: secrets.webClientSecret,
    SESSION_SECRET: secrets.sessionSecret,
    OIDC_JWKS: JSON.stringify(secrets.jwks),
    OIDC_COOKIE_KEYS: secrets.cookieKeys.join(","),
    ENCRYPTION_KEY: secrets.encryptionKey,
  };
}

export function resolveDataDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.DATA_DIR ?? join(process.cwd(), "data");
}

export function loadDevSecrets(dataDir: string): DevSecrets {
  if (process.env.CONVEY_ENV === "production") {
    throw new Error("Development secrets are not used in production: configure every secret in the environment.");
  }
  const file = join(dataDir, "dev-secrets.json");
  privateFolder(dataDir);
  if (existsSync(file)) return JSON.parse(readFileSync(privateFile(file), "utf8")) as DevSecrets;
  const secrets = generate();
  try {
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600, flag: "wx" });
    return secrets;
  } catch {
    // Another process wrote it first: use theirs.
    return JSON.parse(readFileSync(file, "utf8")) as DevSecrets;
  }
}
