/**
 * The Documents tab (document 3 section 2.1): the upload area, the state of the latest upload (polled with
 * JavaScript, a Refresh link without), the requisition list, the applications for lodgement with HMLR (each an
 * accordion in view, add or edit mode) with their total fee and the approve / unapprove / submit actions, the
 * rejected applications, the workspace documents table and the correspondence. Every action is a link to a
 * modal route or a form with an intent; a disabled action shows its reason as text beside it.
 */
import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useFetcher, useLocation, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { z } from "zod";
import { CsrfInput } from "../components/csrf-input";
import {
  ErrorSummary,
  FieldError,
  SelectField,
  SubmitButton,
  TextField,
  useHydrated,
  useSchemaForm,
} from "../components/form";
import { ToastMessage } from "../components/toast";
import type { Toast } from "../../core/shared/errors.js";
import { applicationFormSchema, UPLOAD_FORM_FIELDS } from "./documents-forms";
import type {
  ApplicationView,
  Control,
  CorrespondenceRow,
  DocumentsView,
  FileRow,
  RequestView,
  UploadState,
} from "./documents-view";

/** The upload success message clears after 4 seconds (section 9); the poll asks every second, for a minute at most. */
export const UPLOAD_SUCCESS_BANNER_MS = 4_000;
export const POLL_INTERVAL_MS = 1_000;
export const POLL_LIMIT = 60;
const MAX_UPLOAD_BYTES = 20_971_520;
const CLIENT_MESSAGES = {
  notPdf: "Your document should be in .pdf format",
  tooLarge: "Your document must be less than 20MB",
  scanUnsuccessful: "Virus scan unsuccessful, please try again",
  chooseFirst: "Choose a file and its document type to upload.",
} as const;

export interface DocumentsReply {
  intent: string;
  documentId: string | null;
  result: SubmissionResult<string[]>;
  toast: Toast | null;
}

/** An action that is a link, or disabled with its reason visible beside it. */
export function ControlLink({
  control,
  id,
  className = "secondary outline",
}: {
  control: Control | null;
  id: string;
  className?: string;
}) {
  if (!control) return null;
  if (control.reason === null) {
    return (
      <Link to={control.href} className={`button ${className} inline-action`} preventScrollReset>
        {control.label}
      </Link>
    );
  }
  return (
    <span className="disabled-action">
      <button
        type="button"
        className={`${className} inline-action`}
        aria-disabled="true"
        aria-describedby={`${id}-why`}
      >
        {control.label}
      </button>
      <small id={`${id}-why`} className="disabled-reason">
        {control.reason}
      </small>
    </span>
  );
}

function Section({
  id,
  title,
  children,
  subtitle,
}: {
  id: string;
  title: string;
  children: ReactNode;
  subtitle?: ReactNode;
}) {
  return (
    <section className="documents-card" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{title}</h3>
      {subtitle ? <p className="documents-subtitle">{subtitle}</p> : null}
      {children}
    </section>
  );
}

// ---------------------------------------------------------------------------------------------------
// Upload

