import { useId } from 'react';
import { useSearchParams } from 'wouter';
import { auditActionLabels, auditActions, MAX_AUDIT_SEARCH_LENGTH, type AuditAction } from '@toolsify/shared/audit';
import { Icon } from '../../../components/ui/icon.tsx';
import { LoadMoreButton } from '../../../components/ui/load-more-button.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { auditSearchOf, useAudit, type AuditFilters } from '../../../features/audit/api/get-audit.ts';
import { AuditTable } from '../../../features/audit/components/audit-table.tsx';
import { useTypedSearch, type ApplySearch } from '../../../lib/use-typed-search.ts';
import { DayInput, orderedRange, withRangeEnd } from '../../../components/ui/day-input.tsx';
import { isFilterDay } from '@toolsify/shared/days';

/** The filters of the URL; days that are not whole days are dropped, and the wrong way round swapped. */
function filtersFrom(params: URLSearchParams): AuditFilters {
  const action = params.get('action');
  const day = (raw: string | null) => (raw !== null && isFilterDay(raw) ? raw : undefined);
  return {
    actor: params.get('actor') ?? undefined,
    action: auditActions.includes(action as AuditAction) ? (action as AuditAction) : undefined,
    q: params.get('q') ?? undefined,
    ...orderedRange(day(params.get('from')), day(params.get('to'))),
  };
}

/** A text filter that applies itself to the URL after a short pause, keeping the focus. */
function TextFilter({ label, value, onApply, placeholder }: { label: string; value: string; onApply: ApplySearch; placeholder: string }) {
  const id = useId();
  const { text, setText } = useTypedSearch(value, onApply);
  return (
    <label className="form-control w-full" htmlFor={id}>
      <span className="label-text mb-1 text-sm">{label}</span>
      <input
        id={id}
        type="search"
        className="input input-bordered input-sm w-full"
        value={text}
        maxLength={MAX_AUDIT_SEARCH_LENGTH}
        placeholder={placeholder}
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
      />
    </label>
  );
}

/** /dashboard/audit (admin): every admin action, newest first, filtered by who, what, target and days (held in the URL). */
export default function AuditPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFrom(searchParams);
  const audit = useAudit(filters);
  const search = auditSearchOf(filters);
  const apply = (next: Partial<AuditFilters>, replace = false) => {
    const merged = { ...filtersFrom(new URLSearchParams(search)), ...next };
    setSearchParams(auditSearchOf(merged), { replace });
  };
  const ids = { action: useId(), from: useId(), to: useId() };
  const events = audit.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = search !== '';

  return (
    <section aria-labelledby="audit-heading" className="space-y-5">
      <header>
        <h2 id="audit-heading" className="text-2xl font-bold text-primary">
          Audit Log
        </h2>
        <p className="text-sm text-base-content/70">
          Every admin action, as it happened: who did it, when, and what changed. Nobody can edit or delete it.
        </p>
      </header>

      <div className="grid gap-3 rounded-box border border-base-300 bg-base-100 p-4 sm:grid-cols-2 lg:grid-cols-5">
        <TextFilter
          label="Admin"
          placeholder="Email"
          value={filters.actor ?? ''}
          onApply={(actor, { replace }) => apply({ actor }, replace)}
        />
        <label className="form-control w-full" htmlFor={ids.action}>
          <span className="label-text mb-1 text-sm">Action</span>
          <select
            id={ids.action}
            className="select select-bordered select-sm w-full"
            value={filters.action ?? ''}
            onChange={(event) => apply({ action: (event.target.value || undefined) as AuditAction | undefined })}
          >
            <option value="">All actions</option>
            {auditActions.map((action) => (
              <option key={action} value={action}>
                {auditActionLabels[action]}
              </option>
            ))}
          </select>
        </label>
        <TextFilter
          label="Target"
          placeholder="Email, #1042, tool, SKU"
          value={filters.q ?? ''}
          onApply={(q, { replace }) => apply({ q }, replace)}
        />
        <label className="form-control w-full" htmlFor={ids.from}>
          <span className="label-text mb-1 text-sm">From</span>
          <DayInput
            id={ids.from}
            className="input input-bordered input-sm w-full"
            day={filters.from}
            onDay={(from) => apply(withRangeEnd(filters, 'from', from))}
          />
        </label>
        <label className="form-control w-full" htmlFor={ids.to}>
          <span className="label-text mb-1 text-sm">To</span>
          <DayInput
            id={ids.to}
            className="input input-bordered input-sm w-full"
            day={filters.to}
            onDay={(to) => apply(withRangeEnd(filters, 'to', to))}
          />
        </label>
      </div>

      {audit.isError && !audit.data ? (
        <RetryAlert
          title="We could not load the audit log."
          error={audit.error}
          retrying={audit.isFetching}
          onRetry={() => void audit.refetch()}
        />
      ) : audit.isPending ? (
        <Spinner label="Loading the audit log" />
      ) : events.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-box border border-dashed border-base-300 p-10 text-center">
          <Icon name="shield" className="h-10 w-10 text-base-content/40" />
          <p className="font-semibold">{filtered ? 'No admin action matches these filters' : 'No admin action yet'}</p>
          {filtered && (
            <button type="button" className="btn btn-primary btn-sm" onClick={() => setSearchParams('')}>
              Clear filters
            </button>
          )}
        </div>
      ) : (
        <div className={audit.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined} aria-busy={audit.isPlaceholderData}>
          <AuditTable events={events} />
        </div>
      )}
      <LoadMoreButton list={audit} label="Load more" />
    </section>
  );
}
