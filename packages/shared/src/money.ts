/** Money is integer cents everywhere but on screen (DESIGN.md decision 2). */

/**
 * The most one card payment can take, in cents: $999,999.99 (Stripe's limit for USD; the
 * sandbox keeps to it too). An order whose total is above it could never be paid, so it is
 * refused when placed, before it takes any stock.
 */
export const MAX_CARD_PAYMENT_CENTS = 99_999_999;

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** 12345 -> "$123.45" */
export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}

/** "12.3" or 12.3 -> 1230. Rounds to the nearest cent; the input must be finite. */
export function dollarsToCents(dollars: number | string): number {
  const value = typeof dollars === 'string' ? Number(dollars) : dollars;
  if (!Number.isFinite(value)) throw new RangeError(`not an amount: ${String(dollars)}`);
  return Math.round(value * 100);
}
