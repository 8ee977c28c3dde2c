import { describe, expect, it } from "vitest";
import { ACTION_PERMISSIONS } from "../../core/shared/permissions/actions.js";
import { permissionsForRoles } from "../../core/shared/permissions/roles.js";
import { CONTEXTUAL_DEFAULTS } from "../../core/shared/permissions/contextual.js";
import { EDIT_LOCK_TOOLTIPS } from "../../core/workspaces/status.js";
import { FINANCIALS_TOOLTIPS } from "../../core/financials/rules.js";
import { financialsView, isOffered, parseOpenView, FINANCIALS_TEXTS, type FinancialsInput, type LineItemRead, type ScheduleRead } from "./financials-view";
import { completionDateFormSchema, fundFormSchema, COMPLETION_DATE_RULE_MESSAGES } from "./financials-forms";

const everyContextual = [...new Set(Object.values(ACTION_PERMISSIONS).flatMap((rule) => [...((rule as { contextual?: readonly string[] }).contextual ?? [])]))];
const lender = {
  permissions: permissionsForRoles(["Workspace Creator", "Workspace Approver", "Funds Authoriser"]),
  roles: ["Workspace Creator", "Workspace Approver", "Funds Authoriser"],
};
const viewer = { permissions: permissionsForRoles(["Workspace Viewer"]), roles: ["Workspace Viewer"] };

const item = (lineItemId: string, change: Partial<LineItemRead> = {}): LineItemRead => ({
  lineItemId,
  lineItemReference: `LI-${lineItemId}`,
  type: "DESTINATION",
  category: "SURPLUS",
  amount: 123456,
  reference: "REF-1",
  authorised: false,
  hasLinkedAccount: false,
  financialAccountId: null,
  sourceFundsStatus: null,
  consent: null,
  bankAccount: { accountName: "Jane Riverside", accountNumber: "10000003", bankCode: "089999", displayName: null, accountType: "PERSONAL" },
  verificationDetail: { verified: true, status: "MATCH", partnerReasonCode: null, actualName: null, acceptedBy: null, acceptedAt: null, isManualOverrideAllowed: false },
  version: 1,
  ...change,
});

const schedule = (change: Partial<ScheduleRead> = {}): ScheduleRead => ({
  financialSettlementScheduleId: "s1",
  workspaceId: "w1",
  completionDate: null,
  amountPayableOnCompletion: null,
  approved: false,
  hardLocked: false,
  status: "PREPARED",
  participants: [{ participantId: "p1", role: "INCOMING_LENDER" }],
  approvals: [],
  lineItems: [],
  version: 4,
  ...change,
});

function input(change: Omit<Partial<FinancialsInput>, "workspace"> & { workspace?: Partial<FinancialsInput["workspace"]> } = {}): FinancialsInput {
  return {
    user: lender,
    schedule: schedule(),
    flags: {},
    now: new Date("2026-11-26T10:00:00Z"),
    bankHolidays: new Set(["2026-12-25"]),
    open: null,
    ...change,
    workspace: {
      workspaceId: "w1",
      transactionType: "REMORTGAGE",
      participantRole: "INCOMING_LENDER",
      contextualPermissions: everyContextual,
      isLocked: false,
      hardLocked: false,
      isCancelled: false,
      status: "PREPARED",
      ...change.workspace,
    },
  };
}

