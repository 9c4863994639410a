import { z } from 'zod';
import { MIN_PASSWORD_LENGTH, messages } from './messages.ts';

/** The spec's "simple email pattern". */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const MAX_PASSWORD_LENGTH = 128;

/**
 * Account messages the spec does not word (it leaves them to the identity provider): plain
 * words shared by the server's answers and the forms.
 */
export const authMessages = {
  wrongCredentials: 'Wrong email or password. Check both and try again.',
  emailInUse: 'That email is already in use. Log in instead, or use another email.',
  tooManyAttempts: 'Too many attempts.',
  networkFailure: 'Could not reach the server. Check your connection and try again.',
  resetLinkInvalid: 'This reset link is invalid or has expired. Ask for a new one from the login page.',
  passwordChanged: 'Your password is changed. Log in with your new password.',
  googleNotConfigured: 'Google sign-in is not set up on this server.',
  googleFailed: 'Google sign-in did not complete. Please try again.',
  googleAccountNotLinked:
    'An account with this email already exists. Log in with your email and password first; Google sign-in works once your email is verified.',
  emailVerified: 'Thank you: your email is verified.',
  /** The login page, for someone who opened a verification link while signed out. */
  /** A new or reset password among the 10,000 most common ones (checked by the server only). */
  passwordTooCommon: 'This password is too common. Choose another one.',
  emailVerifiedLogIn: 'Your email is verified. Log in to continue.',
  verifyLinkInvalidLogIn: 'This verification link is invalid or has expired. Log in to send yourself a new one.',
  verifyLinkInvalid: 'This verification link is invalid or has expired. Send yourself a new one below.',
  verificationSent: 'We sent you a new verification email.',
} as const;

export const emailField = z
  .string()
  .trim()
  .min(1, messages.emailRequired)
  .max(254, messages.emailInvalid)
  .regex(EMAIL_PATTERN, messages.emailInvalid);

export const passwordField = z
  .string()
  .min(1, messages.passwordRequired)
  .min(MIN_PASSWORD_LENGTH, messages.passwordTooShort)
  .max(MAX_PASSWORD_LENGTH, `Must be ${MAX_PASSWORD_LENGTH} characters or shorter`);

/** Login form and `POST /api/auth/sign-in/email`. */
export const loginSchema = z.strictObject({ email: emailField, password: passwordField });
export type LoginInput = z.infer<typeof loginSchema>;

/** Signup form and `POST /api/auth/sign-up/email`. */
export const signupSchema = z.strictObject({
  name: z.string().trim().min(1, messages.nameRequired).max(80, 'Must be 80 characters or shorter'),
  email: emailField,
  password: passwordField,
});
export type SignupInput = z.infer<typeof signupSchema>;

/** "Reset Password" on the login card, and `POST /api/auth/request-password-reset`. */
export const resetRequestSchema = z.strictObject({
  email: z.string().trim().min(1, messages.resetNeedsEmail).max(254, messages.emailInvalid).regex(EMAIL_PATTERN, messages.emailInvalid),
});
export type ResetRequestInput = z.infer<typeof resetRequestSchema>;

/** The new-password form on /reset-password (same rules as sign-up). */
export const newPasswordSchema = z.strictObject({ password: passwordField });

/** `POST /api/auth/reset-password`: the token from the emailed link and the new password. */
export const resetPasswordSchema = z.strictObject({
  token: z.string().min(1, authMessages.resetLinkInvalid).max(200, authMessages.resetLinkInvalid),
  newPassword: passwordField,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** `POST /api/auth/send-verification-email`. */
export const verificationRequestSchema = z.strictObject({ email: emailField });

/**
 * A place in this app to return to: a path on this site, never another origin
 * (`//evil.example`, `/\evil.example`, `https://...`). Anything else becomes `fallback`.
 */
export function safeReturnPath(value: string | null | undefined, fallback = '/'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if ([...value].some((c) => c.charCodeAt(0) < 0x20 || c === '\\')) return fallback;
  return value;
}

const returnPath = z
  .string()
  .max(2000)
  .refine((v) => safeReturnPath(v, '') === v, 'Must be a path on this site');

/** `POST /api/auth/sign-in/social`: Continue With Google. */
export const googleSignInSchema = z.strictObject({
  provider: z.literal('google'),
  callbackURL: returnPath.optional(),
  newUserCallbackURL: returnPath.optional(),
  errorCallbackURL: returnPath.optional(),
});
export type GoogleSignInInput = z.infer<typeof googleSignInSchema>;

export const roleSchema = z.enum(['admin', 'user']);
export type Role = z.infer<typeof roleSchema>;

/** `GET /api/me` */
export const meSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.string().nullable(),
  image: z.string().nullable(),
  emailVerified: z.boolean(),
});
export type Me = z.infer<typeof meSchema>;
