/**
 * The suspend / unsuspend confirmation (document 3 section 8.4): what the change does, the confirm button
 * and 'No, cancel'. A dialog over the list with JavaScript, a page without.
 */
import { Form, Link, useLocation } from "@remix-run/react";
import type { SettableUserStatus } from "../../core/administration/enums.js";
import { userStatusConfirmation } from "../../core/administration/users.js";
import { CsrfInput } from "../components/csrf-input";
import { RouteDialog, SubmitButton } from "../components/form";

export function StatusConfirmation({
  change,
  user,
}: {
  change: SettableUserStatus;
  user: { subscriberUserId: string; name: string; version: number };
}) {
  const { search } = useLocation();
  const suspend = change === "Suspended";
  const closeTo = `/users${search}`;
  const text = userStatusConfirmation(change, user.name);
  return (
    <RouteDialog title={text.title} closeTo={closeTo}>
      <p>{text.explanation}</p>
      <Form method="post" action={`/users/${encodeURIComponent(user.subscriberUserId)}/${suspend ? "suspend" : "unsuspend"}${search}`}>
        <CsrfInput />
        <input type="hidden" name="version" value={user.version} />
        <footer className="actions">
          <Link to={closeTo} className="button secondary" preventScrollReset>
            {text.cancelLabel}
          </Link>
          <SubmitButton>{text.confirmLabel}</SubmitButton>
        </footer>
      </Form>
    </RouteDialog>
  );
}
