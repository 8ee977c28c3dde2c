/** `/` goes to the landing page, keeping the query string (document 1 section 2.1). */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { LANDING_PAGE } from "../../core/identity/login-errors.js";

export function loader({ request }: LoaderFunctionArgs) {
  return redirect(`${LANDING_PAGE}${new URL(request.url).search}`);
}
