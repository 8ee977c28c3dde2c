/**
 * The Financials tab's loader and action (document 2 sections 2.3, 4.6, 4.7, 4.7a, 5.5 to 5.7, 7.4 and 8),
 * server side. The loader reads the workspace (shared with the shell) and the schedule, takes the product's
 * time from their answers and the bank holidays from the rule the provider applies (core/shared), and opens
 * the inline view the address names only when the view model offers it to this user. The action reads the
 * intent's form with its schema, sends the write with the version the user saw (the schedule's or the line
 * item's), and answers a redirect to the tab with a flash toast; a refusal keeps the user's input with the
 * provider's message (field messages beside their fields) and a toast.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { ProviderError } from "../../core/shared/provider-errors.js";
import type { Toast } from "../../core/shared/errors.js";
import type { RequestContext } from "../../core/shared/provider-client.js";
import { isWorkspaceId } from "../../core/workspaces/api.js";
import { WORKSPACE_TOASTS } from "../../core/workspaces/messages.js";
import { fieldErrorsOf, type Schedule } from "../../core/financials/api.js";
import {
  acceptLineItemAccount,
  addLineItem,
  approveFinancials,
  authoriseLineItem,
  deleteLineItem,
  editLineItem,
  getSchedule,
  setAmountPayable,
  setCompletionDate,
  unapproveFinancials,
} from "../../core/financials/client.js";
import { availableLineItemCategories, LINE_ITEM_CATEGORY_LABELS, type LineItemCategory } from "../../core/financials/enums.js";
import { isFlagOn } from "../../core/shared/feature-flags.js";
import { listFinancialAccounts } from "../../core/financials/accounts-client.js";
import { formatSortCode } from "../../core/parties/names.js";
import { addDays, londonToday } from "../../core/shared/london-time.js";
import { bankHolidaysBetween } from "../../core/shared/bank-holidays.js";
import { earliestCompletionDate } from "../../core/financials/completion-date.js";
import { productNow } from "../../core/shared/product-clock-client.js";
import { getManagedUser } from "../../core/administration/client.js";
import { penceToInput } from "../../core/shared/money.js";
import { formatDetailDate } from "../../core/shared/format-dates.js";
import { formVersion, readForm } from "../components/form/read-form.server";
import { invariantResponse } from "../errors/invariant";
import { throwProviderError, writeFailureToast } from "../errors/provider-errors.server";
import { redirectWithToast, successToast } from "../errors/toast.server";
import { featureFlags } from "../feature-flags.server";
import { requireUser, subjectOf, type UserSession } from "../session/user-session.server";
import { loadViewableWorkspaceWith } from "../workspaces/workspace-page.server";
import {
  AcceptAccountSchema,
  AmountPayableFormSchema,
  completionDateFormSchema,
  ConfirmationSchema,
  FINANCIALS_INTENTS,
  fundFormSchema,
  type FinancialsIntent,
  type FundFormValue,
} from "./financials-forms";
import { financialsView, isOffered, parseOpenView, type FinancialsView, type OpenView } from "./financials-view";

/** Toasts of section 8 the shared list does not name (decision 0621). */
export const FINANCIALS_TOASTS = {
  lineItemAdded: (category: string) => `${category} added successfully`,
} as const;

/** How far ahead the picker lists bank holidays. */
const BANK_HOLIDAY_HORIZON_DAYS = 400;

/** Subscriber user id → "First Last" for the manual acceptances on the schedule; an unreadable id is left out. */
async function userNamesOf(ctx: RequestContext, schedule: Schedule): Promise<Record<string, string>> {
  const ids = [...new Set(schedule.lineItems.map((item) => item.verificationDetail?.acceptedBy).filter((id): id is string => Boolean(id)))];
  const names: Record<string, string> = {};
  await Promise.all(
    ids.map(async (id) => {
      try {
        const user = await getManagedUser(ctx, id);
        names[id] = `${user.firstName} ${user.lastName}`.trim();
      } catch {
        // Not visible to this user (another firm's user): the view says "a user of this workspace".
      }
    }),
  );
  return names;
}

