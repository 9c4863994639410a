import { z } from 'zod';
import { formatCents } from './money.ts';

/**
 * Card payments (DESIGN.md decision 6). The server computes every amount from the order row;
 * nothing here carries an amount from the browser to the server.
 */

export const paymentGateways = ['sandbox', 'stripe'] as const;
export type PaymentGatewayName = (typeof paymentGateways)[number];

/** The only currency the store charges in. */
export const PAYMENT_CURRENCY = 'usd';

export { MAX_CARD_PAYMENT_CENTS } from './money.ts';
import { MAX_CARD_PAYMENT_CENTS } from './money.ts';

/** Why an order above MAX_CARD_PAYMENT_CENTS is refused (the quantity field's message). */
export const totalAboveCardMaximumMessage = `This order's total is above ${formatCents(MAX_CARD_PAYMENT_CENTS)}, the most a card payment can take. Order fewer pieces.`;

/** Why a tool priced $0 cannot be ordered: a card payment of nothing cannot be taken. */
export const toolHasNoPriceMessage = 'This tool has no price yet and cannot be ordered.';

/** Whether a tool has no price yet ($0): it cannot be ordered (toolHasNoPriceMessage). */
export const hasNoPrice = (tool: { priceCents: number }): boolean => tool.priceCents <= 0;

/**
 * A payment intent id: Stripe's `pi_...` or the sandbox's `pi_sandbox_...`. Anything else
 * cannot name a payment, so it is refused before any lookup.
 */
/** The sandbox's answer to a card sent for an intent that has already been paid (a second tab, a double click). */
export const ALREADY_SUCCEEDED = 'This payment has already succeeded.';

export const paymentIntentIdSchema = z
  .string({ error: 'paymentIntentId is required' })
  .regex(/^pi_[A-Za-z0-9_]{1,200}$/, 'Not a payment intent id');

/** The messages a card gateway answers with (Stripe's own wording, which the sandbox copies). */
export const cardMessages = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  numberInvalid: 'Your card number is invalid.',
  numberIncomplete: 'Your card number is incomplete.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryMonthInvalid: "Your card's expiration month is invalid.",
  expiryPast: "Your card's expiration date is in the past.",
  expiryTooFar: "Your card's expiration year is invalid.",
  cvcIncomplete: "Your card's security code is incomplete.",
  /** The sandbox's (and Stripe test mode's) answer to a real card's number: nothing is charged. */
  notATestCard:
    'Your card was declined: this store is in test mode and takes test cards only, so nothing was charged. Use 4242 4242 4242 4242.',
} as const;

/**
 * Stripe's public test numbers, which the sandbox follows. Any other number that passes the
 * Luhn check is refused as Stripe's test mode refuses a real card (cardMessages.notATestCard).
 */
export const SANDBOX_TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

/** Stripe's other public test numbers that succeed, by brand (Visa debit, Mastercard, Amex, Discover, Diners, JCB, UnionPay). */
export const SANDBOX_OTHER_SUCCEEDING_CARDS: ReadonlySet<string> = new Set([
  '4000056655665556',
  '5555555555554444',
  '2223003122003222',
  '5200828282828210',
  '5105105105105100',
  '378282246310005',
  '371449635398431',
  '6011111111111117',
  '6011000990139424',
  '3056930009020004',
  '3566002020360505',
  '6200000000000005',
]);

