/**
 * The fields of the five sections of the SDLT return (document 3 sections 3 and 5.2). Conditional fields
 * follow the answer as it is given with JavaScript; without it, a "Show the questions for this answer"
 * button beside the answer sends the form back with everything typed and the fields that answer calls for
 * (Conform's validate intent: nothing is saved).
 */
import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import { getInputProps } from "@conform-to/react";
import {
  CERTIFICATE_ADDRESS_LABELS,
  CERTIFICATE_ADDRESSES,
  CONSIDERATION_DESCRIPTIONS,
  FORM_OF_CONSIDERATION_LABELS,
  FORMS_OF_CONSIDERATION,
  IDENTIFICATION_TYPE_LABELS,
  IDENTIFICATION_TYPES,
  INTEREST_TRANSFERRED_LABELS,
  INTERESTS_TRANSFERRED,
  LAND_AREA_UNIT_LABELS,
  LAND_AREA_UNITS,
  MAX_FORMS_OF_CONSIDERATION,
  PROPERTY_TYPE_LABELS,
  PROPERTY_TYPES,
  PURCHASER_TITLES,
  RELIEF_REASON_CODE_LABELS,
  RELIEF_REASON_CODES,
  SCHEME_NUMBER_RELIEFS,
  TRANSACTION_DESCRIPTION_LABELS,
  TRANSACTION_DESCRIPTIONS,
} from "../../core/sdlt/enums.js";
import { disabledFormCodes } from "../../core/sdlt/schemas.js";
import {
  CheckboxGroup,
  RadioGroup,
  SelectField,
  TextField,
  useHydrated,
  type Option,
} from "../components/form";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyField = FieldMetadata<any, any, string[]>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyForm = FormMetadata<any, string[]>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Fields = Record<string, FieldMetadata<any, any, string[]>>;

/** A nested object's fields, and a list's rows (the loose field type of these shared components hides them). */
const fieldsetOf = (field: AnyField) => (field as unknown as { getFieldset(): Fields }).getFieldset();
const fieldListOf = (field: AnyField) => (field as unknown as { getFieldList(): AnyField[] }).getFieldList();

/** The answers of every yes/no question of the tab: the sections' fields and the initial questions alike. */
export const YES_NO: Option[] = [
  { value: "true", label: "Yes" },
  { value: "false", label: "No" },
];

const options = (values: readonly string[], labels: Readonly<Record<string, string>>): Option[] =>
  values.map((value) => ({ value, label: labels[value] ?? value }));

/** Without JavaScript: sends the form back (nothing saved) so that the fields an answer calls for appear. */
function RevealButton({
  form,
  field,
  label = "Show the questions for this answer",
}: {
  form: AnyForm;
  field: AnyField;
  label?: string;
}) {
  const hydrated = useHydrated();
  if (hydrated) return null;
  return (
    <button
      {...form.validate.getButtonProps({ name: field.name })}
      className="secondary outline reveal-button"
    >
      {label}
    </button>
  );
}

function YesNo({
  form,
  field,
  legend,
  reveal,
}: {
  form: AnyForm;
  field: AnyField;
  legend: string;
  reveal?: boolean;
}) {
  return (
    <div className="sdlt-question">
      <RadioGroup field={field} legend={legend} options={YES_NO} inline />
      {reveal ? <RevealButton form={form} field={field} /> : null}
    </div>
  );
}

export function AddressFields({ field, legend }: { field: AnyField; legend: string }) {
  const address = fieldsetOf(field);
  return (
    <fieldset className="sdlt-address">
      <legend>{legend}</legend>
      <TextField field={address.buildingNumber} label="Building number" autoComplete="off" />
      <TextField field={address.buildingName} label="Building name" autoComplete="off" />
      <TextField field={address.flat} label="Flat" autoComplete="off" />
      <TextField field={address.street} label="Street" autoComplete="off" />
      <TextField field={address.town} label="Town" autoComplete="off" />
      <TextField field={address.postcode} label="Postcode" autoComplete="off" />
    </fieldset>
  );
}