async function loadEverything(request: Request, user: UserSession, workspaceId: string | undefined) {
  const { workspace, tab } = await loadViewableWorkspaceWith(request, user, workspaceId, (id) => getSchedule(user.ctx, id));
  try {
    // The workspace's answer carried the product clock's offset: `productNow` makes no call of its own.
    const [schedule, flags, now] = await Promise.all([tab, featureFlags(user.ctx), productNow(user.ctx)]);
    const today = londonToday(now);
    const bankHolidays = bankHolidaysBetween(today, addDays(today, BANK_HOLIDAY_HORIZON_DAYS));
    const userNames = await userNamesOf(user.ctx, schedule);
    return { workspace, schedule, flags, now, bankHolidays, userNames };
  } catch (error) {
    return throwProviderError(request, error);
  }
}

type Loaded = Awaited<ReturnType<typeof loadEverything>>;

function viewOf(loaded: Loaded, user: UserSession, open: OpenView | null, openItem: string | null = null): FinancialsView {
  return financialsView({
    workspace: loaded.workspace,
    user: subjectOf(user),
    schedule: loaded.schedule,
    flags: loaded.flags,
    now: loaded.now,
    bankHolidays: new Set(loaded.bankHolidays.map((holiday) => holiday.date)),
    userNames: loaded.userNames,
    open,
    openItem,
  });
}

/** The categories a fund form offers: the card's, or the edited item's own. */
function categoriesFor(loaded: Loaded, open: OpenView): LineItemCategory[] {
  if (open.view === "edit-fund") {
    const item = loaded.schedule.lineItems.find((candidate) => candidate.lineItemId === open.item);
    return item ? [item.category] : [];
  }
  return availableLineItemCategories(
    open.type ?? "DESTINATION",
    loaded.workspace.transactionType === "REMORTGAGE" ? "REMORTGAGE" : "PURCHASE",
    isFlagOn(loaded.flags, "sourcing-of-funds-enabled"),
  );
}

/** What the open view's form shows: its subject and initial values. */
function openFormOf(loaded: Loaded, open: OpenView, savedAccounts: { value: string; label: string }[]) {
  const item = open.item ? loaded.schedule.lineItems.find((candidate) => candidate.lineItemId === open.item) : undefined;
  const label = item ? (LINE_ITEM_CATEGORY_LABELS[item.category] ?? item.category) : "";
  const autoAuthorisationEnabled = isFlagOn(loaded.flags, "autoAuthorisationCommonEnabled");
  switch (open.view) {
    case "completion-date":
      return { kind: "completion-date" as const, title: loaded.schedule.completionDate ? "Change completion date" : "Set completion date", current: loaded.schedule.completionDate };
    case "amount-payable":
      return {
        kind: "amount-payable" as const,
        // Not the card's own name: the form's region needs a name of its own (axe landmark-unique).
        title: loaded.schedule.amountPayableOnCompletion === null ? "Add amount payable on completion" : "Edit amount payable on completion",
        defaultValue: { amountPayableOnCompletion: loaded.schedule.amountPayableOnCompletion === null ? "" : penceToInput(loaded.schedule.amountPayableOnCompletion) },
      };
    case "approve":
      return { kind: "confirm" as const, intent: "approve" as const, title: "Approve financials", text: "The completion date, fund sources and fund destinations will be approved. They cannot be changed until the financials are unapproved.", button: "Approve financials" };
    case "unapprove":
      return { kind: "confirm" as const, intent: "unapprove" as const, title: "Unapprove financials", text: "The financials will be unapproved, so that they can be changed and approved again.", button: "Unapprove financials" };
    case "add-fund":
    case "edit-fund": {
      if (open.view === "edit-fund" && !item) return null;
      const categories = categoriesFor(loaded, open);
      return {
        kind: "fund" as const,
        intent: open.view,
        title: item ? `Edit ${label}` : open.type === "SOURCE" ? "Add fund source" : "Add fund destination",
        lineItemId: item?.lineItemId ?? null,
        itemVersion: item?.version ?? null,
        categories: categories.map((category) => ({ value: category, label: LINE_ITEM_CATEGORY_LABELS[category] })),
        savedAccounts,
        autoAuthorisationEnabled,
        defaultValue: item
          ? {
              category: item.category,
              amount: penceToInput(item.amount),
              reference: item.reference,
              financialAccountId: item.financialAccountId ?? "",
              bankAccount: item.bankAccount && !item.hasLinkedAccount
                ? { accountName: item.bankAccount.accountName, accountNumber: item.bankAccount.accountNumber, bankCode: item.bankAccount.bankCode, accountType: item.bankAccount.accountType, displayName: item.bankAccount.displayName ?? "" }
                : { accountType: "BUSINESS" },
            }
          : { category: categories.length === 1 ? categories[0] : "", bankAccount: { accountType: "BUSINESS" } },
      };
    }
    case "delete-fund":
      return item ? { kind: "confirm" as const, intent: "delete-fund" as const, title: `Delete ${label}`, text: `${label} with reference ${item.reference} will be removed from the financials.`, button: "Delete", lineItemId: item.lineItemId, itemVersion: item.version } : null;
    case "authorise":
      return item ? { kind: "confirm" as const, intent: "authorise" as const, title: `Authorise ${label}`, text: `${label} with reference ${item.reference} will be authorised.`, button: "Authorise", lineItemId: item.lineItemId, itemVersion: item.version } : null;
    case "unauthorise":
      return item ? { kind: "confirm" as const, intent: "unauthorise" as const, title: `Un-authorise ${label}`, text: `${label} with reference ${item.reference} will no longer be authorised.`, button: "Un-authorise", lineItemId: item.lineItemId, itemVersion: item.version } : null;
    case "accept": {
      if (!item) return null;
      const failure = item.verificationDetail?.status === "ERROR" || item.verificationDetail?.status === "TIMEOUT";
      return {
        kind: "accept" as const,
        title: failure ? `Proceed without verification: ${label}` : `Accept the account: ${label}`,
        text: failure
          ? "The account could not be checked. You can proceed without verification if you have confirmed the account details another way."
          : item.verificationDetail?.actualName
            ? `The bank holds the name ${item.verificationDetail.actualName} for this account, not ${item.bankAccount?.accountName ?? "the name entered"}.`
            : "The account details did not match the bank's record.",
        button: failure ? "Proceed without verification" : "Accept",
        lineItemId: item.lineItemId,
        itemVersion: item.version,
      };
    }
  }
}

