/**
 * Administering subscriber users (document 3 sections 4.6, 5.3, 6 and 7.3): create, edit (PATCH_USER),
 * re-send the activation email, the roles a subscriber type may give, and the bulk call. Suspend and
 * unsuspend live in subscriber-users.ts; creation shares the bulk engine (user-import.ts), so one set of
 * rules decides both.
 *
 * A User Manager acts only at their selected subscriber (anything else is not found), never adds or removes
 * the User Manager role (403), and reaches no further than that subscriber (user-reach.ts): names shared with
 * another subscriber and users of other subscribers are the helpdesk administrator's.
 */
import { randomUUID } from "node:crypto";
import type { BulkUserResult, CreatedUser, ManagedUser, UserCreateRequest, UserEdit } from "../../core/administration/api.js";
import { Permission } from "../../core/shared/permissions/roles.js";
import { fullName } from "../../core/administration/subscribers.js";
import { activationEmailRefusal } from "../../core/administration/users.js";
import { BULK_IMPORT_PERMISSIONS, checkUserRow } from "../../core/administration/user-import.js";
import { rolesForSubscriberType, sameRoles, subscriberTypeFrom, userManagerChangeRefusal } from "../../core/administration/roles.js";
import { USER_FORM_MESSAGES } from "../../core/administration/schemas.js";
import type { DB } from "../platform/db/index.js";
import { ApiError, badRequest, conflict, forbidden, notFound } from "../platform/errors.js";
import { MailNotSentError } from "../platform/mail.js";
import type { ActivationSender } from "../identity/activation.js";
import type { VerifiedCaller } from "../identity/oidc.js";
import { isHelpdesk, requirePermission, type RequestMeta } from "../platform/access.js";
import { administeredSubscriber, findSubscriberById, SUBSCRIBER_NOT_FOUND } from "./scope.js";
import { AuditAction, recordAuditEvent } from "../platform/audit.js";
import { versionedWrite } from "../platform/versions.js";
import { findVisibleUser } from "./subscriber-users.js";
import { markRolesChanged } from "../identity/app-sessions.js";
import { importUsers, type ImportDeps } from "./user-import.js";
import { readStanding, renameRefusal } from "./user-reach.js";

/** The roles users of a subscriber type may be given (a helpdesk administrator without a type: every assignable role). */
export async function listRoles(
  db: DB,
  caller: VerifiedCaller,
  subscriberTypeText: string | undefined,
): Promise<{ roles: { name: string }[] }> {
  requirePermission(caller, Permission.VIEW_SUBSCRIBER_USERS);
  let type = subscriberTypeText ? subscriberTypeFrom(subscriberTypeText) : undefined;
  if (subscriberTypeText && !type) {
    throw badRequest(`Unknown subscriber type ${subscriberTypeText}: use Lender, Law Firm or Conveyancing Firm.`);
  }
  if (!type && !isHelpdesk(caller) && caller.subscriberId) {
    type = (await findSubscriberById(db, caller.subscriberId))?.entityType;
  }
  return { roles: rolesForSubscriberType(type).map((name) => ({ name })) };
}

/**
 * POST /subscribers/{id}/subscriber-users: a new user, Pending until they activate, invited by email (with
 * the mail service's reason when the invitation was not sent).
 */
export async function createSubscriberUser(
  deps: ImportDeps,
  caller: VerifiedCaller,
  subscriberId: string,
  input: UserCreateRequest,
  meta: RequestMeta,
): Promise<CreatedUser> {
  requirePermission(caller, Permission.CREATE_SUBSCRIBER_USERS);
  const subscriber = await administeredSubscriber(deps.db, caller, subscriberId);
  const { results, refusals } = await importUsers(
    deps,
    caller,
    subscriber,
    [{ ...input }],
    { dryRun: false, existingMembers: "refuse" },
    meta,
  );
  const [result] = results;
  if (refusals[0]) throw refusals[0];
  const user = await findVisibleUser(deps.db, caller, result!.subscriberUserId!, subscriber.subscriberId);
  const joined = result!.changes.includes("membership");
  return { ...user, invited: !joined, invitationFailure: joined ? null : result!.reason };
}

/** POST /subscribers/{id}/subscriber-users/bulk */
export async function bulkSubscriberUsers(
  deps: ImportDeps,
  caller: VerifiedCaller,
  subscriberId: string,
  body: { rows: Record<string, unknown>[]; dryRun: boolean },
  meta: RequestMeta,
): Promise<{ dryRun: boolean; results: BulkUserResult[] }> {
  requirePermission(caller, ...BULK_IMPORT_PERMISSIONS);
  const subscriber = await administeredSubscriber(deps.db, caller, subscriberId);
  const { results } = await importUsers(
    deps,
    caller,
    subscriber,
    body.rows,
    { dryRun: body.dryRun, existingMembers: "update" },
    meta,
  );
  return { dryRun: body.dryRun, results };
}