function ReadOnly({ id, label, value, name }: { id: string; label: string; value: string; name?: string }) {
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="text" value={value} readOnly aria-describedby={`${id}-hint`} />
      <p id={`${id}-hint`} className="field-hint">
        From the workspace; it cannot be changed here.
      </p>
      {name ? <input type="hidden" name={name} value={value} /> : null}
    </div>
  );
}

export function TransactionDetailsFields({
  form,
  fields,
  effectiveDate,
}: {
  form: AnyForm;
  fields: Fields;
  effectiveDate: string | null;
}) {
  return (
    <>
      <SelectField
        field={fields.propertyType}
        label="Property type"
        placeholder="Select a property type"
        options={options(PROPERTY_TYPES, PROPERTY_TYPE_LABELS)}
      />
      <ReadOnly
        id={`${form.id}-effective-date`}
        label="Effective date of transaction"
        value={effectiveDate ?? ""}
        name="effectiveDateOfTransaction"
      />
      <TextField
        field={fields.contractDate}
        label="Contract date (optional)"
        type="date"
        min="1900-01-01"
        max={effectiveDate ?? "2099-12-31"}
        hint="Not after the effective date of the transaction."
      />
      <SelectField
        field={fields.transactionDescription}
        label="Transaction description"
        placeholder="Select a description"
        options={options(TRANSACTION_DESCRIPTIONS, TRANSACTION_DESCRIPTION_LABELS)}
      />
      <SelectField
        field={fields.interestTransferred}
        label="Interest transferred"
        placeholder="Select the interest"
        options={options(INTERESTS_TRANSFERRED, INTEREST_TRANSFERRED_LABELS)}
      />
      <YesNo
        form={form}
        field={fields.restrictionsAffecting}
        legend="Are there restrictions, covenants or conditions affecting the value?"
        reveal
      />
      {fields.restrictionsAffecting.value === "true" ? (
        <TextField
          field={fields.restrictionsDetails}
          label="Restrictions details"
          hint="Letters, digits, dots and spaces; at most 42 characters."
          maxLength={42}
        />
      ) : null}
      <YesNo form={form} field={fields.landExchanged} legend="Is land exchanged or part exchanged?" reveal />
      {fields.landExchanged.value === "true" ? (
        <AddressFields field={fields.landExchangedAddress} legend="Address of the land exchanged" />
      ) : null}
      <YesNo form={form} field={fields.pursuantToOption} legend="Is the transaction pursuant to an option?" />
    </>
  );
}

export function PropertyDetailsFields({
  form,
  fields,
  titleNumber,
  propertyAddress,
}: {
  form: AnyForm;
  fields: Fields;
  titleNumber: string | null;
  propertyAddress: string | null;
}) {
  const land = fieldsetOf(fields.landDetails);
  return (
    <>
      <ReadOnly id={`${form.id}-properties`} label="Number of properties" value="1" />
      <ReadOnly id={`${form.id}-address`} label="Property address" value={propertyAddress ?? ""} />
      <ReadOnly
        id={`${form.id}-title-number`}
        label="Title number"
        value={titleNumber ?? ""}
        name="titleNumber"
      />
      <TextField
        field={fields.laNumber}
        label="Local authority number"
        hint="Exactly 4 digits."
        inputMode="numeric"
        maxLength={4}
      />
      <TextField
        field={fields.nlpgUprn}
        label="NLPG UPRN (optional)"
        hint="Letters and digits; at most 14."
        maxLength={14}
      />
      <TextField
        field={land.landArea}
        label="Land area (optional)"
        inputMode="decimal"
        hint="Up to 14 characters and 3 decimal places."
      />
      <RadioGroup
        field={land.landAreaUnit}
        legend="Land area unit"
        options={options(LAND_AREA_UNITS, LAND_AREA_UNIT_LABELS)}
        inline
      />
      <YesNo form={form} field={fields.planAttached} legend="Is a plan attached?" />
    </>
  );
}