/** Most saved accounts a fund form offers (one page of the accounts list). */
const SAVED_ACCOUNTS_LIMIT = 100;

/**
 * The firm's verified saved Redemption accounts by display name, for a form that offers Redemption (section
 * 2.4); none for a firm that has none or a user who may not read them (the form then asks for the details).
 */
async function savedRedemptionAccounts(request: Request, user: UserSession, loaded: Loaded, open: OpenView) {
  if (!categoriesFor(loaded, open).includes("REDEMPTION") || !user.claims.subscriberId) return [];
  try {
    const page = await listFinancialAccounts(user.ctx, { subscriberId: user.claims.subscriberId, type: "REDEMPTION", verified: true, displayNameSort: "ASC", page: 1, limit: SAVED_ACCOUNTS_LIMIT });
    return page.records.map((account) => ({ value: account.financialAccountId, label: `${account.displayName} (${formatSortCode(account.bankCode)} ${account.accountNumber})` }));
  } catch (error) {
    if (error instanceof ProviderError && (error.status === 403 || error.status === 404)) return [];
    return throwProviderError(request, error);
  }
}

export async function loadFinancialsTab(request: Request, workspaceId: string | undefined) {
  const user = await requireUser(request);
  const loaded = await loadEverything(request, user, workspaceId);
  const search = new URL(request.url).searchParams;
  const requested = parseOpenView(search);
  const openItem = search.get("item");
  const view = viewOf(loaded, user, requested, openItem);
  const open = requested && isOffered(view, requested) ? requested : null;
  const savedAccounts = open && (open.view === "add-fund" || open.view === "edit-fund") ? await savedRedemptionAccounts(request, user, loaded, open) : [];
  return {
    view: { ...view, open },
    openForm: open ? openFormOf(loaded, open, savedAccounts) : null,
    refusedView: requested !== null && open === null,
    bankHolidays: loaded.bankHolidays,
  };
}

export type FinancialsTabData = Awaited<ReturnType<typeof loadFinancialsTab>>;
export type OpenForm = NonNullable<FinancialsTabData["openForm"]>;

/** The schema of an intent's form (the completion date needs the rules of now). */
function schemaFor(intent: FinancialsIntent, loaded: Loaded, open: OpenView | null) {
  switch (intent) {
    case "completion-date":
    case "confirm-completion-date":
      return completionDateFormSchema({
        earliest: earliestCompletionDate(loaded.now, new Set(loaded.bankHolidays.map((holiday) => holiday.date))),
        bankHolidays: loaded.bankHolidays,
        current: loaded.schedule.completionDate,
      });
    case "amount-payable":
      return AmountPayableFormSchema;
    case "add-fund":
    case "edit-fund":
      return fundFormSchema({ categories: open ? categoriesFor(loaded, open) : [], autoAuthorisationEnabled: isFlagOn(loaded.flags, "autoAuthorisationCommonEnabled") });
    case "accept":
      return AcceptAccountSchema;
    default:
      return ConfirmationSchema;
  }
}

