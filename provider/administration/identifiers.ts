/**
 * A subscriber's credentials with the outside authorities (document 3 sections 2.4, 3, 4.6 and 5.3):
 * external authority identifiers (land registry and revenue authority: user name, password, storn) and
 * the lodgement identifiers (primary and secondary land registry user name and password).
 *
 * Passwords are stored sealed (AES-256-GCM) and never returned: responses carry `passwordSet`. On an update
 * a password left out, or sent as the five-asterisk mask the screen shows, keeps the stored one. Audit
 * events record which passwords changed, never their values.
 */
import type { LodgementIdentifiers, LodgementIdentifiersSave } from "../../core/administration/api.js";
import { AUTHORITY_ALIASES, AUTHORITY_TYPES, MASKED_PASSWORD, type AuthorityType } from "../../core/administration/enums.js";
import { Permission, hasAllPermissions } from "../../core/shared/permissions/roles.js";
import { fullName } from "../../core/administration/subscribers.js";
import { LodgementIdentifiersSchema } from "../../core/administration/schemas.js";
import type { DB } from "../platform/db/index.js";
import { badRequest, conflict, forbidden, notFound } from "../platform/errors.js";
import { versionedWrite } from "../platform/versions.js";
import type { VerifiedCaller } from "../identity/oidc.js";
import { encryptSecret } from "../platform/security/encryption.js";
import { requirePermission, type RequestMeta } from "../platform/access.js";
import { administeredSubscriber } from "./scope.js";
import { AuditAction, recordAuditEvent } from "../platform/audit.js";

const PERMISSION_BY_AUTHORITY: Record<AuthorityType, Permission> = {
  LODGEMENT: Permission.VIEW_LODGEMENT_IDENTIFIERS,
  REVENUE: Permission.VIEW_REVENUE_IDENTIFIERS,
};

/**
 * GET /lodging-party/{subscriberId}/ext-authority-identifiers: one record per authority the caller may see
 * (land registry with VIEW_LODGEMENT_IDENTIFIERS, revenue with VIEW_REVENUE_IDENTIFIERS); a record not yet
 * provided has null values ('To be provided').
 */
export async function listExternalAuthorityIdentifiers(db: DB, caller: VerifiedCaller, subscriberId: string) {
  const visible = AUTHORITY_TYPES.filter((type) => hasAllPermissions(caller.permissions, [PERMISSION_BY_AUTHORITY[type]]));
  if (visible.length === 0) throw forbidden();
  const subscriber = await administeredSubscriber(db, caller, subscriberId);
  const rows = await db
    .selectFrom("external_authority_identifiers")
    .select(["authority_type", "authority_alias", "user_name", "password_encrypted", "storn"])
    .where("subscriber_id", "=", subscriber.subscriberId)
    .execute();
  const records = visible.map((authorityType) => {
    const row = rows.find((candidate) => candidate.authority_type === authorityType);
    return {
      authorityType,
      authorityAlias: row?.authority_alias ?? AUTHORITY_ALIASES[authorityType],
      userName: row?.user_name ?? null,
      passwordSet: Boolean(row?.password_encrypted),
      storn: row?.storn ?? null,
    };
  });
  return { records };
}

async function readLodgementIdentifiers(db: DB, subscriberId: string): Promise<LodgementIdentifiers> {
  const row = await db
    .selectFrom("lodgement_identifiers as l")
    .leftJoin("subscriber_users as u", "u.subscriber_user_id", "l.updated_by")
    .select([
      "l.primary_user_name",
      "l.secondary_user_name",
      "l.version",
      "l.updated_at",
      "u.first_name",
      "u.middle_name",
      "u.last_name",
    ])
    .where("l.subscriber_id", "=", subscriberId)
    .executeTakeFirst();
  if (!row) return { subscriberId, identifiers: null, version: null, lastModifiedAt: null, lastModifiedBy: null };
  return {
    subscriberId,
    identifiers: {
      primary: { userName: row.primary_user_name, passwordSet: true },
      secondary: { userName: row.secondary_user_name, passwordSet: true },
    },
    version: row.version,
    lastModifiedAt: new Date(row.updated_at).toISOString(),
    lastModifiedBy:
      row.first_name && row.last_name
        ? fullName({ firstName: row.first_name, middleName: row.middle_name, lastName: row.last_name })
        : null,
  };
}

/** GET /lodgement-identifiers?subscriberId */
export async function getLodgementIdentifiers(db: DB, caller: VerifiedCaller, subscriberId: string | undefined) {
  requirePermission(caller, Permission.VIEW_LODGEMENT_IDENTIFIERS);
  const subscriber = await administeredSubscriber(db, caller, subscriberId);
  return readLodgementIdentifiers(db, subscriber.subscriberId);
}

