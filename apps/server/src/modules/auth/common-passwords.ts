import { authMessages } from '@toolsify/shared/auth';
import { AppError } from '../../lib/errors.ts';
import { COMMON_PASSWORDS_LIST } from './common-passwords.list.ts';

let common: Set<string> | undefined;

/** Whether `password` is among the 10,000 most common ones, whatever its case. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(COMMON_PASSWORDS_LIST.split('\n').map((entry) => entry.toLowerCase()));
  return common.has(password.toLowerCase());
}

/**
 * Refuses a new password (sign-up, reset) that is among the most common ones, as a field error
 * on `field`. Runs after the shared schema, so the spec's length rule and message come first.
 */
export function refuseCommonPassword(password: string, field: string): void {
  if (isCommonPassword(password)) {
    throw new AppError('VALIDATION_FAILED', authMessages.passwordTooCommon, { [field]: authMessages.passwordTooCommon });
  }
}
