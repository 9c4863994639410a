import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { as, createTestApp, signUp, signUpAdmin, type TestUser } from '../../test/helpers.ts';
import { makeTool, orderBody, payAsBuyer, stockOf } from './orders.test-helpers.ts';

/**
 * Stock is conserved: whatever happens (place, cancel, pay, ship, even at the same time),
 * stock + the quantity held by open (not cancelled) orders = the initial stock, and stock
 * never goes below 0.
 */
type Command =
  | { kind: 'place'; buyer: number; quantity: number }
  | { kind: 'cancel'; pick: number; byAdmin: boolean }
  | { kind: 'pay'; pick: number }
  | { kind: 'ship'; pick: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('place' as const), buyer: fc.nat(2), quantity: fc.integer({ min: 0, max: 25 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat(), byAdmin: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('pay' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('ship' as const), pick: fc.nat() }) },
);

describe('stock conservation (property)', () => {
  let app: FastifyInstance;
  let buyers: TestUser[];
  let admin: TestUser;

  beforeAll(async () => {
    app = await createTestApp();
    buyers = [await signUp(app), await signUp(app), await signUp(app)];
    admin = await signUpAdmin(app);
  });
  afterAll(() => app.close());

  async function openQuantity(toolId: number): Promise<number> {
    const rows = await app.db.selectFrom('orders').select(['quantity', 'status']).where('tool_id', '=', toolId).execute();
    return rows.filter((r) => r.status !== 'cancelled').reduce((sum, r) => sum + r.quantity, 0);
  }

  it('stock + open orders = initial stock, never below 0, under random concurrent sequences', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 1, max: 5 }),
        // Batches of commands; the commands of one batch run at the same time.
        fc.array(fc.array(command, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 8 }),
        async (initial, minimum, batches) => {
          const tool = await makeTool(app, { available: initial, minimum });
          const orders: { id: number; buyer: TestUser }[] = [];
          const cancels = new Map<number, number>();
          const answers: { kind: Command['kind']; status: number }[] = [];
          const allowed: Record<Command['kind'], number[]> = {
            place: [201, 400, 409],
            cancel: [200, 409],
            pay: [200, 409],
            ship: [200, 409],
          };

          const run = async (c: Command): Promise<void> => {
            if (c.kind === 'place') {
              const buyer = buyers[c.buyer]!;
              const res = await as(app, buyer, { method: 'POST', url: '/api/orders', payload: orderBody(tool.id, c.quantity) });
              answers.push({ kind: c.kind, status: res.statusCode });
              if (res.statusCode === 201) orders.push({ id: res.json().id, buyer });
              return;
            }
            const target = orders[c.pick % Math.max(orders.length, 1)];
            if (!target) return;
            if (c.kind === 'pay') {
              // Through the payments service, as the buyer pays in the sandbox.
              answers.push({ kind: c.kind, status: await payAsBuyer(app, target.buyer, target.id) });
              return;
            }
            const res =
              c.kind === 'cancel'
                ? await as(app, c.byAdmin ? admin : target.buyer, { method: 'DELETE', url: `/api/orders/${target.id}` })
                : await as(app, admin, { method: 'POST', url: `/api/orders/${target.id}/ship` });
            answers.push({ kind: c.kind, status: res.statusCode });
            if (c.kind === 'cancel' && res.statusCode === 200) cancels.set(target.id, (cancels.get(target.id) ?? 0) + 1);
          };

          for (const batch of batches) {
            await Promise.all(batch.map(run));
            const stock = await stockOf(app, tool.id);
            expect(stock).toBeGreaterThanOrEqual(0);
            expect(stock + (await openQuantity(tool.id))).toBe(initial);
            // Every answer is an expected one (no 500), and no order was cancelled twice.
            expect(answers.filter((a) => !allowed[a.kind].includes(a.status))).toEqual([]);
            expect(Math.max(0, ...cancels.values())).toBeLessThanOrEqual(1);
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
