/**
 * Creating and updating many subscriber users at once (document 3 sections 4.6, 5.3 and 6; issue 5 "users
 * import"): the engine behind POST /subscribers/{id}/subscriber-users/bulk and the single create.
 *
 * Rows are matched by email. Each row is checked with core's user form rules, then planned against what the
 * database holds: created (a new user, Pending until they activate, invited by email), joined (an
 * existing user of another subscriber becomes a user of this one, by the helpdesk administrator only:
 * reported as created), updated (names or roles), suspended or unsuspended (as far as the caller reaches:
 * user-reach.ts), unchanged, or refused with the reason. A refused row never stops the others.
 *
 * Writes are set-based so that thousands of rows cost a handful of statements: one multi-row insert per
 * table and one UPDATE … FROM jsonb_to_recordset per kind of change, all in one transaction per call. Should
 * that transaction fail for a reason no check foresaw, each row is written again in a transaction of its
 * own, so that only the row at fault is refused. Email is unique, so a call killed half-way and sent again
 * creates no duplicates: the rows it had written are then found unchanged.
 *
 * Once the users are written, each new user's invitation, with its activation link (provider/identity/activation.ts), goes to the mailer (provider/platform/mail.ts); an accepted
 * one is recorded in `user_invitations`, a refused one leaves the user created (Pending: the activation
 * email can be re-sent) with the mail service's reason on the row.
 */
import { randomUUID } from "node:crypto";
import { sql, type Transaction } from "kysely";
import type { BulkOutcome, BulkUserResult } from "../../core/administration/api.js";
import { checkUserRow, duplicateEmailReason, type UserRow } from "../../core/administration/user-import.js";
import { sameRoles, userManagerChangeRefusal } from "../../core/administration/roles.js";
import { USER_FORM_MESSAGES } from "../../core/administration/schemas.js";
import { userStatusChange } from "../../core/administration/users.js";
import type { DB, Database } from "../platform/db/index.js";
import { ApiError, badRequest, conflict, forbidden } from "../platform/errors.js";
import { MailNotSentError } from "../platform/mail.js";
import type { ActivationSender } from "../identity/activation.js";
import type { Oidc, VerifiedCaller } from "../identity/oidc.js";
import { fullName } from "../../core/administration/subscribers.js";
import { isHelpdesk, type RequestMeta } from "../platform/access.js";
import type { AdministeredSubscriber } from "./scope.js";
import { AuditAction, recordAuditEvents, type AuditEvent } from "../platform/audit.js";
import { markRolesChanged } from "../identity/app-sessions.js";
import { ADMINISTRATION_MESSAGES } from "../../core/administration/messages.js";
import {
  endSuspendedLogins,
  joinRefusal,
  memberElsewhere,
  planStatusChange,
  reachOf,
  renameRefusal,
  statusAtSubscriber,
  SUSPENDED_SOMEWHERE,
  writeStatusChanges,
  type StatusChange,
  type UserStanding,
} from "./user-reach.js";

export interface ImportDeps {
  db: DB;
  /** Sends each new user their invitation with an activation link. */
  activation: ActivationSender;
  oidc: Pick<Oidc, "revokeUserGrants">;
  log: { error(object: object, message: string): void };
}

export interface ImportOptions {
  dryRun: boolean;
  /** "update" for the bulk call; "refuse" (409) for the single create, which never edits an existing user. */
  existingMembers: "update" | "refuse";
}

/** A row as planned: its result, and (unless refused or unchanged) the write that makes it so. */
interface PlannedRow {
  result: BulkUserResult;
  /** The refusal with its HTTP status, for the single create. */
  refusal?: ApiError;
  write?: RowWrite;
}

type RowWrite =
  | { kind: "create"; subscriberUserId: string; row: UserRow }
  | {
      kind: "change";
      subscriberUserId: string;
      /** The user becomes a user of this subscriber (they were one of another subscriber only). */
      joins: boolean;
      names: { first_name: string; middle_name: string | null; last_name: string };
      /** The account's status after the change, and before it (the write is refused if it moved meanwhile). */
      status: string;
      expectedStatus: string;
      statusChange: StatusChange | null;
      roleNames: string[] | null;
      audit: AuditEvent[];
    };

interface ExistingUser {
  subscriber_user_id: string;
  email: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  status: string;
  authentication_type: string;
  member: boolean;
  role_names: string[] | null;
  at_subscriber: string | null;
  suspended_somewhere: boolean;
  elsewhere: boolean;
}

