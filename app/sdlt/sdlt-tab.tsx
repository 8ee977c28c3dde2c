/**
 * The Stamp duty tab (document 3 section 2.3): the error panel when the details could not be loaded; the three
 * initial questions (the next appears as one is answered; choosing the selected answer again clears it) or the
 * notice of the decision; the summary of transaction details; the return's five sections as accordions with
 * their Completed / Pending badge, each a read-only summary, its form, or its edit form; the calculated tax
 * beside the entered one; Next to the consent form; the prepared notice with its reopen link; and the filing
 * status. Every action is a link or a form with an intent, so all of it works without JavaScript.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { CsrfInput } from "../components/csrf-input";
import { ErrorSummary, FieldError, SubmitButton, useHydrated, useSchemaForm } from "../components/form";
import { ToastMessage } from "../components/toast";
import type { Toast } from "../../core/shared/errors.js";
import { TAX_AUTHORITY_LABELS, TAX_AUTHORITIES } from "../../core/sdlt/enums.js";
import {
  taxEligibility,
  toggleInitialAnswer,
  visibleInitialQuestions,
  type InitialAnswers,
} from "../../core/sdlt/rules.js";
import { SDLT_CONSENT_STATEMENTS } from "../../core/sdlt/schemas.js";
import { SdltConsentSchema, SdltInitialQuestionsSchema, sectionSchema } from "./sdlt-forms";
import {
  AgentDetailsFields,
  PropertyDetailsFields,
  PurchaserDetailsFields,
  TaxCalculationFields,
  TransactionDetailsFields,
  YES_NO,
} from "./sdlt-fields";
import type { CalculationView, Row, SdltApplicationView, SdltView, SectionView } from "./sdlt-view";

export interface SdltReply {
  intent: string;
  section: string | null;
  result: SubmissionResult<string[]>;
  toast: Toast | null;
}

function Rows({ rows, label }: { rows: Row[]; label?: string }) {
  return (
    <dl className="sdlt-facts" aria-label={label}>
      {rows.map((row) => (
        <div key={row.term}>
          <dt>{row.term}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

// ---------------------------------------------------------------------------------------------------
// Load failure

export function SdltErrorPanel({ status, message }: { status: number; message: string }) {
  const location = useLocation();
  return (
    <div className="notice notice-error sdlt-error-panel" role="alert">
      <h3>Something went wrong</h3>
      <p>
        {message} Status: {status}.
      </p>
      {/* A link to this address: it loads the details again, with or without JavaScript. */}
      <Link to={`${location.pathname}${location.search}`} className="button secondary" reloadDocument={false}>
        Try again
      </Link>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------------
// Initial questions

const QUESTIONS = {
  needStampDutySubmission: {
    legend: "Is a stamp duty land tax return needed for this transaction?",
    options: YES_NO,
  },
  taxAuthority: {
    legend: "Which tax authority does the return go to?",
    options: TAX_AUTHORITIES.map((value) => ({ value, label: TAX_AUTHORITY_LABELS[value] })),
  },
  submitThroughProduct: {
    legend: "Do you want to submit the return through this product?",
    options: YES_NO,
  },
} as const;
type QuestionName = keyof typeof QUESTIONS;
const QUESTION_ORDER: QuestionName[] = ["needStampDutySubmission", "taxAuthority", "submitThroughProduct"];

function answersOf(value: unknown): InitialAnswers {
  const record = (value && typeof value === "object" ? value : {}) as Record<string, unknown>;
  const bool = (text: unknown) => (text === "true" ? true : text === "false" ? false : null);
  const authority = TAX_AUTHORITIES.find((candidate) => candidate === record.taxAuthority) ?? null;
  return {
    needStampDutySubmission: bool(record.needStampDutySubmission),
    taxAuthority: authority,
    submitThroughProduct: bool(record.submitThroughProduct),
  };
}

const answerText = (answers: InitialAnswers, name: QuestionName) => {
  const value = answers[name];
  return value === null || value === undefined ? "" : String(value);
};

