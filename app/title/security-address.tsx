/**
 * The security address view (document 2 sections 2.2, 5.2 and 8): the address with an Edit menu, and the
 * edit form with Cancel and Update. Without JavaScript the form is an address of its own (?view=edit-address)
 * and Cancel a link back; with JavaScript it opens and closes in place. A user without the permission sees
 * no menu; on a locked or cancelled workspace the menu's action is disabled with the reason beside it.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useLocation, useSearchParams } from "@remix-run/react";
import { useEffect, useRef, useState, type MouseEvent } from "react";
import { CsrfInput } from "../components/csrf-input";
import { ErrorSummary, SubmitButton, TextField, useHydrated, useSchemaForm } from "../components/form";
import { useCloseOnOutside } from "../components/use-close-on-outside";
import { DisabledAction } from "./disabled-action";
import { EDIT_ADDRESS_VIEW, SecurityAddressFormSchema } from "./forms";
import type { SecurityAddressModel } from "./property-details-view";
import { SECURITY_ADDRESS_LABELS } from "./texts";

export function SecurityAddress({ model, version, lastResult }: { model: SecurityAddressModel; version: number; lastResult: SubmissionResult<string[]> | null }) {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const hydrated = useHydrated();
  const byAddress = searchParams.get("view") === EDIT_ADDRESS_VIEW;
  // With JavaScript: true or false once the user opened or closed the form in place; null until then, when the
  // address (?view=edit-address) or a refused update (the form's errors come back) decides.
  const [inPlace, setInPlace] = useState<boolean | null>(null);
  const allowed = model.edit.shown && !model.edit.disabledReason;
  const editing = allowed && (inPlace ?? (byAddress || lastResult !== null));
  const menu = useCloseOnOutside();

  useEffect(() => {
    if (lastResult) setInPlace(true);
  }, [lastResult]);
  // Back to the read view after a successful update (the page reloads with the workspace's new version).
  useEffect(() => setInPlace(null), [version]);

  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!hydrated) return;
    event.preventDefault();
    if (menu.current) menu.current.open = false;
    setInPlace(true);
  };
  const close = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!hydrated) return;
    setInPlace(false);
    // Opened in place: closes in place. Opened by its address: the link also goes back to the read view's.
    if (!byAddress) event.preventDefault();
  };
  const editHref = `${location.pathname}?view=${EDIT_ADDRESS_VIEW}`;

  return (
    <section className="security-address" aria-labelledby="security-address-title">
      <div className="section-heading">
        <h3 id="security-address-title">{SECURITY_ADDRESS_LABELS.heading}</h3>
        {model.edit.shown && !editing ? (
          model.edit.disabledReason ? (
            <DisabledAction id="edit-security-address" label={SECURITY_ADDRESS_LABELS.menu} reason={model.edit.disabledReason} />
          ) : (
            <details ref={menu} className="dropdown action-menu">
              <summary>{SECURITY_ADDRESS_LABELS.menu}</summary>
              <ul>
                <li>
                  <Link to={editHref} onClick={open} preventScrollReset>
                    {SECURITY_ADDRESS_LABELS.editItem}
                  </Link>
                </li>
              </ul>
            </details>
          )
        ) : null}
      </div>
      {editing ? (
        <EditSecurityAddress model={model} version={version} lastResult={lastResult} cancelTo={location.pathname} onCancel={close} />
      ) : (
        <dl className="address-rows">
          {model.rows.map((row) => (
            <div key={row.label}>
              <dt>{row.label}</dt>
              <dd>{row.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

function EditSecurityAddress({
  model,
  version,
  lastResult,
  cancelTo,
  onCancel,
}: {
  model: SecurityAddressModel;
  version: number;
  lastResult: SubmissionResult<string[]> | null;
  cancelTo: string;
  onCancel: (event: MouseEvent<HTMLAnchorElement>) => void;
}) {
  const [form, fields] = useSchemaForm(SecurityAddressFormSchema, { id: "security-address", lastResult, defaultValue: model.defaults });
  const heading = useRef<HTMLHeadingElement>(null);
  const hydrated = useHydrated();
  // Opened in place: focus moves to the form's heading, so a screen reader hears where it is.
  useEffect(() => {
    if (hydrated && !lastResult) heading.current?.focus();
  }, [hydrated, lastResult]);
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="security-address-form" preventScrollReset aria-labelledby="security-address-edit-title">
      <h4 id="security-address-edit-title" ref={heading} tabIndex={-1}>
        {SECURITY_ADDRESS_LABELS.editHeading}
      </h4>
      <CsrfInput />
      <input type="hidden" name="version" value={version} />
      <input type="hidden" name="addressId" value={model.addressId} />
      <ErrorSummary form={form} />
      <div className="grid">
        <TextField field={fields.buildingName} label="Building name" autoComplete="off" />
        <TextField field={fields.buildingNumber} label="Building number" autoComplete="off" />
      </div>
      <div className="grid">
        <TextField field={fields.flat} label="Flat" hint="Optional" autoComplete="off" />
        <TextField field={fields.street} label="Street" hint="Optional" autoComplete="off" />
      </div>
      <div className="grid">
        <TextField field={fields.town} label="Town" hint="Optional" autoComplete="off" />
        <TextField field={fields.postcode} label="Postcode" autoComplete="off" className="postcode-field" />
      </div>
      <div className="form-actions">
        <Link to={cancelTo} onClick={onCancel} className="button secondary" role="button" preventScrollReset>
          {SECURITY_ADDRESS_LABELS.cancel}
        </Link>
        <SubmitButton name="intent" value="update-security-address">
          {SECURITY_ADDRESS_LABELS.update}
        </SubmitButton>
      </div>
    </Form>
  );
}
