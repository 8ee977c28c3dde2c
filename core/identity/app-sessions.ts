/**
 * The web app's session store, kept by the provider in its database so that every app process behind a load
 * balancer shares it (docs/decisions/0017-sessions-in-the-database.md): the contract of
 * `/api/v1/app-sessions` and the calls the app's session storage makes.
 *
 * Only the confidential web client may call it, authenticated with its client secret (client_secret_basic);
 * a user's access token is refused. The provider creates the session id, seals the data (the tokens) at
 * rest, writes the last-seen time and enforces the idle and absolute limits when a session is read.
 */
import { z } from "zod";
import { call, type RequestContext } from "../shared/provider-client.js";
import { ProviderError } from "../shared/provider-errors.js";
import { basicAuthorization } from "./oauth.js";

export const APP_SESSIONS_PATH = "/api/v1/app-sessions";

/** The largest session data the store keeps, as JSON: a session holds three tokens and a few ids. */
export const APP_SESSION_DATA_MAX_CHARS = 16_384;

/** 256 random bits, base64url: the id the provider creates, which only the browser's signed cookie carries. */
export const AppSessionIdSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, "A session id is 43 base64url characters.");

const IdSchema = z.string().min(1).max(200);

export const AppSessionDataSchema = z
  .record(z.string(), z.unknown())
  .refine((data) => JSON.stringify(data).length <= APP_SESSION_DATA_MAX_CHARS, {
    message: `The session data must be at most ${APP_SESSION_DATA_MAX_CHARS} characters of JSON.`,
  });

/** What a write stores: whose session it is (so ending a user's logins ends it) and its data. */
export const AppSessionWriteSchema = z.object({
  subscriberUserId: IdSchema,
  /** The subscriber the session's tokens were issued for; null for the helpdesk administrator. */
  subscriberId: IdSchema.nullable(),
  data: AppSessionDataSchema,
});

export const AppSessionCreateSchema = AppSessionWriteSchema.extend({
  /** The login time the absolute limit counts from: kept across a subscriber switch; now when left out. */
  createdAt: z.iso.datetime().optional(),
});

export const AppSessionCreatedSchema = z.object({ sessionId: AppSessionIdSchema });

export const RefreshLeaseSchema = z.object({
  /** True: the caller alone may refresh the tokens now. False: another process is refreshing them. */
  granted: z.boolean(),
});

export const SESSION_ENDINGS = ["idle", "absolute"] as const;

export const AppSessionSchema = z.object({
  data: z.record(z.string(), z.unknown()),
  createdAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime(),
  /**
   * Set when this read found the session past its idle or absolute limit: the store has deleted it and hands
   * its data back once, so that the app can revoke its refresh token. Null for a live session.
   */
  ended: z.enum(SESSION_ENDINGS).nullable(),
  /** When the user's roles for this session's subscriber last changed: an access token issued before is refreshed. */
  rolesChangedAt: z.iso.datetime().nullable().optional(),
});

/** Outside production only: the times of a session, set as if time had passed (browser tests of the limits). */
export const AppSessionTimesSchema = z
  .object({ createdAt: z.iso.datetime().optional(), lastSeenAt: z.iso.datetime().optional() })
  .refine((times) => times.createdAt !== undefined || times.lastSeenAt !== undefined, {
    message: "Give createdAt, lastSeenAt or both.",
  });

export type AppSessionWrite = z.infer<typeof AppSessionWriteSchema>;
export type AppSessionCreate = z.infer<typeof AppSessionCreateSchema>;
export type AppSession = z.infer<typeof AppSessionSchema>;

/** Where the store is and the web client's credentials for it. */
export interface AppSessionStore {
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  dispatcher?: RequestContext["dispatcher"];
}

function context(store: AppSessionStore): RequestContext {
  return { apiUrl: store.apiUrl, dispatcher: store.dispatcher };
}

const sessionPath = (sessionId: string) => `${APP_SESSIONS_PATH}/${encodeURIComponent(sessionId)}`;

/** Starts a session and returns its new id. */
export async function createAppSession(store: AppSessionStore, session: AppSessionCreate): Promise<string> {
  const { data } = await call(context(store), "POST", APP_SESSIONS_PATH, {
    body: session,
    headers: basicAuthorization(store),
    schema: AppSessionCreatedSchema,
  });
  return data.sessionId;
}

/** The session, or null when the store holds none by that id (never created, logged out, swept). */
export async function readAppSession(store: AppSessionStore, sessionId: string): Promise<AppSession | null> {
  try {
    const { data } = await call(context(store), "GET", sessionPath(sessionId), {
      headers: basicAuthorization(store),
      schema: AppSessionSchema,
    });
    return data;
  } catch (error) {
    if (error instanceof ProviderError && error.status === 404) return null;
    throw error;
  }
}

/** Replaces a session's data; false when the session no longer exists (a write never brings one back). */
export async function updateAppSession(store: AppSessionStore, sessionId: string, session: AppSessionWrite): Promise<boolean> {
  try {
    await call(context(store), "PUT", sessionPath(sessionId), { body: session, headers: basicAuthorization(store) });
    return true;
  } catch (error) {
    if (error instanceof ProviderError && error.status === 404) return false;
    throw error;
  }
}

/**
 * Asks to be the one process that refreshes the session's tokens for the next REFRESH_LEASE_MS: true when
 * granted (the next write of the session ends the lease), false while another process holds it, null when
 * the session no longer exists.
 */
export async function takeRefreshLease(store: AppSessionStore, sessionId: string): Promise<boolean | null> {
  try {
    const { data } = await call(context(store), "POST", `${sessionPath(sessionId)}/refresh-lease`, {
      headers: basicAuthorization(store),
      schema: RefreshLeaseSchema,
    });
    return data.granted;
  } catch (error) {
    if (error instanceof ProviderError && error.status === 404) return null;
    throw error;
  }
}

/** Deletes a session; one already gone is no error. */
export async function deleteAppSession(store: AppSessionStore, sessionId: string): Promise<void> {
  await call(context(store), "DELETE", sessionPath(sessionId), { headers: basicAuthorization(store) });
}
