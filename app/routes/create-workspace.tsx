/**
 * Create workspace (document 1 sections 2.5 and 5): transaction details, property address and applicant
 * details — 1 to 4 individual applicants (added and removed with Conform's list intents, which are real
 * submit buttons, so they work without JavaScript) or one organisation applicant (a limited company). A
 * lender creates remortgages; law and conveyancing firms purchases only (the law-firm rule). Needs
 * CREATE_WORKSPACES and VIEW_WORKSPACES (403). Success goes to the new workspace; a provider failure keeps
 * the input and shows the error in the summary and a toast.
 */
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { LAW_FIRM_PURCHASE_ONLY_TOOLTIP, TRANSACTION_TYPE_LABELS, TRANSACTION_TYPES } from "../../core/workspaces/enums.js";
import { LIMITS } from "../../core/shared/limits.js";
import { ORGANISATION_TYPE_LABELS } from "../../core/parties/enums.js";
import { normaliseRegistrationNumber } from "../../core/parties/schemas.js";
import { CreateWorkspaceRequestSchema } from "../../core/workspaces/api.js";
import type { Toast } from "../../core/shared/errors.js";
import { can } from "../../core/shared/permissions/actions.js";
import { creatableTransactionTypes } from "../../core/shared/permissions/screens.js";
import { CreateWorkspaceSchema, toCreateWorkspaceBody } from "../../core/workspaces/schemas.js";
import { CREATE_REFUSALS, createWorkspaceRefusal, LAW_FIRM_PURCHASE_ONLY } from "../../core/workspaces/lifecycle.js";
import { CsrfInput } from "../components/csrf-input";
import { GeneralErrorBoundary } from "../components/error-page";
import { ErrorSummary, RadioGroup, SubmitButton, TextField, useHydrated, useSchemaForm } from "../components/form";
import { ToastMessage } from "../components/toast";
import workspacesHref from "../workspaces/workspaces.css";
import { createWorkspace } from "../../core/workspaces/client.js";
import { writeFailureToast } from "../errors/provider-errors.server";
import { redirectWithToast, successToast } from "../errors/toast.server";
import { invariantResponse } from "../errors/invariant";
import { readForm } from "../components/form/read-form.server";
import { requireUser, type UserSession, subjectOf } from "../session/user-session.server";
import { titleFor } from "../utils/meta";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: workspacesHref }];

const WORKSPACE_CREATED = "Workspace created successfully";

function requireCreator(user: UserSession) {
  invariantResponse(can(subjectOf(user), "createWorkspace"), "You do not have access to create workspaces", 403);
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  requireCreator(user);
  const subscriberType = user.claims.subscriberType;
  const transactionTypes = subscriberType ? creatableTransactionTypes(subscriberType, LAW_FIRM_PURCHASE_ONLY) : [];
  return {
    transactionTypes,
    /** Why the transaction type is fixed (law firm: purchase only; lender: remortgage only), or null. */
    fixedTypeReason:
      transactionTypes.length === 1
        ? subscriberType === "Lender"
          ? CREATE_REFUSALS.lenderRemortgageOnly
          : LAW_FIRM_PURCHASE_ONLY_TOOLTIP
        : null,
    /** The helpdesk administrator has no subscriber, and workspaces belong to subscribers. */
    refusal: subscriberType ? null : CREATE_REFUSALS.noSubscriber,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request, CreateWorkspaceSchema);
  const user = await requireUser(request);
  requireCreator(user);
  // The form shown again (an error, or an intent without JavaScript) shows the registration number as it is
  // saved: the schema's normalisation, applied to what is echoed back too.
  for (const [name, value] of [...formData.entries()]) {
    if (/(^|\.)registrationNumber$/.test(name) && typeof value === "string") formData.set(name, normaliseRegistrationNumber(value));
  }
  const submission = parseWithZod(formData, { schema: CreateWorkspaceSchema });
  if (submission.status !== "success") {
    // An intent (add or remove an applicant, change the applicant type) answers the form as it now is.
    return data({ result: submission.reply(), toast: null as Toast | null }, { status: submission.status === "error" ? 400 : 200 });
  }
  const refusal = createWorkspaceRefusal(user.claims.subscriberType, submission.value.transactionType);
  if (refusal) {
    return data({ result: submission.reply({ fieldErrors: { transactionType: [refusal] } }), toast: null }, { status: 400 });
  }
  try {
    const created = await createWorkspace(user.ctx, CreateWorkspaceRequestSchema.parse(toCreateWorkspaceBody(submission.value)));
    return redirectWithToast(`/workspaces/${created.workspaceId}`, successToast(WORKSPACE_CREATED));
  } catch (error) {
    const toast = await writeFailureToast(request, error);
    return data({ result: submission.reply({ formErrors: [toast.message] }), toast }, { status: 400 });
  }
}