export function cardDigits(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** The Luhn check digit test every card number passes. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** "4242424242424242" -> "4242 4242 4242 4242" (as the user types; at most 19 digits). */
export function formatCardNumber(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * Expiry as the user types: "1" -> "1", "12" -> "12/", "123" -> "12/3", "1234" -> "12/34";
 * a first digit of 2-9 can only be a month 02-09. Deleting keeps "12" (no slash to get stuck on).
 */
export function formatExpiry(input: string, previous = ''): string {
  let digits = input.replace(/\D/g, '').slice(0, 4);
  if (digits.length === 1 && /[2-9]/.test(digits)) digits = `0${digits}`;
  if (digits.length < 2) return digits;
  if (digits.length === 2) return input.length > previous.length ? `${digits}/` : digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

const EXPIRY_PATTERN = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/;

/** Month and 4-digit year of an "MM/YY" expiry, or null when it is not one. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = EXPIRY_PATTERN.exec(value.trim());
  if (!match) return null;
  return { month: Number(match[1]), year: 2000 + Number(match[2]) };
}

/** A card is good through the last day of its expiry month. */
export function expiryProblem(value: string, now: Date = new Date()): string | null {
  const parsed = parseExpiry(value);
  // Two digits, a slash and two more, but a month past 12 (or 00): not "incomplete".
  if (!parsed) return /^\d{2}\s*\/\s*\d{2}$/.test(value.trim()) ? cardMessages.expiryMonthInvalid : cardMessages.expiryIncomplete;
  const current = now.getFullYear() * 12 + now.getMonth();
  const expires = parsed.year * 12 + (parsed.month - 1);
  if (expires < current) return cardMessages.expiryPast;
  if (parsed.year > now.getFullYear() + 20) return cardMessages.expiryTooFar;
  return null;
}

/** The sandbox card form, validated the same way in the browser and on the server. */
export const sandboxCardSchema = z.object({
  cardNumber: z
    .string()
    .max(40, cardMessages.numberInvalid)
    .transform(cardDigits)
    .superRefine((digits, ctx) => {
      if (!/^\d*$/.test(digits)) ctx.addIssue({ code: 'custom', message: cardMessages.numberInvalid });
      else if (digits.length < 13) ctx.addIssue({ code: 'custom', message: cardMessages.numberIncomplete });
      else if (digits.length > 19 || !luhnValid(digits)) ctx.addIssue({ code: 'custom', message: cardMessages.numberInvalid });
    }),
  expiry: z
    .string()
    .max(20, cardMessages.expiryIncomplete)
    .superRefine((value, ctx) => {
      const problem = expiryProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, cardMessages.cvcIncomplete),
});

/** `POST /api/payments/sandbox/confirm`: the sandbox's stand-in for Stripe.js confirming a card. */
export const sandboxConfirmBodySchema = z.strictObject({
  paymentIntentId: paymentIntentIdSchema,
  clientSecret: z.string().min(1).max(300),
  ...sandboxCardSchema.shape,
});
export type SandboxConfirmBody = z.input<typeof sandboxConfirmBodySchema>;

export const sandboxConfirmResultSchema = z.object({
  paymentIntentId: z.string(),
  status: z.literal('succeeded'),
});
export type SandboxConfirmResult = z.infer<typeof sandboxConfirmResultSchema>;

/** `POST /api/orders/:id/payment-intent`: what the payment page needs to take the card. */
export const paymentIntentResponseSchema = z.object({
  paymentIntentId: z.string(),
  clientSecret: z.string(),
  amountCents: z.number().int(),
  currency: z.literal(PAYMENT_CURRENCY),
  gateway: z.enum(paymentGateways),
  /** Stripe's publishable key when the gateway is stripe; null for the sandbox. */
  publishableKey: z.string().nullable(),
  /** The order being paid, as the server has it. */
  order: z.object({
    id: z.number().int(),
    toolName: z.string(),
    quantity: z.number().int(),
    /** null for an order of several lines (each has its own). */
    unitPriceCents: z.number().int().nullable(),
    totalCents: z.number().int(),
  }),
});
export type PaymentIntentResponse = z.infer<typeof paymentIntentResponseSchema>;

/** `POST /api/orders/:id/payment/confirm`: the browser names the intent; the server verifies it. */
export const confirmPaymentBodySchema = z.strictObject({ paymentIntentId: paymentIntentIdSchema });

export const paymentResultSchema = z.object({
  orderId: z.number().int(),
  paid: z.literal(true),
  transactionId: z.string(),
});
export type PaymentResult = z.infer<typeof paymentResultSchema>;
