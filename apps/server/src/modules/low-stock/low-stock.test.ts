import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, signUp, signUpAdmin } from '../../test/helpers.ts';
import { nowIso } from '../../db/schema.ts';
import { insertTool, softDeleteTool } from '../tools/tools.repository.ts';
import { outboxRenderer } from '../mail/outbox-render.ts';
import { MAX_LISTED_LOW_TOOLS, tellLowStock, type LowStockMail } from './low-stock.service.ts';

const tool = (sku: string, available: number, threshold: number | null) => ({
  name: `Tool ${sku}`,
  sku,
  description: 'x',
  img: '/x.svg',
  priceCents: 1000,
  available,
  minimum: 1,
  lowStockThreshold: threshold,
});

/** The low-stock emails in the outbox: recipient and what each lists. */
async function lowStockMails(app: FastifyInstance) {
  const rows = await app.db.selectFrom('outbox').selectAll().where('kind', '=', 'low_stock_admin').orderBy('id').execute();
  return rows.map((row) => ({ row, recipient: row.recipient, mail: JSON.parse(row.payload) as LowStockMail }));
}

describe('low-stock emails to the admins', () => {
  let app: FastifyInstance;
  const ids: Record<string, number> = {};
  const setStock = (key: string, available: number) =>
    app.db
      .updateTable('tool')
      .set({ available })
      .where('id', '=', ids[key] ?? 0)
      .execute();

  beforeAll(async () => {
    app = await createTestApp();
    for (const [key, available, threshold] of [
      ['low', 5, 10],
      ['empty', 0, 10],
      ['fine', 50, 10],
      ['none', 0, null],
      ['gone', 1, 10],
    ] as const) {
      ids[key] = (await insertTool(app.db, tool(`LS-${key}`, available, threshold))).id;
    }
    await softDeleteTool(app.db, ids.gone ?? 0);
  });
  afterAll(() => app.close());

  it('records nothing while there is no admin to tell: the first admin hears of every low tool', async () => {
    await signUp(app, { verified: true });
    expect(await tellLowStock(app)).toBe(0);
    expect(await app.db.selectFrom('low_stock_notice').selectAll().execute()).toEqual([]);
  });

  it('emails each admin once of the live tools at or under their level, the emptiest first, and not again', async () => {
    const first = await signUpAdmin(app);
    const second = await signUpAdmin(app);
    expect(await tellLowStock(app)).toBe(2);
    const mails = await lowStockMails(app);
    expect(mails.map((m) => m.recipient).sort()).toEqual([first.email, second.email].sort());
    for (const { mail } of mails) {
      expect(mail).toEqual({
        tools: [
          { id: ids.empty, name: 'Tool LS-empty', sku: 'LS-empty', available: 0, threshold: 10 },
          { id: ids.low, name: 'Tool LS-low', sku: 'LS-low', available: 5, threshold: 10 },
        ],
        more: 0,
      });
    }
    // Still low, already told: nothing new.
    expect(await tellLowStock(app)).toBe(0);
    expect(await lowStockMails(app)).toHaveLength(2);
  });

  it('tells again of a tool that was restocked above its level and fell again, and of a tool newly low', async () => {
    await setStock('low', 11);
    expect(await tellLowStock(app)).toBe(0);
    await setStock('low', 10);
    await setStock('fine', 3);
    expect(await tellLowStock(app)).toBe(2);
    const last = (await lowStockMails(app)).at(-1);
    expect(last?.mail.tools.map((t) => t.sku)).toEqual(['LS-fine', 'LS-low']);
  });

  it('renders one tool by name, and many as a count with the emptiest first and the rest counted', async () => {
    const render = outboxRenderer({ db: app.db, config: app.config });
    const last = (await lowStockMails(app)).at(-1);
    if (!last) throw new Error('no low-stock email');
    const many = await render(last.row);
    expect(many.subject).toBe('Low stock: 2 tools');
    expect(many.text).toContain('Tool LS-fine (LS-fine): 3 in stock, level 10');
    expect(many.link).toBe(`${app.config.PUBLIC_URL}/dashboard/products?view=low`);
    expect(many.html).toContain(`/dashboard/products/${ids.fine}/stock`);

    const one = await render({
      ...last.row,
      payload: JSON.stringify({ tools: [{ id: 1, name: 'Angle <Grinder>', sku: 'TF-AG', available: 4, threshold: 20 }], more: 0 }),
    });
    expect(one.subject).toBe('Low stock: Angle <Grinder> (4 left)');
    expect(one.html).toContain('Angle &lt;Grinder&gt;');
    expect(one.html).not.toContain('<Grinder>');
  });

  it('lists at most MAX_LISTED_LOW_TOOLS tools in one email and says how many more', async () => {
    const before = (await lowStockMails(app)).length;
    for (let n = 0; n < MAX_LISTED_LOW_TOOLS + 3; n++) await insertTool(app.db, tool(`LS-MANY-${n}`, 1, 5));
    expect(await tellLowStock(app)).toBe(MAX_LISTED_LOW_TOOLS + 3);
    const mails = (await lowStockMails(app)).slice(before);
    expect(mails).toHaveLength(2);
    expect(mails[0]?.mail.tools).toHaveLength(MAX_LISTED_LOW_TOOLS);
    expect(mails[0]?.mail.more).toBe(3);
    const rendered = await outboxRenderer({ db: app.db, config: app.config })(mails[0]!.row);
    expect(rendered.subject).toBe(`Low stock: ${MAX_LISTED_LOW_TOOLS + 3} tools`);
    expect(rendered.text).toContain('And 3 more: Low stock lists them all.');
  });

  it('forgets a deleted tool and one whose level is removed', async () => {
    await softDeleteTool(app.db, ids.empty ?? 0);
    await app.db
      .updateTable('tool')
      .set({ low_stock_threshold: null })
      .where('id', '=', ids.low ?? 0)
      .execute();
    await tellLowStock(app);
    const noticed = (await app.db.selectFrom('low_stock_notice').select('tool_id').execute()).map((row) => row.tool_id);
    expect(noticed).not.toContain(ids.empty);
    expect(noticed).not.toContain(ids.low);
    expect(noticed).toContain(ids.fine);
  });
});

describe('the low-stock check runs from start-up, every LOW_STOCK_ALERT_MINUTES', () => {
  let app: FastifyInstance;
  afterAll(() => app.close());

  it('tells the admins of a low tool as the app starts', async () => {
    app = await createTestApp({ LOW_STOCK_ALERT_MINUTES: '60' });
    // Written before the app is ready (the first request would make it so): the first check finds them.
    const now = nowIso();
    await app.db
      .insertInto('user')
      .values({
        id: 'admin-1',
        name: 'Admin',
        email: 'admin-1@example.com',
        emailVerified: 1,
        image: null,
        role: 'admin',
        deletedAt: null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    await insertTool(app.db, tool('LS-START', 2, 5));
    await app.ready();
    await expect.poll(async () => (await lowStockMails(app)).map((m) => m.recipient)).toEqual(['admin-1@example.com']);
  });
});