describe("financials view", () => {
  it("shows money in pounds with 2 decimals, sort codes as NN-NN-NN, and the totals", () => {
    const view = financialsView(input({ schedule: schedule({ lineItems: [item("a"), item("b", { amount: 100 })] }) }));
    expect(view.destination.items.map((card) => card.amount)).toEqual(["£1,234.56", "£1.00"]);
    expect(view.destination.items[0]!.bankAccount?.sortCode).toBe("08-99-99");
    expect(view.destination.total).toBe("£1,235.56");
    expect(view.destination.items[0]!.badgeLabel).toBe("Verified");
  });

  it("derives READY without a seller representative and offers Approve financials; approved disables editing with its reason", () => {
    const ready = financialsView(input());
    expect(ready.approvalStatus).toBe("READY");
    expect(ready.approve).toMatchObject({ disabled: false, href: "/workspaces/w1/financials?view=approve" });
    expect(ready.destination.add).toMatchObject({ disabled: false });
    const approved = financialsView(input({ schedule: schedule({ status: "APPROVED", lineItems: [item("a")] }) }));
    expect(approved.approve).toBeNull();
    expect(approved.unapprove).toMatchObject({ disabled: false });
    expect(approved.editReason).toBe(FINANCIALS_TOOLTIPS.approved);
    expect(approved.destination.add).toEqual({ label: "Add fund destination", disabled: true, reason: FINANCIALS_TOOLTIPS.approved });
    expect(approved.destination.items[0]!.edit).toMatchObject({ disabled: true, reason: FINANCIALS_TOOLTIPS.approved });
    expect(approved.completionDate.edit).toMatchObject({ disabled: true });
  });

  it("disables everything with its reason when the workspace is cancelled", () => {
    const view = financialsView(input({ workspace: { isCancelled: true, status: "CANCELLED" }, schedule: schedule({ status: "CANCELLED", lineItems: [item("a", { type: "SOURCE", category: "MORTGAGE_ADVANCE", bankAccount: null, verificationDetail: null, hasLinkedAccount: true })] }) }));
    expect(view.editReason).toBe(EDIT_LOCK_TOOLTIPS.cancelled);
    expect(view.source!.items[0]!.authorise).toMatchObject({ disabled: true, reason: FINANCIALS_TOOLTIPS.cancelled });
    expect(view.approve).toMatchObject({ disabled: true, reason: FINANCIALS_TOOLTIPS.cancelled });
  });

  it("offers authorise on a mortgage advance to a funds authoriser, un-authorise once authorised", () => {
    const advance = item("m", { type: "SOURCE", category: "MORTGAGE_ADVANCE", bankAccount: null, verificationDetail: null, hasLinkedAccount: true });
    const view = financialsView(input({ schedule: schedule({ lineItems: [advance] }) }));
    expect(view.source!.items[0]!.authorise).toMatchObject({ disabled: false, href: "/workspaces/w1/financials?view=authorise&item=m" });
    expect(view.source!.items[0]!.badgeLabel).toBe("Linked account");
    const authorised = financialsView(input({ schedule: schedule({ lineItems: [{ ...advance, authorised: true }] }) }));
    expect(authorised.source!.items[0]!.authorise).toBeNull();
    expect(authorised.source!.items[0]!.unauthorise).toMatchObject({ disabled: false });
    expect(authorised.source!.items[0]!.authorisedLabel).toBe(FINANCIALS_TEXTS.authorised);
  });

  it("shows a close match's alert with the bank's name and Accept; a time-out's with Retry and proceed", () => {
    const close = item("c", { verificationDetail: { verified: false, status: "NAME_PARTIAL_MATCH", partnerReasonCode: "MBAM", actualName: "Riverside Property Ltd", acceptedBy: null, acceptedAt: null, isManualOverrideAllowed: true } });
    const timeout = item("t", { verificationDetail: { verified: false, status: "TIMEOUT", partnerReasonCode: null, actualName: null, acceptedBy: null, acceptedAt: null, isManualOverrideAllowed: true } });
    const view = financialsView(input({ schedule: schedule({ lineItems: [close, timeout] }) }));
    const [c, t] = view.destination.items;
    expect(c!.badgeLabel).toBe("Partial match");
    expect(c!.alert).toMatchObject({ actualName: "Riverside Property Ltd", acceptKind: "accept", retry: null, accept: { label: "Accept", disabled: false } });
    expect(t!.badgeLabel).toBe("Verification failed");
    expect(t!.alert).toMatchObject({ acceptKind: "proceed", retry: { enabled: true }, accept: { label: "Proceed without verification" } });
    expect(isOffered(view, { view: "accept", item: "c" })).toBe(true);
  });

  it("says who accepted an account by hand and when", () => {
    const accepted = item("a", { verificationDetail: { verified: true, status: "NAME_PARTIAL_MATCH", partnerReasonCode: "MBAM", actualName: "Riverside Property Ltd", acceptedBy: "u1", acceptedAt: "2026-11-26T10:00:00Z", isManualOverrideAllowed: true } });
    const view = financialsView(input({ schedule: schedule({ lineItems: [accepted] }), userNames: { u1: "Ann Smith" } }));
    expect(view.destination.items[0]!.accepted).toBe("Accepted by Ann Smith on 26 Nov 2026");
    expect(view.destination.items[0]!.alert).toBeNull();
    expect(view.destination.items[0]!.badgeLabel).toBe("Verified");
  });

  it("hides what the user's permissions do not allow, and refuses views it does not offer", () => {
    const view = financialsView(input({ user: viewer, schedule: schedule({ lineItems: [item("a")] }) }));
    expect(view.destination.add).toBeNull();
    expect(view.approve).toBeNull();
    expect(view.completionDate.edit).toBeNull();
    expect(view.destination.items[0]!.edit).toBeNull();
    expect(isOffered(view, { view: "add-fund", type: "DESTINATION" })).toBe(false);
    expect(isOffered(view, { view: "edit-fund", item: "a" })).toBe(false);
  });

  it("shows a seller representative the amount payable instead of fund sources when funds visibility is on", () => {
    const view = financialsView(input({ workspace: { participantRole: "SELLER_REPRESENTATIVE", transactionType: "PURCHASE" }, flags: { fundsVisibilityEnabled: true }, schedule: schedule({ amountPayableOnCompletion: 25000000, lineItems: [item("s", { type: "SOURCE", category: "MORTGAGE_ADVANCE" })] }) }));
    expect(view.source).toBeNull();
    expect(view.amountPayable?.display).toBe("£250,000.00");
    // The seller's representative's own contextual set: it sees and adds destinations, not sources.
    const seller = financialsView(input({
      workspace: { participantRole: "SELLER_REPRESENTATIVE", transactionType: "PURCHASE", contextualPermissions: CONTEXTUAL_DEFAULTS.SELLER_REPRESENTATIVE as string[] },
      schedule: schedule({ lineItems: [item("s", { type: "SOURCE", category: "MORTGAGE_ADVANCE" }), item("d")] }),
    }));
    expect(seller.source?.items).toEqual([]);
    expect(seller.source?.hiddenReason).toBe(FINANCIALS_TEXTS.noSourceView);
    expect(seller.destination.items.map((card) => card.lineItemId)).toEqual(["d"]);
    expect(seller.destination.add).toMatchObject({ disabled: false });
  });

  it("computes the earliest completion date from the clock: tomorrow after 16:25", () => {
    expect(financialsView(input({ now: new Date("2026-11-26T16:24:00Z") })).completionDate.earliest).toBe("2026-11-26");
    expect(financialsView(input({ now: new Date("2026-11-26T16:26:00Z") })).completionDate.earliest).toBe("2026-11-27");
  });

  it("reads the open view from the address", () => {
    expect(parseOpenView(new URLSearchParams("view=add-fund&type=SOURCE"))).toEqual({ view: "add-fund", type: "SOURCE" });
    expect(parseOpenView(new URLSearchParams("view=add-fund"))).toBeNull();
    expect(parseOpenView(new URLSearchParams("view=edit-fund&item=x"))).toEqual({ view: "edit-fund", item: "x" });
    expect(parseOpenView(new URLSearchParams("view=nonsense"))).toBeNull();
  });
});

