/** Every unknown path belongs to the authenticated app: log in first, then 'Page not found'. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ErrorPage, GeneralErrorBoundary } from "../components/error-page";
import { requireUser } from "../session/user-session.server";
import { titleFor } from "../utils/meta";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  throw new Response("Not found", { status: 404 });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  throw new Response("Not found", { status: 404 });
}

export default function NotFound() {
  return <ErrorPage status={404} />;
}

export const meta: MetaFunction = ({ error }) => titleFor("Page not found", error);

export const ErrorBoundary = GeneralErrorBoundary;
