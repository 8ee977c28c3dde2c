/**
 * /edit-financial-account/{financialAccountId}: one frequently used account (document 2 sections 2.4 and
 * 4.10), loaded by id (the specification passes it as route state; an address must work on its own, so it is
 * read again). Views, by `?view=`:
 * - (none): the edit form, Update re-submits the account to the bank;
 * - summary: after a save, the type, a Requires review badge when not verified, the details, the account
 *   name the bank returned, Edit and Delete (and Review when allowed);
 * - review: the confirmation of a manual verification (edit permission, only while not verified);
 * - delete: the confirmation of a delete.
 * Each confirmation is a page of its own, so it works without JavaScript. Needs the Financial Administrator
 * role with view and edit permission (otherwise 403); another subscriber's account is not found.
 */
import { type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { deleteFinancialAccount, getFinancialAccount, verifyFinancialAccount } from "../../core/financials/accounts-client.js";
import { can } from "../../core/shared/permissions/actions.js";
import { screenAccess } from "../../core/shared/permissions/screens.js";
import { CsrfInput } from "../components/csrf-input";
import { GeneralErrorBoundary } from "../components/error-page";
import { SubmitButton } from "../components/form";
import { formVersion } from "../components/form/read-form.server";
import { ToastMessage } from "../components/toast";
import administrationHref from "../administration/administration.css";
import financialsHref from "../financials/financial-accounts.css";
import { AccountForm, Breadcrumb } from "../financials/account-form";
import { readAccountForm, saveAccount } from "../financials/accounts.server";
import { ACCOUNT_TOASTS, ACCOUNTS_PATH, accountPath, accountView, statusBadgeClass, type AccountView } from "../financials/accounts-view";
import { invariantResponse } from "../errors/invariant";
import { redirectWithProviderError, throwProviderError } from "../errors/provider-errors.server";
import { redirectWithToast, successToast } from "../errors/toast.server";
import { featureFlags } from "../feature-flags.server";
import { requireUser } from "../session/user-session.server";
import { titleFor } from "../utils/meta";

const VIEWS = ["edit", "summary", "review", "delete"] as const;
type View = (typeof VIEWS)[number];
const TITLES: Record<View, string> = {
  edit: "Edit financial account",
  summary: "Financial account",
  review: "Review financial account",
  delete: "Delete financial account",
};

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: administrationHref },
  { rel: "stylesheet", href: financialsHref },
];