const refused = (index: number, email: string, error: ApiError): PlannedRow => ({
  result: { index, email, outcome: "refused", changes: [], reason: error.message, subscriberUserId: null },
  refusal: error,
});

/** Creates, updates, suspends or unsuspends users of `subscriber` as the rows say; one result per row, in order. */
export async function importUsers(
  deps: ImportDeps,
  caller: VerifiedCaller,
  subscriber: AdministeredSubscriber,
  rows: readonly Record<string, unknown>[],
  options: ImportOptions,
  meta: RequestMeta,
): Promise<{ results: BulkUserResult[]; refusals: (ApiError | undefined)[] }> {
  const planned = await planRows(deps.db, caller, subscriber, rows, options);
  if (!options.dryRun) await applyPlan(deps, caller, subscriber, planned, meta);
  return { results: planned.map((row) => row.result), refusals: planned.map((row) => row.refusal) };
}

async function planRows(
  db: DB,
  caller: VerifiedCaller,
  subscriber: AdministeredSubscriber,
  rows: readonly Record<string, unknown>[],
  options: ImportOptions,
): Promise<PlannedRow[]> {
  const checks = rows.map((row) => checkUserRow(row, { subscriberType: subscriber.entityType }));
  const emails = [...new Set(checks.flatMap((check) => (check.ok ? [check.row.email] : [])))];
  const existing = new Map<string, ExistingUser>();
  for (let start = 0; start < emails.length; start += 1000) {
    const found = await db
      .selectFrom("subscriber_users as u")
      .leftJoin("user_subscribers as us", (join) =>
        join.onRef("us.subscriber_user_id", "=", "u.subscriber_user_id").on("us.subscriber_id", "=", subscriber.subscriberId),
      )
      .select([
        "u.subscriber_user_id",
        "u.email",
        "u.first_name",
        "u.middle_name",
        "u.last_name",
        "u.status",
        "u.authentication_type",
        "us.role_names",
        sql<boolean>`us.subscriber_id is not null`.as("member"),
        "us.status as at_subscriber",
        SUSPENDED_SOMEWHERE.as("suspended_somewhere"),
        memberElsewhere(subscriber.subscriberId).as("elsewhere"),
      ])
      .where("u.email", "in", emails.slice(start, start + 1000))
      .execute();
    for (const user of found) existing.set(user.email, user);
  }

  const firstRowOf = new Map<string, number>();
  return checks.map((check, index): PlannedRow => {
    const email = check.ok ? check.row.email : String(rows[index]?.email ?? "").trim().toLowerCase();
    if (!check.ok) return refused(index, email, badRequest(check.reason, "VALIDATION_ERROR"));
    const seen = firstRowOf.get(email);
    if (seen !== undefined) return refused(index, email, badRequest(duplicateEmailReason(email, seen + 1), "DUPLICATE_EMAIL"));
    firstRowOf.set(email, index);
    return planRow(caller, subscriber, index, check.row, existing.get(email), options);
  });
}

