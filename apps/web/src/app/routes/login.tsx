import { useSearch } from 'wouter';
import { authMessages, safeReturnPath } from '@toolsify/shared/auth';
import { usePageMeta } from '../../components/seo/use-page-meta.ts';
import { AuthCard, SignedInNotice } from '../../features/auth/components/auth-card.tsx';
import { LoginForm } from '../../features/auth/components/login-form.tsx';

/**
 * What the address says happened before the person got here: a reset, a failed Google sign-in,
 * or a verification link opened while signed out (it verifies but never signs in, so the
 * dashboard it leads to sent them here with ?from=/dashboard?verified=1).
 */
function noticeFrom(params: URLSearchParams) {
  if (params.get('reset') === 'done') return { kind: 'success' as const, text: authMessages.passwordChanged };
  const from = new URLSearchParams(params.get('from')?.split('?')[1] ?? '');
  if (from.get('verified') === '1') {
    return from.get('error')
      ? { kind: 'error' as const, text: authMessages.verifyLinkInvalidLogIn }
      : { kind: 'success' as const, text: authMessages.emailVerifiedLogIn };
  }
  const error = params.get('error');
  if (error === 'account_not_linked') return { kind: 'error' as const, text: authMessages.googleAccountNotLinked };
  if (error) return { kind: 'error' as const, text: authMessages.googleFailed };
  return null;
}

/** /login: the login card; afterwards back to ?from= (a page on this site), else /. */
export default function LoginPage() {
  usePageMeta({ title: 'Login', description: 'Log in to order tools in bulk from Toolsify Manufacturer LTD.' });
  const params = new URLSearchParams(useSearch());
  return (
    <AuthCard title="Login" subtitle="Welcome back. Log in to order and follow your orders.">
      <SignedInNotice />
      <LoginForm returnTo={safeReturnPath(params.get('from'), '/')} notice={noticeFrom(params)} />
    </AuthCard>
  );
}
