import { describe, expect, it, vi } from 'vitest';
import type { UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client.ts';
import { setServerFieldErrors } from './form-errors.ts';

type Form = { email: string; password: string; name: string };

describe('setServerFieldErrors', () => {
  it("puts the server's field errors on the form's fields, focusing the first", () => {
    const setError = vi.fn<UseFormSetError<Form>>();
    const error = new ApiError(400, 'VALIDATION_FAILED', 'Check the form.', {
      password: 'Too common',
      email: 'Taken',
      role: 'Not a field',
    });
    expect(setServerFieldErrors<Form>(error, ['email', 'password', 'name'], setError)).toBe(2);
    expect(setError.mock.calls).toEqual([
      ['email', { message: 'Taken' }, { shouldFocus: true }],
      ['password', { message: 'Too common' }, { shouldFocus: false }],
    ]);
  });

  it('sets nothing for an error about no field, or for something that is not an API error', () => {
    const setError = vi.fn<UseFormSetError<Form>>();
    expect(setServerFieldErrors<Form>(new ApiError(500, 'INTERNAL', 'Oops'), ['email'], setError)).toBe(0);
    expect(setServerFieldErrors<Form>(new Error('network'), ['email'], setError)).toBe(0);
    expect(setError).not.toHaveBeenCalled();
  });
});
