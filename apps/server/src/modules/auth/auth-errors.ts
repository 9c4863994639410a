import { messages } from '@toolsify/shared/messages';
import { authMessages } from '@toolsify/shared/auth';

/**
 * better-auth's error codes in plain words for the person at the form. Codes not listed keep
 * better-auth's own message.
 */
const plainWords: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: authMessages.wrongCredentials,
  USER_ALREADY_EXISTS: authMessages.emailInUse,
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: authMessages.emailInUse,
  INVALID_EMAIL: messages.emailInvalid,
  PASSWORD_TOO_SHORT: messages.passwordTooShort,
  PASSWORD_TOO_LONG: 'Must be 128 characters or shorter',
  INVALID_TOKEN: authMessages.resetLinkInvalid,
  TOKEN_EXPIRED: authMessages.resetLinkInvalid,
  EMAIL_ALREADY_VERIFIED: 'Your email is already verified.',
  EMAIL_MISMATCH: 'That is not the email of the account you are signed in with.',
  INVALID_ORIGIN: 'This request came from another site and was refused.',
  MISSING_OR_NULL_ORIGIN: 'This request came from another site and was refused.',
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: 'This request came from another site and was refused.',
  INVALID_CALLBACK_URL: 'That return address is not part of this store.',
  INVALID_REDIRECT_URL: 'That return address is not part of this store.',
  INVALID_ERROR_CALLBACK_URL: 'That return address is not part of this store.',
  INVALID_NEW_USER_CALLBACK_URL: 'That return address is not part of this store.',
  FAILED_TO_CREATE_USER: 'Your account could not be created. Please try again.',
  FAILED_TO_CREATE_SESSION: 'You could not be signed in. Please try again.',
  PROVIDER_NOT_FOUND: authMessages.googleNotConfigured,
};

export function plainAuthMessage(code: string | undefined, fallback: string | undefined): string {
  return (code && plainWords[code]) || fallback || 'The request is not valid.';
}

export function tooManyAttempts(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `${authMessages.tooManyAttempts} Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;
}
