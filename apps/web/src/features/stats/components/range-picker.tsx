import { useState, type FormEvent } from 'react';
import { statsPresets } from '@toolsify/shared/stats';
import { fieldAria } from '../../../components/ui/form-field.tsx';
import { customRangeProblem, rangeOf, type StatsSelection } from '../utils/stats-range.ts';

/**
 * The dashboard's range: the last 7, 30 or 90 days, or a custom range of days typed in two
 * date fields (checked as the API checks it before it is asked for).
 */
export function RangePicker({ selection, onChange }: { selection: StatsSelection; onChange: (next: StatsSelection) => void }) {
  const [customOpen, setCustomOpen] = useState(selection.kind === 'custom');
  const current = rangeOf(selection);
  const [from, setFrom] = useState(current.from);
  const [to, setTo] = useState(current.to);
  const [problem, setProblem] = useState<ReturnType<typeof customRangeProblem>>(null);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const found = customRangeProblem(from, to);
    setProblem(found);
    if (!found) onChange({ kind: 'custom', from, to });
  };
  const error = (field: 'from' | 'to') => (problem?.field === field ? problem.message : undefined);

  return (
    <div className="flex flex-col items-stretch gap-3 sm:items-end">
      <div role="group" aria-label="Range" className="join w-full sm:w-auto">
        {statsPresets.map((days) => {
          const active = !customOpen && selection.kind === 'preset' && selection.days === days;
          return (
            <button
              key={days}
              type="button"
              aria-pressed={active}
              className={`btn btn-sm join-item flex-1 whitespace-nowrap px-2 sm:flex-none sm:px-3 ${active ? 'btn-primary' : 'btn-outline border-base-300'}`}
              onClick={() => {
                setCustomOpen(false);
                setProblem(null);
                onChange({ kind: 'preset', days });
              }}
            >
              {days} days
            </button>
          );
        })}
        <button
          type="button"
          aria-pressed={customOpen}
          aria-expanded={customOpen}
          className={`btn btn-sm join-item flex-1 whitespace-nowrap px-2 sm:flex-none sm:px-3 ${customOpen ? 'btn-primary' : 'btn-outline border-base-300'}`}
          onClick={() => {
            setFrom(current.from);
            setTo(current.to);
            setCustomOpen(true);
          }}
        >
          Custom
        </button>
      </div>
      {customOpen && (
        <form onSubmit={apply} noValidate className="flex flex-wrap items-start gap-2" aria-label="Custom range">
          <div className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-none">
            <label htmlFor="stats-from" className="text-xs font-medium text-base-content/70">
              From
            </label>
            <input
              id="stats-from"
              type="date"
              className={`input input-sm w-full sm:w-40 ${error('from') ? 'input-error' : ''}`}
              value={from}
              min="2000-01-01"
              onChange={(event) => setFrom(event.target.value)}
              {...fieldAria('stats-from', error('from'))}
            />
          </div>
          <div className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-none">
            <label htmlFor="stats-to" className="text-xs font-medium text-base-content/70">
              To
            </label>
            <input
              id="stats-to"
              type="date"
              className={`input input-sm w-full sm:w-40 ${error('to') ? 'input-error' : ''}`}
              value={to}
              min="2000-01-01"
              onChange={(event) => setTo(event.target.value)}
              {...fieldAria('stats-to', error('to'))}
            />
          </div>
          <button type="submit" className="btn btn-sm btn-primary mt-5 w-full sm:w-auto">
            Apply
          </button>
          {problem && (
            <p id={`stats-${problem.field}-error`} role="alert" className="w-full text-sm text-error">
              {problem.message}
            </p>
          )}
        </form>
      )}
    </div>
  );
}
