/**
 * Form fields on Conform, in the GOV.UK order: label, hint, error message, control. The control carries
 * `aria-describedby` (hint and error) and `aria-invalid`; the value comes back from the field's initial
 * value, so a reply from the server keeps what the user typed. The first control of a group has the field's
 * id, so the error summary's link lands on it.
 */
import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyField = FieldMetadata<any, any, string[]>;

export interface Option {
  value: string;
  label: string;
  /** Shown under the option's label (radios and checkboxes). */
  hint?: string;
  disabled?: boolean;
}

interface FieldCommon {
  field: AnyField;
  label: ReactNode;
  hint?: ReactNode;
  /** Hide the label visually (it stays for screen readers): e.g. a field inside a table row. */
  hideLabel?: boolean;
  className?: string;
}

/** The error message beside a field (a visually hidden "Error:" prefix, as GOV.UK does). */
export function FieldError({ id, errors }: { id: string; errors: string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="field-error">
      <span className="visually-hidden">Error: </span>
      {errors[0]}
    </p>
  );
}

export function FieldHint({ id, children }: { id: string; children?: ReactNode }) {
  if (children === undefined || children === null || children === "") return null;
  return (
    <p id={id} className="field-hint">
      {children}
    </p>
  );
}

function groupClass(field: AnyField, className?: string) {
  return ["form-field", field.errors?.length ? "form-field--error" : "", className ?? ""].filter(Boolean).join(" ");
}

type TextFieldProps = FieldCommon & {
  type?: "text" | "email" | "tel" | "search" | "date" | "number" | "password" | "url";
} & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "id" | "defaultValue" | "form">;

export function TextField({ field, label, hint, hideLabel, className, type = "text", ...rest }: TextFieldProps) {
  const { key, ...props } = getInputProps(field, { type, ariaDescribedBy: hint ? field.descriptionId : undefined });
  return (
    <div className={groupClass(field, className)}>
      <label htmlFor={field.id} className={hideLabel ? "visually-hidden" : undefined}>
        {label}
      </label>
      <FieldHint id={field.descriptionId}>{hint}</FieldHint>
      <FieldError id={field.errorId} errors={field.errors} />
      <input key={key} {...props} {...rest} />
    </div>
  );
}

type TextareaProps = FieldCommon & {
  /** Show "You have N characters remaining" (needs maxLength). */
  maxLength?: number;
} & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "id" | "defaultValue" | "form" | "maxLength">;

export function Textarea({ field, label, hint, hideLabel, className, maxLength, ...rest }: TextareaProps) {
  const { key, ...props } = getTextareaProps(field, { ariaDescribedBy: hint ? field.descriptionId : undefined });
  return (
    <div className={groupClass(field, className)}>
      <label htmlFor={field.id} className={hideLabel ? "visually-hidden" : undefined}>
        {label}
      </label>
      <FieldHint id={field.descriptionId}>{hint}</FieldHint>
      <FieldError id={field.errorId} errors={field.errors} />
      <textarea key={key} {...props} maxLength={maxLength} {...rest} />
    </div>
  );
}

type SelectFieldProps = FieldCommon & {
  options: readonly Option[];
  /** The first, empty option ("Select"); omit for a select that always has a value. */
  placeholder?: string;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, "name" | "id" | "defaultValue" | "form">;

export function SelectField({ field, label, hint, hideLabel, className, options, placeholder, ...rest }: SelectFieldProps) {
  const { key, ...props } = getSelectProps(field, { ariaDescribedBy: hint ? field.descriptionId : undefined });
  return (
    <div className={groupClass(field, className)}>
      <label htmlFor={field.id} className={hideLabel ? "visually-hidden" : undefined}>
        {label}
      </label>
      <FieldHint id={field.descriptionId}>{hint}</FieldHint>
      <FieldError id={field.errorId} errors={field.errors} />
      <select key={key} {...props} {...rest}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

type ChoiceGroupProps = Omit<FieldCommon, "label"> & {
  legend: ReactNode;
  options: readonly Option[];
  /** Side by side instead of one per line. */
  inline?: boolean;
  /** Called with the chosen value (e.g. to show a conditional field); the group stays uncontrolled. */
  onChoose?: (value: string, checked: boolean) => void;
  disabled?: boolean;
  /** A tooltip on the whole group (e.g. why an option is fixed); say the same in `hint` for everyone. */
  title?: string;
};

function ChoiceGroup({
  type,
  field,
  legend,
  hint,
  hideLabel,
  className,
  options,
  inline,
  onChoose,
  disabled,
  title,
}: ChoiceGroupProps & { type: "radio" | "checkbox" }) {
  const describedBy = [hint ? field.descriptionId : null, field.errors?.length ? field.errorId : null].filter(Boolean).join(" ");
  return (
    <fieldset
      className={groupClass(field, className)}
      aria-describedby={describedBy || undefined}
      title={title}
    >
      <legend className={hideLabel ? "visually-hidden" : undefined}>{legend}</legend>
      <FieldHint id={field.descriptionId}>{hint}</FieldHint>
      <FieldError id={field.errorId} errors={field.errors} />
      <div className={inline ? "choices choices--inline" : "choices"}>
        {options.map((option, index) => {
          // eslint-disable-next-line @typescript-eslint/no-unused-vars
          const { key, id, ...props } = getInputProps(field, { type, value: option.value, ariaAttributes: false });
          const optionId = index === 0 ? field.id : `${field.id}-${index}`;
          const hintId = option.hint ? `${optionId}-hint` : undefined;
          return (
            <label key={`${key ?? ""}${option.value}`} htmlFor={optionId}>
              <input
                {...props}
                id={optionId}
                aria-describedby={hintId}
                aria-invalid={field.errors?.length ? true : undefined}
                disabled={disabled || option.disabled}
                onChange={onChoose ? (event) => onChoose(option.value, event.currentTarget.checked) : undefined}
              />
              {option.label}
              {option.hint ? (
                <small id={hintId} className="choice-hint">
                  {option.hint}
                </small>
              ) : null}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** One answer from a few options: radios in a fieldset with a legend. */
export function RadioGroup(props: ChoiceGroupProps) {
  return <ChoiceGroup type="radio" {...props} />;
}

/** Several answers: checkboxes in a fieldset with a legend (the field's value is a list). */
export function CheckboxGroup(props: ChoiceGroupProps) {
  return <ChoiceGroup type="checkbox" {...props} />;
}
