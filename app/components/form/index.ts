/** The form kit: see README.md beside this file. */
export { ErrorSummary } from "./error-summary";
export { errorSummaryItems, type ErrorSummaryItem } from "./error-summary-items";
export { CheckboxGroup, FieldError, FieldHint, RadioGroup, SelectField, Textarea, TextField, type Option } from "./fields";
export { DIALOG_ROUTE, RouteDialog, useDialogRouteAsPage } from "./route-dialog";
export { SubmitButton } from "./submit-button";
export { useHydrated } from "./use-hydrated";
export { useSchemaForm, type SchemaFormOptions } from "./use-schema-form";
