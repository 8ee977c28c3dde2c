/**
 * Expired identity records leave the database: oidc-provider's payloads past their expiry (sessions,
 * interactions, grants, codes, refresh tokens), the subscriber records of grants that are gone, and the web
 * app's sessions past their idle or absolute limit that no browser came back for (app-sessions.ts). The
 * adapter already treats an expired payload as absent; sweeping keeps the table to what is alive, also
 * when nobody signs in for a while.
 *
 * The sweep runs as a job every 10 minutes of product time. Expiry itself is measured in real time, as
 * the tokens' lifetimes are: setting the sandbox clock ahead does not expire anyone's session.
 */
import { z } from "zod";
import type { DB } from "../platform/db/index.js";
import { defineJob } from "../platform/jobs/queue.js";
import { sweepAppSessions } from "./app-sessions.js";
import { forgetOrphanedGrantSubscribers } from "./grant-subscribers.js";

export async function sweepExpiredIdentityRecords(db: DB, now: Date = new Date()): Promise<void> {
  await db.deleteFrom("oidc_payloads").where("expires_at", "<", now).execute();
  await forgetOrphanedGrantSubscribers(db);
  await sweepAppSessions({ db, now: () => now.getTime() });
}

export const sweepExpiredIdentityRecordsJob = defineJob({
  name: "sweep-expired-identity-records",
  data: z.object({}),
  retryLimit: 3,
  retryDelaySeconds: 60,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
  repeatEveryMinutes: 10,
  async run(_data, { db }) {
    await sweepExpiredIdentityRecords(db);
  },
});
