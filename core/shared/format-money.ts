/** Money display (document 1 sections 1 and 9): en-GB, pound sign, grouping, 2 decimals, from integer pence. */
const GROUPED = new Intl.NumberFormat("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true });

/** `123456` → `"£1,234.56"`; `-100` → `"-£1.00"`. Exact for any safe integer of pence. */
export function formatMoney(pence: number): string {
  if (!Number.isFinite(pence)) return "";
  const whole = Math.round(pence);
  const negative = whole < 0;
  const absolute = BigInt(Math.abs(whole));
  const pounds = absolute / 100n;
  const rest = absolute % 100n;
  const grouped = pounds.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${negative ? "-" : ""}£${grouped}.${rest.toString().padStart(2, "0")}`;
}

/** en-GB grouping with 2 decimals and no currency sign: `123456` → `"1,234.56"`. */
export function formatAmount(pence: number): string {
  return formatMoney(pence).replace("£", "");
}

/** A number in pounds (as the credit total is) in the en-GB format with 2 decimals. */
export function formatPounds(pounds: number): string {
  return `£${GROUPED.format(pounds)}`;
}
