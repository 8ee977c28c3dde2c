/**
 * The user details panel, for adding and editing a user (document 3 section 5.3): first, middle and last
 * name, email (not editable when editing), and roles. Names are locked for enterprise single sign-on;
 * Workspace Approver and Workspace User exclude each other; only a helpdesk administrator changes User
 * Manager, so for anyone else that checkbox is disabled with the reason beside it. The same core schema
 * validates here (with JavaScript) and in the action.
 */
import { getFormProps } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useState } from "react";
import type { Toast } from "../../core/shared/errors.js";
import { disabledRoleChoices, USER_FORM_MESSAGES, userFormSchema } from "../../core/administration/schemas.js";
import { CsrfInput } from "../components/csrf-input";
import { CheckboxGroup, ErrorSummary, SubmitButton, TextField, useHydrated, useSchemaForm } from "../components/form";
import { ToastMessage } from "../components/toast";
import type { SubmissionResult } from "@conform-to/react";

const USER_MANAGER = "User Manager";

export interface UserFormProps {
  mode: "add" | "edit";
  action: string;
  closeTo: string;
  helpdesk: boolean;
  roleOptions: readonly string[];
  /** The user's roles before this edit ([] when adding). */
  previousRoles: readonly string[];
  /** Names locked (enterprise single sign-on). */
  namesLocked?: boolean;
  defaultValue?: { firstName: string; middleName: string; lastName: string; email: string; roleNames: string[] };
  version?: number;
  lastResult?: SubmissionResult<string[]> | null;
  toast?: Toast | null;
}

export function UserForm(props: UserFormProps) {
  const { mode, helpdesk, previousRoles, namesLocked = false } = props;
  const schema = userFormSchema({ actorIsHelpdeskAdministrator: helpdesk, previousRoles });
  const [form, fields] = useSchemaForm(schema, {
    id: "user-form",
    lastResult: props.lastResult,
    defaultValue: props.defaultValue ?? { roleNames: [] },
  });
  const hydrated = useHydrated();
  const initialRoles = toList(fields.roleNames.initialValue);
  const [selected, setSelected] = useState<string[]>(initialRoles);
  const userManagerLocked = !helpdesk;
  const keepsUserManager = userManagerLocked && previousRoles.includes(USER_MANAGER);
  // Approver/User exclusivity is applied as the user ticks (JavaScript); a role already ticked stays
  // changeable. Without JavaScript the schema's message explains a conflicting choice instead.
  const exclusive = hydrated ? disabledRoleChoices(selected, helpdesk).filter((role) => !selected.includes(role)) : [];
  const roleOptions = props.roleOptions.map((role) => ({
    value: role,
    label: role,
    disabled: (role === USER_MANAGER && userManagerLocked) || exclusive.includes(role),
    hint: role === USER_MANAGER && userManagerLocked ? USER_FORM_MESSAGES.userManager : undefined,
  }));
  const nameHint = namesLocked ? USER_FORM_MESSAGES.singleSignOn : undefined;
  return (
    <>
      <ToastMessage toast={props.toast ?? null} />
      <Form method="post" action={props.action} {...getFormProps(form)} noValidate className="side-panel user-form">
        <CsrfInput />
        {props.version !== undefined ? <input type="hidden" name="version" value={props.version} /> : null}
        <ErrorSummary form={form} />
        <TextField field={fields.firstName} label="First name" hint={nameHint} readOnly={namesLocked} autoComplete="off" />
        <TextField field={fields.middleName} label="Middle name (optional)" hint={nameHint} readOnly={namesLocked} autoComplete="off" />
        <TextField field={fields.lastName} label="Last name" hint={nameHint} readOnly={namesLocked} autoComplete="off" />
        <TextField
          field={fields.email}
          label="Email address"
          type="email"
          readOnly={mode === "edit"}
          hint={mode === "edit" ? "The email address cannot be changed." : undefined}
          autoComplete="off"
        />
        {keepsUserManager ? <input type="hidden" name={fields.roleNames.name} value={USER_MANAGER} /> : null}
        <CheckboxGroup
          field={fields.roleNames}
          legend="Roles"
          hint="A user cannot be both a Workspace Approver and a Workspace User."
          options={roleOptions}
          onChoose={(value, checked) =>
            setSelected((current) => (checked ? [...current.filter((role) => role !== value), value] : current.filter((role) => role !== value)))
          }
        />
        <div className="form-actions">
          <SubmitButton>{mode === "add" ? "Add user" : "Save changes"}</SubmitButton>
          <Link to={props.closeTo} className="button secondary" preventScrollReset>
            Cancel
          </Link>
        </div>
      </Form>
    </>
  );
}

function toList(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === "string");
  return typeof value === "string" ? [value] : [];
}
