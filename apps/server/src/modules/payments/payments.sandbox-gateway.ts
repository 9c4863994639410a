import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { SANDBOX_TEST_CARDS, cardMessages } from '@toolsify/shared/payments';
import { AppError } from '../../lib/errors.ts';
import type { Database } from '../../db/schema.ts';
import type { GatewayIntent, NewIntent, PaymentGateway } from './payments.gateway.ts';
import { findIntentById, insertIntent, toGatewayIntent, updateIntentState } from './payments.repository.ts';

export const SANDBOX_ID_PREFIX = 'pi_sandbox_';

/**
 * The default gateway: no money moves. Its intents live in our own payment_intent table and
 * its "card network" is Stripe's public test numbers (see `sandboxCardOutcome`).
 */
export function createSandboxGateway(db: Kysely<Database>): PaymentGateway {
  return {
    name: 'sandbox',
    publishableKey: null,

    async createIntent(input: NewIntent): Promise<GatewayIntent> {
      const id = `${SANDBOX_ID_PREFIX}${randomBytes(12).toString('hex')}`;
      const intent: GatewayIntent = {
        id,
        status: 'requires_payment_method',
        amountCents: input.amountCents,
        currency: input.currency,
        orderId: input.orderId,
        clientSecret: `${id}_secret_${randomBytes(24).toString('base64url')}`,
        lastError: null,
      };
      await insertIntent(db, 'sandbox', intent);
      return intent;
    },

    async retrieveIntent(id: string): Promise<GatewayIntent | null> {
      if (!id.startsWith(SANDBOX_ID_PREFIX)) return null;
      const row = await findIntentById(db, id);
      return row && row.gateway === 'sandbox' ? toGatewayIntent(row) : null;
    },

    async cancelIntent(id: string): Promise<GatewayIntent | null> {
      if (!(await this.retrieveIntent(id))) return null;
      // Never turns a succeeded intent back: the conditional update leaves it as it is.
      await updateIntentState(db, id, { status: 'canceled', lastError: null });
      return this.retrieveIntent(id);
    },

    async parseWebhook(): Promise<never> {
      // No secret, so no signature can hold: every "webhook" is refused, and changes nothing.
      throw new AppError('BAD_REQUEST', 'This store uses the sandbox gateway, which sends no webhooks.');
    },
  };
}

export type SandboxOutcome = { ok: true } | { ok: false; message: string };

/**
 * What the sandbox's pretend card network answers for a number that already passed the Luhn,
 * expiry and CVC checks: Stripe's public test numbers, and "invalid" for anything else.
 */
export function sandboxCardOutcome(digits: string): SandboxOutcome {
  switch (digits) {
    case SANDBOX_TEST_CARDS.succeeds:
      return { ok: true };
    case SANDBOX_TEST_CARDS.declined:
      return { ok: false, message: cardMessages.declined };
    case SANDBOX_TEST_CARDS.insufficientFunds:
      return { ok: false, message: cardMessages.insufficientFunds };
    default:
      return { ok: false, message: cardMessages.numberInvalid };
  }
}
