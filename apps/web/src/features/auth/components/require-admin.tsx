import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { toast } from 'react-hot-toast';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useMe } from '../api/get-me.ts';
import { useSignOut } from '../api/sign-out.ts';
import { currentPath, loginPathFor } from './require-user.tsx';

export const ADMIN_ONLY_MESSAGE = 'That page is for admins. Please log in with an admin account.';

/**
 * Shows `children` to an admin only, asking the server afresh (a spinner shows meanwhile).
 * A visitor goes to /login and back; a signed-in non-admin is signed out and sent to /login.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const me = useMe({ fresh: true });
  const signOut = useSignOut();
  const [, navigate] = useLocation();
  const handled = useRef(false);
  const checking = me.isPending || (me.isFetching && !me.isFetchedAfterMount);
  const verdict = checking || me.isError ? 'checking' : me.data === null ? 'visitor' : me.data.role === 'admin' ? 'admin' : 'not-admin';

  useEffect(() => {
    if (handled.current) return;
    if (verdict === 'visitor') {
      handled.current = true;
      navigate(loginPathFor(currentPath()), { replace: true });
    } else if (verdict === 'not-admin') {
      handled.current = true;
      navigate('~/login', { replace: true });
      signOut.mutate();
      toast.error(ADMIN_ONLY_MESSAGE, { id: 'admin-only' });
    }
  }, [verdict, navigate, signOut]);

  if (me.isError && !me.isFetching) {
    return (
      <div className="py-16 text-center" role="alert">
        <p>We could not check your account. Check your connection and try again.</p>
        <button type="button" className="btn btn-primary btn-sm mt-4" onClick={() => void me.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (verdict !== 'admin') return <Spinner label="Checking admin access" />;
  return children;
}