/** PATCH_USER: names and roles at one subscriber. Email is not editable; names are locked for single sign-on users. */
export async function editSubscriberUser(
  db: DB,
  caller: VerifiedCaller,
  subscriberUserId: string,
  edit: UserEdit,
  version: number,
  meta: RequestMeta,
): Promise<ManagedUser> {
  requirePermission(caller, Permission.EDIT_SUBSCRIBER_USERS);
  const user = await findVisibleUser(db, caller, subscriberUserId, edit.subscriberId);
  if (!user.subscriberId) throw notFound("Subscriber user not found.");
  const subscriber = await findSubscriberById(db, user.subscriberId);
  if (!subscriber) throw notFound(SUBSCRIBER_NOT_FOUND);

  const managerRefusal = userManagerChangeRefusal(user.roleNames, edit.roleNames, isHelpdesk(caller));
  if (managerRefusal) throw forbidden(managerRefusal);
  const check = checkUserRow(
    { ...edit, email: user.email, status: undefined },
    { subscriberType: subscriber.entityType },
  );
  if (!check.ok) throw badRequest(check.reason, "VALIDATION_ERROR");
  if (version !== user.version) throw conflict();

  const row = check.row;
  const wanted = { firstName: row.firstName, middleName: row.middleName, lastName: row.lastName };
  const renamed = (["firstName", "middleName", "lastName"] as const).filter((key) => wanted[key] !== user[key]);
  if (renamed.length > 0 && user.authenticationType === "ENTERPRISE_CONNECTION") {
    throw badRequest(USER_FORM_MESSAGES.singleSignOn, "NAMES_LOCKED");
  }
  if (renamed.length > 0) {
    const standing = await readStanding(db, subscriberUserId, subscriber.subscriberId);
    const refusal = standing ? renameRefusal(isHelpdesk(caller), standing, fullName(user)) : null;
    if (refusal) throw refusal;
  }
  const rolesChanged = !sameRoles(user.roleNames, row.roleNames);
  if (renamed.length === 0 && !rolesChanged) return user;

  const from: Record<string, unknown> = Object.fromEntries(renamed.map((key) => [key, user[key]]));
  const to: Record<string, unknown> = Object.fromEntries(renamed.map((key) => [key, wanted[key]]));
  if (rolesChanged) {
    from.roleNames = user.roleNames;
    to.roleNames = row.roleNames;
  }
  await versionedWrite(
    db,
    { table: "subscriber_users", id: subscriberUserId, expected: version, missing: () => notFound("Subscriber user not found.") },
    async (trx) => {
      await trx
        .updateTable("subscriber_users")
        .set({ first_name: row.firstName, middle_name: row.middleName, last_name: row.lastName, updated_at: new Date() })
        .where("subscriber_user_id", "=", subscriberUserId)
        .execute();
      if (rolesChanged) {
        await trx
          .updateTable("user_subscribers")
          .set({ role_names: JSON.stringify(row.roleNames) })
          .where("subscriber_user_id", "=", subscriberUserId)
          .where("subscriber_id", "=", subscriber.subscriberId)
          .execute();
        await markRolesChanged(trx, [subscriberUserId], subscriber.subscriberId);
      }
    },
    {
      actorUserId: caller.userId,
      subscriberId: subscriber.subscriberId,
      action: AuditAction.USER_UPDATED,
      target: subscriberUserId,
      details: { from, to },
    },
    meta,
  );
  return findVisibleUser(db, caller, subscriberUserId, subscriber.subscriberId);
}

/**
 * RESEND_INVITATION: sends the activation email of a Pending user again, with a new link that ends the
 * earlier ones (provider/identity/activation.ts), and records it. The email in the
 * request must be the user's own (the screen shows it in the toast). When the mail service refuses it,
 * 502 INVITATION_NOT_SENT with its reason, and nothing is recorded.
 */
export async function resendInvitation(
  { db, activation }: { db: DB; activation: ActivationSender },
  caller: VerifiedCaller,
  subscriberUserId: string,
  email: string,
  version: number,
  meta: RequestMeta,
): Promise<ManagedUser> {
  requirePermission(caller, Permission.CREATE_SUBSCRIBER_USERS);
  const user = await findVisibleUser(db, caller, subscriberUserId);
  if (version !== user.version) throw conflict();
  const refusal = activationEmailRefusal(user);
  if (refusal) throw badRequest(refusal.message, refusal.code);
  if (email.trim().toLowerCase() !== user.email.toLowerCase()) {
    throw badRequest(`The activation email goes to the user's own address, ${user.email}.`, "EMAIL_MISMATCH");
  }
  try {
    await activation.send({ id: subscriberUserId, email: user.email, firstName: user.firstName }, "RESEND", user.subscriber ?? "");
  } catch (error) {
    if (error instanceof MailNotSentError) throw new ApiError(502, "INVITATION_NOT_SENT", error.message);
    throw error;
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("user_invitations")
      .values({
        invitation_id: randomUUID(),
        subscriber_user_id: subscriberUserId,
        subscriber_id: user.subscriberId,
        email: user.email,
        kind: "RESEND",
        sent_by: caller.userId,
      })
      .execute();
    await recordAuditEvent(
      trx,
      {
        actorUserId: caller.userId,
        subscriberId: user.subscriberId,
        action: AuditAction.USER_INVITATION_RESENT,
        target: subscriberUserId,
        details: { email: user.email },
      },
      meta,
    );
  });
  return findVisibleUser(db, caller, subscriberUserId);
}
