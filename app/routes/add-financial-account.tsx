/**
 * /add-financial-account: add a frequently used account (document 2 sections 2.4, 4.10 and 5.9). Needs the
 * Financial Administrator role with view and create permission (otherwise 403). Saved and verified by the
 * bank → the list; saved but not verified → its summary to review.
 */
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { screenAccess } from "../../core/shared/permissions/screens.js";
import { GeneralErrorBoundary } from "../components/error-page";
import { ToastMessage } from "../components/toast";
import administrationHref from "../administration/administration.css";
import financialsHref from "../financials/financial-accounts.css";
import { AccountForm, Breadcrumb } from "../financials/account-form";
import { saveAccount } from "../financials/accounts.server";
import { ADD_ACCOUNT_PATH } from "../financials/accounts-view";
import { invariantResponse } from "../errors/invariant";
import { featureFlags } from "../feature-flags.server";
import { requireUser } from "../session/user-session.server";
import { titleFor } from "../utils/meta";

const TITLE = "Add financial account";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: administrationHref },
  { rel: "stylesheet", href: financialsHref },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const flags = await featureFlags(user.ctx);
  invariantResponse(screenAccess("add-financial-account", user.claims, { flags }) === "allowed", "You do not have access to financial accounts", 403);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  return saveAccount(request, { mode: "add" });
}

export default function AddFinancialAccount() {
  const actionData = useActionData<typeof action>();
  return (
    <section aria-labelledby="page-title" className="financial-accounts-page">
      <Breadcrumb current={TITLE} />
      <h1 id="page-title">{TITLE}</h1>
      <ToastMessage toast={actionData?.toast ?? null} />
      <AccountForm mode="add" action={ADD_ACCOUNT_PATH} lastResult={actionData?.result} duplicate={actionData?.duplicate ?? null} />
    </section>
  );
}

export const meta: MetaFunction = ({ error }) => titleFor(TITLE, error);
export const ErrorBoundary = GeneralErrorBoundary;
