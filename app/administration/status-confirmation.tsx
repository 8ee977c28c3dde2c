/**
 * The suspend / unsuspend confirmation (document 3 section 8.4): what the change does, the confirm button
 * and 'No, cancel'. A dialog over the list with JavaScript, a page without.
 */
import { Form, Link, useLocation } from "@remix-run/react";
import { ADMINISTRATION_MESSAGES } from "../../core/administration/messages.js";
import { CsrfInput } from "../components/csrf-input";
import { RouteDialog, SubmitButton } from "../components/form";

export function StatusConfirmation({
  change,
  user,
}: {
  change: "Suspended" | "Active";
  user: { subscriberUserId: string; name: string; version: number };
}) {
  const { search } = useLocation();
  const suspend = change === "Suspended";
  const closeTo = `/users${search}`;
  return (
    <RouteDialog title={suspend ? `Suspend ${user.name}?` : `Unsuspend ${user.name}?`} closeTo={closeTo}>
      <p>{suspend ? ADMINISTRATION_MESSAGES.suspendModal : ADMINISTRATION_MESSAGES.unsuspendModal}</p>
      <Form method="post" action={`/users/${encodeURIComponent(user.subscriberUserId)}/${suspend ? "suspend" : "unsuspend"}${search}`}>
        <CsrfInput />
        <input type="hidden" name="version" value={user.version} />
        <footer className="actions">
          <Link to={closeTo} className="button secondary" preventScrollReset>
            {ADMINISTRATION_MESSAGES.noCancel}
          </Link>
          <SubmitButton>{suspend ? "Yes, suspend" : "Yes, unsuspend"}</SubmitButton>
        </footer>
      </Form>
    </RouteDialog>
  );
}
