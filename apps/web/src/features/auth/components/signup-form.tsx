import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation } from 'wouter';
import { toast } from 'react-hot-toast';
import { signupSchema } from '@toolsify/shared/auth';
import { FormField, fieldAria, InputField, emailInput } from '../../../components/ui/form-field.tsx';
import { useSignUp } from '../api/sign-up.ts';
import { authErrorMessage } from './auth-error.ts';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { FormMessage, OrDivider } from './auth-card.tsx';
import { GoogleButton } from './google-button.tsx';
import { PasswordInput } from './password-input.tsx';

/**
 * The sign-up form: Name, Email, Password (the shared signupSchema, checked on submit and
 * again on every change), Sign Up, a link to login and Continue With Google. The new account
 * is signed in and lands on /home; the server sends the verification email.
 */
export function SignupForm() {
  const [, navigate] = useLocation();
  const signUp = useSignUp();
  const form = useForm({
    resolver: zodResolver(signupSchema),
    defaultValues: { name: '', email: '', password: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await signUp.mutateAsync(values);
      navigate('/home', { replace: true });
      // The home page says nothing of the email the server sent: said here, as the person arrives.
      toast.success(`Welcome! We sent a link to ${values.email}: open it to verify your email address.`, { duration: 8_000 });
    } catch (error) {
      if (setServerFieldErrors(error, ['name', 'email', 'password'] as const, form.setError) === 0)
        form.setError('root.server', { message: authErrorMessage(error) });
    }
  });

  const serverError = errors.root?.server?.message;
  return (
    <div className="flex flex-col gap-5">
      <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Sign Up" className="flex flex-col gap-4">
        <InputField
          id="signup-name"
          label="Name"
          error={errors.name?.message}
          type="text"
          autoComplete="name"
          placeholder="Your name"
          {...form.register('name')}
        />
        <InputField
          id="signup-email"
          label="Email"
          error={errors.email?.message}
          {...emailInput}
          placeholder="you@example.com"
          {...form.register('email')}
        />
        <FormField
          id="signup-password"
          label="Password"
          error={errors.password?.message}
          hint={errors.password ? undefined : 'At least 6 characters.'}
        >
          <PasswordInput
            id="signup-password"
            autoComplete="new-password"
            placeholder="Choose a password"
            className={errors.password ? 'input-error' : ''}
            {...fieldAria('signup-password', errors.password?.message, true)}
            {...form.register('password')}
          />
        </FormField>
        {serverError && <FormMessage kind="error">{serverError}</FormMessage>}
        <button type="submit" className="btn btn-primary w-full" disabled={isSubmitting}>
          {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          Sign Up
        </button>
      </form>
      <p className="text-center text-sm">
        Already have an account?{' '}
        <Link href="/login" className="link link-primary font-medium">
          Please Login
        </Link>
      </p>
      <OrDivider />
      <GoogleButton callbackURL="/home" newUserCallbackURL="/home" errorCallbackURL="/signup" />
    </div>
  );
}
