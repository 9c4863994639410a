import { Icon } from './icon.tsx';

/** A list that could not load: what failed, why, and Retry (spinning while it retries). */
export function RetryAlert({ title, error, retrying, onRetry }: { title: string; error: Error; retrying: boolean; onRetry: () => void }) {
  return (
    <div role="alert" className="alert alert-error alert-soft mx-auto max-w-xl flex-col items-start gap-3 sm:flex-row sm:items-center">
      <Icon name="alert" className="h-6 w-6 shrink-0" />
      <div className="flex-1">
        <p className="font-semibold">{title}</p>
        <p className="text-sm">{error.message}</p>
      </div>
      <button type="button" className="btn btn-sm" onClick={onRetry} disabled={retrying}>
        {retrying && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        Retry
      </button>
    </div>
  );
}
