/** Money is integer cents everywhere but on screen (DESIGN.md decision 2). */

/**
 * The most one card payment can take, in cents: $999,999.99 (Stripe's limit for USD; the
 * sandbox keeps to it too). An order whose total is above it could never be paid, so it is
 * refused when placed, before it takes any stock.
 */
export const MAX_CARD_PAYMENT_CENTS = 99_999_999;

/*
 * Whole numbers and cents are formatted here by hand, not with Intl: a browser's first Intl
 * formatter loads the locale's data, 50 to 80 ms of the main thread in Chromium on this machine
 * kind (200 to 300 ms on Lighthouse's emulated phone), which the home page paid before it could
 * answer a tap (docs/decisions/017). The output is Intl's en-US output (money.test.ts holds
 * them equal); anything but a safe integer still goes to Intl.
 */
let usd: Intl.NumberFormat | undefined;

/** 1234567 -> "1,234,567", as `toLocaleString('en-US')` writes it. */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-US');
  const grouped = Math.abs(n)
    .toString()
    .replace(/\B(?=(\d{3})+$)/g, ',');
  return n < 0 ? `-${grouped}` : grouped;
}

/**
 * A number as typed or as a spreadsheet shows it, "1,234,567" or "1,250.00": its commas taken
 * out when they group thousands as formatCount writes them; otherwise the text as it is, for the
 * caller's own check to refuse. "12,50" (a decimal comma) and "1,0" are never read as 1,250 or
 * 10.
 */
export function withoutThousandsCommas(text: string): string {
  return /^-?\d{1,3}(,\d{3})+(\.\d*)?$/.test(text) ? text.replaceAll(',', '') : text;
}

/**
 * Dollars as a person types them in a price field: "12.50", "$1,250.00", "1250", ".5"; NaN for
 * anything else, a decimal comma ("12,50") among it (moneyTextProblem says why).
 */
export function parseDollars(text: string): number {
  const plain = withoutThousandsCommas(text.trim().replace(/^\$\s*/, ''));
  return /^(\d+\.?\d*|\.\d+)$/.test(plain) ? Number(plain) : Number.NaN;
}

/** Why a price as typed is no amount of dollars (null: it is one, or it is empty, which the form's own rule names). */
export function moneyTextProblem(text: string): string | null {
  const plain = text.trim().replace(/^\$\s*/, '');
  if (plain === '' || !Number.isNaN(parseDollars(text))) return null;
  if (/^\d+,\d{1,2}$/.test(plain)) return `Use a point for the cents: ${plain.replace(',', '.')}`;
  return 'Type the price in dollars, such as 12.50';
}

/** 12345 -> "$123.45", -5 -> "-$0.05" */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents))
    return (usd ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })).format(cents / 100);
  const abs = Math.abs(cents);
  const amount = `$${formatCount(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
  return cents < 0 ? `-${amount}` : amount;
}

/** "12.3" or 12.3 -> 1230. Rounds to the nearest cent; the input must be finite. */
export function dollarsToCents(dollars: number | string): number {
  const value = typeof dollars === 'string' ? Number(dollars) : dollars;
  if (!Number.isFinite(value)) throw new RangeError(`not an amount: ${String(dollars)}`);
  return Math.round(value * 100);
}