export default function CreateWorkspace() {
  const { transactionTypes, fixedTypeReason, refusal } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <section aria-labelledby="create-workspace-title" className="create-workspace">
      <h1 id="create-workspace-title">Create workspace</h1>
      <ToastMessage toast={actionData?.toast ?? null} />
      {refusal ? (
        <>
          <p className="notice">{refusal}</p>
          <Link to="/workspaces">Back to workspaces</Link>
        </>
      ) : (
        <CreateWorkspaceForm transactionTypes={transactionTypes} fixedTypeReason={fixedTypeReason} lastResult={actionData?.result} />
      )}
    </section>
  );
}

function CreateWorkspaceForm({
  transactionTypes,
  fixedTypeReason,
  lastResult,
}: {
  transactionTypes: readonly string[];
  fixedTypeReason: string | null;
  lastResult: Parameters<typeof useSchemaForm>[1]["lastResult"];
}) {
  const hydrated = useHydrated();
  const [form, fields] = useSchemaForm(CreateWorkspaceSchema, {
    id: "create-workspace",
    lastResult,
    defaultValue: {
      transactionType: transactionTypes.length === 1 ? transactionTypes[0] : undefined,
      applicantType: "INDIVIDUAL",
      applicants: [{ type: "INDIVIDUAL" }],
    },
  });
  const address = fields.securityAddress.getFieldset();
  const applicantType = (fields.applicantType.value ?? "INDIVIDUAL") === "ORGANISATION" ? "ORGANISATION" : "INDIVIDUAL";
  return (
    <Form method="post" {...getFormProps(form)} noValidate>
      <CsrfInput />
      <ErrorSummary form={form} />

      <section aria-labelledby="transaction-details-title">
        <h2 id="transaction-details-title">Transaction details</h2>
        <TextField field={fields.reference} label="Reference" hint={`Your reference for this workspace, up to ${LIMITS.reference} characters`} autoComplete="off" />
        <RadioGroup
          field={fields.transactionType}
          legend="Transaction type"
          hint={fixedTypeReason ?? undefined}
          inline
          options={TRANSACTION_TYPES.map((type) => ({
            value: type,
            label: TRANSACTION_TYPE_LABELS[type],
            disabled: !transactionTypes.includes(type),
          }))}
          title={fixedTypeReason ?? undefined}
        />
      </section>

      <section aria-labelledby="property-address-title">
        <h2 id="property-address-title">Property address</h2>
        <div className="grid">
          <TextField field={address.buildingName} label="Building name" autoComplete="off" />
          <TextField field={address.buildingNumber} label="Building number" autoComplete="off" />
        </div>
        <div className="grid">
          <TextField field={address.flat} label="Flat" hint="Optional" autoComplete="off" />
          <TextField field={address.street} label="Street" hint="Optional" autoComplete="off" />
        </div>
        <div className="grid">
          <TextField field={address.town} label="Town" hint="Optional" autoComplete="off" />
          <TextField field={address.postcode} label="Postcode" autoComplete="off" className="postcode-field" />
        </div>
      </section>

      <section aria-labelledby="applicant-details-title">
        <h2 id="applicant-details-title">Applicant details</h2>
        <RadioGroup
          field={fields.applicantType}
          legend="Applicant type"
          inline
          options={[
            { value: "INDIVIDUAL", label: `Individuals (1 to ${LIMITS.applicants})` },
            { value: "ORGANISATION", label: "An organisation" },
          ]}
        />
        {hydrated ? null : (
          <button {...form.validate.getButtonProps({ name: fields.applicantType.name })} className="secondary outline">
            Change applicant type
          </button>
        )}
        {applicantType === "ORGANISATION" ? (
          <OrganisationApplicant field={fields.organisation} />
        ) : (
          <IndividualApplicants form={form} field={fields.applicants} />
        )}
      </section>

      <div className="form-actions">
        <SubmitButton>Create workspace</SubmitButton>
        <Link to="/workspaces" className="button secondary outline">
          Cancel
        </Link>
      </div>
    </Form>
  );
}

