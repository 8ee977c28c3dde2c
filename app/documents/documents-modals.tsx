/**
 * The Documents tab's modals (document 3 sections 2.1 and 5.1), each a route of its own: a page without
 * JavaScript, a dialog over the tab with it (the form kit's RouteDialog). Certification (attach to an
 * application, with the warning when a signed application exists), delete, edit viewing permission, approve
 * (every statement a required checkbox), unapprove, submit to the land registry, resubmit outside the product,
 * prepare a resubmission in the product.
 * A modal the rules refuse now shows its reason instead of the form.
 */
import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { z } from "zod";
import type { Toast } from "../../core/shared/errors.js";
import { CsrfInput } from "../components/csrf-input";
import {
  ErrorSummary,
  FieldError,
  RadioGroup,
  RouteDialog,
  SelectField,
  SubmitButton,
  useSchemaForm,
} from "../components/form";
import { ToastMessage } from "../components/toast";
import type { ModalData } from "./documents.server";

export interface ModalReplyData {
  result: SubmissionResult<string[]>;
  toast: Toast | null;
}

const TITLES: Record<ModalData["modal"], string> = {
  attach: "Document certification",
  delete: "Delete document",
  permissions: "Edit viewing permission",
  approve: "Approve applications",
  unapprove: "Unapprove applications",
  submit: "Submit to the land registry",
  resubmit: "Resubmit outside the product",
  prepareResubmission: "Prepare resubmission",
};

/** Loose shapes for Conform's field state: the action checks the real schema (documents-forms.ts). */
const AttachShape = z.object({
  certificationType: z.string().optional(),
  parentDocumentId: z.string().optional(),
});
const PermissionShape = z.object({ grantees: z.array(z.string()).optional() });
const StatementsShape = z.record(z.string(), z.string().optional());
const EmptyShape = z.object({});

function Actions({ submit, back }: { submit: string; back: string }) {
  return (
    <div className="form-actions">
      <SubmitButton>{submit}</SubmitButton>
      <Link to={back} className="button secondary outline" preventScrollReset>
        Cancel
      </Link>
    </div>
  );
}

function Refused({ reason, back }: { reason: string; back: string }) {
  return (
    <>
      <p className="notice notice-warning" role="note">
        {reason}
      </p>
      <Link to={back}>Back to documents</Link>
    </>
  );
}

export function DocumentsModal({ data, reply }: { data: ModalData; reply: ModalReplyData | null }) {
  const back = data.basePath;
  return (
    <RouteDialog title={TITLES[data.modal]} closeTo={back}>
      <ToastMessage toast={reply?.toast ?? null} />
      {data.reason ? (
        <Refused reason={data.reason} back={back} />
      ) : (
        <ModalBody data={data} reply={reply} back={back} />
      )}
    </RouteDialog>
  );
}

function ModalBody({ data, reply, back }: { data: ModalData; reply: ModalReplyData | null; back: string }) {
  switch (data.modal) {
    case "attach":
      return <AttachForm data={data} reply={reply} back={back} />;
    case "permissions":
      return <PermissionForm data={data} reply={reply} back={back} />;
    case "approve":
      return <ApproveForm data={data} reply={reply} back={back} />;
    default:
      return <ConfirmForm data={data} reply={reply} back={back} />;
  }
}

type Of<K extends ModalData["modal"]> = Extract<ModalData, { modal: K }>;

function AttachForm({
  data,
  reply,
  back,
}: {
  data: Of<"attach">;
  reply: ModalReplyData | null;
  back: string;
}) {
  const [form, fields] = useSchemaForm(AttachShape, { id: "certification", lastResult: reply?.result });
  return (
    <Form method="post" {...getFormProps(form)} noValidate>
      <CsrfInput />
      <ErrorSummary form={form} />
      <p>
        <strong>{data.file.fileName}</strong> ({data.file.documentType})
      </p>
      {data.signedWarning ? (
        <p className="notice notice-warning" role="note">
          {data.signedWarning}
        </p>
      ) : null}
      <SelectField
        field={fields.certificationType}
        label="Certification"
        placeholder="Select a certification"
        options={data.certificationTypes}
      />
      {data.requisitionReply ? (
        <p>The document will be added to your reply to the land registry&apos;s requisition.</p>
      ) : (
        <RadioGroup
          field={fields.parentDocumentId}
          legend="Related application"
          options={data.applications.map((application) => ({
            value: application.value,
            label: application.label,
            disabled: application.disabledReason !== null,
            hint: application.disabledReason ?? undefined,
          }))}
        />
      )}
      <Actions
        submit={data.requisitionReply ? "Add to requisition reply" : "Attach to application"}
        back={back}
      />
    </Form>
  );
}

