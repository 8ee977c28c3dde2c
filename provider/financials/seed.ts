/**
 * The demo world's saved financial accounts (docs/sandboxes.md, bank account check fixtures): each law or
 * conveyancing firm's preconfigured Conveyancing Fees account, and Redemption accounts at Northgate Bank
 * (whose Lena North is the demo Financial Administrator) and Harper & Vale LLP: one verified by the bank
 * (MATCH) and one close match that requires review (the bank's name "Riverside Property Ltd").
 * Fixed ids; an account already there is left alone.
 */
import type { DB } from "../platform/db/index.js";

const SANDBOX_SORT_CODE = "089999";

/**
 * The demo subscribers' fixed ids (provider/platform/demo-world.ts DEMO_SUBSCRIBERS; not imported, as the
 * demo world imports this seed).
 */
const SUBSCRIBERS = {
  northgate: "5b000000-0000-4000-8000-000000000001",
  harperVale: "5b000000-0000-4000-8000-000000000002",
  keystone: "5b000000-0000-4000-8000-000000000003",
  ashdown: "5b000000-0000-4000-8000-000000000004",
} as const;

interface DemoAccount {
  financialAccountId: string;
  subscriberId: string;
  type: "REDEMPTION" | "CONVEYANCING_FEES";
  displayName: string;
  accountName: string;
  accountNumber: string;
  verified: boolean;
  status: string;
  partnerReasonCode: string | null;
  actualName: string | null;
}

const matched = { verified: true, status: "MATCH", partnerReasonCode: null, actualName: null } as const;
const closeMatch = { verified: false, status: "NAME_PARTIAL_MATCH", partnerReasonCode: "MBAM", actualName: "Riverside Property Ltd" } as const;

export const DEMO_FINANCIAL_ACCOUNTS = {
  northgateRedemption: {
    financialAccountId: "fa000000-0000-4000-8000-000000000001",
    subscriberId: SUBSCRIBERS.northgate,
    type: "REDEMPTION",
    displayName: "Northgate redemptions",
    accountName: "Northgate Bank Redemptions",
    accountNumber: "10000003",
    ...matched,
  },
  northgateRiverside: {
    financialAccountId: "fa000000-0000-4000-8000-000000000002",
    subscriberId: SUBSCRIBERS.northgate,
    type: "REDEMPTION",
    displayName: "Riverside mortgages",
    accountName: "Riverside Property",
    accountNumber: "10000016",
    ...closeMatch,
  },
  harperValeRedemption: {
    financialAccountId: "fa000000-0000-4000-8000-000000000003",
    subscriberId: SUBSCRIBERS.harperVale,
    type: "REDEMPTION",
    displayName: "Northgate Bank redemption",
    accountName: "Northgate Bank Redemptions",
    accountNumber: "10000003",
    ...matched,
  },
  harperValeRiverside: {
    financialAccountId: "fa000000-0000-4000-8000-000000000004",
    subscriberId: SUBSCRIBERS.harperVale,
    type: "REDEMPTION",
    displayName: "Riverside mortgages",
    accountName: "Riverside Property",
    accountNumber: "10000016",
    ...closeMatch,
  },
  harperValeFees: {
    financialAccountId: "fa000000-0000-4000-8000-000000000011",
    subscriberId: SUBSCRIBERS.harperVale,
    type: "CONVEYANCING_FEES",
    displayName: "Harper & Vale client account",
    accountName: "Harper and Vale LLP",
    accountNumber: "20000006",
    ...matched,
  },
  keystoneFees: {
    financialAccountId: "fa000000-0000-4000-8000-000000000012",
    subscriberId: SUBSCRIBERS.keystone,
    type: "CONVEYANCING_FEES",
    displayName: "Keystone client account",
    accountName: "Keystone Conveyancing",
    accountNumber: "30000009",
    ...matched,
  },
  ashdownFees: {
    financialAccountId: "fa000000-0000-4000-8000-000000000013",
    subscriberId: SUBSCRIBERS.ashdown,
    type: "CONVEYANCING_FEES",
    displayName: "Ashdown client account",
    accountName: "Ashdown Legal",
    accountNumber: "40000002",
    ...matched,
  },
} as const satisfies Record<string, DemoAccount>;

export async function seedDemoFinancialAccounts(db: DB): Promise<void> {
  const accounts: DemoAccount[] = Object.values(DEMO_FINANCIAL_ACCOUNTS);
  await db
    .insertInto("financial_accounts")
    .values(
      accounts.map((account) => ({
        financial_account_id: account.financialAccountId,
        subscriber_id: account.subscriberId,
        type: account.type,
        display_name: account.displayName,
        account_name: account.accountName,
        account_number: account.accountNumber,
        bank_code: SANDBOX_SORT_CODE,
        account_type: "BUSINESS",
        verified: account.verified,
        verification_status: account.status,
        partner_reason_code: account.partnerReasonCode,
        actual_name: account.actualName,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}
