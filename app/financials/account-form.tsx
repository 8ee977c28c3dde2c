/**
 * The add and edit form of a frequently used account (document 2 sections 2.4 and 5.9): category (only
 * Redemption), display name, account name, account type (read-only, Business), sort code and account
 * number; Cancel and Add or Update. The same core schema validates here and in the action. A duplicate the
 * server reported shows the alert and highlights the sort code and account number until one of them
 * changes. With JavaScript, Add or Update waits for a change and no errors, and leaving with unsaved changes
 * asks first (in-app links and closing the tab).
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useBlocker } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { frequentlyUsedAccountSchema } from "../../core/financials/schemas.js";
import { CsrfInput } from "../components/csrf-input";
import { ErrorSummary, SelectField, SubmitButton, TextField, useHydrated, useSchemaForm } from "../components/form";
import { ACCOUNTS_PATH } from "./accounts-view";

export interface AccountFormValues {
  type: string;
  displayName: string;
  accountName: string;
  accountNumber: string;
  bankCode: string;
}

export interface AccountFormProps {
  mode: "add" | "edit";
  action: string;
  defaultValue?: AccountFormValues;
  version?: number;
  lastResult?: SubmissionResult<string[]> | null;
  /** The sort code and account number the server reported as existing already. */
  duplicate?: { bankCode: string; accountNumber: string } | null;
}

export function AccountForm(props: AccountFormProps) {
  const duplicate = props.duplicate ?? null;
  const schema = frequentlyUsedAccountSchema(
    (account) => duplicate !== null && account.bankCode === duplicate.bankCode && account.accountNumber === duplicate.accountNumber,
  );
  const [form, fields] = useSchemaForm(schema, {
    id: "account-form",
    lastResult: props.lastResult,
    defaultValue: (props.defaultValue ?? { type: "REDEMPTION" }) as Record<string, unknown>,
  });
  // Whether the fields differ from what the form opened with, read when the user leaves (typing may come
  // before the page is hydrated, so no change event is relied on); a submit is not leaving.
  const formRef = useRef<HTMLFormElement>(null);
  const submitted = useRef(false);
  const unsaved = () => !submitted.current && formRef.current !== null && isChanged(formRef.current, props.defaultValue);
  useLeaveGuard(unsaved);
  // Add or Update waits for a change and a form without errors (5.9); without JavaScript it is always on and
  // the action answers. The first reading is taken once hydrated, as typing may have come before.
  const hydrated = useHydrated();
  const [changed, setChanged] = useState(false);
  useEffect(() => {
    if (formRef.current) setChanged(isChanged(formRef.current, props.defaultValue));
  }, [props.defaultValue]);
  const hasErrors = Object.values(form.allErrors).some((messages) => (messages?.length ?? 0) > 0);
  // A refused submit comes back with the input: leaving it is leaving unsaved changes again.
  useEffect(() => {
    submitted.current = false;
  }, [props.lastResult]);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && unsaved());
  return (
    <>
      <Form
        method="post"
        action={props.action}
        {...getFormProps(form)}
        noValidate
        className="account-form"
        ref={formRef}
        onChange={(event: FormEvent<HTMLFormElement>) => setChanged(isChanged(event.currentTarget, props.defaultValue))}
        onSubmit={(event) => {
          form.onSubmit(event);
          submitted.current = !event.defaultPrevented;
        }}
      >
        <CsrfInput />
        {props.version !== undefined ? <input type="hidden" name="version" value={props.version} /> : null}
        <ErrorSummary form={form} />
        <SelectField field={fields.type} label="Category" options={[{ value: "REDEMPTION", label: "Redemption" }]} />
        <TextField field={fields.displayName} label="Display name" autoComplete="off" />
        <TextField field={fields.accountName} label="Account name" autoComplete="off" />
        <div className="form-field">
          <label htmlFor="account-form-accountType">Account type</label>
          <input id="account-form-accountType" type="text" value="Business" readOnly aria-describedby="account-form-accountType-hint" />
          <p id="account-form-accountType-hint" className="field-hint">
            Frequently used accounts are always business accounts.
          </p>
        </div>
        <TextField field={fields.bankCode} label="Sort code" hint="6 digits, for example 08-99-99" inputMode="numeric" autoComplete="off" />
        <TextField field={fields.accountNumber} label="Account number" hint="8 digits" inputMode="numeric" autoComplete="off" />
        <div className="form-actions">
          <Link to={ACCOUNTS_PATH} className="button secondary">
            Cancel
          </Link>
          <SubmitButton disabled={hydrated && (!changed || hasErrors)}>{props.mode === "add" ? "Add" : "Update"}</SubmitButton>
        </div>
      </Form>
      {blocker.state === "blocked" ? (
        <div className="leave-confirmation" role="alertdialog" aria-labelledby="leave-title" aria-describedby="leave-text">
          <h2 id="leave-title">Leave this page?</h2>
          <p id="leave-text">You have unsaved changes. If you leave, they will be lost.</p>
          <div className="form-actions">
            <button type="button" className="secondary" onClick={() => blocker.reset()}>
              Cancel
            </button>
            <button type="button" onClick={() => blocker.proceed()}>
              Leave
            </button>
          </div>
        </div>
      ) : null}
    </>
  );
}

/** Whether the form's fields differ from what it opened with. */
function isChanged(form: HTMLFormElement, initial: AccountFormValues | undefined): boolean {
  const data = new FormData(form);
  const start: Record<string, string> = { type: "REDEMPTION", displayName: "", accountName: "", accountNumber: "", bankCode: "", ...initial };
  return (["type", "displayName", "accountName", "accountNumber", "bankCode"] as const).some((name) => String(data.get(name) ?? "") !== start[name]);
}

/** Closing or reloading the tab with unsaved changes asks the browser's own question. */
function useLeaveGuard(unsaved: () => boolean) {
  const check = useRef(unsaved);
  check.current = unsaved;
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!check.current()) return;
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, []);
}

/** The way back to the list (document 2 section 2.4). */
export function Breadcrumb({ current }: { current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumb">
      <ol>
        <li>
          <Link to={ACCOUNTS_PATH}>Manage financial accounts</Link>
        </li>
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}