function planRow(
  caller: VerifiedCaller,
  subscriber: AdministeredSubscriber,
  index: number,
  row: UserRow,
  user: ExistingUser | undefined,
  options: ImportOptions,
): PlannedRow {
  const helpdesk = isHelpdesk(caller);
  const email = row.email;
  const actor = caller.userId;
  const at = subscriber.subscriberId;

  if (!user) {
    const managerRefusal = userManagerChangeRefusal([], row.roleNames, helpdesk);
    if (managerRefusal) return refused(index, email, forbidden(managerRefusal));
    if (row.status === "Suspended") {
      return refused(
        index,
        email,
        badRequest("A new user cannot be created suspended: they are Pending until they activate their account.", "USER_PENDING"),
      );
    }
    const subscriberUserId = randomUUID();
    return {
      result: { index, email, outcome: "created", changes: [], reason: null, subscriberUserId },
      write: { kind: "create", subscriberUserId, row },
    };
  }

  const id = user.subscriber_user_id;
  if (user.member && options.existingMembers === "refuse") {
    return refused(index, email, new ApiError(409, "USER_EXISTS", ADMINISTRATION_MESSAGES.userExists(subscriber.name)));
  }
  const joinRefused = user.member ? null : joinRefusal(helpdesk, subscriber.name);
  if (joinRefused) return refused(index, email, joinRefused);
  const standing: UserStanding = {
    subscriberId: at,
    account: user.status,
    atSubscriber: user.at_subscriber,
    suspendedSomewhere: user.suspended_somewhere,
    elsewhere: user.elsewhere,
  };
  const name = fullName({ firstName: user.first_name, middleName: user.middle_name, lastName: user.last_name });
  const previousRoles = user.member ? (user.role_names ?? []) : [];
  const managerRefusal = userManagerChangeRefusal(previousRoles, row.roleNames, helpdesk);
  if (managerRefusal) return refused(index, email, forbidden(managerRefusal));

  const changes: string[] = [];
  const audit: AuditEvent[] = [];
  // The names of a user who belongs to other subscribers only are theirs: joining does not rename them.
  let names = { first_name: user.first_name, middle_name: user.middle_name, last_name: user.last_name };
  if (user.member) {
    const wanted = { first_name: row.firstName, middle_name: row.middleName, last_name: row.lastName };
    const renamed = (["first_name", "middle_name", "last_name"] as const).filter((key) => wanted[key] !== names[key]);
    if (renamed.length > 0 && user.authentication_type === "ENTERPRISE_CONNECTION") {
      return refused(index, email, badRequest(USER_FORM_MESSAGES.singleSignOn, "NAMES_LOCKED"));
    }
    const renameRefused = renamed.length > 0 ? renameRefusal(helpdesk, standing, name) : null;
    if (renameRefused) return refused(index, email, renameRefused);
    if (renamed.length > 0) {
      const from = Object.fromEntries(renamed.map((key) => [camel(key), names[key]]));
      const to = Object.fromEntries(renamed.map((key) => [camel(key), wanted[key]]));
      changes.push(...renamed.map(camel));
      audit.push({ actorUserId: actor, subscriberId: at, action: AuditAction.USER_UPDATED, target: id, details: { from, to, via: "bulk" } });
      names = wanted;
    }
  }

  let roleNames: string[] | null = null;
  if (!user.member) {
    roleNames = row.roleNames;
    changes.push("membership");
    audit.push({
      actorUserId: actor,
      subscriberId: at,
      action: AuditAction.USER_ADDED_TO_SUBSCRIBER,
      target: id,
      details: { email, roleNames: row.roleNames, via: "bulk" },
    });
  } else if (!sameRoles(previousRoles, row.roleNames)) {
    roleNames = row.roleNames;
    changes.push("roleNames");
    const rolesEvent = audit.find((event) => event.action === AuditAction.USER_UPDATED);
    if (rolesEvent) {
      (rolesEvent.details!.from as Record<string, unknown>).roleNames = previousRoles;
      (rolesEvent.details!.to as Record<string, unknown>).roleNames = row.roleNames;
    } else {
      audit.push({
        actorUserId: actor,
        subscriberId: at,
        action: AuditAction.USER_UPDATED,
        target: id,
        details: { from: { roleNames: previousRoles }, to: { roleNames: row.roleNames }, via: "bulk" },
      });
    }
  }

  let outcome: BulkOutcome = changes.length > 0 ? (user.member ? "updated" : "created") : "unchanged";
  let statusChange: StatusChange | null = null;
  // Active for a Pending user is left as it is: they become active by activating, not by import.
  if (row.status && !(user.status === "Pending" && row.status === "Active")) {
    const from = statusAtSubscriber(user.status, user.at_subscriber);
    const subject = { status: from, firstName: user.first_name, middleName: user.middle_name, lastName: user.last_name };
    const rule = userStatusChange(subject, row.status, { self: id === caller.userId });
    if (rule.kind === "refused") return refused(index, email, badRequest(rule.message, rule.code));
    // The file's status is the status at this subscriber (as `users export` writes it): when it is already
    // that, nothing changes, even for the helpdesk administrator, whose change would reach the account.
    if (rule.kind === "change") {
      try {
        statusChange = planStatusChange(helpdesk, standing, row.status, name);
      } catch (error) {
        if (error instanceof ApiError) return refused(index, email, error);
        throw error;
      }
    }
    if (statusChange) {
      changes.push("status");
      if (user.member) outcome = row.status === "Suspended" ? "suspended" : "unsuspended";
      audit.push({
        actorUserId: actor,
        subscriberId: at,
        action: row.status === "Suspended" ? AuditAction.USER_SUSPENDED : AuditAction.USER_UNSUSPENDED,
        target: id,
        details: { from, to: row.status, reach: reachOf(statusChange), clientId: caller.clientId, via: "bulk" },
      });
    }
  }

  const result: BulkUserResult = { index, email, outcome, changes, reason: null, subscriberUserId: id };
  if (changes.length === 0) return { result };
  return {
    result,
    write: {
      kind: "change",
      subscriberUserId: id,
      joins: !user.member,
      names,
      status: statusChange?.account ?? user.status,
      expectedStatus: user.status,
      statusChange,
      roleNames,
      audit,
    },
  };
}

