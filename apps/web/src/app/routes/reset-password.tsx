import { Link, useSearch } from 'wouter';
import { authMessages } from '@toolsify/shared/auth';
import { usePageMeta } from '../../components/seo/use-page-meta.ts';
import { AuthCard, FormMessage } from '../../features/auth/components/auth-card.tsx';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form.tsx';

/** /reset-password?token=...: where the emailed link lands (with ?error= when it is stale). */
export default function ResetPasswordPage() {
  usePageMeta({ title: 'Reset Password' });
  const params = new URLSearchParams(useSearch());
  const token = params.get('token');
  return (
    <AuthCard title="Reset Password" subtitle="Choose a new password for your account.">
      {token && !params.get('error') ? (
        <ResetPasswordForm token={token} />
      ) : (
        <>
          <FormMessage kind="error">{authMessages.resetLinkInvalid}</FormMessage>
          <Link href="/login" className="btn btn-primary w-full">
            Go to login
          </Link>
        </>
      )}
    </AuthCard>
  );
}