/** The view each intent posts from (retry posts from the item's alert on the tab itself). */
const VIEW_OF_INTENT: Readonly<Record<FinancialsIntent, OpenView["view"] | null>> = {
  "completion-date": "completion-date",
  "confirm-completion-date": "completion-date",
  "amount-payable": "amount-payable",
  approve: "approve",
  unapprove: "unapprove",
  "add-fund": "add-fund",
  "edit-fund": "edit-fund",
  "delete-fund": "delete-fund",
  authorise: "authorise",
  unauthorise: "unauthorise",
  accept: "accept",
  retry: null,
};

/** The line item a write leaves to look at: the new one after an add, else the one named. */
function itemAfter(before: Schedule, after: Schedule, lineItemId: string | null) {
  if (lineItemId) return after.lineItems.find((item) => item.lineItemId === lineItemId) ?? null;
  const known = new Set(before.lineItems.map((item) => item.lineItemId));
  return after.lineItems.find((item) => !known.has(item.lineItemId)) ?? null;
}

export async function financialsTabAction(request: Request, workspaceId: string | undefined) {
  const formData = await readForm(request);
  const user = await requireUser(request);
  invariantResponse(isWorkspaceId(workspaceId), "Workspace not found", 404);
  const intent = formData.get("intent");
  invariantResponse(typeof intent === "string" && (FINANCIALS_INTENTS as readonly string[]).includes(intent), "Unknown action", 400);
  const financialsIntent = intent as FinancialsIntent;
  const open = parseOpenView(new URL(request.url).searchParams);
  const expectedView = VIEW_OF_INTENT[financialsIntent];
  invariantResponse(expectedView === null || open?.view === expectedView, "This form does not belong to the open view", 400);
  const loaded = await loadEverything(request, user, workspaceId);
  const back = `/workspaces/${workspaceId}/financials`;
  const submission = parseWithZod(formData, { schema: schemaFor(financialsIntent, loaded, open) });
  if (submission.status !== "success") return data({ intent: financialsIntent, result: submission.reply(), toast: null, confirmDate: null }, { status: 400 });
  const version = formVersion(formData);
  const lineItemId = typeof formData.get("lineItemId") === "string" ? String(formData.get("lineItemId")) : null;
  const item = lineItemId ? loaded.schedule.lineItems.find((candidate) => candidate.lineItemId === lineItemId) : undefined;
  const label = item ? (LINE_ITEM_CATEGORY_LABELS[item.category] ?? item.category) : "";
  const { ctx } = user;
  const scheduleId = loaded.schedule.financialSettlementScheduleId;
  const value = submission.value as Record<string, unknown>;
  try {
    switch (financialsIntent) {
      case "completion-date":
      case "confirm-completion-date": {
        const date = value.completionDate as string;
        // Changing an existing date asks for confirmation first (section 5.7): the confirm view carries the date.
        if (loaded.schedule.completionDate && value.confirmed !== "yes") {
          return data({ intent: financialsIntent, result: submission.reply(), toast: null, confirmDate: { date, display: formatDetailDate(date), current: formatDetailDate(loaded.schedule.completionDate) } }, { status: 200 });
        }
        await setCompletionDate(ctx, scheduleId, version, date);
        return redirectWithToast(back, successToast(loaded.schedule.completionDate ? WORKSPACE_TOASTS.completionDateUpdated : WORKSPACE_TOASTS.completionDateAdded));
      }
      case "amount-payable":
        await setAmountPayable(ctx, scheduleId, version, value.amountPayableOnCompletion as number);
        return redirectWithToast(back, successToast(loaded.schedule.amountPayableOnCompletion === null ? WORKSPACE_TOASTS.amountPayableAdded : WORKSPACE_TOASTS.amountPayableUpdated));
      case "approve":
        await approveFinancials(ctx, scheduleId, version);
        return redirectWithToast(back, successToast(WORKSPACE_TOASTS.financialsApproved));
      case "unapprove":
        await unapproveFinancials(ctx, scheduleId, version);
        return redirectWithToast(back, successToast(WORKSPACE_TOASTS.financialsUnapproved));
      case "add-fund":
      case "edit-fund":
      case "retry": {
        let after: Schedule;
        let categoryLabel = label;
        if (financialsIntent === "add-fund") {
          const fund = value as unknown as FundFormValue;
          categoryLabel = LINE_ITEM_CATEGORY_LABELS[fund.category];
          after = await addLineItem(ctx, scheduleId, version, fund);
        } else if (financialsIntent === "edit-fund") {
          invariantResponse(item, "Line item not found", 404);
          const { category: _category, ...fund } = value as unknown as FundFormValue;
          after = await editLineItem(ctx, scheduleId, item.lineItemId, version, fund);
        } else {
          invariantResponse(item?.bankAccount, "Line item not found", 404);
          // The retry sends the same account again, which checks it again.
          const { displayName, ...account } = item.bankAccount;
          after = await editLineItem(ctx, scheduleId, item.lineItemId, version, {
            amount: item.amount,
            reference: item.reference,
            bankAccount: { ...account, displayName: displayName ?? undefined },
          });
        }
        const saved = itemAfter(loaded.schedule, after, item?.lineItemId ?? null);
        const unverified = saved && saved.bankAccount && !saved.hasLinkedAccount && saved.verificationDetail && !saved.verificationDetail.verified;
        const to = saved ? `${back}?item=${encodeURIComponent(saved.lineItemId)}#item-${saved.lineItemId}` : back;
        if (unverified) return redirectWithToast(to, { kind: "info", title: "Warning: account not verified", message: WORKSPACE_TOASTS.accountVerificationFailed });
        if (financialsIntent === "retry") return redirectWithToast(to, successToast(WORKSPACE_TOASTS.accountVerified));
        return redirectWithToast(to, successToast(financialsIntent === "add-fund" ? FINANCIALS_TOASTS.lineItemAdded(categoryLabel) : WORKSPACE_TOASTS.lineItemUpdated(categoryLabel)));
      }
      case "delete-fund":
        invariantResponse(item, "Line item not found", 404);
        await deleteLineItem(ctx, scheduleId, item.lineItemId, version);
        return redirectWithToast(back, successToast(WORKSPACE_TOASTS.lineItemDeleted(label)));
      case "authorise":
      case "unauthorise": {
        invariantResponse(item, "Line item not found", 404);
        await authoriseLineItem(ctx, scheduleId, item.lineItemId, version, financialsIntent === "authorise");
        const to = `${back}?item=${encodeURIComponent(item.lineItemId)}#item-${item.lineItemId}`;
        return redirectWithToast(to, successToast(financialsIntent === "authorise" ? WORKSPACE_TOASTS.lineItemAuthorised(label) : WORKSPACE_TOASTS.lineItemUnauthorised(label)));
      }
      case "accept": {
        invariantResponse(item, "Line item not found", 404);
        await acceptLineItemAccount(ctx, scheduleId, item.lineItemId, version);
        const to = `${back}?item=${encodeURIComponent(item.lineItemId)}#item-${item.lineItemId}`;
        return redirectWithToast(to, successToast(WORKSPACE_TOASTS.manualVerificationSucceeded));
      }
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    const toast: Toast = await writeFailureToast(request, error);
    const status = error instanceof ProviderError && error.status >= 400 && error.status < 500 ? error.status : 400;
    const fieldErrors = error instanceof ProviderError ? fieldErrorsOf(error.message) : {};
    const hasFieldErrors = Object.keys(fieldErrors).length > 0;
    const result = submission.reply({
      formErrors: hasFieldErrors ? [] : [toast.message],
      fieldErrors: Object.fromEntries(Object.entries(fieldErrors).map(([field, message]) => [field, [message]])),
    });
    // A retry posts from the tab itself: its failure comes back as a toast on the tab.
    if (financialsIntent === "retry") return redirectWithToast(`${back}?item=${encodeURIComponent(lineItemId ?? "")}`, toast);
    return data({ intent: financialsIntent, result, toast, confirmDate: null }, { status });
  }
}

export type FinancialsActionReply = {
  intent: FinancialsIntent;
  result: SubmissionResult<string[]>;
  toast: Toast | null;
  confirmDate: { date: string; display: string; current: string } | null;
};