function camel(column: "first_name" | "middle_name" | "last_name"): string {
  return column.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

async function applyPlan(
  deps: ImportDeps,
  caller: VerifiedCaller,
  subscriber: AdministeredSubscriber,
  planned: PlannedRow[],
  meta: RequestMeta,
): Promise<void> {
  const writing = planned.filter((row) => row.write !== undefined);
  if (writing.length === 0) return;
  const write = (rows: PlannedRow[]) =>
    deps.db.transaction().execute((trx) => writeRows(trx, caller, subscriber, rows, meta));
  const lost: PlannedRow[] = [];
  try {
    lost.push(...(await write(writing)));
  } catch (error) {
    if (error instanceof ApiError) throw error;
    deps.log.error({ err: error, rows: writing.length }, "A bulk user write failed: writing its rows one at a time");
    for (const row of writing) {
      try {
        lost.push(...(await write([row])));
      } catch (rowError) {
        deps.log.error({ err: rowError, row: row.result.index }, "A bulk user row could not be written");
        const message = `This row could not be saved: please try again (correlation id ${meta.correlationId}).`;
        markRefused(row, new ApiError(500, "ROW_NOT_SAVED", message));
      }
    }
  }
  for (const row of lost) {
    markRefused(
      row,
      conflict(`${row.result.email} was changed by someone else at the same moment: nothing was written for this row. Run the import again.`),
    );
  }

  await sendInvitations(deps, caller, subscriber, writing);

  // Suspension ends the user's logins it concerns at once (the status already refuses every token of theirs).
  for (const row of writing) {
    const change = row.write?.kind === "change" ? row.write : undefined;
    if (!change?.statusChange || row.result.outcome === "refused") continue;
    await endSuspendedLogins(deps, change.subscriberUserId, change.statusChange);
  }
}

/**
 * Invites each user created by this call; records the invitations the mail service accepted (one statement)
 * and gives the others the reason. A user whose invitation was not sent stays created and Pending.
 */
async function sendInvitations(deps: ImportDeps, caller: VerifiedCaller, subscriber: AdministeredSubscriber, rows: PlannedRow[]) {
  const sent: { subscriberUserId: string; email: string }[] = [];
  for (const row of rows) {
    if (row.write?.kind !== "create" || row.result.outcome !== "created") continue;
    const { subscriberUserId, row: user } = row.write;
    try {
      await deps.activation.send({ id: subscriberUserId, email: user.email, firstName: user.firstName }, "INVITATION", subscriber.name);
      sent.push({ subscriberUserId, email: user.email });
    } catch (error) {
      if (!(error instanceof MailNotSentError)) throw error;
      row.result.reason = error.message;
    }
  }
  if (sent.length === 0) return;
  await deps.db
    .insertInto("user_invitations")
    .values(
      sent.map(({ subscriberUserId, email }) => ({
        invitation_id: randomUUID(),
        subscriber_user_id: subscriberUserId,
        subscriber_id: subscriber.subscriberId,
        email,
        kind: "INVITATION",
        sent_by: caller.userId,
      })),
    )
    .execute();
}

function markRefused(row: PlannedRow, error: ApiError): void {
  const { result, refusal } = refused(row.result.index, row.result.email, error);
  row.result = result;
  row.refusal = refusal;
  delete row.write;
}

/** Writes the planned rows in the given transaction; answers the rows that lost a race (nothing written for them). */
async function writeRows(
  trx: Transaction<Database>,
  caller: VerifiedCaller,
  subscriber: AdministeredSubscriber,
  rows: PlannedRow[],
  meta: RequestMeta,
): Promise<PlannedRow[]> {
  const at = subscriber.subscriberId;
  const creates = rows.filter((row) => row.write?.kind === "create");
  const changes = rows.filter((row) => row.write?.kind === "change");
  const audit: AuditEvent[] = [];
  const raced = new Set<PlannedRow>();

  if (creates.length > 0) {
    const values = creates.map((planned) => {
      const { subscriberUserId, row } = planned.write as Extract<RowWrite, { kind: "create" }>;
      return {
        subscriber_user_id: subscriberUserId,
        email: row.email,
        first_name: row.firstName,
        middle_name: row.middleName,
        last_name: row.lastName,
        status: "Pending",
        password_hash: null,
        global_roles: JSON.stringify([]),
        authentication_type: subscriber.authenticationType,
      };
    });
    const inserted = await trx
      .insertInto("subscriber_users")
      .values(values)
      .onConflict((oc) => oc.column("email").doNothing())
      .returning("subscriber_user_id")
      .execute();
    const insertedIds = new Set(inserted.map((row) => row.subscriber_user_id));
    const made = creates.filter((planned) => {
      const ok = insertedIds.has((planned.write as Extract<RowWrite, { kind: "create" }>).subscriberUserId);
      if (!ok) raced.add(planned);
      return ok;
    });
    if (made.length > 0) {
      await trx
        .insertInto("user_subscribers")
        .values(
          made.map((planned) => {
            const { subscriberUserId, row } = planned.write as Extract<RowWrite, { kind: "create" }>;
            return { subscriber_user_id: subscriberUserId, subscriber_id: at, role_names: JSON.stringify(row.roleNames), is_primary: true };
          }),
        )
        .execute();
      for (const planned of made) {
        const { subscriberUserId, row } = planned.write as Extract<RowWrite, { kind: "create" }>;
        audit.push({
          actorUserId: caller.userId,
          subscriberId: at,
          action: AuditAction.USER_CREATED,
          target: subscriberUserId,
          details: { email: row.email, roleNames: row.roleNames, status: "Pending" },
        });
      }
    }
  }

  if (changes.length > 0) {
    const records = changes.map((planned) => {
      const write = planned.write as Extract<RowWrite, { kind: "change" }>;
      return { id: write.subscriberUserId, ...write.names, status: write.status, expected_status: write.expectedStatus };
    });
    const updated = await sql<{ subscriber_user_id: string }>`
      update subscriber_users as u
         set first_name = x.first_name, middle_name = x.middle_name, last_name = x.last_name,
             status = x.status, version = u.version + 1, updated_at = now()
        from jsonb_to_recordset(${JSON.stringify(records)}::jsonb)
             as x(id text, first_name text, middle_name text, last_name text, status text, expected_status text)
       where u.subscriber_user_id = x.id and u.status = x.expected_status
   returning u.subscriber_user_id`.execute(trx);
    const updatedIds = new Set(updated.rows.map((row) => row.subscriber_user_id));
    const done = changes.filter((planned) => {
      const ok = updatedIds.has((planned.write as Extract<RowWrite, { kind: "change" }>).subscriberUserId);
      if (!ok) raced.add(planned);
      return ok;
    });
    const joins = done.filter((planned) => (planned.write as Extract<RowWrite, { kind: "change" }>).joins);
    if (joins.length > 0) {
      await trx
        .insertInto("user_subscribers")
        .values(
          joins.map((planned) => {
            const write = planned.write as Extract<RowWrite, { kind: "change" }>;
            return { subscriber_user_id: write.subscriberUserId, subscriber_id: at, role_names: JSON.stringify(write.roleNames ?? []), is_primary: false };
          }),
        )
        .onConflict((oc) => oc.columns(["subscriber_user_id", "subscriber_id"]).doNothing())
        .execute();
    }
    const unblocked = await writeStatusChanges(
      trx,
      done.flatMap((planned) => {
        const write = planned.write as Extract<RowWrite, { kind: "change" }>;
        return write.statusChange ? [{ subscriberUserId: write.subscriberUserId, change: write.statusChange }] : [];
      }),
      { actorUserId: caller.userId, subscriberId: at },
    );
    audit.push(...unblocked);
    const roleChanges = done
      .map((planned) => planned.write as Extract<RowWrite, { kind: "change" }>)
      .filter((write) => !write.joins && write.roleNames !== null)
      .map((write) => ({ id: write.subscriberUserId, role_names: write.roleNames }));
    if (roleChanges.length > 0) {
      await sql`
        update user_subscribers as us
           set role_names = x.role_names
          from jsonb_to_recordset(${JSON.stringify(roleChanges)}::jsonb) as x(id text, role_names jsonb)
         where us.subscriber_user_id = x.id and us.subscriber_id = ${at}`.execute(trx);
      await markRolesChanged(trx, roleChanges.map((change) => change.id), at);
    }
    for (const planned of done) audit.push(...(planned.write as Extract<RowWrite, { kind: "change" }>).audit);
  }

  await recordAuditEvents(trx, audit, meta);
  return [...raced];
}
