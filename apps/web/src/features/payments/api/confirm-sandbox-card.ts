import type { SandboxConfirmBody, SandboxConfirmResult } from '@toolsify/shared/payments';
import { api } from '../../../lib/api-client.ts';

/**
 * `POST /api/payments/sandbox/confirm`: the sandbox's stand-in for Stripe.js confirming a card.
 * The card goes to our server only in sandbox mode, where no money moves and nothing is kept.
 */
export function confirmSandboxCard(body: SandboxConfirmBody): Promise<SandboxConfirmResult> {
  return api<SandboxConfirmResult>('/api/payments/sandbox/confirm', { method: 'POST', body });
}
