/**
 * /financial-accounts: the frequently used financial accounts (document 2 section 2.4), reached from the
 * profile menu's 'Manage financial accounts'. Needs view:frequently_used_accounts (otherwise 403). The list
 * and its forms are not built yet: the page shows its heading and says so, nothing made up.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { screenAccess } from "../../core/shared/permissions/screens.js";
import { GeneralErrorBoundary } from "../components/error-page";
import { invariantResponse } from "../errors/invariant";
import { featureFlags } from "../feature-flags.server";
import { requireUser } from "../session/user-session.server";
import { titleFor } from "../utils/meta";

const TITLE = "Manage financial accounts";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const flags = await featureFlags(user.ctx);
  invariantResponse(
    screenAccess("financial-accounts", user.claims, { flags }) === "allowed",
    "You do not have access to financial accounts",
    403,
  );
  return null;
}

export default function FinancialAccounts() {
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">{TITLE}</h1>
      <div className="not-available">
        <p>Managing frequently used financial accounts is not available yet.</p>
      </div>
    </section>
  );
}

export const meta: MetaFunction = ({ error }) => titleFor(TITLE, error);
export const ErrorBoundary = GeneralErrorBoundary;
