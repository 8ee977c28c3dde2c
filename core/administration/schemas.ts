/**
 * Administration forms (document 3 section 5.3): the user form (with the Approver/User exclusivity and the
 * User Manager rule), the IP allow list, the client secret, the notification email and the lodgement
 * identifiers.
 */
import { z } from "zod";
import { ADMINISTRATION_LIMITS, NamedRoleSchema, NOTIFICATION_EVENT_TYPES } from "./enums.js";
import { HELPDESK_ADMINISTRATOR } from "../shared/permissions/roles.js";
import { EVEN_WITH_FIELD_ERRORS, filled, PATTERNS, optionalText, requiredText } from "../shared/fields.js";
import { IpAllowListSchema } from "./ip-allow-list.js";

/** The email shape: a local part, an @ and a domain with at least one dot (the HTML living standard's rule plus a dot). */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function isValidEmail(text: string): boolean {
  return EMAIL_PATTERN.test(text);
}

export const USER_NAME_MAX = ADMINISTRATION_LIMITS.name;

const personName = (label: string, lower: string) => ({
  label,
  max: USER_NAME_MAX,
  pattern: PATTERNS.name,
  messages: { pattern: `Enter a valid ${lower}` },
});

export const USER_FORM_MESSAGES = {
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  emailRequired: "Email address is required",
  emailInvalid: "Enter a valid email address",
  rolesRequired: "Select at least one role",
  invalidRole: "Select a valid role",
  approverAndUser: "A user cannot be both a Workspace Approver and a Workspace User",
  userManager: "Only a helpdesk administrator can change the User Manager role",
  singleSignOn: "Single sign-on is in use. Please contact your company to make any changes.",
} as const;

export const UserEmailSchema = z
  .string({ error: () => USER_FORM_MESSAGES.emailRequired })
  .transform((value) => value.trim())
  .superRefine((value, ctx) => {
    if (value === "") ctx.addIssue({ code: "custom", message: USER_FORM_MESSAGES.emailRequired });
    else if (!isValidEmail(value)) ctx.addIssue({ code: "custom", message: USER_FORM_MESSAGES.emailInvalid });
  });

export interface UserFormOptions {
  /** The person filling the form is a helpdesk administrator. */
  actorIsHelpdeskAdministrator: boolean;
  /** The roles the user had before this edit ([] when creating). */
  previousRoles?: readonly string[];
}

/**
 * The user form. Roles: at least one of the named roles (the helpdesk administrator role is not offered),
 * never both Workspace Approver and Workspace User, and only a helpdesk administrator may add or remove
 * User Manager.
 */
export function userFormSchema(options: UserFormOptions) {
  const previous = options.previousRoles ?? [];
  return z
    .object({
      firstName: requiredText(personName("First name", "first name")),
      middleName: optionalText(personName("Middle name", "middle name")),
      lastName: requiredText(personName("Last name", "last name")),
      email: UserEmailSchema,
      roleNames: z.preprocess(
        (value) => (typeof value === "string" ? [value] : value ?? []),
        z
          .array(
            NamedRoleSchema.exclude([HELPDESK_ADMINISTRATOR], { error: () => USER_FORM_MESSAGES.invalidRole }),
            {
              error: () => USER_FORM_MESSAGES.rolesRequired,
            },
          )
          .min(1, USER_FORM_MESSAGES.rolesRequired),
      ),
    })
    .superRefine((user, ctx) => {
      const roles: readonly string[] = Array.isArray(user.roleNames) ? user.roleNames : [];
      if (roles.includes("Workspace Approver") && roles.includes("Workspace User")) {
        ctx.addIssue({ code: "custom", message: USER_FORM_MESSAGES.approverAndUser, path: ["roleNames"] });
      }
      if (!options.actorIsHelpdeskAdministrator && roles.includes("User Manager") !== previous.includes("User Manager")) {
        ctx.addIssue({ code: "custom", message: USER_FORM_MESSAGES.userManager, path: ["roleNames"] });
      }
    }, EVEN_WITH_FIELD_ERRORS);
}

/** Roles a role picker disables: the other of Approver/User once one is chosen; User Manager for non-helpdesk. */
export function disabledRoleChoices(selected: readonly string[], actorIsHelpdeskAdministrator: boolean): string[] {
  const disabled: string[] = [];
  if (selected.includes("Workspace Approver")) disabled.push("Workspace User");
  if (selected.includes("Workspace User")) disabled.push("Workspace Approver");
  if (!actorIsHelpdeskAdministrator) disabled.push("User Manager");
  return disabled;
}

/** Names are locked for enterprise single sign-on users; email is never editable on edit. */
export function lockedUserFields(authenticationType: string | null | undefined, editing: boolean): string[] {
  const locked = editing ? ["email"] : [];
  if (editing && authenticationType === "ENTERPRISE_CONNECTION") locked.push("firstName", "middleName", "lastName");
  return locked;
}

