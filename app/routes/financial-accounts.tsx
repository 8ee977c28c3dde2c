/**
 * /financial-accounts: Manage financial accounts (document 2 sections 2.4 and 4.10), reached from the profile
 * menu. The subscriber's Redemption accounts, ten a page by default, with each one's status (Account
 * verified, Manually verified, Requires review) and its actions (Edit, Review while not verified, Delete);
 * the empty state; the pager 'Accounts per page'. Needs the Financial Administrator role with the view
 * permission, otherwise the 403 page; a load failure shows the error page with retry.
 */
import { redirect, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { listFinancialAccounts } from "../../core/financials/accounts-client.js";
import { rangeLabel } from "../../core/administration/users.js";
import { can } from "../../core/shared/permissions/actions.js";
import { screenAccess } from "../../core/shared/permissions/screens.js";
import { GeneralErrorBoundary } from "../components/error-page";
import { PageLinks } from "../components/page-links";
import { useCloseOnOutside } from "../components/use-close-on-outside";
import administrationHref from "../administration/administration.css";
import financialsHref from "../financials/financial-accounts.css";
import { ACCOUNT_PAGE_SIZES, ACCOUNTS_PATH, ADD_ACCOUNT_PATH, accountPath, accountView, statusBadgeClass, type AccountView } from "../financials/accounts-view";
import { invariantResponse } from "../errors/invariant";
import { throwProviderError } from "../errors/provider-errors.server";
import { featureFlags } from "../feature-flags.server";
import { requireUser } from "../session/user-session.server";
import { titleFor } from "../utils/meta";

const TITLE = "Manage financial accounts";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: administrationHref },
  { rel: "stylesheet", href: financialsHref },
];

function readPaging(searchParams: URLSearchParams) {
  const page = Number(searchParams.get("page") ?? "1");
  const limit = Number(searchParams.get("limit") ?? String(ACCOUNT_PAGE_SIZES[0]));
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    limit: (ACCOUNT_PAGE_SIZES as readonly number[]).includes(limit) ? limit : ACCOUNT_PAGE_SIZES[0],
  };
}

const pageHref = (page: number, limit: number) => `${ACCOUNTS_PATH}?${new URLSearchParams({ page: String(page), limit: String(limit) })}`;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const flags = await featureFlags(user.ctx);
  invariantResponse(screenAccess("financial-accounts", user.claims, { flags }) === "allowed", "You do not have access to financial accounts", 403);
  const { page, limit } = readPaging(new URL(request.url).searchParams);
  try {
    const result = await listFinancialAccounts(user.ctx, { type: "REDEMPTION", page, limit });
    const total = result.page.totalRecords;
    const last = Math.max(1, Math.ceil(total / limit));
    if (page > last) throw redirect(pageHref(last, limit));
    const canEdit = can(user.claims, "editFrequentlyUsedAccount");
    return {
      accounts: result.records.map((account) => accountView(account, canEdit)),
      page,
      limit,
      total,
      last,
      canAdd: can(user.claims, "addFrequentlyUsedAccount"),
      canEdit,
      canDelete: can(user.claims, "deleteFrequentlyUsedAccount"),
    };
  } catch (error) {
    return throwProviderError(request, error);
  }
}

export default function FinancialAccounts() {
  const data = useLoaderData<typeof loader>();
  const addButton = data.canAdd ? (
    <Link to={ADD_ACCOUNT_PATH} className="button">
      Add financial account
    </Link>
  ) : null;
  return (
    <section aria-labelledby="page-title" className="admin-page financial-accounts-page">
      <header className="financial-accounts-header">
        <h1 id="page-title">{TITLE}</h1>
        {data.accounts.length > 0 ? addButton : null}
      </header>
      {data.accounts.length === 0 ? (
        <div className="empty-state">
          <p>No accounts at the moment. Let&apos;s add some.</p>
          {addButton}
        </div>
      ) : (
        <>
          <table className="financial-accounts-table striped stack-table">
            <caption className="visually-hidden">Financial accounts, {data.total} in all</caption>
            <thead>
              <tr>
                <th scope="col">Display name</th>
                <th scope="col">Account name</th>
                <th scope="col">Category</th>
                <th scope="col">Account No.</th>
                <th scope="col">Sort code</th>
                <th scope="col">Date</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.accounts.map((account) => (
                <tr key={account.financialAccountId}>
                  <td data-label="Display name">{account.displayName}</td>
                  <td data-label="Account name">{account.accountName}</td>
                  <td data-label="Category">{account.category}</td>
                  <td data-label="Account No.">{account.accountNumber}</td>
                  <td data-label="Sort code">{account.sortCode}</td>
                  <td data-label="Date">{account.date}</td>
                  <td data-label="Status">
                    <span className={statusBadgeClass(account.status)}>{account.status}</span>
                  </td>
                  <td>
                    <AccountMenu account={account} canEdit={data.canEdit} canDelete={data.canDelete} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={data.page} limit={data.limit} total={data.total} last={data.last} />
        </>
      )}
    </section>
  );
}

function AccountMenu({ account, canEdit, canDelete }: { account: AccountView; canEdit: boolean; canDelete: boolean }) {
  const ref = useCloseOnOutside();
  if (!canEdit && !canDelete) return null;
  return (
    <details ref={ref} className="popover row-menu align-end">
      <summary>
        <span aria-hidden="true">⋯</span>
        <span className="visually-hidden">Actions for {account.displayName}</span>
      </summary>
      <div className="popover-body">
        <ul>
          {canEdit ? (
            <li>
              <Link to={accountPath(account.financialAccountId)}>Edit</Link>
            </li>
          ) : null}
          {account.canReview ? (
            <li>
              <Link to={accountPath(account.financialAccountId, "review")}>Review</Link>
            </li>
          ) : null}
          {canDelete ? (
            <li>
              <Link to={accountPath(account.financialAccountId, "delete")}>Delete</Link>
            </li>
          ) : null}
        </ul>
      </div>
    </details>
  );
}

function Pager({ page, limit, total, last }: { page: number; limit: number; total: number; last: number }) {
  return (
    <div className="users-footer">
      <Form method="get" action={ACCOUNTS_PATH} preventScrollReset>
        <label htmlFor="accounts-per-page">Accounts per page</label>
        <select id="accounts-per-page" name="limit" defaultValue={String(limit)} key={limit}>
          {ACCOUNT_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
        <button type="submit" className="secondary">
          Show<span className="visually-hidden"> accounts per page</span>
        </button>
      </Form>
      <PageLinks
        range={rangeLabel(page, limit, total)}
        previous={page > 1 ? pageHref(page - 1, limit) : null}
        next={page < last ? pageHref(page + 1, limit) : null}
      />
    </div>
  );
}

export const meta: MetaFunction = ({ error }) => titleFor(TITLE, error);
export const ErrorBoundary = GeneralErrorBoundary;
