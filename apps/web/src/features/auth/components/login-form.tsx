import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation } from 'wouter';
import { loginSchema, resetRequestSchema } from '@toolsify/shared/auth';
import { messages } from '@toolsify/shared/messages';
import { FormField, fieldAria, InputField, emailInput } from '../../../components/ui/form-field.tsx';
import { useSignIn } from '../api/sign-in.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { authErrorMessage } from './auth-error.ts';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { FormMessage, OrDivider } from './auth-card.tsx';
import { GoogleButton } from './google-button.tsx';
import { PasswordInput } from './password-input.tsx';

type Note = { kind: 'error' | 'success'; text: string };

/**
 * The login card's form: email and password (validated on submit, again on every change,
 * with the shared loginSchema), Login, Reset Password for the typed email, a link to sign
 * up and Continue With Google. After login the person goes back to `returnTo`.
 */
export function LoginForm({ returnTo, notice }: { returnTo: string; notice?: Note | null }) {
  const [, navigate] = useLocation();
  const signIn = useSignIn();
  const reset = useRequestPasswordReset();
  const [resetNote, setResetNote] = useState<Note | null>(null);
  const form = useForm({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setResetNote(null);
    try {
      await signIn.mutateAsync(values);
      navigate(returnTo, { replace: true });
    } catch (error) {
      if (setServerFieldErrors(error, ['email', 'password'] as const, form.setError) === 0) {
        form.setError('root.server', { message: authErrorMessage(error) });
        // The Login button was disabled while it was sent, which drops the focus: back to the password to type again.
        form.setFocus('password', { shouldSelect: true });
      }
    }
  });

  const onReset = async () => {
    const parsed = resetRequestSchema.safeParse({ email: form.getValues('email') });
    if (!parsed.success) {
      setResetNote({ kind: 'error', text: parsed.error.issues[0]?.message ?? messages.resetNeedsEmail });
      form.setFocus('email');
      return;
    }
    setResetNote(null);
    try {
      await reset.mutateAsync(parsed.data);
      setResetNote({ kind: 'success', text: messages.resetSent });
    } catch (error) {
      setResetNote({ kind: 'error', text: authErrorMessage(error) });
    }
  };

  const serverError = errors.root?.server?.message;
  return (
    <div className="flex flex-col gap-5">
      {notice && <FormMessage kind={notice.kind}>{notice.text}</FormMessage>}
      <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Login" className="flex flex-col gap-4">
        <InputField
          id="login-email"
          label="Email"
          error={errors.email?.message}
          {...emailInput}
          placeholder="you@example.com"
          {...form.register('email')}
        />
        <FormField id="login-password" label="Password" error={errors.password?.message}>
          <PasswordInput
            id="login-password"
            autoComplete="current-password"
            placeholder="Your password"
            className={errors.password ? 'input-error' : ''}
            {...fieldAria('login-password', errors.password?.message)}
            {...form.register('password')}
          />
        </FormField>
        <div className="-mt-1 flex flex-wrap items-center justify-between gap-2 text-sm">
          <span className="text-base-content/70">Forgot your password?</span>
          <button type="button" className="link link-primary font-medium" onClick={() => void onReset()} disabled={reset.isPending}>
            Reset Password
          </button>
        </div>
        {resetNote && <FormMessage kind={resetNote.kind}>{resetNote.text}</FormMessage>}
        {serverError && <FormMessage kind="error">{serverError}</FormMessage>}
        <button type="submit" className="btn btn-primary w-full" disabled={isSubmitting}>
          {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          Login
        </button>
      </form>
      <p className="text-center text-sm">
        New to Toolsify?{' '}
        <Link href="/signup" className="link link-primary font-medium">
          Create New Account
        </Link>
      </p>
      <OrDivider />
      <GoogleButton callbackURL={returnTo} errorCallbackURL={returnTo === '/' ? '/login' : `/login?from=${encodeURIComponent(returnTo)}`} />
    </div>
  );
}