export const IpAllowListFormSchema = z.object({ ipAddresses: IpAllowListSchema });

export const CLIENT_SECRET_MAX = ADMINISTRATION_LIMITS.clientSecret;
export const ClientSecretSchema = requiredText({ label: "Client secret", max: CLIENT_SECRET_MAX, noLeadingWhitespace: true });
export const ClientSecretFormSchema = z.object({ clientSecret: ClientSecretSchema });

export const NOTIFICATION_EMAIL_MESSAGES = {
  required: "Email is required",
  invalid: "Invalid email format",
  tooLong: "Email address must be 50 characters or less",
  eventTypes: "Please select at least one notification type",
} as const;
export const NOTIFICATION_EMAIL_MAX = ADMINISTRATION_LIMITS.notificationEmail;

export const NotificationEmailSchema = z
  .string({ error: () => NOTIFICATION_EMAIL_MESSAGES.required })
  .transform((value) => value.trim())
  .superRefine((value, ctx) => {
    if (value === "") ctx.addIssue({ code: "custom", message: NOTIFICATION_EMAIL_MESSAGES.required });
    else if (value.length > NOTIFICATION_EMAIL_MAX) ctx.addIssue({ code: "custom", message: NOTIFICATION_EMAIL_MESSAGES.tooLong });
    else if (!isValidEmail(value)) ctx.addIssue({ code: "custom", message: NOTIFICATION_EMAIL_MESSAGES.invalid });
  });

/** The communication settings form; with no registration yet, at least one event type is required. */
export function notificationSettingsSchema(options: { registrationExists: boolean }) {
  const eventTypes = z.preprocess(
    (value) => (typeof value === "string" ? [value] : value ?? []),
    z.array(z.enum(NOTIFICATION_EVENT_TYPES)),
  );
  return z.object({
    email: NotificationEmailSchema,
    eventTypes: options.registrationExists
      ? eventTypes
      : eventTypes.refine((types) => types.length > 0, NOTIFICATION_EMAIL_MESSAGES.eventTypes),
  });
}

export const LODGEMENT_IDENTIFIER_MESSAGES = {
  primaryUserName: "Primary username is required",
  primaryPassword: "Primary password is required",
  secondaryUserName: "Secondary username is required",
  secondaryPassword: "Secondary password is required",
  sameUserNames: "Usernames cannot be same",
} as const;

const credential = (userNameMessage: string, passwordMessage: string) =>
  z.object({
    userName: requiredText({ label: "Username", messages: { required: userNameMessage } }),
    password: requiredText({ label: "Password", messages: { required: passwordMessage } }),
  });

export const LodgementIdentifiersSchema = z
  .object({
    primary: credential(LODGEMENT_IDENTIFIER_MESSAGES.primaryUserName, LODGEMENT_IDENTIFIER_MESSAGES.primaryPassword),
    secondary: credential(LODGEMENT_IDENTIFIER_MESSAGES.secondaryUserName, LODGEMENT_IDENTIFIER_MESSAGES.secondaryPassword),
  })
  .superRefine((identifiers, ctx) => {
    const primary = (identifiers.primary as { userName?: unknown } | undefined)?.userName;
    const secondary = (identifiers.secondary as { userName?: unknown } | undefined)?.userName;
    if (filled(primary) && filled(secondary) && String(primary).trim().toLowerCase() === String(secondary).trim().toLowerCase()) {
      ctx.addIssue({ code: "custom", message: LODGEMENT_IDENTIFIER_MESSAGES.sameUserNames, path: ["secondary", "userName"] });
    }
  }, EVEN_WITH_FIELD_ERRORS);
export type LodgementIdentifiersInput = z.output<typeof LodgementIdentifiersSchema>;

/**
 * What an identifiers save sends: nothing when nothing changed (null); an unchanged password (still the
 * five-asterisk mask) is left out.
 */
export function lodgementIdentifiersChanges(
  saved: LodgementIdentifiersInput | null,
  edited: LodgementIdentifiersInput,
  mask = "*****",
): { primary: { userName: string; password?: string }; secondary: { userName: string; password?: string } } | null {
  const side = (key: "primary" | "secondary") => {
    const value = edited[key];
    return value.password === mask ? { userName: value.userName } : { userName: value.userName, password: value.password };
  };
  if (saved) {
    const unchanged = (key: "primary" | "secondary") =>
      saved[key].userName === edited[key].userName && (edited[key].password === mask || edited[key].password === saved[key].password);
    if (unchanged("primary") && unchanged("secondary")) return null;
  }
  return { primary: side("primary"), secondary: side("secondary") };
}
