/** Scales and labels for the dashboard's charts: pure functions, so they are tested without a browser. */

/** The smallest "round" number (1, 2, 2.5, 5 times a power of ten) at or above `value`; 1 for 0. */
export function niceCeiling(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) {
    if (step * power >= value) return step * power;
  }
  return 10 * power;
}

/** `count + 1` evenly spaced values from 0 to `max`. */
export function ticks(max: number, count = 4): number[] {
  return Array.from({ length: count + 1 }, (_, i) => (max * i) / count);
}

/** The least top of a money axis: $4, so its five labels ($0 to $4) never read alike. */
const LEAST_MONEY_TOP_CENTS = 400;

/**
 * The levels of a money axis (cents) for bars up to `maxCents`, from 0 to a round top: five,
 * each label of them distinct as compactCents writes it (a range with no revenue read "$0" five
 * times).
 */
export function moneyTicks(maxCents: number): number[] {
  return ticks(Math.max(LEAST_MONEY_TOP_CENTS, niceCeiling(maxCents)));
}

/**
 * Which of `n` bars get a label on the axis, when at most `room` labels fit: every `step`th,
 * counted back from the last, so the most recent day is always labelled.
 */
export function labelledIndexes(n: number, room: number): number[] {
  if (n <= 0) return [];
  const step = Math.max(1, Math.ceil(n / Math.max(1, room)));
  const indexes: number[] = [];
  for (let i = n - 1; i >= 0; i -= step) indexes.unshift(i);
  return indexes;
}

const compactUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});

/** 1234500 cents -> "$12.3K": axis labels. */
export function compactCents(cents: number): string {
  return compactUsd.format(cents / 100);
}

const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const longDay = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** "2026-03-04" -> "Mar 4" (the day as the server counts it, in UTC). */
export function formatDay(day: string): string {
  return shortDay.format(new Date(`${day}T00:00:00.000Z`));
}

/** "2026-03-04" -> "Wed, Mar 4, 2026". */
export function formatLongDay(day: string): string {
  return longDay.format(new Date(`${day}T00:00:00.000Z`));
}

/** A label cut to about `maxChars` characters, with an ellipsis when cut. */
export function clip(label: string, maxChars: number): string {
  if (label.length <= maxChars) return label;
  return `${label.slice(0, Math.max(1, maxChars - 1)).trimEnd()}…`;
}

const dayYear = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** "Mar 1 – Mar 30, 2026", or "Dec 15, 2025 – Jan 13, 2026" across a new year. */
export function formatRange(from: string, to: string): string {
  const end = dayYear.format(new Date(`${to}T00:00:00.000Z`));
  if (from === to) return end;
  const start = from.slice(0, 4) === to.slice(0, 4) ? formatDay(from) : dayYear.format(new Date(`${from}T00:00:00.000Z`));
  return `${start} – ${end}`;
}
