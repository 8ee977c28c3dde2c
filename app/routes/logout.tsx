/**
 * Logout (POST with the CSRF token): revokes the refresh token (the provider destroys the grant, so every
 * access token of this login stops working), deletes the session, then ends the provider's session, which
 * returns to `/` and from there to the login page. A GET shows a confirmation with the same form.
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { endSessionUrl } from "../auth/auth.server";
import { CsrfInput } from "../components/csrf-input";
import { GeneralErrorBoundary } from "../components/error-page";
import { StatusCard } from "../components/status-card";
import { readForm } from "../components/form/read-form.server";
import { isLoggedIn, readSession } from "../session/session.server";
import { closeSession, getOptionalUser, LOGIN_PATH } from "../session/user-session.server";
import { titleFor } from "../utils/meta";

export async function loader({ request }: LoaderFunctionArgs) {
  if (!(await getOptionalUser(request))) throw redirect(LOGIN_PATH);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  // A session the store found idle is closed here too: its refresh token is still revoked.
  const session = await readSession(request);
  if (!isLoggedIn(session)) throw redirect(LOGIN_PATH);
  await readForm(request);
  const idToken = session.get("idToken") ?? null;
  return redirect(endSessionUrl(idToken), { headers: { "Set-Cookie": await closeSession(session) } });
}

export default function Logout() {
  return (
    <StatusCard
      title="Log out?"
      action={
        <form method="post" action="/logout">
          <CsrfInput />
          <button type="submit">Log out</button>
        </form>
      }
    >
      <p>You will be logged out of the workspace product.</p>
    </StatusCard>
  );
}

export const meta: MetaFunction = ({ error }) => titleFor("Log out", error);

export const ErrorBoundary = GeneralErrorBoundary;
