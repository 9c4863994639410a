/** The loading spinner; `fullScreen` fills the viewport (the home page's first load). */
export function Spinner({ fullScreen = false, label = 'Loading' }: { fullScreen?: boolean; label?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={fullScreen ? 'flex min-h-screen items-center justify-center' : 'flex justify-center py-16'}
    >
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
