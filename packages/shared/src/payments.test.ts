import { describe, expect, it } from 'vitest';
import {
  SANDBOX_TEST_CARDS,
  cardMessages,
  expiryProblem,
  formatCardNumber,
  formatExpiry,
  luhnValid,
  paymentIntentIdSchema,
  sandboxCardSchema,
} from './payments.ts';

describe('card checks', () => {
  it('knows the Luhn check digit', () => {
    for (const n of Object.values(SANDBOX_TEST_CARDS)) expect(luhnValid(n), n).toBe(true);
    expect(luhnValid('5555555555554444')).toBe(true);
    expect(luhnValid('378282246310005')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('4242 4242 4242 4242')).toBe(false);
    expect(luhnValid('')).toBe(false);
  });

  it('formats the number in groups of four as the user types', () => {
    expect(formatCardNumber('4242')).toBe('4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242-4242 4242x4242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('1'.repeat(25))).toBe('1111 1111 1111 1111 111');
  });

  it('formats the expiry as MM/YY', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('4')).toBe('04/');
    expect(formatExpiry('12', '1')).toBe('12/');
    expect(formatExpiry('12', '12/')).toBe('12');
    expect(formatExpiry('123', '12/')).toBe('12/3');
    expect(formatExpiry('12/345')).toBe('12/34');
  });

  it('accepts a card through the last day of its expiry month', () => {
    const now = new Date(2030, 5, 30); // 30 June 2030
    expect(expiryProblem('06/30', now)).toBeNull();
    expect(expiryProblem('05/30', now)).toBe(cardMessages.expiryPast);
    expect(expiryProblem('12/29', now)).toBe(cardMessages.expiryPast);
    expect(expiryProblem('01/51', now)).toBe(cardMessages.expiryTooFar);
    // A month that is no month is named as such, not "incomplete".
    expect(expiryProblem('00/31', now)).toBe(cardMessages.expiryMonthInvalid);
    expect(expiryProblem('13/27', now)).toBe(cardMessages.expiryMonthInvalid);
    expect(expiryProblem('6/31', now)).toBe(cardMessages.expiryIncomplete);
    expect(expiryProblem('12/3', now)).toBe(cardMessages.expiryIncomplete);
  });

  it('validates the whole form and hands the server digits only', () => {
    const ok = sandboxCardSchema.safeParse({ cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' });
    expect(ok.success && ok.data.cardNumber).toBe('4242424242424242');
    const bad = sandboxCardSchema.safeParse({ cardNumber: '4242 4242 4242 4241', expiry: '12/4', cvc: '1' });
    expect(bad.success).toBe(false);
    const messages = Object.fromEntries((bad.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({
      cardNumber: cardMessages.numberInvalid,
      expiry: cardMessages.expiryIncomplete,
      cvc: cardMessages.cvcIncomplete,
    });
  });

  it('accepts payment intent ids only', () => {
    expect(paymentIntentIdSchema.safeParse('pi_sandbox_0123abcd').success).toBe(true);
    expect(paymentIntentIdSchema.safeParse('pi_3NzY2eLkdIwHu7ix0ZeE4Fq2').success).toBe(true);
    for (const bad of ['', 'pi_', 'ch_123', 'pi_12/..', 'pi_1 2', `pi_${'a'.repeat(201)}`]) {
      expect(paymentIntentIdSchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});