/** The stored password is kept when the client leaves it out or sends back the mask it was shown. */
const keepsPassword = (password: string | undefined) => password === undefined || password === "" || password === MASKED_PASSWORD;

/**
 * POST /lodgement-identifiers: without a version, creates them (ADD_LODGEMENT_IDENTIFIERS, both passwords
 * required; 409 when they exist by now, one set per subscriber); with the version the user saw, updates them
 * (EDIT_LODGEMENT_IDENTIFIERS; a password left out is unchanged; 409 when someone else saved since).
 */
export async function saveLodgementIdentifiers(
  db: DB,
  encryptionKey: Buffer,
  caller: VerifiedCaller,
  save: LodgementIdentifiersSave,
  version: number | null,
  meta: RequestMeta,
): Promise<{ created: boolean; identifiers: LodgementIdentifiers }> {
  const subscriber = await administeredSubscriber(db, caller, save.subscriberId);
  const existing = await db
    .selectFrom("lodgement_identifiers")
    .select(["version", "primary_user_name", "secondary_user_name"])
    .where("subscriber_id", "=", subscriber.subscriberId)
    .executeTakeFirst();
  const creating = version === null;
  requirePermission(caller, creating ? Permission.ADD_LODGEMENT_IDENTIFIERS : Permission.EDIT_LODGEMENT_IDENTIFIERS);

  const { primary, secondary } = save.identifiers;
  // On an update an unchanged password passes the form's required rule: the stored one stands in for it.
  const placeholder = (password: string | undefined) => (!creating && keepsPassword(password) ? "unchanged" : password);
  const parsed = LodgementIdentifiersSchema.safeParse({
    primary: { userName: primary.userName, password: placeholder(primary.password) },
    secondary: { userName: secondary.userName, password: placeholder(secondary.password) },
  });
  if (!parsed.success) {
    const messages = [...new Set(parsed.error.issues.map((issue) => issue.message))];
    throw badRequest(messages.join("; "), "VALIDATION_ERROR");
  }
  if (creating && existing) throw conflict();
  if (!creating && !existing) throw notFound("There are no lodgement identifiers to update: add them instead.");

  const primaryUserName = parsed.data.primary.userName.trim();
  const secondaryUserName = parsed.data.secondary.userName.trim();
  const newPrimaryPassword = !creating && keepsPassword(primary.password) ? undefined : primary.password!;
  const newSecondaryPassword = !creating && keepsPassword(secondary.password) ? undefined : secondary.password!;
  const details = {
    primaryUserName,
    secondaryUserName,
    primaryPasswordChanged: newPrimaryPassword !== undefined,
    secondaryPasswordChanged: newSecondaryPassword !== undefined,
  };

  const audit = {
    actorUserId: caller.userId,
    subscriberId: subscriber.subscriberId,
    action: creating ? AuditAction.LODGEMENT_IDENTIFIERS_CREATED : AuditAction.LODGEMENT_IDENTIFIERS_UPDATED,
    target: subscriber.subscriberId,
    details,
  };
  if (creating) {
    await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto("lodgement_identifiers")
        .values({
          subscriber_id: subscriber.subscriberId,
          primary_user_name: primaryUserName,
          primary_password_encrypted: encryptSecret(encryptionKey, newPrimaryPassword!),
          secondary_user_name: secondaryUserName,
          secondary_password_encrypted: encryptSecret(encryptionKey, newSecondaryPassword!),
          updated_by: caller.userId,
        })
        .onConflict((oc) => oc.column("subscriber_id").doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) throw conflict();
      await recordAuditEvent(trx, audit, meta);
    });
  } else {
    await versionedWrite(
      db,
      { table: "lodgement_identifiers", id: subscriber.subscriberId, expected: version, missing: () => notFound() },
      (trx) =>
        trx
          .updateTable("lodgement_identifiers")
          .set({
            primary_user_name: primaryUserName,
            secondary_user_name: secondaryUserName,
            ...(newPrimaryPassword !== undefined ? { primary_password_encrypted: encryptSecret(encryptionKey, newPrimaryPassword) } : {}),
            ...(newSecondaryPassword !== undefined ? { secondary_password_encrypted: encryptSecret(encryptionKey, newSecondaryPassword) } : {}),
            updated_at: new Date(),
            updated_by: caller.userId,
          })
          .where("subscriber_id", "=", subscriber.subscriberId)
          .execute(),
      audit,
      meta,
    );
  }
  return { created: creating, identifiers: await readLodgementIdentifiers(db, subscriber.subscriberId) };
}