function PermissionForm({
  data,
  reply,
  back,
}: {
  data: Of<"permissions">;
  reply: ModalReplyData | null;
  back: string;
}) {
  const [form, fields] = useSchemaForm(PermissionShape, {
    id: "viewing-permission",
    lastResult: reply?.result,
    defaultValue: { grantees: data.granted },
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate>
      <CsrfInput />
      <input type="hidden" name="version" value={data.file.version} />
      <ErrorSummary form={form} />
      <p>
        Who may view <strong>{data.file.fileName}</strong>?
      </p>
      <fieldset>
        <legend>Organisations</legend>
        <FieldError id={fields.grantees.errorId} errors={fields.grantees.errors} />
        <label>
          <input type="checkbox" checked disabled aria-describedby="owner-hint" />
          {data.own.label}
          <small id="owner-hint" className="choice-hint">
            The uploading organisation can always view the file.
          </small>
        </label>
        {data.grantees.map((option, index) => (
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
      <Actions submit="Save viewing permission" back={back} />
    </Form>
  );
}

function ApproveForm({
  data,
  reply,
  back,
}: {
  data: Of<"approve">;
  reply: ModalReplyData | null;
  back: string;
}) {
  const [form, fields] = useSchemaForm(StatementsShape, {
    id: "approve-applications",
    lastResult: reply?.result,
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate>
      <CsrfInput />
      <input type="hidden" name="version" value={data.version} />
      <ErrorSummary form={form} />
      <p>Applications: {data.applications.join(", ")}</p>
      <fieldset>
        <legend>Confirm each statement to approve the applications</legend>
        {data.statements.map((statement) => {
          const field = fields[statement.key];
          const id = `approve-applications-${statement.key}`;
          return (
            <div key={statement.key} className={field?.errors?.length ? "field field--error" : "field"}>
              <FieldError id={`${id}-error`} errors={field?.errors} />
              <label htmlFor={id}>
                <input
                  type="checkbox"
                  id={id}
                  name={statement.key}
                  aria-invalid={field?.errors?.length ? true : undefined}
                  aria-describedby={field?.errors?.length ? `${id}-error` : undefined}
                />
                {statement.text}
              </label>
            </div>
          );
        })}
      </fieldset>
      <Actions submit="Approve" back={back} />
    </Form>
  );
}

function confirmText(data: ModalData): { text: string; button: string } {
  switch (data.modal) {
    case "delete":
      return {
        text: `${data.file.fileName} (${data.file.documentType}) will be deleted from the workspace. This cannot be undone.`,
        button: "Delete",
      };
    case "unapprove":
      return {
        text: `The applications (${data.applications.join(", ")}) will be unapproved so that they can be changed and approved again.`,
        button: "Unapprove",
      };
    case "submit":
      return {
        text: `The applications (${data.applications.join(", ")}) will be submitted to the land registry. Total land registry fee: ${data.feeTotal}.`,
        button: "Submit",
      };
    case "resubmit":
      return {
        text: "Record that the rejected applications were resubmitted to the land registry outside the product. The workspace will be closed.",
        button: "Confirm resubmission",
      };
    case "prepareResubmission":
      return {
        text: `The rejected applications (${data.applications.join(", ")}) will be taken back so that they can be changed, approved and submitted to the land registry again. The rejected lodgement stays listed with its correspondence.`,
        button: "Prepare resubmission",
      };
    default:
      return { text: "", button: "Confirm" };
  }
}

function ConfirmForm({ data, reply, back }: { data: ModalData; reply: ModalReplyData | null; back: string }) {
  const [form] = useSchemaForm(EmptyShape, { id: `confirm-${data.modal}`, lastResult: reply?.result });
  const { text, button } = confirmText(data);
  const version = "version" in data ? data.version : data.modal === "delete" ? data.file.version : null;
  return (
    <Form method="post" {...getFormProps(form)} noValidate>
      <CsrfInput />
      {version !== null ? <input type="hidden" name="version" value={version} /> : null}
      <ErrorSummary form={form} />
      <p>{text}</p>
      <Actions submit={button} back={back} />
    </Form>
  );
}