export function TaxCalculationFields({
  form,
  fields,
  propertyType,
  transactionDescription,
}: {
  form: AnyForm;
  fields: Fields;
  propertyType?: string;
  transactionDescription?: string;
}) {
  const claiming = fields.isClaimingRelief.value === "true";
  const reason = fields.reasonCode.value as string | undefined;
  const considerationAsked = (CONSIDERATION_DESCRIPTIONS as readonly (string | undefined)[]).includes(
    transactionDescription,
  );
  const chosen = ([] as string[]).concat((fields.formCode.value as string[] | string | undefined) ?? []);
  const disabled = new Set(disabledFormCodes(chosen));
  return (
    <>
      <YesNo form={form} field={fields.isClaimingRelief} legend="Are you claiming relief?" reveal />
      {claiming ? (
        <div className="sdlt-question">
          <SelectField
            field={fields.reasonCode}
            label="Relief reason"
            placeholder="Select a relief"
            options={options(RELIEF_REASON_CODES, RELIEF_REASON_CODE_LABELS)}
          />
          <RevealButton form={form} field={fields.reasonCode} />
        </div>
      ) : null}
      {claiming &&
      reason &&
      SCHEME_NUMBER_RELIEFS.includes(reason as (typeof SCHEME_NUMBER_RELIEFS)[number]) ? (
        <TextField
          field={fields.schemeNumber}
          label="Scheme number"
          maxLength={14}
          hint="At most 14 characters."
        />
      ) : null}
      {claiming && propertyType === "MIXED_USE" ? (
        <TextField field={fields.amountChargeable} label="Amount chargeable (£)" inputMode="numeric" />
      ) : null}
      {considerationAsked ? (
        <>
          <TextField
            field={fields.totalConsideration}
            label="Total consideration (£)"
            inputMode="numeric"
            hint="Whole pounds."
          />
          <CheckboxGroup
            field={fields.formCode}
            legend="Forms of consideration"
            hint={`Choose up to ${MAX_FORMS_OF_CONSIDERATION}.`}
            options={options(FORMS_OF_CONSIDERATION, FORM_OF_CONSIDERATION_LABELS).map((option) => ({
              ...option,
              disabled: disabled.has(option.value),
            }))}
          />
        </>
      ) : null}
      <TextField
        field={fields.vatAmountCharged}
        label="VAT amount charged (£, optional)"
        inputMode="numeric"
      />
      <YesNo form={form} field={fields.isLinkedTransaction} legend="Is this a linked transaction?" reveal />
      {fields.isLinkedTransaction.value === "true" ? (
        <TextField
          field={fields.linkedTransactionTotal}
          label="Linked transaction total (£)"
          inputMode="numeric"
        />
      ) : null}
      <TextField
        field={fields.taxPayable}
        label="Tax payable (£)"
        inputMode="numeric"
        hint="Whole pounds, as you calculated it."
      />
      <TextField field={fields.amountPaid} label="Amount paid (£)" inputMode="numeric" />
      <YesNo
        form={form}
        field={fields.isAmountPaidIncludePenalties}
        legend="Does the amount paid include penalties?"
      />
    </>
  );
}

const TITLE_OPTIONS = PURCHASER_TITLES.map((title) => ({ value: title, label: title }));

function PurchaserCommon({ form, field, name }: { form: AnyForm; field: AnyField; name: string }) {
  const purchaser = fieldsetOf(field);
  return (
    <>
      <input {...getInputProps(purchaser.id, { type: "hidden" })} key={purchaser.id.key} />
      <div className="sdlt-question">
        <SelectField
          field={purchaser.title}
          label={`Title of ${name}`}
          placeholder="Select a title"
          options={TITLE_OPTIONS}
        />
        <RevealButton form={form} field={purchaser.title} />
      </div>
      {purchaser.title.value === "Other" ? (
        <TextField
          field={purchaser.otherTitle}
          label="Other title"
          hint="Letters and dots; at most 6."
          maxLength={6}
        />
      ) : null}
      <AddressFields field={purchaser.address} legend={`Address of ${name}`} />
      <YesNo form={form} field={purchaser.actingAsTrustee} legend={`Is ${name} acting as a trustee?`} />
    </>
  );
}

