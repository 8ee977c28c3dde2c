/**
 * The participants tab's inline forms (document 2 sections 2.2, 4.4, 4.5, 5.1 and 5.4): add or edit a party
 * (individual or organisation), confirm representation, add or edit an address, edit a law firm, add or edit
 * a reference, add the lender's law firm, and the confirmations (delete, a mismatch action, a proprietor
 * action). Each posts to its own inline view's address with an intent and the version the page showed;
 * errors in the GOV.UK pattern, the user's input kept. Without JavaScript every field shows; with it, the
 * fields that do not apply to the choices made are hidden.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { PartySchema, LawFirmSchema, ReferenceSchema } from "../../core/parties/schemas.js";
import { ConfirmRepresentationRequestSchema } from "../../core/parties/api.js";
import { AddressSchema } from "../../core/shared/address.js";
import { LIMITS } from "../../core/shared/limits.js";
import type { Toast } from "../../core/shared/errors.js";
import { CsrfInput } from "../components/csrf-input";
import { ErrorSummary, RadioGroup, SelectField, SubmitButton, TextField, useHydrated, useSchemaForm } from "../components/form";
import { ToastMessage } from "../components/toast";
import { ConfirmationSchema, ParticipantFormSchema, type ParticipantIntent } from "./participant-forms";
import type { OpenForm } from "./participants.server";

export interface ActionReply {
  intent: ParticipantIntent;
  result: SubmissionResult<string[]>;
  toast: Toast | null;
}

interface PanelProps {
  form: OpenForm;
  version: number;
  /** The tab with nothing open (Cancel). */
  closeTo: string;
  reply: ActionReply | null;
  /** The heading level of the view's title: 4 under a section's heading, 5 inside a card. */
  level: 4 | 5;
}

/**
 * The panel around an open inline view: a heading one level below its place's (that takes focus when it
 * opens, with JavaScript), the form, Cancel.
 */
function Panel({ title, level, children }: { title: string; level: 4 | 5; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [title]);
  const Heading = `h${level}` as const;
  return (
    <section className="inline-view" aria-labelledby="inline-view-title">
      <Heading id="inline-view-title" ref={heading} tabIndex={-1}>
        {title}
      </Heading>
      {children}
    </section>
  );
}

/** The hidden fields and buttons every inline form carries. */
function FormEnd({ intent, version, closeTo, label, disabled, disabledHint }: { intent: ParticipantIntent; version: number; closeTo: string; label: string; disabled?: boolean; disabledHint?: string }) {
  return (
    <>
      <input type="hidden" name="version" value={version} />
      <div className="form-actions">
        <SubmitButton name="intent" value={intent} disabled={disabled} aria-describedby={disabled && disabledHint ? "inline-submit-hint" : undefined}>
          {label}
        </SubmitButton>
        <Link to={closeTo} className="button secondary outline" preventScrollReset>
          Cancel
        </Link>
      </div>
      {disabled && disabledHint ? (
        <p id="inline-submit-hint" className="field-hint">
          {disabledHint}
        </p>
      ) : null}
    </>
  );
}

function useFormAction() {
  const location = useLocation();
  return `${location.pathname}${location.search}`;
}

export function InlineForm({ form, version, closeTo, reply, level }: PanelProps) {
  const lastResult = reply && reply.intent === intentOf(form) ? reply.result : null;
  const toast = reply && reply.intent === intentOf(form) ? reply.toast : null;
  const props = { version, closeTo, lastResult, summaryLevel: (level + 1) as 5 | 6 };
  let body: ReactNode = null;
  switch (form.kind) {
    case "details":
      return null;
    case "party":
      body = <PartyForm {...props} form={form} />;
      break;
    case "confirm":
      body = <ConfirmForm {...props} form={form} />;
      break;
    case "representation":
      body = <RepresentationForm {...props} form={form} />;
      break;
    case "address":
      body = <AddressForm {...props} form={form} />;
      break;
    case "law-firm":
      body = <LawFirmForm {...props} form={form} />;
      break;
    case "reference":
      body = <ReferenceForm {...props} form={form} />;
      break;
    case "participant":
      body = <ParticipantForm {...props} form={form} />;
      break;
  }
  return (
    <Panel title={form.title} level={level}>
      <ToastMessage toast={toast} />
      {body}
    </Panel>
  );
}

