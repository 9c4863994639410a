import { useState, type ComponentProps } from 'react';
import { isFilterDay } from '@toolsify/shared/days';

type DayInputProps = Omit<ComponentProps<'input'>, 'type' | 'value' | 'onChange'> & {
  /** The day the filter applies (YYYY-MM-DD), undefined for none. */
  day: string | undefined;
  /** A whole day typed or picked, or undefined once the field is emptied. */
  onDay: (day: string | undefined) => void;
};

/**
 * A filter's date field that can be typed in. The browser gives a date as the year is typed
 * ("0002-12-01", "0020-12-01", ...): such a day is kept in the field as typed, not applied, and
 * the field is not set back to the applied day (which wiped what was typed at each key); a whole
 * day (isFilterDay) applies at once. Leaving the field shows the applied day again.
 */
export function DayInput({ day, onDay, onBlur, ...input }: DayInputProps) {
  const [typed, setTyped] = useState<string | null>(null);
  return (
    <input
      {...input}
      type="date"
      value={typed ?? day ?? ''}
      onChange={(event) => {
        const value = event.target.value;
        setTyped(value);
        if (value === '') {
          if (day !== undefined) onDay(undefined);
        } else if (isFilterDay(value) && value !== day) onDay(value);
      }}
      onBlur={(event) => {
        setTyped(null);
        onBlur?.(event);
      }}
    />
  );
}

/** A range of days as a filter holds it (YYYY-MM-DD, either end open). */
export interface DayRange {
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * The range with one end set to `day`. A start chosen after the end moves the end to it (and an
 * end before the start, the start), so the fields always show the range the filter applies; a
 * range the other way round would be swapped or refused without the fields saying so.
 */
export function withRangeEnd(
  range: DayRange,
  end: 'from' | 'to',
  day: string | undefined,
): { from: string | undefined; to: string | undefined } {
  let { from, to } = range;
  if (end === 'from') {
    from = day;
    if (day !== undefined && to !== undefined && day > to) to = day;
  } else {
    to = day;
    if (day !== undefined && from !== undefined && day < from) from = day;
  }
  return { from, to };
}

/** The range of a URL's days, swapped when the wrong way round (a hand-edited or old link). */
export function orderedRange(from: string | undefined, to: string | undefined): { from: string | undefined; to: string | undefined } {
  return from !== undefined && to !== undefined && from > to ? { from: to, to: from } : { from, to };
}
