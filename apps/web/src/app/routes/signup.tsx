import { useSearch } from 'wouter';
import { authMessages } from '@toolsify/shared/auth';
import { usePageMeta } from '../../components/seo/use-page-meta.ts';
import { AuthCard, FormMessage, SignedInNotice } from '../../features/auth/components/auth-card.tsx';
import { SignupForm } from '../../features/auth/components/signup-form.tsx';

/** /signup: Name, Email, Password; the new account is signed in and goes to /home. */
export default function SignupPage() {
  usePageMeta({ title: 'Sign Up', description: 'Create a Toolsify account to order tools in bulk.' });
  const error = new URLSearchParams(useSearch()).get('error');
  return (
    <AuthCard title="Sign Up" subtitle="Create your account to order tools in bulk.">
      <SignedInNotice />
      {error && (
        <FormMessage kind="error">
          {error === 'account_not_linked' ? authMessages.googleAccountNotLinked : authMessages.googleFailed}
        </FormMessage>
      )}
      <SignupForm />
    </AuthCard>
  );
}