describe("financials forms", () => {
  const rules = { earliest: "2026-11-27", bankHolidays: [{ date: "2026-12-25", title: "Christmas Day" }], current: null };
  const dateError = (date: string) => {
    const result = completionDateFormSchema(rules).safeParse({ completionDate: date });
    return result.success ? null : result.error.issues[0]!.message;
  };
  it("refuses a weekend, a bank holiday and a day before the earliest", () => {
    expect(dateError("2026-11-28")).toBe(COMPLETION_DATE_RULE_MESSAGES.weekend("2026-11-28"));
    expect(dateError("2026-12-25")).toBe(COMPLETION_DATE_RULE_MESSAGES.bankHoliday("2026-12-25", "Christmas Day"));
    expect(dateError("2026-11-26")).toBe(COMPLETION_DATE_RULE_MESSAGES.tooEarly("2026-11-27"));
    expect(dateError("2026-11-27")).toBeNull();
  });

  it("asks for a bank account unless a saved account applies, and the Buyer Funds consent", () => {
    const schema = fundFormSchema({ categories: ["REDEMPTION", "SURPLUS", "CONVEYANCING_FEES", "ONWARD_FUNDS"] });
    const typed = schema.safeParse({ category: "SURPLUS", amount: "1,500.50", reference: "R1" });
    expect(typed.success).toBe(false);
    expect(typed.error!.issues.map((issue) => issue.path.join("."))).toContain("bankAccount");
    const saved = schema.safeParse({ category: "REDEMPTION", amount: "1500.50", reference: "R1", financialAccountId: "9b2f1f3e-1111-4111-8111-111111111111" });
    expect(saved.success && saved.data).toMatchObject({ category: "REDEMPTION", amount: 150050, financialAccountId: "9b2f1f3e-1111-4111-8111-111111111111" });
    const fees = schema.safeParse({ category: "CONVEYANCING_FEES", amount: "100", reference: "F1" });
    expect(fees.success && fees.data).toEqual({ category: "CONVEYANCING_FEES", amount: 10000, reference: "F1" });
    const personal = schema.safeParse({ category: "SURPLUS", amount: "1", reference: "R", bankAccount: { accountName: "Jane", accountNumber: "10000003", bankCode: "08-99-99", accountType: "PERSONAL" } });
    expect(personal.success && personal.data.bankAccount).toEqual({ accountName: "Jane", accountNumber: "10000003", bankCode: "089999", accountType: "PERSONAL", displayName: undefined });
    const buyer = fundFormSchema({ categories: ["MORTGAGE_ADVANCE", "BUYER_FUNDS"] }).safeParse({ category: "BUYER_FUNDS", amount: "1", reference: "B" });
    expect(buyer.success).toBe(false);
    expect(fundFormSchema({ categories: ["MORTGAGE_ADVANCE"] }).safeParse({ category: "SURPLUS", amount: "1", reference: "B" }).success).toBe(false);
  });
});
