import { useSearch } from 'wouter';
import { authMessages } from '@toolsify/shared/auth';
import { useMe } from '../../features/auth/api/get-me.ts';
import { usePageMeta } from '../../components/seo/use-page-meta.ts';
import { AuthCard, FormMessage, SignedInNotice } from '../../features/auth/components/auth-card.tsx';
import { SignupForm } from '../../features/auth/components/signup-form.tsx';

/** /signup: Name, Email, Password; the new account is signed in and goes to /home. */
export default function SignupPage() {
  usePageMeta({ title: 'Sign Up', description: 'Create a Toolsify account to order tools in bulk.' });
  const error = new URLSearchParams(useSearch()).get('error');
  const me = useMe();
  return (
    <AuthCard title="Sign Up" subtitle="Create your account to order tools in bulk.">
      <SignedInNotice />
      {error && (
        <FormMessage kind="error">
          {error === 'account_not_linked' ? authMessages.googleAccountNotLinked : authMessages.googleFailed}
        </FormMessage>
      )}
      {/* Signed in already: signing up would switch accounts unasked. */}
      {me.data ? <p className="text-sm text-base-content/80">To make another account, sign out first.</p> : <SignupForm />}
    </AuthCard>
  );
}
