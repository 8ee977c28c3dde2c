/**
 * The Financials tab's inline forms (document 2 sections 5.5 to 5.7): the completion date (with its
 * confirmation step when a date is already set), the amount payable, add or edit a fund, the confirmations
 * (approve, unapprove, delete, authorise, un-authorise), accepting an account with consent, and the retry of
 * a failed account check. Each posts to its view's address with an intent and the version the page showed;
 * errors in the GOV.UK pattern, the user's input kept. Without JavaScript every field shows; with it, the
 * fields that do not apply to the chosen category are hidden and the date picker refuses a weekend or bank
 * holiday as it is chosen (decision 0620).
 */
import { getFormProps, getInputProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { LIMITS } from "../../core/shared/limits.js";
import type { Toast } from "../../core/shared/errors.js";
import { formatDetailDate } from "../../core/shared/format-dates.js";
import { CsrfInput } from "../components/csrf-input";
import { ErrorSummary, FieldError, RadioGroup, SelectField, SubmitButton, TextField, useHydrated, useSchemaForm } from "../components/form";
import { ToastMessage } from "../components/toast";
import {
  AcceptAccountSchema,
  ACCEPT_CONSENT_MESSAGE,
  AmountPayableFormSchema,
  completionDateFormSchema,
  ConfirmationSchema,
  CONSENT_MESSAGES,
  fundFormSchema,
  type FinancialsIntent,
} from "./financials-forms";
import type { OpenForm } from "./financials.server";
import type { ItemCard } from "./financials-view";
import type { LineItemCategory } from "../../core/financials/enums.js";

export interface ActionReply {
  intent: FinancialsIntent;
  result: SubmissionResult<string[]>;
  toast: Toast | null;
  confirmDate: { date: string; display: string; current: string } | null;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyField = FieldMetadata<any, any, string[]>;

interface PanelProps {
  form: OpenForm;
  /** The schedule's version. */
  version: number;
  closeTo: string;
  reply: ActionReply | null;
  earliest: string;
  bankHolidays: readonly { date: string; title: string }[];
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [title]);
  return (
    <section className="inline-view" aria-labelledby="inline-view-title">
      <h4 id="inline-view-title" ref={heading} tabIndex={-1}>
        {title}
      </h4>
      {children}
    </section>
  );
}

function useFormAction() {
  const location = useLocation();
  return `${location.pathname}${location.search}`;
}

function FormEnd({ intent, version, closeTo, label, busyLabel, disabled, disabledHint }: { intent: FinancialsIntent; version: number; closeTo: string; label: string; busyLabel?: string; disabled?: boolean; disabledHint?: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <>
      <input type="hidden" name="version" value={version} />
      <div className="form-actions">
        <SubmitButton name="intent" value={intent} disabled={disabled} aria-describedby={disabled && disabledHint ? "inline-submit-hint" : undefined}>
          {busy && busyLabel ? busyLabel : label}
        </SubmitButton>
        <Link to={closeTo} className="button secondary outline" preventScrollReset>
          Cancel
        </Link>
      </div>
      {busy && busyLabel ? (
        <p className="field-hint" role="status">
          {busyLabel}
        </p>
      ) : null}
      {disabled && disabledHint ? (
        <p id="inline-submit-hint" className="field-hint">
          {disabledHint}
        </p>
      ) : null}
    </>
  );
}

/** One tick box bound to a Conform field (value "on"). */
function Tick({ field, label }: { field: AnyField; label: string }) {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { key, ...props } = getInputProps(field, { type: "checkbox", value: "on" });
  return (
    <div className={field.errors?.length ? "form-field form-field--error" : "form-field"}>
      <FieldError id={field.errorId} errors={field.errors} />
      <label htmlFor={field.id}>
        <input {...props} />
        {label}
      </label>
    </div>
  );
}

export function InlineForm({ form, version, closeTo, reply, earliest, bankHolidays }: PanelProps) {
  const own = reply && intentsOf(form).includes(reply.intent) ? reply : null;
  const lastResult = own ? own.result : null;
  let body: ReactNode = null;
  switch (form.kind) {
    case "completion-date":
      body = own?.confirmDate ? (
        <ConfirmDateForm confirm={own.confirmDate} version={version} closeTo={closeTo} />
      ) : (
        <CompletionDateForm current={form.current} version={version} closeTo={closeTo} lastResult={lastResult} earliest={earliest} bankHolidays={bankHolidays} />
      );
      break;
    case "amount-payable":
      body = <AmountPayableForm defaultValue={form.defaultValue} version={version} closeTo={closeTo} lastResult={lastResult} />;
      break;
    case "confirm":
      body = <ConfirmForm form={form} version={"itemVersion" in form && typeof form.itemVersion === "number" ? form.itemVersion : version} closeTo={closeTo} lastResult={lastResult} />;
      break;
    case "accept":
      body = <AcceptForm form={form} closeTo={closeTo} lastResult={lastResult} />;
      break;
    case "fund":
      body = <FundForm form={form} version={form.itemVersion ?? version} closeTo={closeTo} lastResult={lastResult} />;
      break;
  }
  return (
    <Panel title={own?.confirmDate ? "Confirm the new completion date" : form.title}>
      <ToastMessage toast={own?.toast ?? null} />
      {body}
    </Panel>
  );
}

function intentsOf(form: OpenForm): FinancialsIntent[] {
  switch (form.kind) {
    case "completion-date":
      return ["completion-date", "confirm-completion-date"];
    case "amount-payable":
      return ["amount-payable"];
    case "confirm":
      return [form.intent];
    case "accept":
      return ["accept"];
    case "fund":
      return [form.intent];
  }
}

function CompletionDateForm({ current, version, closeTo, lastResult, earliest, bankHolidays }: { current: string | null; version: number; closeTo: string; lastResult: SubmissionResult<string[]> | null; earliest: string; bankHolidays: readonly { date: string; title: string }[] }) {
  const schema = useMemo(() => completionDateFormSchema({ earliest, bankHolidays, current }), [earliest, bankHolidays, current]);
  const [conform, fields] = useSchemaForm(schema, { id: "completion-date-form", lastResult, defaultValue: { completionDate: current ?? "" } });
  const upcoming = bankHolidays.filter((holiday) => holiday.date >= earliest).slice(0, 8);
  return (
    <Form method="post" action={useFormAction()} {...getFormProps(conform)} noValidate preventScrollReset>
      <CsrfInput />
      <ErrorSummary form={conform} headingLevel={5} />
      <TextField
        field={fields.completionDate}
        label="Completion date"
        type="date"
        min={earliest}
        hint={`The earliest date you can choose is ${formatDetailDate(earliest)}. Weekends and bank holidays cannot be chosen.`}
      />
      {upcoming.length > 0 ? (
        <details className="bank-holidays">
          <summary>Bank holidays that cannot be chosen</summary>
          <ul>
            {upcoming.map((holiday) => (
              <li key={holiday.date}>
                {formatDetailDate(holiday.date)}: {holiday.title}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      <FormEnd intent="completion-date" version={version} closeTo={closeTo} label={current ? "Change completion date" : "Save completion date"} />
    </Form>
  );
}

function ConfirmDateForm({ confirm, version, closeTo }: { confirm: { date: string; display: string; current: string }; version: number; closeTo: string }) {
  return (
    <Form method="post" action={useFormAction()} preventScrollReset>
      <CsrfInput />
      <p>
        Change the completion date from {confirm.current} to <strong>{confirm.display}</strong>?
      </p>
      <input type="hidden" name="completionDate" value={confirm.date} />
      <input type="hidden" name="confirmed" value="yes" />
      <FormEnd intent="confirm-completion-date" version={version} closeTo={closeTo} label="Yes, change the completion date" />
    </Form>
  );
}

function AmountPayableForm({ defaultValue, version, closeTo, lastResult }: { defaultValue: Record<string, unknown>; version: number; closeTo: string; lastResult: SubmissionResult<string[]> | null }) {
  const [conform, fields] = useSchemaForm(AmountPayableFormSchema, { id: "amount-payable-form", lastResult, defaultValue });
  return (
    <Form method="post" action={useFormAction()} {...getFormProps(conform)} noValidate preventScrollReset>
      <CsrfInput />
      <ErrorSummary form={conform} headingLevel={5} />
      <TextField field={fields.amountPayableOnCompletion} label="Amount payable on completion (£)" inputMode="decimal" autoComplete="off" hint="In pounds, for example 250000.00" />
      <FormEnd intent="amount-payable" version={version} closeTo={closeTo} label="Save" />
    </Form>
  );
}

function ConfirmForm({ form, version, closeTo, lastResult }: { form: Extract<OpenForm, { kind: "confirm" }>; version: number; closeTo: string; lastResult: SubmissionResult<string[]> | null }) {
  const [conform] = useSchemaForm(ConfirmationSchema, { id: "confirm-form", lastResult });
  return (
    <Form method="post" action={useFormAction()} {...getFormProps(conform)} noValidate preventScrollReset>
      <CsrfInput />
      <ErrorSummary form={conform} headingLevel={5} />
      <p>{form.text}</p>
      {"lineItemId" in form ? <input type="hidden" name="lineItemId" value={form.lineItemId} /> : null}
      <FormEnd intent={form.intent} version={version} closeTo={closeTo} label={form.button} />
    </Form>
  );
}

function AcceptForm({ form, closeTo, lastResult }: { form: Extract<OpenForm, { kind: "accept" }>; closeTo: string; lastResult: SubmissionResult<string[]> | null }) {
  const [conform, fields] = useSchemaForm(AcceptAccountSchema, { id: "accept-form", lastResult });
  return (
    <Form method="post" action={useFormAction()} {...getFormProps(conform)} noValidate preventScrollReset>
      <CsrfInput />
      <ErrorSummary form={conform} headingLevel={5} />
      <p>{form.text}</p>
      <Tick field={fields.consent} label={ACCEPT_CONSENT_MESSAGE.replace(/^Confirm that y/, "Y")} />
      <input type="hidden" name="lineItemId" value={form.lineItemId} />
      <FormEnd intent="accept" version={form.itemVersion} closeTo={closeTo} label={form.button} />
    </Form>
  );
}

const BANK_CATEGORIES: readonly string[] = ["REDEMPTION", "SURPLUS", "ONWARD_FUNDS"];

function FundForm({ form, version, closeTo, lastResult }: { form: Extract<OpenForm, { kind: "fund" }>; version: number; closeTo: string; lastResult: SubmissionResult<string[]> | null }) {
  const hydrated = useHydrated();
  const categories = form.categories.map((option) => option.value as LineItemCategory);
  const schema = useMemo(() => fundFormSchema({ categories, autoAuthorisationEnabled: form.autoAuthorisationEnabled }), [categories.join(), form.autoAuthorisationEnabled]); // eslint-disable-line react-hooks/exhaustive-deps
  const [conform, fields] = useSchemaForm(schema, { id: "fund-form", lastResult, defaultValue: form.defaultValue });
  const [category, setCategory] = useState(String(fields.category.initialValue ?? ""));
  const [savedAccount, setSavedAccount] = useState(String(fields.financialAccountId.initialValue ?? ""));
  const bank = (fields as unknown as Record<string, AnyField & { getFieldset: () => Record<string, AnyField> }>).bankAccount!.getFieldset();
  const consent = (fields as unknown as Record<string, AnyField & { getFieldset: () => Record<string, AnyField> }>).consent!.getFieldset();
  const offersBank = categories.some((value) => BANK_CATEGORIES.includes(value));
  const offersSaved = categories.includes("REDEMPTION") && form.savedAccounts.length > 0;
  const offersBuyerFunds = categories.includes("BUYER_FUNDS");
  const showSaved = offersSaved && (!hydrated || category === "REDEMPTION");
  const showBank = offersBank && (!hydrated || (BANK_CATEGORIES.includes(category) && !(category === "REDEMPTION" && savedAccount)));
  const showConsent = offersBuyerFunds && (!hydrated || category === "BUYER_FUNDS");
  const accountTypeFixed = hydrated && category !== "SURPLUS";
  const unchanged = hydrated && form.intent === "edit-fund" && !conform.dirty;
  return (
    <Form method="post" action={useFormAction()} {...getFormProps(conform)} noValidate preventScrollReset>
      <CsrfInput />
      <ErrorSummary form={conform} headingLevel={5} />
      {form.lineItemId ? <input type="hidden" name="lineItemId" value={form.lineItemId} /> : null}
      {form.categories.length === 1 ? (
        <>
          <input type="hidden" name={fields.category.name} value={form.categories[0]!.value} />
          <p>
            Category: <strong>{form.categories[0]!.label}</strong>
          </p>
        </>
      ) : (
        <SelectField field={fields.category} label="Category" placeholder="Select a category" options={form.categories} onChange={(event) => setCategory(event.currentTarget.value)} />
      )}
      <TextField field={fields.amount} label="Amount (£)" inputMode="decimal" autoComplete="off" hint="In pounds, for example 1500.00" />
      <TextField field={fields.reference} label="Reference" maxLength={LIMITS.lineItemReference} autoComplete="off" />
      {categories.includes("CONVEYANCING_FEES") && (!hydrated || category === "CONVEYANCING_FEES") ? (
        <p className="field-hint">Conveyancing Fees are paid to your firm's preconfigured account: no bank details are needed.</p>
      ) : null}
      {showSaved ? (
        <SelectField
          field={fields.financialAccountId}
          label={hydrated ? "Saved account" : "For Redemption: a saved account"}
          hint="Choose one of your firm's verified accounts, or enter the account details below."
          placeholder="Enter the account details instead"
          options={form.savedAccounts}
          onChange={(event) => setSavedAccount(event.currentTarget.value)}
        />
      ) : null}
      {showBank ? (
        <fieldset>
          <legend>{hydrated ? "Bank account" : "For Redemption (without a saved account), Surplus and Onward Funds: the bank account"}</legend>
          <TextField field={bank.accountName!} label="Account name" maxLength={LIMITS.accountName} autoComplete="off" />
          <TextField field={bank.bankCode!} label="Sort code" hint="6 digits, for example 08-99-99" autoComplete="off" inputMode="numeric" maxLength={8} />
          <TextField field={bank.accountNumber!} label="Account number" hint="8 digits" autoComplete="off" inputMode="numeric" maxLength={8} />
          {accountTypeFixed ? (
            <input type="hidden" name={bank.accountType!.name} value="BUSINESS" />
          ) : (
            <RadioGroup
              field={bank.accountType!}
              legend="Account type"
              hint={hydrated ? undefined : "Only Surplus may be paid to a personal account."}
              inline
              options={[
                { value: "PERSONAL", label: "Personal" },
                { value: "BUSINESS", label: "Business" },
              ]}
            />
          )}
        </fieldset>
      ) : null}
      {showConsent ? (
        <fieldset>
          <legend>{hydrated ? "Consent" : "For Buyer Funds: consent"}</legend>
          {form.autoAuthorisationEnabled ? (
            <Tick field={consent.autoAuthorisation!} label={CONSENT_MESSAGES.autoAuthorisation.replace(/^Confirm that t/, "T")} />
          ) : (
            <>
              <Tick field={consent.financialCheck!} label={CONSENT_MESSAGES.financialCheck.replace(/^Confirm that y/, "Y")} />
              <Tick field={consent.sourceOfFunds!} label={CONSENT_MESSAGES.sourceOfFunds.replace(/^Confirm that y/, "Y")} />
            </>
          )}
        </fieldset>
      ) : null}
      <FormEnd
        intent={form.intent}
        version={version}
        closeTo={closeTo}
        label={form.intent === "add-fund" ? "Add" : "Update"}
        busyLabel={showBank ? "Checking account…" : undefined}
        disabled={unchanged}
        disabledHint="Change a detail to update the line item."
      />
    </Form>
  );
}

/** The retry of a failed account check: sends the same account again (posts from the tab). */
export function RetryForm({ item }: { item: ItemCard }) {
  const navigation = useNavigation();
  const location = useLocation();
  if (!item.alert?.retry) return null;
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "retry" && navigation.formData?.get("lineItemId") === item.lineItemId;
  if (!item.alert.retry.enabled) {
    return (
      <span className="disabled-action">
        <button type="button" className="secondary outline inline-action" aria-disabled="true" aria-describedby={`retry-${item.lineItemId}-reason`}>
          Retry
        </button>
        <small id={`retry-${item.lineItemId}-reason`} className="disabled-reason">
          {item.alert.retry.reason}
        </small>
      </span>
    );
  }
  return (
    <Form method="post" action={location.pathname} preventScrollReset className="inline-form">
      <CsrfInput />
      <input type="hidden" name="lineItemId" value={item.lineItemId} />
      <input type="hidden" name="version" value={item.version} />
      <button type="submit" name="intent" value="retry" className="secondary inline-action" aria-busy={busy || undefined} disabled={busy}>
        {busy ? "Checking account…" : "Retry"}
      </button>
    </Form>
  );
}