function viewOf(request: Request): View {
  const view = new URL(request.url).searchParams.get("view");
  return (VIEWS as readonly string[]).includes(view ?? "") ? (view as View) : "edit";
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const flags = await featureFlags(user.ctx);
  const view = viewOf(request);
  // The summary and the delete confirmation need only view (and delete); editing and reviewing need edit.
  const screen = view === "summary" || view === "delete" ? "financial-accounts" : "edit-financial-account";
  invariantResponse(screenAccess(screen, user.claims, { flags }) === "allowed", "You do not have access to financial accounts", 403);
  if (view === "delete") invariantResponse(can(user.claims, "deleteFrequentlyUsedAccount"), "You cannot delete financial accounts", 403);
  try {
    const account = await getFinancialAccount(user.ctx, params.financialAccountId ?? "");
    const canEdit = can(user.claims, "editFrequentlyUsedAccount");
    const shown = accountView(account, canEdit);
    // A verified account has nothing to review: its summary says so.
    const effective: View = view === "review" && !shown.canReview ? "summary" : view;
    return {
      view: effective,
      account: shown,
      type: account.type,
      canEdit,
      canDelete: can(user.claims, "deleteFrequentlyUsedAccount"),
    };
  } catch (error) {
    return throwProviderError(request, error);
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const financialAccountId = params.financialAccountId ?? "";
  const formData = await readAccountForm(request);
  const intent = formData.get("intent");
  if (intent !== "verify" && intent !== "delete") return saveAccount(request, { mode: "edit", financialAccountId }, formData);
  const user = await requireUser(request);
  const action = intent === "verify" ? "editFrequentlyUsedAccount" : "deleteFrequentlyUsedAccount";
  invariantResponse(can(user.claims, "viewFrequentlyUsedAccounts") && can(user.claims, action), "You cannot change financial accounts", 403);
  const version = formVersion(formData);
  const name = String(formData.get("displayName") ?? "The account");
  try {
    if (intent === "verify") {
      await verifyFinancialAccount(user.ctx, financialAccountId, version);
      return redirectWithToast(ACCOUNTS_PATH, successToast(ACCOUNT_TOASTS.verifiedManually(name)));
    }
    await deleteFinancialAccount(user.ctx, financialAccountId, version);
    return redirectWithToast(ACCOUNTS_PATH, successToast(ACCOUNT_TOASTS.deleted(name)));
  } catch (error) {
    return redirectWithProviderError(request, error, accountPath(financialAccountId, "summary"));
  }
}

export default function EditFinancialAccount() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { account, view } = loaded;
  const title = TITLES[view];
  return (
    <section aria-labelledby="page-title" className="financial-accounts-page">
      <Breadcrumb current={title} />
      <h1 id="page-title">{title}</h1>
      {view === "edit" ? (
        <>
          <ToastMessage toast={actionData && "toast" in actionData ? (actionData.toast ?? null) : null} />
          <AccountForm
            mode="edit"
            action={accountPath(account.financialAccountId)}
            version={account.version}
            defaultValue={{ type: loaded.type, displayName: account.displayName, accountName: account.accountName, accountNumber: account.accountNumber, bankCode: account.bankCode }}
            lastResult={actionData && "result" in actionData ? actionData.result : null}
            duplicate={actionData && "duplicate" in actionData ? (actionData.duplicate ?? null) : null}
          />
        </>
      ) : null}
      {view === "summary" ? <Summary account={account} canEdit={loaded.canEdit} canDelete={loaded.canDelete} /> : null}
      {view === "review" ? (
        <Confirmation
          account={account}
          intent="verify"
          text={`The bank could not verify ${account.displayName}. Verify it manually only if you have confirmed its details with the account holder.`}
          confirm="Verify manually"
        />
      ) : null}
      {view === "delete" ? (
        <Confirmation account={account} intent="delete" text={`Delete ${account.displayName}? This cannot be undone.`} confirm="Delete account" />
      ) : null}
    </section>
  );
}

function Details({ account }: { account: AccountView }) {
  return (
    <dl>
      <dt>Display name</dt>
      <dd>{account.displayName}</dd>
      <dt>Account name</dt>
      <dd>{account.accountName}</dd>
      {account.actualName ? (
        <>
          <dt>Name returned by the bank</dt>
          <dd>{account.actualName}</dd>
        </>
      ) : null}
      <dt>Account type</dt>
      <dd>{account.accountType}</dd>
      <dt>Sort code</dt>
      <dd>{account.sortCode}</dd>
      <dt>Account number</dt>
      <dd>{account.accountNumber}</dd>
      <dt>Status</dt>
      <dd>
        <span className={statusBadgeClass(account.status)}>{account.status}</span>
      </dd>
    </dl>
  );
}

function Summary({ account, canEdit, canDelete }: { account: AccountView; canEdit: boolean; canDelete: boolean }) {
  return (
    <article className="account-summary" aria-labelledby="summary-title">
      <h2 id="summary-title">{account.category}</h2>
      <Details account={account} />
      <div className="form-actions">
        {canEdit ? (
          <Link to={accountPath(account.financialAccountId)} className="button">
            Edit
          </Link>
        ) : null}
        {account.canReview ? (
          <Link to={accountPath(account.financialAccountId, "review")} className="button secondary">
            Review
          </Link>
        ) : null}
        {canDelete ? (
          <Link to={accountPath(account.financialAccountId, "delete")} className="button secondary">
            Delete
          </Link>
        ) : null}
      </div>
    </article>
  );
}

function Confirmation({ account, intent, text, confirm }: { account: AccountView; intent: "verify" | "delete"; text: string; confirm: string }) {
  return (
    <Form method="post" action={accountPath(account.financialAccountId)} className="account-confirmation">
      <CsrfInput />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="version" value={account.version} />
      <input type="hidden" name="displayName" value={account.displayName} />
      <Details account={account} />
      <p>{text}</p>
      <div className="form-actions">
        <Link to={ACCOUNTS_PATH} className="button secondary">
          Cancel
        </Link>
        <SubmitButton>{confirm}</SubmitButton>
      </div>
    </Form>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded, error }) => titleFor(loaded ? TITLES[loaded.view] : "Financial account", error);
export const ErrorBoundary = GeneralErrorBoundary;
