/** A list that failed to load: the reason and a Retry button (never an endless spinner). */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="alert alert-error alert-soft flex flex-col items-start gap-3 sm:flex-row sm:items-center">
      <span>{message}</span>
      <button type="button" className="btn btn-sm" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