function intentOf(form: OpenForm): ParticipantIntent | null {
  switch (form.kind) {
    case "details":
      return null;
    case "party":
    case "confirm":
    case "reference":
      return form.intent;
    case "representation":
      return "confirm-representation";
    case "address":
      return "save-address";
    case "law-firm":
      return "edit-law-firm";
    case "participant":
      return "add-participant";
  }
}

type FormProps<K extends OpenForm["kind"]> = {
  form: Extract<OpenForm, { kind: K }>;
  version: number;
  closeTo: string;
  lastResult: SubmissionResult<string[]> | null;
  summaryLevel: 5 | 6;
};

function PartyForm({ form, version, closeTo, lastResult, summaryLevel }: FormProps<"party">) {
  const hydrated = useHydrated();
  const [conform, fields] = useSchemaForm(PartySchema, { id: "party-form", lastResult, defaultValue: form.defaultValue });
  const [chosen, setChosen] = useState<string>(form.fixedType ?? String(fields.type.initialValue ?? "INDIVIDUAL"));
  const type = form.fixedType ?? chosen;
  const showIndividual = !hydrated || type === "INDIVIDUAL";
  const showOrganisation = !hydrated || type === "ORGANISATION";
  return (
    <Form method="post" action={useFormAction()} {...getFormProps(conform)} noValidate preventScrollReset>
      <CsrfInput />
      <ErrorSummary form={conform} headingLevel={summaryLevel} />
      {form.fixedType ? (
        <input type="hidden" name={fields.type.name} value={form.fixedType} />
      ) : (
        <RadioGroup
          field={fields.type}
          legend="Party type"
          inline
          options={[
            { value: "INDIVIDUAL", label: "Individual" },
            { value: "ORGANISATION", label: "Organisation" },
          ]}
          onChoose={(value, checked) => checked && setChosen(value)}
        />
      )}
      {showIndividual ? (
        <fieldset>
          <legend>{hydrated || form.fixedType ? "Name" : "An individual's name"}</legend>
          <TextField field={fields.forenames} label="First name" maxLength={LIMITS.forenames} autoComplete="off" />
          <TextField field={fields.surname} label="Last name" maxLength={LIMITS.surname} autoComplete="off" />
        </fieldset>
      ) : null}
      {showOrganisation ? (
        <fieldset>
          <legend>{hydrated || form.fixedType ? "Organisation" : "An organisation's details"}</legend>
          <TextField field={fields.organisationName} label="Organisation name" maxLength={LIMITS.organisationName} autoComplete="off" />
          <TextField
            field={fields.registrationNumber}
            label="Registration number"
            hint="6 to 8 letters and digits"
            maxLength={LIMITS.registrationNumber.max}
            autoComplete="off"
            onInput={(event) => {
              event.currentTarget.value = event.currentTarget.value.toUpperCase();
            }}
          />
          <div className="form-field">
            <label htmlFor="party-form-organisation-type">Organisation type</label>
            <input id="party-form-organisation-type" value="Limited Company" disabled readOnly />
          </div>
        </fieldset>
      ) : null}
      <FormEnd intent={form.intent} version={version} closeTo={closeTo} label={form.intent === "add-party" ? "Add" : "Update"} />
    </Form>
  );
}

function ConfirmForm({ form, version, closeTo, lastResult, summaryLevel }: FormProps<"confirm">) {
  const [conform] = useSchemaForm(ConfirmationSchema, { id: "confirm-form", lastResult });
  return (
    <Form method="post" action={useFormAction()} {...getFormProps(conform)} noValidate preventScrollReset>
      <CsrfInput />
      <ErrorSummary form={conform} headingLevel={summaryLevel} />
      <p>{form.text}</p>
      <FormEnd intent={form.intent} version={version} closeTo={closeTo} label={form.button} />
    </Form>
  );
}

