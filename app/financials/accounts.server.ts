/**
 * Saving a frequently used account from the add and edit forms (document 2 sections 4.10, 5.9 and 8): the
 * core schema first; then the provider, which asks the bank. Verified → the list with a success toast; not
 * verified → the account's summary with the verification-failed toast. A duplicate comes back as the alert
 * with both the sort code and account number highlighted; an account that fails the modulus check as the
 * provider's message on the account number; any other failure as its toast, the input kept.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { FINANCIAL_ACCOUNT_CODES, type FinancialAccount } from "../../core/financials/accounts-api.js";
import { addFinancialAccount, editFinancialAccount } from "../../core/financials/accounts-client.js";
import { frequentlyUsedAccountSchema, FrequentlyUsedAccountSchema } from "../../core/financials/schemas.js";
import { can } from "../../core/shared/permissions/actions.js";
import { ProviderError } from "../../core/shared/provider-errors.js";
import { readForm, formVersion } from "../components/form/read-form.server";
import { invariantResponse } from "../errors/invariant";
import { writeFailureToast } from "../errors/provider-errors.server";
import { redirectWithToast, successToast } from "../errors/toast.server";
import { requireUser } from "../session/user-session.server";
import { accountPath, ACCOUNT_TOASTS, ACCOUNTS_PATH } from "./accounts-view";

/** Reads the account form (CSRF first, within the body limits). */
export function readAccountForm(request: Request): Promise<FormData> {
  return readForm(request, FrequentlyUsedAccountSchema);
}

export async function saveAccount(
  request: Request,
  target: { mode: "add" } | { mode: "edit"; financialAccountId: string },
  formData?: FormData,
) {
  formData ??= await readAccountForm(request);
  const user = await requireUser(request);
  invariantResponse(
    can(user.claims, "viewFrequentlyUsedAccounts") && can(user.claims, target.mode === "add" ? "addFrequentlyUsedAccount" : "editFrequentlyUsedAccount"),
    "You cannot change financial accounts",
    403,
  );
  const submission = parseWithZod(formData, { schema: FrequentlyUsedAccountSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), toast: null, duplicate: null }, { status: 400 });
  const { type, displayName, accountName, accountNumber, bankCode } = submission.value;
  let saved: FinancialAccount;
  try {
    saved =
      target.mode === "add"
        ? await addFinancialAccount(user.ctx, { type, displayName, accountName, accountNumber, bankCode })
        : await editFinancialAccount(user.ctx, target.financialAccountId, formVersion(formData), { displayName, accountName, accountNumber, bankCode });
  } catch (error) {
    if (error instanceof ProviderError && error.status === 400 && error.code === FINANCIAL_ACCOUNT_CODES.exists) {
      const duplicate = { bankCode, accountNumber };
      const refused = parseWithZod(formData, { schema: frequentlyUsedAccountSchema(() => true) });
      return data({ result: refused.reply(), toast: null, duplicate }, { status: 400 });
    }
    if (error instanceof ProviderError && error.status === 400 && error.code === FINANCIAL_ACCOUNT_CODES.invalidAccount) {
      return data({ result: submission.reply({ fieldErrors: { accountNumber: [error.message] } }), toast: null, duplicate: null }, { status: 400 });
    }
    const toast = await writeFailureToast(request, error);
    return data({ result: submission.reply({ formErrors: [toast.message] }), toast, duplicate: null }, { status: 400 });
  }
  if (saved.accountVerificationDetail.verified) {
    return redirectWithToast(ACCOUNTS_PATH, successToast(target.mode === "add" ? ACCOUNT_TOASTS.added : ACCOUNT_TOASTS.changed));
  }
  return redirectWithToast(accountPath(saved.financialAccountId, "summary"), {
    kind: "error",
    title: "Account verification failed",
    message: ACCOUNT_TOASTS.verificationFailed,
  });
}