function InitialQuestions({ view, reply }: { view: SdltView; reply: SdltReply | null }) {
  const hydrated = useHydrated();
  const lastResult = reply?.intent === "questions" ? reply.result : null;
  const [form, fields] = useSchemaForm(SdltInitialQuestionsSchema, {
    id: "stamp-duty-questions",
    lastResult,
  });
  const [answers, setAnswers] = useState<InitialAnswers>(() => answersOf(lastResult?.initialValue));
  useEffect(() => setAnswers(answersOf(lastResult?.initialValue)), [lastResult]);
  const shown = visibleInitialQuestions(answers);
  const disabledReason = view.questions?.disabledReason ?? null;
  const decided = taxEligibility(answers) !== null;
  return (
    <section className="sdlt-card" aria-labelledby="questions-title">
      <h3 id="questions-title">Stamp duty land tax return</h3>
      {reply?.intent === "questions" && reply.toast ? <ToastMessage toast={reply.toast} /> : null}
      {disabledReason ? (
        <p className="notice notice-warning" id="questions-disabled" role="note">
          {disabledReason}
        </p>
      ) : null}
      <Form method="post" action={view.basePath} {...getFormProps(form)} noValidate preventScrollReset>
        <CsrfInput />
        <input type="hidden" name="intent" value="questions" />
        <input type="hidden" name="version" value={view.version} />
        <input type="hidden" name="questionsShown" value={shown.length} />
        <ErrorSummary form={form} />
        {shown.map((number) => {
          const name = QUESTION_ORDER[number - 1]!;
          const field = fields[name];
          const question = QUESTIONS[name];
          return (
            <fieldset
              key={name}
              className={field.errors?.length ? "form-field form-field--error" : "form-field"}
              disabled={disabledReason !== null}
              title={disabledReason ?? undefined}
              aria-describedby={
                [field.errors?.length ? field.errorId : null, disabledReason ? "questions-disabled" : null]
                  .filter(Boolean)
                  .join(" ") || undefined
              }
            >
              <legend>{question.legend}</legend>
              <FieldError id={field.errorId} errors={field.errors} />
              <div className="choices choices--inline">
                {question.options.map((option, index) => {
                  const id = index === 0 ? field.id : `${field.id}-${index}`;
                  return (
                    <label key={option.value} htmlFor={id}>
                      <input
                        type="radio"
                        id={id}
                        name={name}
                        value={option.value}
                        checked={answerText(answers, name) === option.value}
                        aria-invalid={field.errors?.length ? true : undefined}
                        // Choosing the selected answer again clears it (and the answers after it).
                        onClick={() =>
                          setAnswers((current) =>
                            toggleInitialAnswer(
                              current,
                              name,
                              (name === "taxAuthority" ? option.value : option.value === "true") as never,
                            ),
                          )
                        }
                        onChange={() => undefined}
                      />
                      {option.label}
                    </label>
                  );
                })}
              </div>
            </fieldset>
          );
        })}
        {disabledReason ? null : (
          <div className="form-actions">
            <SubmitButton disabled={hydrated && !decided}>{hydrated ? "Confirm" : "Continue"}</SubmitButton>
          </div>
        )}
      </Form>
    </section>
  );
}

// ---------------------------------------------------------------------------------------------------
// Sections

function Badge({ status, label }: { status: string; label: string }) {
  return (
    <span className={`status-chip ${status === "COMPLETED" ? "status-chip--ok" : "status-chip--pending"}`}>
      {label}
    </span>
  );
}