export function PurchaserDetailsFields({
  form,
  fields,
  purchasers,
}: {
  form: AnyForm;
  fields: Fields;
  purchasers: { id: string; name: string }[];
}) {
  const primary = fieldsetOf(fields.primaryPurchaser);
  const identification = fieldsetOf(primary.identification);
  const others = fieldListOf(fields.stampDuty2Purchasers);
  const [first, second, ...rest] = purchasers;
  const type = identification.type.value as string | undefined;
  return (
    <>
      <fieldset className="sdlt-purchaser">
        <legend>{first?.name ?? "Primary purchaser"} (primary purchaser)</legend>
        <PurchaserCommon form={form} field={fields.primaryPurchaser} name={first?.name ?? "the purchaser"} />
        <div className="sdlt-question">
          <SelectField
            field={identification.type}
            label="Identification type"
            placeholder="Select a type"
            options={options(IDENTIFICATION_TYPES, IDENTIFICATION_TYPE_LABELS)}
          />
          <RevealButton form={form} field={identification.type} />
        </div>
        {type ? (
          <TextField
            field={identification.identificationNumber}
            label={
              IDENTIFICATION_TYPE_LABELS[type as keyof typeof IDENTIFICATION_TYPE_LABELS] ??
              "Identification number"
            }
            autoComplete="off"
          />
        ) : null}
        {type === "NATIONAL_INSURANCE_NUMBER" ? (
          <TextField field={identification.dateOfBirth} label="Date of birth" type="date" min="1900-01-01" />
        ) : null}
        <YesNo
          form={form}
          field={primary.hasNonUKResident}
          legend="Is a purchaser a non-UK resident? (optional)"
        />
        <YesNo
          form={form}
          field={primary.controlledByNonUKResident}
          legend="Is the purchaser controlled by a non-UK resident? (optional)"
        />
        <YesNo
          form={form}
          field={primary.claimingCrownEmploymentRelief}
          legend="Is the purchaser claiming Crown employment relief? (optional)"
        />
        <YesNo
          form={form}
          field={primary.connectedToVendor}
          legend="Is the purchaser connected to the vendor?"
        />
        <SelectField
          field={primary.certificateAddress}
          label="Certificate address"
          placeholder="Select where the certificate goes"
          options={options(CERTIFICATE_ADDRESSES, CERTIFICATE_ADDRESS_LABELS)}
        />
        <YesNo
          form={form}
          field={primary.authorisedAgent}
          legend="Is an agent authorised to act for the purchaser?"
        />
      </fieldset>
      {second ? (
        <fieldset className="sdlt-purchaser">
          <legend>{second.name} (additional purchaser)</legend>
          <PurchaserCommon form={form} field={fields.additionalPurchaser} name={second.name} />
        </fieldset>
      ) : null}
      {others.map((other, index) => {
        const entry = fieldsetOf(other);
        const name = rest[index]?.name ?? `Purchaser ${index + 3}`;
        return (
          <fieldset className="sdlt-purchaser" key={other.key}>
            <legend>{name}</legend>
            <PurchaserCommon form={form} field={other} name={name} />
            <YesNo
              form={form}
              field={entry.connectedToVendor}
              legend={`Is ${name} connected to the vendor?`}
            />
          </fieldset>
        );
      })}
    </>
  );
}

export function AgentDetailsFields({
  form,
  fields,
  addressShown,
  agentRequired,
}: {
  form: AnyForm;
  fields: Fields;
  addressShown: boolean;
  agentRequired: boolean;
}) {
  return (
    <>
      <TextField
        field={fields.agentName}
        label={agentRequired ? "Agent name" : "Agent name (optional)"}
        maxLength={28}
        hint="At most 28 characters."
      />
      <TextField field={fields.agentReference} label="Agent reference (optional)" maxLength={14} />
      <TextField
        field={fields.agentPhoneNumber}
        label="Agent phone number (optional)"
        type="tel"
        maxLength={14}
        hint="Digits, +, -, spaces and brackets."
      />
      <input
        {...getInputProps(fields.agentAddressShown, { type: "hidden" })}
        key={fields.agentAddressShown.key}
        value={addressShown ? "true" : "false"}
      />
      {addressShown ? (
        <AddressFields field={fields.agentAddress} legend="Agent address" />
      ) : (
        <button
          {...form.update.getButtonProps({ name: fields.agentAddressShown.name, value: "true" })}
          className="secondary outline"
        >
          Add address
        </button>
      )}
    </>
  );
}
