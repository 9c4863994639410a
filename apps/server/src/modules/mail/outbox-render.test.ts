import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import { as, createTestApp, signUp, signUpAdmin } from '../../test/helpers.ts';
import type { OutboxRow } from '../../db/schema.ts';
import { makeTool, orderBody } from '../orders/orders.test-helpers.ts';
import { outboxRenderer } from './outbox-render.ts';

/** Counts the selects run through a Kysely instance (withPlugin). */
function countingSelects() {
  const counter = { selects: 0 };
  const plugin: KyselyPlugin = {
    transformQuery({ node }) {
      if (node.kind === 'SelectQueryNode') counter.selects += 1;
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { counter, plugin };
}

describe('rendering a batch of order emails', () => {
  let app: FastifyInstance;
  let rows: OutboxRow[];

  beforeAll(async () => {
    app = await createTestApp({ MAX_UNPAID_ORDERS_PER_BUYER: '0' });
    await signUpAdmin(app);
    const buyer = await signUp(app);
    const drill = await makeTool(app, { available: 100 });
    const saw = await makeTool(app, { available: 100, priceBreaks: [{ minQuantity: 10, unitPriceCents: 990 }] });
    const bodies = [
      orderBody(drill.id, 1),
      orderBody(saw.id, 12),
      {
        lines: [
          { toolId: drill.id, quantity: 3 },
          { toolId: saw.id, quantity: 2 },
        ],
        phone: '+1 555 010 2030',
        address: '1 Batch Street',
      },
      orderBody(saw.id, 4),
    ];
    for (const body of bodies) {
      const res = await as(app, buyer, { method: 'POST', url: '/api/orders', payload: body });
      if (res.statusCode !== 201) throw new Error(`placing a test order: ${res.statusCode} ${res.body}`);
    }
    await app.mailer.idle();
    rows = await app.db.selectFrom('outbox').selectAll().where('kind', '=', 'order_placed').orderBy('id').execute();
    if (rows.length !== 4) throw new Error(`expected 4 order emails, found ${rows.length}`);
  });
  afterAll(() => app.close());

  it('reads the orders of emails rendered together in two queries, and renders each as alone', async () => {
    const { counter, plugin } = countingSelects();
    const render = outboxRenderer({ db: app.db.withPlugin(plugin), config: app.config });
    const alone = [];
    for (const row of rows) alone.push(await render(row));
    expect(counter.selects).toBe(2 * rows.length);

    counter.selects = 0;
    const together = await Promise.all(rows.map(render));
    expect(counter.selects).toBe(2);
    expect(together).toEqual(alone);
    // Each email is its own order's.
    rows.forEach((row, n) => expect(together[n]?.subject).toContain(`#${row.order_id}`));
    // The two-line order's email lists both of its lines.
    expect(together[2]?.text).toContain('IMP-');
    expect(together[2]?.text.match(/IMP-\d+/g)?.length).toBeGreaterThanOrEqual(2);
  });

  it('fails only the email whose order is missing; the others of its batch render', async () => {
    const render = outboxRenderer({ db: app.db, config: app.config });
    const missing = { ...rows[0]!, id: 999_999, order_id: 999_999 };
    const settled = await Promise.allSettled([render(rows[0]!), render(missing), render(rows[1]!)]);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((settled[1] as PromiseRejectedResult).reason.message).toBe('outbox row 999999: order 999999 not found');
  });
});