/** Address fields named under `prefix` (e.g. "address." for a nested address). */
function AddressFields({ fields, legend }: { fields: Record<string, Parameters<typeof TextField>[0]["field"]>; legend: string }) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      <TextField field={fields.buildingName} label="Building name" maxLength={LIMITS.buildingName} autoComplete="off" />
      <TextField field={fields.buildingNumber} label="Building number" maxLength={LIMITS.buildingNumber} autoComplete="off" />
      <TextField field={fields.flat} label="Flat" maxLength={LIMITS.flat} autoComplete="off" />
      <TextField field={fields.street} label="Street" maxLength={LIMITS.street} autoComplete="off" />
      <TextField field={fields.town} label="Town" maxLength={LIMITS.town} autoComplete="off" />
      <TextField field={fields.postcode} label="Postcode" maxLength={LIMITS.postcode} autoComplete="off" />
    </fieldset>
  );
}

function RepresentationForm({ form, version, closeTo, lastResult, summaryLevel }: FormProps<"representation">) {
  const hydrated = useHydrated();
  const [conform, fields] = useSchemaForm(ConfirmRepresentationRequestSchema, { id: "representation-form", lastResult, defaultValue: form.defaultValue });
  const [representation, setRepresentation] = useState(String(fields.representationType.initialValue ?? ""));
  const [representative, setRepresentative] = useState(String(fields.representativeType.initialValue ?? ""));
  const separate = !hydrated || representation === "SEPARATE_REPRESENTATION";
  const external = !hydrated || (separate && representative === "EXTERNAL_LAW_FIRM");
  const participant = !hydrated || (separate && representative === "PARTICIPANT");
  // The schema reads the address as unknown (checked only for an external firm); its fields are still nested under "address".
  const address = (fields.address as unknown as { getFieldset: () => Record<string, Parameters<typeof TextField>[0]["field"]> }).getFieldset();
  // Section 5.4: submit stays disabled until the form is changed (with JavaScript; without it the server checks).
  const unchanged = hydrated && !conform.dirty;
  return (
    <Form method="post" action={useFormAction()} {...getFormProps(conform)} noValidate preventScrollReset>
      <CsrfInput />
      <ErrorSummary form={conform} headingLevel={summaryLevel} />
      <input type="hidden" name={fields.partyId.name} value={form.partyId} />
      <input type="hidden" name={fields.partyType.name} value={form.partyType} />
      {form.representationId ? <input type="hidden" name={fields.representationId.name} value={form.representationId} /> : null}
      <RadioGroup
        field={fields.representationType}
        legend="Representation"
        options={[
          { value: "NO_REPRESENTATION", label: "No representation" },
          { value: "DUAL_REPRESENTATION", label: "Dual representation", hint: "The workspace's law firm acts for this party too" },
          { value: "SEPARATE_REPRESENTATION", label: "Separate representation", hint: "Another law firm acts for this party" },
        ]}
        onChoose={(value, checked) => checked && setRepresentation(value)}
      />
      {separate ? (
        <RadioGroup
          field={fields.representativeType}
          legend={hydrated ? "Who represents the party" : "For separate representation: who represents the party"}
          options={[
            { value: "EXTERNAL_LAW_FIRM", label: "An external law firm" },
            { value: "PARTICIPANT", label: "A participant of this workspace" },
          ]}
          onChoose={(value, checked) => checked && setRepresentative(value)}
        />
      ) : null}
      {participant ? (
        <SelectField
          field={fields.representativeRole}
          label={hydrated ? "Participant" : "For a participant: which one"}
          placeholder="Select a participant"
          options={form.participantRoles}
        />
      ) : null}
      {external ? (
        <fieldset>
          <legend>{hydrated ? "External law firm" : "For an external law firm: its details"}</legend>
          <TextField field={fields.name} label="Law firm name" maxLength={LIMITS.lawFirmName} autoComplete="off" />
          <TextField field={fields.referenceNumber} label="Reference" maxLength={LIMITS.reference} autoComplete="off" />
          <AddressFields fields={address as never} legend="Law firm address" />
        </fieldset>
      ) : null}
      <RadioGroup
        field={fields.verificationOfIdentity}
        legend="Verification of identity"
        options={[
          { value: "LAW_FIRM_CERTIFIED", label: "Law firm certified" },
          { value: "IDENTITY_EVIDENCE", label: "Identity evidence" },
        ]}
      />
      <FormEnd intent="confirm-representation" version={version} closeTo={closeTo} label="Confirm" disabled={unchanged} disabledHint="Choose the representation to confirm." />
    </Form>
  );
}

