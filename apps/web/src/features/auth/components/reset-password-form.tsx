import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation } from 'wouter';
import { authMessages, newPasswordSchema } from '@toolsify/shared/auth';
import { FormField, fieldAria } from '../../../components/ui/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { authErrorMessage } from './auth-error.ts';
import { FormMessage } from './auth-card.tsx';
import { PasswordInput } from './password-input.tsx';

/**
 * The page the emailed reset link opens: a new password (the sign-up rules). Setting it ends
 * every session of the account; the person then logs in with it.
 */
export function ResetPasswordForm({ token }: { token: string }) {
  const [, navigate] = useLocation();
  const reset = useResetPassword();
  const form = useForm({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      await reset.mutateAsync({ token, newPassword: password });
      navigate('/login?reset=done', { replace: true });
    } catch (error) {
      const field = error instanceof ApiError ? error.fields.newPassword : undefined;
      if (field) form.setError('password', { message: field }, { shouldFocus: true });
      else form.setError('root.server', { message: authErrorMessage(error) });
    }
  });

  const serverError = errors.root?.server?.message;
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Set a new password" className="flex flex-col gap-4">
      <FormField
        id="reset-password"
        label="New Password"
        error={errors.password?.message}
        hint={errors.password ? undefined : 'At least 6 characters.'}
      >
        <PasswordInput
          id="reset-password"
          autoComplete="new-password"
          placeholder="Choose a new password"
          className={errors.password ? 'input-error' : ''}
          {...fieldAria('reset-password', errors.password?.message, true)}
          {...form.register('password')}
        />
      </FormField>
      {serverError && (
        <FormMessage kind="error">
          {serverError}
          {serverError === authMessages.resetLinkInvalid && (
            <>
              {' '}
              <Link href="/login" className="link font-medium">
                Go to login
              </Link>
            </>
          )}
        </FormMessage>
      )}
      <button type="submit" className="btn btn-primary w-full" disabled={isSubmitting}>
        {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        Set New Password
      </button>
    </form>
  );
}
