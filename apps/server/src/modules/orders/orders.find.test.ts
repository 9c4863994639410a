import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { orderExportColumns, type Order } from '@toolsify/shared/orders';
import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { as, createTestApp, signUp, signUpAdmin, usePostgres, type TestUser } from '../../test/helpers.ts';
import { parseCsv } from '../../test/csv.ts';
import { insertTool } from '../tools/tools.repository.ts';
import { findOrdersPage } from './orders.repository.ts';
import { expireUnpaidOrders } from './orders.service.ts';
import { EXPORT_PAGE_SIZE } from './orders.export.ts';
import { payAsBuyer } from './orders.test-helpers.ts';

/**
 * Finding orders (issue 16, items 1 and 2): Manage All Orders' search and filters, the same
 * filters' CSV export, and My Orders' "Show cancelled". No searchable text of these fixtures
 * holds a digit, so an order number finds its order and nothing else.
 */
describe('finding and exporting orders', () => {
  let app: FastifyInstance;
  let alice: TestUser;
  let bob: TestUser;
  let admin: TestUser;
  let drill: number;
  let grinder: number;
  let saw: number;
  const o: Record<'a1' | 'b2' | 'a3' | 'b4' | 'b5' | 'a6', Order> = {} as never;

  const tool = async (name: string, sku: string) =>
    (
      await insertTool(app.db, {
        name,
        sku,
        description: 'For the order search tests',
        img: '/images/tools/drill.svg',
        priceCents: 1250,
        available: 100_000,
        minimum: 1,
      })
    ).id;

  const place = async (user: TestUser, lines: Array<[number, number]>, poNumber?: string): Promise<Order> => {
    const res = await as(app, user, {
      method: 'POST',
      url: '/api/orders',
      payload: {
        lines: lines.map(([toolId, quantity]) => ({ toolId, quantity })),
        phone: '+1 555 0100',
        address: '1 Main Street',
        poNumber,
      },
    });
    if (res.statusCode !== 201) throw new Error(`order: ${res.statusCode} ${res.body}`);
    return res.json();
  };

  /** The ids GET /api/orders answers for this query (admin), walking every page. */
  const found = async (query: string, user: TestUser = admin): Promise<number[]> => {
    const ids: number[] = [];
    let cursor: number | null = null;
    do {
      const res = await as(app, user, { url: `/api/orders?limit=2&${query}${cursor === null ? '' : `&cursor=${cursor}`}` });
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as { items: Order[]; nextCursor: number | null };
      ids.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    } while (cursor !== null);
    return ids;
  };
  const ids = (...orders: Order[]) => orders.map((order) => order.id).sort((a, b) => b - a);

  const exportOf = async (query = '') => {
    const res = await as(app, admin, { url: `/api/orders/export.csv${query ? `?${query}` : ''}` });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };

  const placedOn = (order: Order, at: string) => app.db.updateTable('orders').set({ created_at: at }).where('id', '=', order.id).execute();

  beforeAll(async () => {
    app = await createTestApp({ MAX_UNPAID_ORDERS_PER_BUYER: '0' });
    alice = await signUp(app, { name: 'Alice Archer', email: 'alice.archer@example.com' });
    bob = await signUp(app, { name: 'Bob Müller', email: 'bob.mueller@example.org' });
    admin = await signUpAdmin(app, { name: 'Ada Admin', email: 'ada.admin@example.net' });
    drill = await tool('Cordless Drill', 'DRL-XV');
    grinder = await tool('Angle Grinder', 'GRD-AX');
    saw = await tool('Säge Zoë', 'SAW-ZO');
    o.a1 = await place(alice, [[drill, 2]], 'ACME-ALPHA');
    o.b2 = await place(bob, [[grinder, 1]]);
    o.a3 = await place(
      alice,
      [
        [drill, 1],
        [grinder, 3],
      ],
      'BETA_ONE%',
    );
    o.b4 = await place(bob, [[drill, 4]], 'acme-gamma');
    o.b5 = await place(bob, [[grinder, 2]], 'DELTA');
    o.a6 = await place(alice, [[saw, 1]]);
    // b4 is cancelled by its buyer; b5 is paid.
    const cancel = await as(app, bob, { method: 'DELETE', url: `/api/orders/${o.b4.id}` });
    if (cancel.statusCode !== 200) throw new Error(`cancel: ${cancel.statusCode} ${cancel.body}`);
    const paid = await payAsBuyer(app, bob, o.b5.id);
    if (paid !== 200) throw new Error(`pay: ${paid}`);
    await placedOn(o.a1, '2026-01-10T23:59:59.999Z');
    await placedOn(o.b2, '2026-01-11T00:00:00.000Z');
    await placedOn(o.a3, '2026-01-11T23:59:59.999Z');
    await placedOn(o.b4, '2026-01-11T12:00:00.000Z');
    await placedOn(o.b5, '2026-01-12T00:00:00.000Z');
    await placedOn(o.a6, '2026-02-01T08:00:00.000Z');
  });
  afterAll(() => app.close());

  describe('GET /api/orders: search and filters', () => {
    it('without filters lists every order but the cancelled one, newest first', async () => {
      expect(await found('')).toEqual(ids(o.a1, o.b2, o.a3, o.b5, o.a6));
    });

    it('finds an order by its number, with or without #, and nothing else', async () => {
      expect(await found(`q=${o.a3.id}`)).toEqual(ids(o.a3));
      expect(await found(`q=${encodeURIComponent(`#${o.a3.id}`)}`)).toEqual(ids(o.a3));
      expect(await found(`q=${encodeURIComponent(` # ${o.b2.id} `)}`)).toEqual(ids(o.b2));
      expect(await found('q=99999')).toEqual([]);
      // A number past the id range is just text: no 500.
      expect(await found('q=99999999999')).toEqual([]);
    });

    it('finds a cancelled order by its #number without asking for cancelled ones, unless another status is chosen', async () => {
      expect(await found(`q=${encodeURIComponent(`#${o.b4.id}`)}`)).toEqual(ids(o.b4));
      expect(await found(`q=${encodeURIComponent(`#${o.b4.id}`)}&status=paid`)).toEqual([]);
      // A bare number may be part of a PO number or a SKU too: the cancelled ones stay out as in any search.
      expect(await found(`q=${o.b4.id}`)).toEqual([]);
    });

    it('finds a part of the PO number without regard to case', async () => {
      expect(await found('q=acme')).toEqual(ids(o.a1));
      expect(await found('q=ACME&status=cancelled')).toEqual(ids(o.b4));
      expect(await found('q=alph')).toEqual(ids(o.a1));
    });

    it("takes % and _ in the search as themselves, not as LIKE's wildcards", async () => {
      expect(await found(`q=${encodeURIComponent('%')}`)).toEqual(ids(o.a3));
      expect(await found('q=_')).toEqual(ids(o.a3));
      expect(await found(`q=${encodeURIComponent('A_ONE')}`)).toEqual(ids(o.a3));
      expect(await found(`q=${encodeURIComponent('\\')}`)).toEqual([]);
    });

    it("finds the buyer's email or name, in part and without regard to case", async () => {
      expect(await found('q=example.org')).toEqual(ids(o.b2, o.b5));
      expect(await found('q=ALICE.ARCH')).toEqual(ids(o.a1, o.a3, o.a6));
      expect(await found('q=archer')).toEqual(ids(o.a1, o.a3, o.a6));
      expect(await found(`q=${encodeURIComponent('Müller')}`)).toEqual(ids(o.b2, o.b5));
      // A whole address is that buyer's orders only (any case), not an email that holds it.
      expect(await found(`q=${encodeURIComponent('ALICE.ARCHER@example.com')}`)).toEqual(ids(o.a1, o.a3, o.a6));
      expect(await found(`q=${encodeURIComponent('archer@example.com')}`)).toEqual([]);
      expect(await found(`q=${encodeURIComponent('mueller@example.org')}`)).toEqual([]);
    });

    it("finds the buyer's company as copied onto the order, in part and without regard to case", async () => {
      await app.db.updateTable('orders').set({ buyer_company: 'Müller Werkzeuge GmbH' }).where('id', '=', o.b2.id).execute();
      try {
        expect(await found('q=werkzeuge')).toEqual(ids(o.b2));
        expect(await found('q=WERKZEUGE+gmbh')).toEqual(ids(o.b2));
      } finally {
        await app.db.updateTable('orders').set({ buyer_company: null }).where('id', '=', o.b2.id).execute();
      }
    });

    it("finds a tool's name or SKU on any line of the order", async () => {
      expect(await found('q=grinder')).toEqual(ids(o.b2, o.a3, o.b5));
      expect(await found('q=drl-x')).toEqual(ids(o.a1, o.a3));
      // A part number typed without its punctuation, or with other punctuation.
      expect(await found('q=DRLXV')).toEqual(ids(o.a1, o.a3));
      expect(await found('q=drl.xv')).toEqual(ids(o.a1, o.a3));
      expect(await found('q=drlx')).toEqual([]);
      expect(await found(`q=${encodeURIComponent('Zoë')}`)).toEqual(ids(o.a6));
      expect(await found('q=nothing+like+it')).toEqual([]);
    });

    it('filters by status, by tool and by the days an order was placed (both days whole, UTC)', async () => {
      expect(await found('status=paid')).toEqual(ids(o.b5));
      expect(await found('status=cancelled')).toEqual(ids(o.b4));
      expect(await found(`toolId=${drill}`)).toEqual(ids(o.a1, o.a3));
      expect(await found(`toolId=${drill}&status=cancelled`)).toEqual(ids(o.b4));
      expect(await found('toolId=2147483647')).toEqual([]);
      expect(await found('from=2026-01-11&to=2026-01-11')).toEqual(ids(o.b2, o.a3));
      expect(await found('from=2026-01-11')).toEqual(ids(o.b2, o.a3, o.b5, o.a6));
      expect(await found('to=2026-01-11')).toEqual(ids(o.a1, o.b2, o.a3));
      expect(await found('from=2026-01-12&to=2026-01-31')).toEqual(ids(o.b5));
    });

    it('combines every filter, and pages through the result', async () => {
      expect(await found(`q=alice&toolId=${grinder}&from=2026-01-11&to=2026-01-11`)).toEqual(ids(o.a3));
      expect(await found(`q=bob&status=paid&toolId=${grinder}`)).toEqual(ids(o.b5));
      expect(await found(`q=bob&status=paid&toolId=${drill}`)).toEqual([]);
      const page = (await as(app, admin, { url: '/api/orders?q=archer&limit=2' })).json();
      expect(page.items.map((item: Order) => item.id)).toEqual(ids(o.a1, o.a3, o.a6).slice(0, 2));
      expect(page.nextCursor).toBe(o.a3.id);
    });

    it('answers a bad filter with 400 naming the field', async () => {
      const bad: Array<[string, string]> = [
        ['from=2026-01-12&to=2026-01-11', 'to'],
        ['from=2026-02-30', 'from'],
        ['to=2026-1-5', 'to'],
        ['from=yesterday', 'from'],
        ['from=1969-12-31', 'from'],
        ['toolId=abc', 'toolId'],
        ['toolId=0', 'toolId'],
        ['status=lost', 'status'],
        [`q=${'x'.repeat(201)}`, 'q'],
        ['q=a&q=b', 'q'],
        ['buyer=someone', 'buyer'],
        ['q=a%00b', 'q'],
        ['q=a%0Ab', 'q'],
      ];
      for (const [query, field] of bad) {
        for (const url of [`/api/orders?${query}`, `/api/orders/export.csv?${query}`]) {
          const res = await as(app, admin, { url });
          expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
          expect(res.json().error.code).toBe('VALIDATION_FAILED');
          expect(Object.keys(res.json().error.fields), url).toContain(field);
        }
      }
    });

    it('is for admins only: a customer gets 403 and a visitor 401, search or export', async () => {
      for (const url of ['/api/orders?q=alice', '/api/orders/export.csv', '/api/orders/export.csv?q=alice']) {
        expect((await as(app, alice, { url })).statusCode, url).toBe(403);
        expect((await as(app, null, { url })).statusCode, url).toBe(401);
      }
    });
  });

  describe('GET /api/orders/export.csv', () => {
    const recordsOf = (body: string) => {
      expect(body.startsWith('\uFEFF')).toBe(true);
      const records = parseCsv(body.slice(1));
      expect(records[0]).toEqual([...orderExportColumns]);
      return records.slice(1).map((record) => Object.fromEntries(orderExportColumns.map((column, n) => [column, record[n]])));
    };

    it('is a CSV download: its type, its name, a header and one row per order line', async () => {
      const res = await exportOf();
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
      expect(res.headers['cache-control']).toBe('no-store');
      const rows = recordsOf(res.body);
      // a3 has two lines: one row each, in its lines' order.
      expect(rows.map((row) => `${row['Order number']}/${row.Line}`)).toEqual([
        `${o.a6.id}/1`,
        `${o.b5.id}/1`,
        `${o.a3.id}/1`,
        `${o.a3.id}/2`,
        `${o.b2.id}/1`,
        `${o.a1.id}/1`,
      ]);
      const paid = rows.find((row) => row['Order number'] === String(o.b5.id));
      expect(paid).toMatchObject({
        'Placed at (UTC)': '2026-01-12 00:00:00',
        Status: 'paid',
        'Buyer name': 'Bob Müller',
        'Buyer email': 'bob.mueller@example.org',
        'PO number': 'DELTA',
        SKU: 'GRD-AX',
        Tool: 'Angle Grinder',
        Quantity: '2',
        'Unit price': '12.50',
        'Line total': '25.00',
        'Order total': '25.00',
        'Cancelled at (UTC)': '',
        // Where it goes, for fulfilment (a phone is defused as any cell starting with +).
        Phone: "'+1 555 0100",
        'Ship to': '1 Main Street',
        'Buyer company': '',
        Carrier: '',
        'Tracking number': '',
        'Refunded at (UTC)': '',
        'Refund id': '',
        'Credit note number': '',
      });
      expect(paid?.['Paid at (UTC)']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(paid?.['Invoice number']).toMatch(/^INV-\d{4}-\d{6}$/);
      expect(paid?.['Transaction id']).toMatch(/^pi_/);
      const second = rows.filter((row) => row['Order number'] === String(o.a3.id));
      expect(second.map((row) => [row.SKU, row.Quantity, row['Line total'], row['Order total'], row['PO number']])).toEqual([
        ['DRL-XV', '1', '12.50', '50.00', 'BETA_ONE%'],
        ['GRD-AX', '3', '37.50', '50.00', 'BETA_ONE%'],
      ]);
    });

    it('exports what the same filters find', async () => {
      const ordersIn = async (query: string) => [
        ...new Set(recordsOf((await exportOf(query)).body).map((row) => Number(row['Order number']))),
      ];
      expect(await ordersIn('q=archer')).toEqual(ids(o.a1, o.a3, o.a6));
      expect(await ordersIn(`toolId=${grinder}&from=2026-01-11&to=2026-01-11`)).toEqual(ids(o.b2, o.a3));
      expect(await ordersIn('status=cancelled')).toEqual(ids(o.b4));
      const cancelled = recordsOf((await exportOf('status=cancelled')).body)[0];
      expect(cancelled?.['Cancelled at (UTC)']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      // Nothing found: the header alone.
      expect((await exportOf('q=nothing+like+it')).body).toBe(`\uFEFF${orderExportColumns.join(',')}\r\n`);
    });

    it('quotes commas, quotes and newlines, keeps non-ASCII, and never lets a cell be a formula', async () => {
      const eve = await signUp(app, { name: '=HYPERLINK("http://evil.example","Click")', email: 'eve.formula@example.com' });
      const tricky = [
        await tool('+Drill, "Pro"\nbit', 'TRK-A'),
        await tool('-Grinder\r\nset', 'TRK-B'),
        await tool('@SUM(A:A)', 'TRK-C'),
        await tool('\tTabbed saw', 'TRK-D'),
        await tool('Perceuse électrique 電動ドリル 😀', 'TRK-E'),
      ];
      const order = await place(
        eve,
        tricky.map((id) => [id, 1]),
        '-PO, "quoted"',
      );
      const res = await exportOf('q=eve.formula');
      // The raw text: defused, quoted, quotes doubled.
      expect(res.body).toContain(`,"'=HYPERLINK(""http://evil.example"",""Click"")",eve.formula@example.com,"'-PO, ""quoted""",1,TRK-A,`);
      expect(res.body).toContain(`,"'+Drill, ""Pro""\nbit",`);
      expect(res.body).toContain(`,"'-Grinder\r\nset",`);
      expect(res.body).toContain(`,'@SUM(A:A),`);
      expect(res.body).toContain(`,'\tTabbed saw,`);
      expect(res.body).toContain(',Perceuse électrique 電動ドリル 😀,');
      // And read back as a spreadsheet would, cell for cell.
      const rows = recordsOf(res.body);
      expect(rows.map((row) => [row['Order number'], row['Buyer name'], row['PO number'], row.Tool])).toEqual([
        [String(order.id), `'=HYPERLINK("http://evil.example","Click")`, `'-PO, "quoted"`, `'+Drill, "Pro"\nbit`],
        [String(order.id), `'=HYPERLINK("http://evil.example","Click")`, `'-PO, "quoted"`, `'-Grinder\r\nset`],
        [String(order.id), `'=HYPERLINK("http://evil.example","Click")`, `'-PO, "quoted"`, "'@SUM(A:A)"],
        [String(order.id), `'=HYPERLINK("http://evil.example","Click")`, `'-PO, "quoted"`, "'\tTabbed saw"],
        [String(order.id), `'=HYPERLINK("http://evil.example","Click")`, `'-PO, "quoted"`, 'Perceuse électrique 電動ドリル 😀'],
      ]);
      expect(Buffer.from(res.rawPayload).includes(Buffer.from('電動ドリル', 'utf8'))).toBe(true);
    });
  });

  describe('My Orders: Show cancelled', () => {
    it('lists cancelled orders only when asked, each with who cancelled it and when', async () => {
      const carol = await signUp(app, { name: 'Carol Cancel', email: 'carol.cancel@example.com' });
      const byHer = await place(carol, [[drill, 1]]);
      const byAdmin = await place(carol, [[drill, 1]]);
      const expired = await place(carol, [[drill, 1]]);
      const open = await place(carol, [[drill, 1]]);
      expect((await as(app, carol, { method: 'DELETE', url: `/api/orders/${byHer.id}` })).statusCode).toBe(200);
      expect((await as(app, admin, { method: 'DELETE', url: `/api/orders/${byAdmin.id}` })).statusCode).toBe(200);
      await placedOn(expired, '2020-01-01T00:00:00.000Z');
      expect(await expireUnpaidOrders(app, new Date('2020-01-02T00:00:00.000Z'))).toBe(1);

      const listed = (await as(app, carol, { url: '/api/orders/mine' })).json();
      expect(listed.items.map((item: Order) => item.id)).toEqual([open.id]);
      expect(listed.items[0]).not.toHaveProperty('cancellation');
      expect((await as(app, carol, { url: '/api/orders/mine?includeCancelled=false' })).json().items).toHaveLength(1);

      const all = (await as(app, carol, { url: '/api/orders/mine?includeCancelled=true' })).json();
      expect(
        all.items.map((item: Order) => [item.id, item.status, item.cancellation?.by ?? null, item.cancellation?.note ?? null]),
      ).toEqual([
        [open.id, 'unpaid', null, null],
        [expired.id, 'cancelled', 'store', 'Not paid in time'],
        [byAdmin.id, 'cancelled', 'admin', null],
        [byHer.id, 'cancelled', 'buyer', null],
      ]);
      for (const item of all.items.filter((i: Order) => i.status === 'cancelled')) {
        expect(Number.isNaN(Date.parse(item.cancellation.at))).toBe(false);
      }
      // Paged like the rest, and only her own.
      const first = (await as(app, carol, { url: '/api/orders/mine?includeCancelled=true&limit=3' })).json();
      expect(first.nextCursor).toBe(byAdmin.id);
      const rest = (await as(app, carol, { url: `/api/orders/mine?includeCancelled=true&limit=3&cursor=${first.nextCursor}` })).json();
      expect(rest.items.map((item: Order) => item.id)).toEqual([byHer.id]);
      expect(((await as(app, bob, { url: '/api/orders/mine?includeCancelled=true' })).json().items as Order[]).map((i) => i.id)).toEqual(
        ids(o.b2, o.b4, o.b5),
      );
      // The admin's list of cancelled orders says it too.
      const cancelled = (await as(app, admin, { url: `/api/orders?status=cancelled&q=carol` })).json();
      expect(cancelled.items.map((item: Order) => item.cancellation?.by)).toEqual(['store', 'admin', 'buyer']);
    });

    it('refuses anything but true or false', async () => {
      for (const value of ['yes', '1', '', 'TRUE']) {
        for (const url of [`/api/orders/mine?includeCancelled=${value}`, `/api/orders/mine/export.csv?includeCancelled=${value}`]) {
          const res = await as(app, alice, { url });
          expect(res.statusCode, url).toBe(400);
          expect(res.json().error.fields).toHaveProperty('includeCancelled');
        }
      }
      const other = await as(app, alice, { url: '/api/orders/mine/export.csv?buyer=bob' });
      expect(other.statusCode).toBe(400);
    });
  });

  describe('My Orders: search and filters (a buyer finds their own orders only)', () => {
    /** The ids GET /api/orders/mine answers for this query, every page. */
    const mine = async (user: TestUser, query: string): Promise<number[]> => {
      const items: number[] = [];
      let cursor: number | null = null;
      do {
        const res = await as(app, user, { url: `/api/orders/mine?limit=2&${query}${cursor === null ? '' : `&cursor=${cursor}`}` });
        expect(res.statusCode, res.body).toBe(200);
        const page = res.json() as { items: Order[]; nextCursor: number | null };
        items.push(...page.items.map((item) => item.id));
        cursor = page.nextCursor;
      } while (cursor !== null);
      return items;
    };

    it("finds by order number, PO number and a line's tool or SKU, never another buyer's order", async () => {
      expect(await mine(alice, 'q=acme')).toEqual(ids(o.a1));
      expect(await mine(bob, 'q=acme')).toEqual([]); // b4, "acme-gamma", is cancelled
      expect(await mine(bob, 'q=acme&includeCancelled=true')).toEqual(ids(o.b4));
      expect(await mine(alice, 'q=grd-ax')).toEqual(ids(o.a3));
      expect(await mine(alice, 'q=GRDAX')).toEqual(ids(o.a3));
      expect(await mine(bob, 'q=grdax')).toEqual(ids(o.b2, o.b5));
      expect(await mine(alice, 'q=angle')).toEqual(ids(o.a3));
      expect(await mine(alice, `q=%23${o.a3.id}`)).toEqual(ids(o.a3));
      // Another buyer's order number, or their PO number, finds nothing of theirs.
      expect(await mine(alice, `q=%23${o.b2.id}`)).toEqual([]);
      expect(await mine(alice, 'q=delta')).toEqual([]);
      // A buyer's own cancelled order, asked for by its number, is found like the admin's search finds it.
      expect(await mine(bob, `q=%23${o.b4.id}`)).toEqual(ids(o.b4));
    });

    it('filters by status, tool and the days an order was placed, and the export takes the same filters', async () => {
      expect(await mine(bob, 'status=paid')).toEqual(ids(o.b5));
      expect(await mine(bob, 'status=cancelled')).toEqual(ids(o.b4));
      // A status chosen wins over "Show cancelled".
      expect(await mine(bob, 'status=unpaid&includeCancelled=true')).toEqual(ids(o.b2));
      expect(await mine(alice, `toolId=${grinder}`)).toEqual(ids(o.a3));
      expect(await mine(alice, 'from=2026-01-11&to=2026-01-31')).toEqual(ids(o.a3));
      expect(await mine(alice, 'to=2026-01-10')).toEqual(ids(o.a1));
      const res = await as(app, bob, { url: '/api/orders/mine/export.csv?status=paid' });
      expect(res.statusCode, res.body).toBe(200);
      const [, ...rows] = parseCsv(res.body.replace(/^\uFEFF/, ''));
      expect(rows.map((row) => row[0])).toEqual([String(o.b5.id)]);
      const byTool = await as(app, alice, { url: `/api/orders/mine/export.csv?q=${encodeURIComponent('Säge')}` });
      expect(
        parseCsv(byTool.body.replace(/^\uFEFF/, ''))
          .slice(1)
          .map((row) => row[0]),
      ).toEqual([String(o.a6.id)]);
    });

    it('answers a bad filter with 400 naming it, list or export', async () => {
      const cases: Array<[string, string]> = [
        ['status=lost', 'status'],
        ['from=2026-02-30', 'from'],
        ['from=2026-02-02&to=2026-02-01', 'to'],
        [`q=${'x'.repeat(201)}`, 'q'],
        ['q=a%09b', 'q'],
        ['toolId=abc', 'toolId'],
      ];
      for (const [query, field] of cases) {
        for (const url of [`/api/orders/mine?${query}`, `/api/orders/mine/export.csv?${query}`]) {
          const res = await as(app, alice, { url });
          expect(res.statusCode, url).toBe(400);
          expect(res.json().error.fields, url).toHaveProperty(field);
        }
      }
    });
  });

  describe('GET /api/orders/mine/export.csv: a buyer exports their own orders', () => {
    it("has the orders My Orders lists, one row per line, in the admin export's columns, and nothing of anyone else", async () => {
      const rowsOf = async (user: TestUser, query = '') => {
        const res = await as(app, user, { url: `/api/orders/mine/export.csv${query}` });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
        expect(res.headers['content-disposition']).toMatch(/^attachment; filename="my-orders-\d{4}-\d{2}-\d{2}\.csv"$/);
        const [header, ...rows] = parseCsv(res.body.replace(/^\uFEFF/, ''));
        expect(header).toEqual([...orderExportColumns]);
        return rows.map((row) => [row[0], row[orderExportColumns.indexOf('SKU')], row[orderExportColumns.indexOf('Buyer email')]]);
      };
      // Bob's listed orders: b5 (paid) and b2, newest first; b4 was cancelled.
      expect(await rowsOf(bob)).toEqual([
        [String(o.b5.id), 'GRD-AX', bob.email],
        [String(o.b2.id), 'GRD-AX', bob.email],
      ]);
      expect((await rowsOf(bob, '?includeCancelled=true')).map((row) => row[0])).toEqual([o.b5.id, o.b4.id, o.b2.id].map(String));
      // Alice's two-line order is two rows.
      expect((await rowsOf(alice)).filter((row) => row[0] === String(o.a3.id)).map((row) => row[1])).toEqual(['DRL-XV', 'GRD-AX']);
      expect((await as(app, null, { url: '/api/orders/mine/export.csv' })).statusCode).toBe(401);
    });
  });

  describe.runIf(usePostgres)('PostgreSQL: the search reads its trigram indexes (migration 017)', () => {
    it('has the indexes, and a search of 3 characters or more goes through them, never reading the tables', async () => {
      const pool = app.dbHandle.pool;
      if (!pool) throw new Error('no pool on PostgreSQL');
      let compiled: CompiledQuery | undefined;
      const spy = new Kysely<Database>({
        dialect: new PostgresDialect({ pool }),
        log: (event) => {
          compiled = event.query;
        },
      });
      const client = await pool.connect();
      try {
        const indexes = await client.query<{ indexname: string }>(
          "select indexname from pg_indexes where schemaname = current_schema() and indexname like '%search_trgm_idx' order by 1",
        );
        expect(indexes.rows.map((row) => row.indexname)).toEqual(['order_line_search_trgm_idx', 'orders_search_trgm_idx']);
        // The fixture is tiny: forbid whole-table reads, so the plan shows whether the indexes can answer.
        await client.query('begin');
        await client.query('set local enable_seqscan = off');
        for (const q of ['grinder', 'ALICE.ARCH', 'drl-x', 'drlxv', 'müller', `#${o.a3.id}00`]) {
          await findOrdersPage(spy, { dialect: 'postgres', statuses: ['unpaid', 'paid', 'shipped'], q, limit: 21 });
          if (!compiled) throw new Error('no query compiled');
          const plan = (await client.query(`explain ${compiled.sql}`, [...compiled.parameters])).rows
            .map((row) => row['QUERY PLAN'])
            .join('\n');
          expect(plan, q).toContain('orders_search_trgm_idx');
          expect(plan, q).toContain('order_line_search_trgm_idx');
          expect(plan, q).not.toMatch(/Seq Scan on (orders|order_line)\b/);
        }
        await client.query('rollback');
      } finally {
        client.release();
      }
    });
  });

  describe('a large export', () => {
    it(`streams thousands of orders page by page (${EXPORT_PAGE_SIZE} a query), every line once, newest first`, async () => {
      const dave = await signUp(app, { name: 'Dave Bulk', email: 'dave.bulk@example.com' });
      const orders = 2_345;
      const now = new Date().toISOString();
      for (let start = 0; start < orders; start += 250) {
        const rows = await app.db
          .insertInto('orders')
          .values(
            Array.from({ length: Math.min(250, orders - start) }, (_, n) => ({
              user_id: dave.id,
              tool_id: drill,
              tool_name: 'Cordless Drill and 1 more',
              unit_price_cents: 1250,
              quantity: 3,
              total_cents: 1250 * 3 + 999,
              line_count: 2,
              po_number: `BULK-${start + n}`,
              buyer_email: dave.email,
              buyer_name: dave.name,
              phone: '+1 555 0100',
              address: '1 Bulk Road',
              status: 'unpaid' as const,
              created_at: now,
              updated_at: now,
            })),
          )
          .returning('id')
          .execute();
        await app.db
          .insertInto('order_line')
          .values(
            rows.flatMap(({ id }) => [
              { order_id: id, line_no: 0, tool_id: drill, tool_name: 'Cordless Drill', sku: 'DRL-XV', quantity: 3, unit_price_cents: 1250 },
              { order_id: id, line_no: 1, tool_id: saw, tool_name: 'Säge Zoë', sku: 'SAW-ZO', quantity: 1, unit_price_cents: 999 },
            ]),
          )
          .execute();
      }
      const res = await exportOf('q=dave.bulk');
      const records = parseCsv(res.body.slice(1));
      expect(records).toHaveLength(1 + orders * 2);
      const orderIds = records.slice(1).map((record) => Number(record[0]));
      const distinct = [...new Set(orderIds)];
      expect(distinct).toHaveLength(orders);
      expect(distinct).toEqual([...distinct].sort((a, b) => b - a));
      expect(records.slice(1).every((record, n) => record[9] === String((n % 2) + 1))).toBe(true);
      expect(new Set(records.slice(1).map((record) => record[8])).size).toBe(orders);
      // The list pages the same orders.
      const listed = (await as(app, admin, { url: '/api/orders?q=dave.bulk&limit=100' })).json();
      expect(listed.items).toHaveLength(100);
      expect(listed.items[0].id).toBe(distinct[0]);
    });
  });
});
