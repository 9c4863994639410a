import { z } from 'zod';

/** Calendar days in UTC, written YYYY-MM-DD: the date filters of the admin's lists and reports. */

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `value` is a real calendar day written YYYY-MM-DD (2026-02-30 is not). */
export function isIsoDay(value: string): boolean {
  if (!DAY_PATTERN.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00.000Z`);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === value;
}

const FIRST_DAY = '2000-01-01';
const LAST_DAY = '2999-12-31';

/**
 * Whether `value` is a day a date filter takes: a real day between 2000 and 2999. A date input
 * whose year is being typed (0002, 0020, 0202) is not one yet.
 */
export function isFilterDay(value: string): boolean {
  return isIsoDay(value) && value >= FIRST_DAY && value <= LAST_DAY;
}

/** A day as a query parameter, its errors naming the parameter. */
export function dayParam(name: string) {
  return z
    .string({ error: `${name} must be a date as YYYY-MM-DD` })
    .trim()
    .regex(DAY_PATTERN, `${name} must be a date as YYYY-MM-DD`)
    .refine(isIsoDay, `${name} is not a real date`)
    .refine((v) => v >= FIRST_DAY && v <= LAST_DAY, `${name} must be between ${FIRST_DAY} and ${LAST_DAY}`);
}

/** The first and last moments of a range of whole days, as ISO times to compare a timestamp with. */
export function dayRangeTimes(range: { from?: string | undefined; to?: string | undefined }): { start?: string; end?: string } {
  return {
    ...(range.from !== undefined ? { start: `${range.from}T00:00:00.000Z` } : {}),
    ...(range.to !== undefined ? { end: `${range.to}T23:59:59.999Z` } : {}),
  };
}