type Form_ = ReturnType<typeof useSchemaForm<typeof CreateWorkspaceSchema>>[0];
type ApplicantsField = ReturnType<typeof useSchemaForm<typeof CreateWorkspaceSchema>>[1]["applicants"];
type OrganisationField = ReturnType<typeof useSchemaForm<typeof CreateWorkspaceSchema>>[1]["organisation"];

function IndividualApplicants({ form, field }: { form: Form_; field: ApplicantsField }) {
  const applicants = field.getFieldList();
  return (
    <fieldset id={field.id} className="applicants" aria-describedby={field.errors?.length ? field.errorId : undefined}>
      <legend className="visually-hidden">Individual applicants</legend>
      {field.errors?.length ? (
        <p id={field.errorId} className="field-error">
          <span className="visually-hidden">Error: </span>
          {field.errors[0]}
        </p>
      ) : null}
      {applicants.map((applicant, index) => {
        const person = applicant.getFieldset();
        return (
          <fieldset key={applicant.key} className="applicant">
            <legend>Applicant {index + 1}</legend>
            <input type="hidden" name={person.type.name} value="INDIVIDUAL" />
            <div className="grid">
              <TextField field={person.firstName} label="First name" autoComplete="off" />
              <TextField field={person.middleNames} label="Middle name" hint="Optional" autoComplete="off" />
              <TextField field={person.lastName} label="Last name" autoComplete="off" />
            </div>
            {applicants.length > 1 ? (
              <button {...form.remove.getButtonProps({ name: field.name, index })} className="secondary outline">
                Remove applicant {index + 1}
              </button>
            ) : null}
          </fieldset>
        );
      })}
      {applicants.length < LIMITS.applicants ? (
        <button {...form.insert.getButtonProps({ name: field.name, defaultValue: { type: "INDIVIDUAL" } })} className="secondary">
          Add another applicant
        </button>
      ) : (
        <p className="field-hint">A workspace can have up to {LIMITS.applicants} applicants.</p>
      )}
    </fieldset>
  );
}

function OrganisationApplicant({ field }: { field: OrganisationField }) {
  const organisation = field.getFieldset();
  return (
    <fieldset className="applicant">
      <legend>Organisation applicant</legend>
      <input type="hidden" name={organisation.type.name} value="ORGANISATION" />
      <input type="hidden" name={organisation.organisationType.name} value="LIMITED_COMPANY" />
      <TextField field={organisation.organisationName} label="Organisation name" autoComplete="organization" />
      <TextField
        field={organisation.registrationNumber}
        label="Registration number"
        hint="6 to 8 letters and digits, as on the Companies House register"
        autoComplete="off"
        className="uppercase-field"
        onInput={(event) => {
          const input = event.currentTarget;
          const upper = input.value.toUpperCase();
          if (upper !== input.value) {
            const caret = input.selectionStart;
            input.value = upper;
            if (caret !== null) input.setSelectionRange(caret, caret);
          }
        }}
      />
      <p>
        <span className="field-label">Organisation type</span>
        <br />
        {ORGANISATION_TYPE_LABELS.LIMITED_COMPANY}
      </p>
    </fieldset>
  );
}

export const meta: MetaFunction = ({ error }) => titleFor("Create workspace", error);

export const ErrorBoundary = GeneralErrorBoundary;