function AddressForm({ form, version, closeTo, lastResult, summaryLevel }: FormProps<"address">) {
  const [conform, fields] = useSchemaForm(AddressSchema, { id: "address-form", lastResult, defaultValue: form.defaultValue });
  return (
    <Form method="post" action={useFormAction()} {...getFormProps(conform)} noValidate preventScrollReset>
      <CsrfInput />
      <ErrorSummary form={conform} headingLevel={summaryLevel} />
      <AddressFields fields={fields as never} legend="Address" />
      <FormEnd intent="save-address" version={version} closeTo={closeTo} label="Save address" />
    </Form>
  );
}

function LawFirmForm({ form, version, closeTo, lastResult, summaryLevel }: FormProps<"law-firm">) {
  const [conform, fields] = useSchemaForm(LawFirmSchema, { id: "law-firm-form", lastResult, defaultValue: form.defaultValue });
  return (
    <Form method="post" action={useFormAction()} {...getFormProps(conform)} noValidate preventScrollReset>
      <CsrfInput />
      <ErrorSummary form={conform} headingLevel={summaryLevel} />
      <TextField
        field={fields.name}
        label="Law firm name"
        maxLength={LIMITS.lawFirmName}
        hint={form.nameEditable ? undefined : "This firm's name is its subscriber's: a different name is not saved."}
        autoComplete="off"
      />
      <TextField field={fields.referenceNumber} label="Reference" maxLength={LIMITS.reference} autoComplete="off" />
      <AddressFields fields={fields.address.getFieldset() as never} legend="Law firm address" />
      <FormEnd intent="edit-law-firm" version={version} closeTo={closeTo} label="Update" />
    </Form>
  );
}

function ReferenceForm({ form, version, closeTo, lastResult, summaryLevel }: FormProps<"reference">) {
  const [conform, fields] = useSchemaForm(ReferenceSchema, { id: "reference-form", lastResult, defaultValue: form.defaultValue });
  return (
    <Form method="post" action={useFormAction()} {...getFormProps(conform)} noValidate preventScrollReset>
      <CsrfInput />
      <ErrorSummary form={conform} headingLevel={summaryLevel} />
      <TextField field={fields.referenceNumber} label="Reference" maxLength={LIMITS.reference} autoComplete="off" />
      <FormEnd intent={form.intent} version={version} closeTo={closeTo} label={form.intent === "add-reference" ? "Add" : "Update"} />
    </Form>
  );
}

function ParticipantForm({ form, version, closeTo, lastResult, summaryLevel }: FormProps<"participant">) {
  const [conform, fields] = useSchemaForm(ParticipantFormSchema, { id: "participant-form", lastResult, defaultValue: form.defaultValue });
  return (
    <Form method="post" action={useFormAction()} {...getFormProps(conform)} noValidate preventScrollReset>
      <CsrfInput />
      <ErrorSummary form={conform} headingLevel={summaryLevel} />
      <SelectField field={fields.subscriberId} label="Law firm" placeholder="Select a law firm" options={form.subscribers} />
      <FormEnd intent="add-participant" version={version} closeTo={closeTo} label="Add" />
    </Form>
  );
}
