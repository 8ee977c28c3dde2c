/**
 * `convey auth status`: how this run is authenticated (the stored login of the profile, CONVEY_TOKEN, or a
 * script client from CONVEY_CLIENT_ID), and whether the provider accepts it, as whom.
 */
import type { Me } from "../../core/identity/api.js";
import { getMe } from "../../core/administration/subscriber-users-client.js";
import { CLIENT_ID_ENV, TOKEN_ENV, type GlobalOptions } from "../globals.js";
import type { Io } from "../io.js";
import { CredentialsStore } from "./credentials.js";
import { authenticatedContext, currentCredentials, sessionSource, type SessionSource } from "./session.js";

export interface AuthStatus {
  profile: string;
  apiUrl: string;
  source: SessionSource;
  /** How the login was made: "device" (a person, in a browser) or "client_credentials" (a script client). */
  kind: "device" | "client_credentials" | "token";
  clientId: string | null;
  /** When the stored access token expires (it is renewed on use); null when not stored. */
  expiresAt: string | null;
  /** The stored credentials file; null when nothing is stored for this run. */
  credentialsFile: string | null;
  me: Me;
}

export async function authStatus(io: Io, globals: GlobalOptions): Promise<AuthStatus> {
  const source = await sessionSource(io, globals);
  const stored = source === "stored" ? await currentCredentials(io, globals) : undefined;
  const ctx = await authenticatedContext(io, globals);
  const me = await getMe(ctx);
  // Read again: using the login may have renewed the token.
  const renewed = stored ? ((await CredentialsStore.for(io, globals.profile).get()) ?? stored) : undefined;
  return {
    profile: globals.profile,
    apiUrl: ctx.apiUrl,
    source,
    kind: renewed ? renewed.kind : source === "client" ? "client_credentials" : "token",
    clientId: renewed ? renewed.clientId : source === "client" ? (io.env[CLIENT_ID_ENV] ?? null) : null,
    expiresAt: renewed?.expiresAt ?? null,
    credentialsFile: renewed ? CredentialsStore.for(io, globals.profile).file : null,
    me,
  };
}

/** Where the token of this run comes from, in words. */
export function describeSource(status: Pick<AuthStatus, "source" | "kind" | "clientId">): string {
  if (status.source === "token") return `the access token in ${TOKEN_ENV} (not stored, not renewed)`;
  if (status.source === "client") return `script client ${status.clientId} from ${CLIENT_ID_ENV} (not stored)`;
  return status.kind === "device" ? "a login in the browser (device code)" : `script client ${status.clientId}`;
}