function Calculation({ calculation }: { calculation: CalculationView | null }) {
  if (!calculation) {
    return (
      <p className="notice notice-info" role="note">
        The product calculates the tax once the tax calculation is saved.
      </p>
    );
  }
  return (
    <section className="sdlt-calculation" aria-labelledby="calculation-title">
      <h4 id="calculation-title">Calculated tax</h4>
      <div className="sdlt-figures">
        <p>
          Calculated: <strong>{calculation.tax ?? "Not calculated"}</strong>
        </p>
        <p>
          Entered: <strong>{calculation.entered}</strong>
        </p>
      </div>
      {calculation.differenceNote ? (
        <p className="notice notice-warning" role="note">
          {calculation.differenceNote}
        </p>
      ) : null}
      {calculation.bands.length > 0 ? (
        <div className="table-scroll">
          <table className="sdlt-bands">
            <caption>Tax by band{calculation.rules ? ` (${calculation.rules})` : ""}</caption>
            <thead>
              <tr>
                <th scope="col">Band</th>
                <th scope="col">Rate</th>
                <th scope="col">Tax</th>
              </tr>
            </thead>
            <tbody>
              {calculation.bands.map((band) => (
                <tr key={band.range}>
                  <td>{band.range}</td>
                  <td>{band.rate}</td>
                  <td>{band.tax}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <p className="sdlt-note">{calculation.note}</p>
    </section>
  );
}

/** Cancelling a changed form asks first (with JavaScript); without it, Cancel is a link back. */
function DiscardDialog({
  open,
  slug,
  section,
  onKeep,
  onDiscard,
}: {
  open: boolean;
  slug: string;
  section: string;
  onKeep: () => void;
  onDiscard: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className="route-dialog" aria-labelledby={`discard-${slug}-title`} onClose={onKeep}>
      <article>
        <h2 id={`discard-${slug}-title`}>Discard changes?</h2>
        <p>The changes you made to {section} will be lost.</p>
        <div className="form-actions">
          <button type="button" className="secondary" onClick={onKeep}>
            Keep editing
          </button>
          <button type="button" onClick={onDiscard}>
            Discard changes
          </button>
        </div>
      </article>
    </dialog>
  );
}

/** What a section of the return is drawn from: the section, the tab's view, the return, and the action's reply. */
interface SectionProps {
  section: SectionView;
  view: SdltView;
  application: SdltApplicationView;
  reply: SdltReply | null;
}

function SectionForm({ section, view, application, reply }: SectionProps) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const mine = reply?.intent === "section" && reply.section === section.slug ? reply : null;
  const shownBefore =
    (mine?.result.initialValue as Record<string, unknown> | undefined)?.agentAddressShown === "true";
  const [addressShownNow, setAddressShownNow] = useState(false);
  const addressShown = application.context.agentAddressShown || shownBefore || addressShownNow;
  const context = { ...application.context, agentAddressShown: addressShown };
  const schema = sectionSchema(section.slug, context);
  const [form, fields] = useSchemaForm(schema, {
    id: `section-form-${section.slug}`,
    lastResult: mine?.result ?? null,
    defaultValue: { ...section.defaults, agentAddressShown: addressShown ? "true" : "false" },
  });
  useEffect(() => {
    if ((fields as Record<string, { value?: unknown }>).agentAddressShown?.value === "true")
      setAddressShownNow(true);
  }, [fields]);
  const [discarding, setDiscarding] = useState(false);
  const editing = section.mode === "edit";
  const cancelHref = `${view.basePath}#section-${section.slug}`;
  const summary = application.purchasers;
  const anyFields = fields as never;
  return (
    <>
      <Form
        method="post"
        action={editing ? `${view.basePath}?edit=${section.slug}` : view.basePath}
        {...getFormProps(form)}
        noValidate
        preventScrollReset
        className="sdlt-form"
      >
        <CsrfInput />
        <input type="hidden" name="intent" value="section" />
        <input type="hidden" name="section" value={section.slug} />
        <input type="hidden" name="version" value={view.version} />
        {mine?.toast ? <ToastMessage toast={mine.toast} /> : null}
        <ErrorSummary form={form} />
        {section.slug === "transaction-details" ? (
          <TransactionDetailsFields
            form={form as never}
            fields={anyFields}
            effectiveDate={(section.defaults.effectiveDateOfTransaction as string) || null}
          />
        ) : null}
        {section.slug === "property-details" ? (
          <PropertyDetailsFields
            form={form as never}
            fields={anyFields}
            titleNumber={(section.defaults.titleNumber as string) || null}
            propertyAddress={application.propertyAddress}
          />
        ) : null}
        {section.slug === "tax-calculation" ? (
          <TaxCalculationFields
            form={form as never}
            fields={anyFields}
            propertyType={application.context.propertyType}
            transactionDescription={application.context.transactionDescription}
          />
        ) : null}
        {section.slug === "purchaser-details" ? (
          <PurchaserDetailsFields form={form as never} fields={anyFields} purchasers={summary} />
        ) : null}
        {section.slug === "purchaser-agent-details" ? (
          <AgentDetailsFields
            form={form as never}
            fields={anyFields}
            addressShown={addressShown}
            agentRequired={application.context.agentRequired}
          />
        ) : null}
        <div className="form-actions">
          {editing ? (
            <Link
              to={cancelHref}
              className="button secondary"
              preventScrollReset
              onClick={(event) => {
                if (hydrated && form.dirty) {
                  event.preventDefault();
                  setDiscarding(true);
                }
              }}
            >
              Cancel
            </Link>
          ) : null}
          <SubmitButton disabled={hydrated && editing && !form.dirty}>
            {editing ? "Update" : "Save"}
          </SubmitButton>
        </div>
      </Form>
      {hydrated ? (
        <DiscardDialog
          open={discarding}
          slug={section.slug}
          section={section.title}
          onKeep={() => setDiscarding(false)}
          onDiscard={() => {
            setDiscarding(false);
            navigate(cancelHref, { preventScrollReset: true });
          }}
        />
      ) : null}
    </>
  );
}

function Section({ section, view, application, reply }: SectionProps) {
  const body: ReactNode = (
    <>
      {section.slug === "tax-calculation" ? <Calculation calculation={application.calculation} /> : null}
      {section.mode === "summary" ? (
        <>
          <Rows rows={section.rows} label={`${section.title} summary`} />
          {section.editHref ? (
            <Link to={section.editHref} className="button secondary outline inline-action" preventScrollReset>
              Edit<span className="visually-hidden"> {section.title}</span>
            </Link>
          ) : null}
          {section.editRefusal ? <p className="disabled-reason">{section.editRefusal}</p> : null}
        </>
      ) : (
        <SectionForm section={section} view={view} application={application} reply={reply} />
      )}
    </>
  );
  if (section.mode === "edit") {
    // The edit form is not collapsible.
    return (
      <section
        id={`section-${section.slug}`}
        className="sdlt-section sdlt-section--edit"
        aria-labelledby={`section-${section.slug}-title`}
      >
        <h3 id={`section-${section.slug}-title`}>
          Edit {section.title} <Badge status={section.status} label={section.badge} />
        </h3>
        {body}
      </section>
    );
  }
  return (
    <details id={`section-${section.slug}`} className="sdlt-section" open={section.open || undefined}>
      <summary>
        <span className="sdlt-section-title">{section.title}</span>{" "}
        <Badge status={section.status} label={section.badge} />
      </summary>
      {body}
    </details>
  );
}

// ---------------------------------------------------------------------------------------------------
// Consent, prepared notice, filing

function ConsentForm({
  view,
  application,
  reply,
}: {
  view: SdltView;
  application: SdltApplicationView;
  reply: SdltReply | null;
}) {
  const hydrated = useHydrated();
  const lastResult = reply?.intent === "consent" ? reply.result : null;
  const [form, fields] = useSchemaForm(SdltConsentSchema, { id: "stamp-duty-consent", lastResult });
  // Save and auto-submit is enabled once both statements are ticked (a reply keeps the ticks it was sent with).
  const [ticked, setTicked] = useState({
    accuracy: fields.accuracy.initialValue === "on",
    autoSubmit: fields.autoSubmit.initialValue === "on",
  });
  return (
    <section className="sdlt-card" aria-labelledby="consent-title">
      <h3 id="consent-title">Review and consent</h3>
      {application.sections.map((section) => (
        <section key={section.slug} className="sdlt-preview" aria-labelledby={`preview-${section.slug}`}>
          <h4 id={`preview-${section.slug}`}>{section.title}</h4>
          <Rows rows={section.rows} />
        </section>
      ))}
      {reply?.intent === "consent" && reply.toast ? <ToastMessage toast={reply.toast} /> : null}
      <Form
        method="post"
        action={`${view.basePath}?view=consent`}
        {...getFormProps(form)}
        noValidate
        preventScrollReset
      >
        <CsrfInput />
        <input type="hidden" name="intent" value="consent" />
        <input type="hidden" name="version" value={view.version} />
        <ErrorSummary form={form} />
        {(["accuracy", "autoSubmit"] as const).map((name) => {
          const field = fields[name];
          return (
            <div key={name} className={field.errors?.length ? "form-field form-field--error" : "form-field"}>
              <FieldError id={field.errorId} errors={field.errors} />
              <label htmlFor={field.id}>
                {/* Uncontrolled and never remounted: a tick stays while the form validates around it. */}
                <input
                  type="checkbox"
                  id={field.id}
                  name={field.name}
                  form={form.id}
                  defaultChecked={field.initialValue === "on"}
                  aria-invalid={field.errors?.length ? true : undefined}
                  aria-describedby={field.errors?.length ? field.errorId : undefined}
                  onChange={(event) => {
                    // Read now: React clears currentTarget once the handler returns, before the updater runs.
                    const checked = event.currentTarget.checked;
                    setTicked((current) => ({ ...current, [name]: checked }));
                  }}
                />
                {SDLT_CONSENT_STATEMENTS[name]}
              </label>
            </div>
          );
        })}
        <div className="form-actions">
          <Link to={view.basePath} className="button secondary">
            Go back
          </Link>
          <SubmitButton disabled={hydrated && !(ticked.accuracy && ticked.autoSubmit)}>
            Save and auto-submit
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}

function PreparedNotice({ view, application }: { view: SdltView; application: SdltApplicationView }) {
  const prepared = application.prepared!;
  const [before] = prepared.text.split("clicking here");
  const sentence = before.replace(/To make changes, reopen it by\s*$/, "");
  return (
    <div className="notice notice-info sdlt-prepared" role="note">
      {prepared.reopen ? (
        <Form method="post" action={view.basePath} preventScrollReset>
          <CsrfInput />
          <input type="hidden" name="intent" value="reopen" />
          <input type="hidden" name="version" value={view.version} />
          <p>
            {before}
            <button type="submit" className="link-button">
              clicking here
            </button>
            .
          </p>
        </Form>
      ) : (
        <>
          <p>{sentence.trim()}</p>
          {prepared.refusal ? <p className="disabled-reason">{prepared.refusal}</p> : null}
        </>
      )}
    </div>
  );
}

function Filing({ application }: { application: SdltApplicationView }) {
  const filing = application.filing;
  if (!filing) return null;
  const tone =
    filing.kind === "failed" ? "notice-error" : filing.kind === "filed" ? "notice-success" : "notice-info";
  return (
    <section className={`notice ${tone} sdlt-filing`} aria-labelledby="filing-title">
      <h3 id="filing-title">Filing status: {filing.statusLabel}</h3>
      <p>{filing.message}</p>
      {filing.rows.length > 0 ? <Rows rows={filing.rows} /> : null}
    </section>
  );
}

function Application({ view, reply }: { view: SdltView; reply: SdltReply | null }) {
  const application = view.application!;
  if (application.consent) return <ConsentForm view={view} application={application} reply={reply} />;
  return (
    <section className="sdlt-card" aria-labelledby="return-title">
      <h3 id="return-title">Stamp duty return</h3>
      {application.guide ? <p className="sdlt-guide">{application.guide}</p> : null}
      {application.prepared ? <PreparedNotice view={view} application={application} /> : null}
      <Filing application={application} />
      {application.sections.map((section) => (
        <Section key={section.slug} section={section} view={view} application={application} reply={reply} />
      ))}
      {application.next ? (
        <div className="form-actions sdlt-next">
          {application.next.reason === null ? (
            <Link to={application.next.href} className="button">
              Next
            </Link>
          ) : (
            <span className="disabled-action">
              <button type="button" aria-disabled="true" aria-describedby="next-why">
                Next
              </button>
              <small id="next-why" className="disabled-reason">
                {application.next.reason}
              </small>
            </span>
          )}
        </div>
      ) : null}
    </section>
  );
}

// ---------------------------------------------------------------------------------------------------
// The tab

export function StampDutyTab({ view, reply }: { view: SdltView; reply: SdltReply | null }) {
  return (
    <section className="tab-panel sdlt-tab" aria-labelledby="tab-title">
      <h2 id="tab-title">Stamp duty</h2>
      {view.notice ? (
        <p className="notice notice-info" role="note">
          {view.notice}
          {view.authority ? ` Revenue authority: ${view.authority}.` : null}
        </p>
      ) : null}
      {view.transactionSummary.length > 0 ? (
        <section className="sdlt-card" aria-labelledby="summary-title">
          <h3 id="summary-title">Summary of transaction details</h3>
          <Rows rows={view.transactionSummary} />
        </section>
      ) : null}
      {view.questions ? <InitialQuestions view={view} reply={reply} /> : null}
      {view.application ? <Application view={view} reply={reply} /> : null}
    </section>
  );
}
