import { isIsoDay } from '@toolsify/shared/days';
import {
  dayOf,
  daysIn,
  lastDays,
  DEFAULT_STATS_DAYS,
  MAX_STATS_DAYS,
  statsPresets,
  statsQuerySchema,
  type StatsPreset,
} from '@toolsify/shared/stats';

/** The range the dashboard shows, as its URL says it: `?range=7` (or 30, 90) or `?from=&to=`. */
export type StatsSelection = { kind: 'preset'; days: StatsPreset } | { kind: 'custom'; from: string; to: string };

export const defaultSelection: StatsSelection = { kind: 'preset', days: DEFAULT_STATS_DAYS };

/**
 * The selection of a URL's query. A custom range the API would refuse (a hand-edited link:
 * a day that does not exist, ends swapped, too long) falls back to the default range, so any
 * link opens a working page.
 */
export function selectionFrom(search: URLSearchParams): StatsSelection {
  const from = search.get('from');
  const to = search.get('to');
  if (from !== null && to !== null) {
    return statsQuerySchema.safeParse({ from, to }).success ? { kind: 'custom', from, to } : defaultSelection;
  }
  const days = statsPresets.find((d) => String(d) === search.get('range'));
  return days ? { kind: 'preset', days } : defaultSelection;
}

/** The query string of a selection: nothing for the default range. */
export function searchOf(selection: StatsSelection): string {
  if (selection.kind === 'custom') return new URLSearchParams({ from: selection.from, to: selection.to }).toString();
  return selection.days === DEFAULT_STATS_DAYS ? '' : new URLSearchParams({ range: String(selection.days) }).toString();
}

/** The days a selection covers, `today` being the UTC day (the server counts days in UTC). */
export function rangeOf(selection: StatsSelection, today: string = dayOf(new Date())): { from: string; to: string } {
  return selection.kind === 'custom' ? { from: selection.from, to: selection.to } : lastDays(selection.days, today);
}

/** Whether a typed custom range can be asked for; else the message to show and the field it is about. */
export function customRangeProblem(from: string, to: string): { field: 'from' | 'to'; message: string } | null {
  if (!isIsoDay(from)) return { field: 'from', message: 'Choose a start date.' };
  if (!isIsoDay(to)) return { field: 'to', message: 'Choose an end date.' };
  if (to < from) return { field: 'to', message: 'The end date is before the start date.' };
  if (daysIn(from, to) > MAX_STATS_DAYS) return { field: 'to', message: `A range can be at most ${MAX_STATS_DAYS} days.` };
  const parsed = statsQuerySchema.safeParse({ from, to });
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  return { field: issue?.path[0] === 'from' ? 'from' : 'to', message: issue?.message ?? 'This range is not valid.' };
}
