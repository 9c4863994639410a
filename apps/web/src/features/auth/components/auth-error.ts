import { authMessages } from '@toolsify/shared/auth';
import { ApiError } from '../../../lib/api-client.ts';

/**
 * What to tell the person when an account request failed: the server's own plain words
 * (wrong password, email in use, too many attempts...), or that the server could not be reached.
 */
export function authErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return authMessages.networkFailure;
    if (error.status >= 500) return 'Something went wrong on our side. Please try again in a moment.';
    return error.message;
  }
  return 'Something went wrong. Please try again.';
}