function UploadArea({ view, reply }: { view: DocumentsView; reply: DocumentsReply | null }) {
  const upload = view.upload!;
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formEncType === "multipart/form-data";
  const [form, fields] = useUploadForm(reply?.intent === "upload" ? reply.result : null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [fileChosen, setFileChosen] = useState(false);
  const [typeChosen, setTypeChosen] = useState(false);
  const ready = fileChosen && typeChosen && fileProblem === null;
  if (upload.reason) {
    return (
      <Section id="upload" title="Upload documents">
        <p className="disabled-action">
          <button type="button" className="secondary" aria-disabled="true" aria-describedby="upload-why">
            Upload
          </button>
          <small id="upload-why" className="disabled-reason">
            {upload.reason}
          </small>
        </p>
      </Section>
    );
  }
  const fileErrors = fileProblem ? [fileProblem] : fields.file.errors;
  return (
    <Section
      id="upload"
      title="Upload documents"
      subtitle="PDF only, less than 20MB, not password protected."
    >
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        noValidate
        className="upload-form"
      >
        {/* The token first: the action verifies it before any file is written (read-upload.server.ts). */}
        <CsrfInput />
        <ErrorSummary form={form} />
        <div className={fileErrors?.length ? "field field--error" : "field"}>
          <label htmlFor={fields.file.id}>File</label>
          <FieldError id={fields.file.errorId} errors={fileErrors} />
          <input
            type="file"
            id={fields.file.id}
            name={UPLOAD_FORM_FIELDS.file}
            accept="application/pdf,.pdf"
            aria-invalid={fileErrors?.length ? true : undefined}
            aria-describedby={fileErrors?.length ? fields.file.errorId : undefined}
            onChange={(event) => {
              const chosen = event.currentTarget.files?.[0];
              setFileChosen(Boolean(chosen));
              if (!chosen) return setFileProblem(null);
              const pdf = chosen.type ? chosen.type === "application/pdf" : /\.pdf$/i.test(chosen.name);
              setFileProblem(
                !pdf
                  ? CLIENT_MESSAGES.notPdf
                  : chosen.size >= MAX_UPLOAD_BYTES
                    ? CLIENT_MESSAGES.tooLarge
                    : null,
              );
            }}
          />
        </div>
        <SelectField
          field={fields.documentType}
          label="Document type"
          placeholder="Select a document type"
          options={upload.documentTypes}
          onChange={(event) => setTypeChosen(event.currentTarget.value !== "")}
        />
        <SelectField
          field={fields.certificationType}
          label={upload.certificationRequired ? "Certification" : "Certification (optional)"}
          placeholder="Select a certification"
          options={upload.certificationTypes}
        />
        {upload.participantSelection ? (
          <fieldset className="grantees">
            <legend>Grant viewing permission to</legend>
            <FieldError id={fields.grantees.errorId} errors={fields.grantees.errors} />
            {upload.own ? (
              <label>
                <input type="checkbox" checked disabled aria-describedby="grantee-own-hint" />
                {upload.own.label}
                <small id="grantee-own-hint" className="choice-hint">
                  Your organisation can always view what it uploads.
                </small>
              </label>
            ) : null}
            {upload.grantees.map((option, index) => (
              <label key={option.value} htmlFor={`${fields.grantees.id}-${index}`}>
                <input
                  {...getInputProps(fields.grantees, {
                    type: "checkbox",
                    value: option.value,
                    ariaAttributes: false,
                  })}
                  key={option.value}
                  id={`${fields.grantees.id}-${index}`}
                />
                {option.label}
              </label>
            ))}
          </fieldset>
        ) : null}
        <div className="form-actions">
          <button
            type="submit"
            aria-busy={busy || undefined}
            disabled={busy || (hydrated && !ready)}
            aria-describedby={hydrated && !ready ? "upload-hint" : undefined}
          >
            {busy ? "Uploading" : "Upload"}
          </button>
          {hydrated && !ready ? (
            <small id="upload-hint" className="disabled-reason">
              {CLIENT_MESSAGES.chooseFirst}
            </small>
          ) : null}
        </div>
      </Form>
    </Section>
  );
}

/** The upload form's Conform state: no schema in the browser (the file is checked as it is chosen, the rest by the action). */
function useUploadForm(lastResult: SubmissionResult<string[]> | null) {
  return useSchemaForm(UploadShape, { id: "upload", lastResult });
}
const UploadShape = z.object({
  file: z.any().optional(),
  documentType: z.string().optional(),
  certificationType: z.string().optional(),
  grantees: z.array(z.string()).optional(),
});

/**
 * The latest upload's state: its message once scanned; while PENDING, with JavaScript the status route is
 * asked every second (then the page revalidates), without it a Refresh link.
 */
function UploadStatus({ state, basePath }: { state: UploadState; basePath: string }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<{
    status: string;
    outcome: { kind: "success" | "error"; message: string } | null;
  }>();
  const revalidator = useRevalidator();
  const [tries, setTries] = useState(0);
  const [cleared, setCleared] = useState(false);
  const location = useLocation();
  const polled = fetcher.data?.outcome ?? null;
  const outcome = state.outcome ?? polled;
  const gaveUp = outcome === null && tries >= POLL_LIMIT;

  useEffect(() => {
    if (!hydrated || outcome !== null || gaveUp) return;
    const timer = setTimeout(() => {
      fetcher.load(`${basePath}/files/${encodeURIComponent(state.fileId)}/status`);
      setTries((count) => count + 1);
    }, POLL_INTERVAL_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated, outcome, gaveUp, tries, state.fileId, basePath]);

  // Once the scan answers, the page reads everything again (the row's chip, the attach action).
  const revalidated = useRef(false);
  useEffect(() => {
    if (polled && !revalidated.current) {
      revalidated.current = true;
      revalidator.revalidate();
    }
  }, [polled, revalidator]);

  useEffect(() => {
    setCleared(false);
    if (!hydrated || outcome?.kind !== "success") return;
    const timer = setTimeout(() => setCleared(true), UPLOAD_SUCCESS_BANNER_MS);
    return () => clearTimeout(timer);
  }, [hydrated, outcome?.kind, outcome?.message]);

  if (cleared) return <div id="upload-status" role="status" aria-live="polite" />;
  if (outcome) {
    return (
      <div
        id="upload-status"
        role={outcome.kind === "error" ? "alert" : "status"}
        className={`notice ${outcome.kind === "error" ? "notice-error" : "notice-success"}`}
      >
        {outcome.message}
      </div>
    );
  }
  if (gaveUp) {
    return (
      <div id="upload-status" role="alert" className="notice notice-error">
        {CLIENT_MESSAGES.scanUnsuccessful}
      </div>
    );
  }
  return (
    <div id="upload-status" role="status" aria-live="polite" className="notice notice-info">
      <span aria-busy={hydrated ? true : undefined}>{state.fileName} uploaded. Virus scan in progress.</span>{" "}
      {hydrated ? null : (
        // No fragment: a link to the same address with only a fragment would not load the page again.
        <a href={`${location.pathname}${location.search}`} className="refresh-link">
          Refresh to see the result
        </a>
      )}
    </div>
  );
}

// ---------------------------------------------------------------------------------------------------
// Applications

/** One term of an application's facts. */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Facts({ application }: { application: ApplicationView }) {
  return (
    <dl className="documents-facts">
      {application.takesSignature ? (
        <Fact term="Transaction value">{application.transactionValue ?? "Not provided"}</Fact>
      ) : null}
      {application.takesDeedPreference ? (
        <Fact term="Deed preference">{application.deedPreference ?? "Not provided"}</Fact>
      ) : null}
      {application.takesSignature ? (
        <Fact term="Signature preference">{application.signaturePreference ?? "Not provided"}</Fact>
      ) : null}
      {application.transferOfWhole ? (
        <Fact term="Consideration type">{application.considerationType ?? "Not provided"}</Fact>
      ) : null}
      {application.entryNumber !== null ? <Fact term="Entry number">{application.entryNumber}</Fact> : null}
      <Fact term="Land registry fee">{application.landRegistryFee ?? "None"}</Fact>
      <Fact term="Parties">{application.parties.length > 0 ? application.parties.join(", ") : "None"}</Fact>
    </dl>
  );
}

function ApplicationForm({
  application,
  basePath,
  reply,
}: {
  application: ApplicationView;
  basePath: string;
  reply: DocumentsReply | null;
}) {
  const schema = applicationFormSchema({
    transferOfWhole: application.transferOfWhole,
    takesDeedPreference: application.takesDeedPreference,
    takesSignature: application.takesSignature,
    deedReferences: application.deedOptions.map((option) => option.value),
  });
  const mine = reply?.intent === "application" && reply.documentId === application.documentId;
  const [form, fields] = useSchemaForm(schema, {
    id: `application-form-${application.documentId}`,
    lastResult: mine ? reply.result : null,
    defaultValue: {
      documentId: application.documentId,
      transactionValue: application.transactionValueInput,
      mortgageDeedReference: application.current.mortgageDeedReference,
      signatureType: application.current.signatureType,
      considerationType: application.current.considerationType,
    },
  });
  const deedFixed = application.deedOptions.length === 1;
  // The signatures of the chosen deed (as chosen now with JavaScript, as saved or auto-selected without).
  const chosenDeed = application.deedOptions.find(
    (option) =>
      option.value === (fields.mortgageDeedReference.value ?? application.current.mortgageDeedReference),
  );
  const signatureOptions =
    chosenDeed && application.takesDeedPreference ? chosenDeed.signatures : application.signatureOptions;
  const signatureFixed = signatureOptions.length === 1;
  return (
    <Form
      method="post"
      action={basePath}
      {...getFormProps(form)}
      noValidate
      className="application-form"
      preventScrollReset
    >
      <CsrfInput />
      <input type="hidden" name="intent" value="application" />
      <input type="hidden" name="documentId" value={application.documentId} />
      <input type="hidden" name="version" value={application.version} />
      {mine && reply.toast ? <ToastMessage toast={reply.toast} /> : null}
      <ErrorSummary form={form} />
      <TextField
        field={fields.transactionValue}
        label="Transaction value (£)"
        inputMode="decimal"
        hint={
          application.transferOfWhole
            ? "0 or more, up to 12 digits and 2 decimals"
            : "More than 0, up to 12 digits and 2 decimals"
        }
      />
      {application.takesDeedPreference ? (
        <SelectField
          field={fields.mortgageDeedReference}
          label="Deed preference"
          placeholder={deedFixed ? undefined : "Select a deed"}
          options={application.deedOptions}
          hint={
            deedFixed
              ? "The lender offers one deed, chosen for you."
              : application.deedOptions.length === 0
                ? "The lender has no mortgage deed references."
                : undefined
          }
        />
      ) : null}
      {application.takesSignature ? (
        <SelectField
          field={fields.signatureType}
          label="Signature preference"
          placeholder={signatureFixed ? undefined : "Select a signature"}
          options={signatureOptions}
          hint={
            chosenDeed || !application.takesDeedPreference ? undefined : "Choose a signature the deed allows."
          }
        />
      ) : null}
      {application.transferOfWhole ? (
        <SelectField
          field={fields.considerationType}
          label="Consideration type"
          placeholder="Select a consideration type"
          options={application.considerationOptions}
        />
      ) : null}
      <div className="form-actions">
        <SubmitButton>{application.mode === "add" ? "Save" : "Save changes"}</SubmitButton>
        {application.mode === "edit" ? (
          <Link
            to={`${basePath}#application-${application.documentId}`}
            className="button secondary outline"
            preventScrollReset
          >
            Cancel
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

function SupportingTable({ application, basePath }: { application: ApplicationView; basePath: string }) {
  if (application.supportingDocuments.length === 0)
    return <p className="muted">No supporting documents yet.</p>;
  const requisition = application.supportingDocuments.some((row) => row.submitDate !== null);
  return (
    <div className="table-scroll">
      <table className="documents-table">
        <caption className="visually-hidden">Supporting documents of {application.title}</caption>
        <thead>
          <tr>
            <th scope="col">Upload date</th>
            <th scope="col">File</th>
            <th scope="col">Document type</th>
            <th scope="col">Certification type</th>
            {requisition ? <th scope="col">Submit date</th> : null}
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {application.supportingDocuments.map((row) => (
            <tr key={row.documentId}>
              <td>{row.uploadDate}</td>
              <td>
                {row.viewHref ? (
                  <a href={row.viewHref} target="_blank" rel="noopener noreferrer">
                    {row.fileName}
                  </a>
                ) : (
                  row.fileName
                )}
              </td>
              <td>{row.documentType}</td>
              <td>{row.certification || "None"}</td>
              {requisition ? <td>{row.submitDate ?? "Not submitted"}</td> : null}
              <td>
                {row.detach ? (
                  row.detach.enabled ? (
                    <Form method="post" action={basePath} preventScrollReset>
                      <CsrfInput />
                      <input type="hidden" name="intent" value="detach" />
                      <input type="hidden" name="documentId" value={row.documentId} />
                      <input type="hidden" name="version" value={row.version} />
                      <button type="submit" className="secondary outline inline-action">
                        Remove
                        <span className="visually-hidden">
                          {" "}
                          {row.fileName} from {application.title}
                        </span>
                      </button>
                    </Form>
                  ) : (
                    <span className="disabled-action">
                      <button
                        type="button"
                        className="secondary outline inline-action"
                        aria-disabled="true"
                        aria-describedby={`detach-${row.documentId}-why`}
                      >
                        Remove<span className="visually-hidden"> {row.fileName}</span>
                      </button>
                      <small id={`detach-${row.documentId}-why`} className="disabled-reason">
                        {row.detach.reason}
                      </small>
                    </span>
                  )
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Application({
  application,
  basePath,
  reply,
}: {
  application: ApplicationView;
  basePath: string;
  reply: DocumentsReply | null;
}) {
  const open =
    application.mode !== "view" ||
    (reply?.intent === "application" && reply.documentId === application.documentId);
  return (
    <details className="application" id={`application-${application.documentId}`} open={open || undefined}>
      <summary>
        <span className="application-title">{application.title}</span>
        {application.actionRequired ? (
          <span className="status-chip status-chip--action">Action required</span>
        ) : null}
        {application.status === "APPROVED" ? (
          <span className="status-chip status-chip--ok">Approved</span>
        ) : null}
      </summary>
      {application.banners.map((banner) => (
        <p key={banner} className="notice notice-info" role="note">
          {banner}
        </p>
      ))}
      {application.mode === "view" ? (
        <Facts application={application} />
      ) : (
        <ApplicationForm application={application} basePath={basePath} reply={reply} />
      )}
      {application.edit ? (
        <div className="documents-actions">
          <ControlLink control={application.edit} id={`edit-${application.documentId}`} />
        </div>
      ) : null}
      <h4>Supporting documents</h4>
      <SupportingTable application={application} basePath={basePath} />
    </details>
  );
}

// ---------------------------------------------------------------------------------------------------
// Requisitions, rejected applications, correspondence

function CorrespondenceTable({
  rows,
  caption,
  expiredChips,
}: {
  rows: CorrespondenceRow[];
  caption: string;
  expiredChips?: boolean;
}) {
  if (rows.length === 0) return null;
  return (
    <div className="table-scroll">
      <table className="documents-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">File</th>
            <th scope="col">Submit date</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.documentId}>
              <td>{row.date}</td>
              <td>
                {row.viewHref ? (
                  <a href={row.viewHref} target="_blank" rel="noopener noreferrer">
                    {row.name}
                  </a>
                ) : (
                  row.name
                )}
                {expiredChips && row.expired ? (
                  <span className="status-chip status-chip--expired">Expired</span>
                ) : null}
              </td>
              <td>{row.received ? "Received" : (row.submitted ?? "Not submitted")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Requisitions({ view }: { view: DocumentsView }) {
  const requisition = view.requisition!;
  return (
    <Section
      id="requisitions"
      title="Requisitions"
      subtitle={
        requisition.deadline
          ? `The land registry raised a requisition. Reply by ${requisition.deadline}.`
          : "The land registry raised a requisition."
      }
    >
      <CorrespondenceTable rows={requisition.received} caption="From the land registry" />
      {requisition.replies.length > 0 ? (
        <CorrespondenceTable rows={requisition.replies} caption="Your replies" />
      ) : (
        <p className="muted">Upload your replies above, then add each to the requisition reply.</p>
      )}
      {requisition.submit ? (
        requisition.submit.enabled ? (
          <Form method="post" action={view.basePath} preventScrollReset>
            <CsrfInput />
            <input type="hidden" name="intent" value="submit-requisitions" />
            <input type="hidden" name="version" value={view.caseVersion} />
            {requisition.submit.documentIds.map((id, index) => (
              <input key={id} type="hidden" name={`documentIds[${index}]`} value={id} />
            ))}
            <SubmitButton>Submit requisition replies</SubmitButton>
          </Form>
        ) : (
          <span className="disabled-action">
            <button type="button" aria-disabled="true" aria-describedby="submit-requisitions-why">
              Submit requisition replies
            </button>
            <small id="submit-requisitions-why" className="disabled-reason">
              {requisition.submit.reason}
            </small>
          </span>
        )
      ) : null}
    </Section>
  );
}

function RejectedRequest({ request }: { request: RequestView }) {
  return (
    <article className="rejected-request" aria-label={`Lodgement submitted ${request.submittedAt}`}>
      <dl className="documents-facts">
        <div>
          <dt>Submitted</dt>
          <dd>{request.submittedAt}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <span className="status-chip status-chip--rejected">Rejected {request.rejectedAt}</span>
          </dd>
        </div>
        <div>
          <dt>Land registry fee</dt>
          <dd>{request.fee}</dd>
        </div>
      </dl>
      <CorrespondenceTable rows={request.correspondence} caption="Correspondence" expiredChips />
      <p>Applications: {request.applications.join(", ") || "None"}</p>
    </article>
  );
}

// ---------------------------------------------------------------------------------------------------
// Workspace documents

function EmptyIllustration() {
  return (
    <svg
      className="empty-illustration"
      width="96"
      height="96"
      viewBox="0 0 96 96"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="22" y="12" width="44" height="60" rx="4" fill="none" stroke="currentColor" strokeWidth="3" />
      <path d="M32 30h24M32 40h24M32 50h14" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      <circle cx="66" cy="70" r="14" fill="none" stroke="currentColor" strokeWidth="3" />
      <path d="M60 70h12M66 64v12" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

function RowMenu({ row }: { row: FileRow }) {
  const items = [row.viewHref, row.delete, row.editPermission].filter(Boolean);
  if (items.length === 0) return null;
  return (
    <details className="row-menu">
      <summary>
        Menu<span className="visually-hidden"> for {row.fileName}</span>
      </summary>
      <ul>
        {row.viewHref ? (
          <li>
            <a href={row.viewHref} target="_blank" rel="noopener noreferrer">
              View<span className="visually-hidden"> {row.fileName}</span>
            </a>
          </li>
        ) : null}
        {row.delete ? (
          <li>
            <ControlLink control={{ ...row.delete, label: `Delete` }} id={`delete-${row.fileId}`} />
          </li>
        ) : null}
        {row.editPermission ? (
          <li>
            <ControlLink control={row.editPermission} id={`permission-${row.fileId}`} />
          </li>
        ) : null}
      </ul>
    </details>
  );
}

function WorkspaceDocuments({ view }: { view: DocumentsView }) {
  return (
    <Section id="workspace-documents" title="Workspace documents">
      {view.workspaceDocuments.length === 0 ? (
        <div className="empty-state">
          <EmptyIllustration />
          <p>No documents have been attached to this workspace yet</p>
        </div>
      ) : (
        <div className="table-scroll">
          <table className="documents-table workspace-documents">
            <caption className="visually-hidden">Workspace documents</caption>
            <thead>
              <tr>
                <th scope="col">Upload date</th>
                <th scope="col">File</th>
                <th scope="col">Document type</th>
                <th scope="col">Actions</th>
                <th scope="col">
                  <span className="visually-hidden">More actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {view.workspaceDocuments.map((row) => (
                <tr key={row.fileId} id={`file-${row.fileId}`}>
                  <td>{row.uploadDate}</td>
                  <td>
                    {row.viewHref ? (
                      <a href={row.viewHref} target="_blank" rel="noopener noreferrer">
                        {row.fileName}
                      </a>
                    ) : (
                      row.fileName
                    )}
                    {row.scan ? (
                      <span className={`status-chip status-chip--${row.scan.status.toLowerCase()}`}>
                        {row.scan.label}
                      </span>
                    ) : null}
                  </td>
                  <td>{row.documentType}</td>
                  <td>
                    <ControlLink
                      control={row.attach ? { ...row.attach, label: row.attach.label } : null}
                      id={`attach-${row.fileId}`}
                    />
                  </td>
                  <td>
                    <RowMenu row={row} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}

// ---------------------------------------------------------------------------------------------------
// The tab

export function DocumentsTab({
  view,
  reply,
  deedReferencesFailed,
}: {
  view: DocumentsView;
  reply: DocumentsReply | null;
  deedReferencesFailed: boolean;
}) {
  return (
    <section className="tab-panel documents-tab" aria-labelledby="tab-title">
      <h2 id="tab-title">Documents</h2>
      {view.lockReason ? (
        <p className="notice notice-warning" role="note">
          {view.lockReason}
        </p>
      ) : null}
      {reply?.toast && reply.intent === "upload" ? <ToastMessage toast={reply.toast} /> : null}
      {deedReferencesFailed ? (
        <p className="notice notice-warning" role="note">
          The lender&apos;s mortgage deed references could not be loaded. Refresh the page to try again.
        </p>
      ) : null}
      {view.upload ? <UploadArea view={view} reply={reply} /> : null}
      {view.uploadState ? (
        <UploadStatus key={view.uploadState.fileId} state={view.uploadState} basePath={view.basePath} />
      ) : null}
      {view.requisition ? <Requisitions view={view} /> : null}
      <Section
        id="applications"
        title="Applications for lodgement with HMLR"
        subtitle={<>Case status: {view.caseStatusLabel}</>}
      >
        <p className="fee-total">
          Total land registry fee: <strong>{view.feeTotal}</strong>
        </p>
        {view.applications.length === 0 ? <p>There are no applications for this workspace yet.</p> : null}
        {view.applications.map((application) => (
          <Application
            key={application.documentId}
            application={application}
            basePath={view.basePath}
            reply={reply}
          />
        ))}
        {view.submit && view.submissionProblems.length > 0 ? (
          <ul className="submission-problems" aria-label="Before submitting">
            {view.submissionProblems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        ) : null}
        <div className="documents-actions" role="group" aria-label="Application actions">
          <ControlLink control={view.approve} id="approve" className="primary" />
          <ControlLink control={view.unapprove} id="unapprove" />
          <ControlLink
            control={
              view.submit && view.submissionProblems.length > 0
                ? { ...view.submit, reason: "See the list above." }
                : view.submit
            }
            id="submit"
            className="primary"
          />
        </div>
      </Section>
      {view.rejected.length > 0 ? (
        <Section
          id="rejected"
          title="Rejected applications"
          subtitle="The land registry rejected these lodgements. Resubmit the applications, or record that they were resubmitted outside the product."
        >
          {view.rejected.map((request) => (
            <RejectedRequest key={request.lodgementRequestId} request={request} />
          ))}
          {view.resubmit || view.prepareResubmission ? (
            <div className="documents-actions" role="group" aria-label="Resubmission">
              <ControlLink control={view.prepareResubmission} id="prepare-resubmission" className="primary" />
              <ControlLink control={view.resubmit} id="resubmit" />
            </div>
          ) : null}
          {view.rejectedMessage ? <p className="notice notice-warning">{view.rejectedMessage}</p> : null}
        </Section>
      ) : null}
      <WorkspaceDocuments view={view} />
      {view.correspondence.length > 0 ? (
        <Section id="correspondence" title="Correspondence">
          {view.correspondence.map((request, index) => (
            <CorrespondenceTable
              key={request.lodgementRequestId}
              rows={request.correspondence}
              caption={
                index === 0
                  ? `Latest correspondence (lodgement submitted ${request.submittedAt})`
                  : `Lodgement submitted ${request.submittedAt}`
              }
              expiredChips
            />
          ))}
        </Section>
      ) : null}
    </section>
  );
}
