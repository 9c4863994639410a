import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useMe } from '../api/get-me.ts';

/** Where the browser is now (the whole path, also inside a nested route), to come back to. */
export function currentPath(): string {
  return window.location.pathname + window.location.search;
}

/** The login page, with the way back to `from`. `~` makes it absolute inside nested routes. */
export function loginPathFor(from: string): string {
  return from === '/' ? '~/login' : `~/login?from=${encodeURIComponent(from)}`;
}

function SessionError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center" role="alert">
      <p>We could not check your session. Check your connection and try again.</p>
      <button type="button" className="btn btn-primary btn-sm mt-4" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/**
 * Shows `children` to a signed-in person only. While the session loads a spinner shows;
 * a visitor goes to /login and comes back here after logging in.
 */
export function RequireUser({ children }: { children: ReactNode }) {
  const me = useMe();
  const [, navigate] = useLocation();
  const signedOut = me.isSuccess && me.data === null;

  useEffect(() => {
    if (signedOut) navigate(loginPathFor(currentPath()), { replace: true });
  }, [signedOut, navigate]);

  if (me.isError) return <SessionError onRetry={() => void me.refetch()} />;
  if (me.isPending || signedOut) return <Spinner label="Checking your session" />;
  return children;
}
