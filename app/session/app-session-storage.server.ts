/**
 * Remix session storage over the provider's session store (core/identity/app-sessions.ts): every app process
 * reads and writes the same sessions, so a load balancer may send a browser's requests to any of them
 * (docs/decisions/0017-sessions-in-the-database.md). The cookie carries only the signed id the store created.
 *
 * The store keeps the login time and enforces the idle and absolute limits itself: a read gives the login
 * time as `createdAt`, and a session the read found past a limit as its data with `endedBy` set (the store
 * has already deleted it; its refresh token is still to be revoked). Remix's `expires` is not used: the
 * store's limits are the session's life.
 */
import { createSessionStorage, type Cookie, type SessionStorage } from "@remix-run/node";
import {
  AppSessionIdSchema,
  createAppSession,
  deleteAppSession,
  readAppSession,
  updateAppSession,
  type AppSessionStore,
  type AppSessionWrite,
} from "../../core/identity/app-sessions.js";
import type { AppSessionData } from "./session.server";

/** What the store keeps: the data without the times it keeps in its own columns. */
function toStore(data: Partial<AppSessionData>): AppSessionWrite {
  const { createdAt: _createdAt, endedBy: _endedBy, rolesChangedAt: _rolesChangedAt, ...rest } = data;
  if (!rest.userId) throw new Error("Only a logged-in user's session is stored: it has no userId.");
  return { subscriberUserId: rest.userId, subscriberId: rest.selectedSubscriberId ?? null, data: rest };
}

/** An id the store could have issued; a cookie naming anything else has no session (and is never sent on). */
const isSessionId = (id: string) => AppSessionIdSchema.safeParse(id).success;

export function createAppSessionStorage({ cookie, store }: { cookie: Cookie; store: AppSessionStore }): SessionStorage<AppSessionData> {
  return createSessionStorage<AppSessionData>({
    cookie,
    async createData(data) {
      const createdAt = data.createdAt === undefined ? undefined : new Date(data.createdAt).toISOString();
      return createAppSession(store, { ...toStore(data), createdAt });
    },
    async readData(id) {
      if (!isSessionId(id)) return null;
      const session = await readAppSession(store, id);
      if (!session) return null;
      return {
        ...(session.data as Partial<AppSessionData>),
        createdAt: Date.parse(session.createdAt),
        ...(session.rolesChangedAt ? { rolesChangedAt: Date.parse(session.rolesChangedAt) } : {}),
        ...(session.ended ? { endedBy: session.ended } : {}),
      };
    },
    async updateData(id, data) {
      // A session ended meanwhile (a logout through another process) stays ended: the store refuses to write it.
      if (isSessionId(id)) await updateAppSession(store, id, toStore(data));
    },
    async deleteData(id) {
      if (isSessionId(id)) await deleteAppSession(store, id);
    },
  });
}
