import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { DefaultQueryExecutor, sql } from 'kysely';
import { as, createTestApp, recordingStatements, signUp, signUpAdmin, usePostgres, type TestUser } from '../../test/helpers.ts';
import { createSharedDatabase } from '../auth/testing/shared-db.ts';
import { findInvariantViolations } from '../../test/invariants.ts';
import { GroupCommit, inSavepointsNow, type GroupCommitOptions } from './orders.group-commit.ts';
import { executeNow, sqliteNowOf } from '../../db/connect.ts';
import { acceptingBurst } from '../../lib/turn-gate.ts';
import {
  MAX_POSTGRES_GROUP,
  placeOrderTakingStock,
  placementGroupsOf,
  postgresGroupsRunAgain,
  postgresPlacingFunction,
} from './orders.repository.ts';
import { makeTool, orderBody, stockOf } from './orders.test-helpers.ts';
import { insertStockAdjustment } from '../tools/tools.repository.ts';

/** A group commit whose work answers each item with itself, recording each group's items. */
function recordingGroups(options: GroupCommitOptions = {}) {
  const groups: number[][] = [];
  const group = new GroupCommit<number, number>(async (items) => {
    groups.push([...items]);
    return items.map((value) => ({ ok: true, value }));
  }, options);
  return { group, groups };
}

/**
 * Group commit (decisions 011 and 014): orders placed at the same moment share one
 * transaction, each undone alone when refused (SQLite: a savepoint each; PostgreSQL: a
 * subtransaction each in one statement), each answered after the commit. These tests place
 * orders concurrently (so they are grouped) and one by one (a group of one each) and hold both
 * to the same answers and rows; a refused order in a group leaves the others placed; a group
 * whose transaction fails stores none of its orders.
 */
describe('placing orders in groups (group commit)', () => {
  let app: FastifyInstance;
  let buyers: TestUser[];

  beforeAll(async () => {
    app = await createTestApp({ MAX_UNPAID_ORDERS_PER_BUYER: '0' });
    buyers = [await signUp(app), await signUp(app), await signUp(app)];
    // The store has an admin (one of the invariants checked here).
    await signUpAdmin(app);
  });
  afterAll(() => app.close());

  const place = (user: TestUser, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    as(app, user, { method: 'POST', url: '/api/orders', payload: body, headers });

  /** An answer without what differs between two equal placements: ids, times, the tools' ids and names. */
  function shape(res: LightMyRequestResponse, tools: Map<number, string>) {
    const body = res.json();
    if (res.statusCode >= 400) return { status: res.statusCode, body };
    const { id: _id, createdAt: _c, expiresAt: _e, invoiceNumber: _i, invoicedAt: _ia, ...order } = body;
    return {
      status: res.statusCode,
      body: {
        ...order,
        toolId: tools.get(order.toolId),
        tool: String(order.tool).replace(/Impact Drill \d+/, 'T'),
        lines: order.lines.map((line: Record<string, unknown>) => ({
          ...line,
          toolId: tools.get(line.toolId as number),
          tool: 'T',
          sku: 'S',
        })),
      },
    };
  }

  /** The rows an order wrote, without ids and times: the order, its lines, its event, its email. */
  async function rowsOf(orderId: number, tools: Map<number, string>) {
    const { db } = app;
    const order = await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    const lines = await db.selectFrom('order_line').selectAll().where('order_id', '=', orderId).orderBy('line_no').execute();
    const events = await db.selectFrom('order_event').select(['kind', 'actor', 'note']).where('order_id', '=', orderId).execute();
    const mail = await db
      .selectFrom('outbox')
      .select(['kind', 'recipient', 'payload', 'dedupe_key'])
      .where('order_id', '=', orderId)
      .execute();
    return {
      order: {
        user_id: order.user_id,
        tool: tools.get(order.tool_id),
        quantity: order.quantity,
        total_cents: Number(order.total_cents),
        line_count: order.line_count,
        unit_price_cents: order.unit_price_cents,
        status: order.status,
        phone: order.phone,
        address: order.address,
        po_number: order.po_number,
      },
      lines: lines.map((line) => ({
        line_no: line.line_no,
        tool: tools.get(line.tool_id),
        quantity: line.quantity,
        unit: line.unit_price_cents,
      })),
      events,
      mail: mail.map((m) => ({ ...m, dedupe_key: m.dedupe_key === `order_placed:${orderId}` })),
    };
  }

  /**
   * The same set of requests on a fresh set of tools: a good order, a multi-line one with price
   * breaks, one above the stock, one below the minimum, one of a missing tool, a multi-line one
   * with one bad line, one of too many pieces for a pack, and two with the same Idempotency-Key.
   */
  async function scenario(concurrently: boolean, keyPrefix: string) {
    const a = await makeTool(app, { available: 50, minimum: 2 });
    const b = await makeTool(app, { available: 1_000, priceBreaks: [{ minQuantity: 10, unitPriceCents: 1_000 }] });
    const c = await makeTool(app, { available: 3 });
    const d = await makeTool(app, { available: 100, packSize: 5 });
    const tools = new Map([
      [a.id, 'a'],
      [b.id, 'b'],
      [c.id, 'c'],
      [d.id, 'd'],
    ]);
    const [alice, bob, carol] = buyers as [TestUser, TestUser, TestUser];
    const requests: Array<() => Promise<LightMyRequestResponse>> = [
      () => place(alice, orderBody(a.id, 4)),
      () =>
        place(bob, {
          lines: [
            { toolId: b.id, quantity: 12 },
            { toolId: a.id, quantity: 2 },
          ],
          phone: '+1 555 010 2030',
          address: '1 Grouped Way',
          poNumber: 'PO-7',
        }),
      () => place(carol, orderBody(c.id, 4)),
      () => place(alice, orderBody(a.id, 1)),
      () => place(bob, orderBody(999_999, 1)),
      () =>
        place(carol, {
          lines: [
            { toolId: b.id, quantity: 1 },
            { toolId: c.id, quantity: 9 },
          ],
          phone: '+1 555 010 2030',
          address: '1 Grouped Way',
        }),
      () => place(alice, orderBody(d.id, 7)),
      () => place(bob, orderBody(d.id, 10), { 'idempotency-key': `${keyPrefix}-same-key` }),
      () => place(bob, orderBody(d.id, 10), { 'idempotency-key': `${keyPrefix}-same-key` }),
      () => place(carol, orderBody(c.id, 3)),
    ];
    const answers: LightMyRequestResponse[] = [];
    if (concurrently) answers.push(...(await Promise.all(requests.map((request) => request()))));
    else for (const request of requests) answers.push(await request());
    const rows = [];
    for (const res of answers) if (res.statusCode === 201) rows.push(await rowsOf(res.json().id, tools));
    const stock = await Promise.all([a, b, c, d].map((tool) => stockOf(app, tool.id)));
    return { answers: answers.map((res) => shape(res, tools)), rows, stock };
  }

  it('answers and stores orders placed together exactly as orders placed one by one', async () => {
    const largest = () => placementGroupsOf(app.db, app.dialect).stats.largest;
    const one = await scenario(false, 'single');
    // One by one: each alone in its transaction.
    expect(largest()).toBe(1);
    const together = await scenario(true, 'grouped');
    // Together: at least one transaction held several of them.
    expect(largest()).toBeGreaterThan(1);
    // The two requests with one key: one placed (201), the other the same order replayed (200).
    const replays = (s: typeof one) => s.answers.filter((a) => a.status === 200).length;
    expect(replays(one)).toBe(1);
    expect(replays(together)).toBe(1);
    // Refusals are the same in both; the placed orders are the same set (grouped, the order
    // in which two requests reach the database may differ from the order they were sent in).
    const sorted = <T>(items: T[]) => items.map((item) => JSON.stringify(item)).sort();
    expect(sorted(together.answers)).toEqual(sorted(one.answers));
    expect(sorted(together.rows)).toEqual(sorted(one.rows));
    expect(together.stock).toEqual(one.stock);
    expect(await findInvariantViolations(app.db)).toEqual([]);
  });

  it('a refused order in a group leaves the others of its group placed', async () => {
    // One piece more than the placed orders take: the last order is refused for its price alone.
    const tool = await makeTool(app, { available: 11 });
    const [alice, bob] = buyers as [TestUser, TestUser];
    const answers = await Promise.all([
      place(alice, orderBody(tool.id, 3)),
      place(bob, orderBody(tool.id, 50)),
      place(alice, orderBody(tool.id, 3)),
      place(bob, {
        lines: [
          { toolId: tool.id, quantity: 1 },
          { toolId: 999_998, quantity: 1 },
        ],
        phone: '+1 555 010 2030',
        address: 'x street 1',
      }),
      place(alice, orderBody(tool.id, 4)),
      // Priced otherwise than its buyer was shown.
      place(bob, { lines: [{ toolId: tool.id, quantity: 1, expectedUnitPriceCents: 1 }], phone: '+1 555 010 2030', address: 'x street 1' }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([201, 409, 201, 409, 201, 409]);
    expect(answers[1]?.json().error.code).toBe('OUT_OF_STOCK');
    expect(answers[3]?.json().error.code).toBe('LINES_REFUSED');
    expect(answers[5]?.json().error.code).toBe('PRICE_CHANGED');
    expect(await stockOf(app, tool.id)).toBe(1);
    const stored = await app.db.selectFrom('order_line').select('order_id').where('tool_id', '=', tool.id).execute();
    expect(stored).toHaveLength(3);
  });

  it('100 concurrent orders against a stock of 30 across 3 buyers: exactly 30 placed, never more', async () => {
    const tool = await makeTool(app, { available: 30 });
    const answers = await Promise.all(Array.from({ length: 100 }, (_, n) => place(buyers[n % 3]!, orderBody(tool.id, 1))));
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(30);
    expect(answers.filter((res) => res.statusCode === 409)).toHaveLength(70);
    expect(await stockOf(app, tool.id)).toBe(0);
    expect(await findInvariantViolations(app.db)).toEqual([]);
  });

  it('an order naming a tool on two lines (the API refuses it) never miscounts the stock', async () => {
    const tool = await makeTool(app, { available: 5 });
    const [alice] = buyers as [TestUser];
    const order = {
      userId: alice.id,
      lines: [
        { toolId: tool.id, quantity: 2 },
        { toolId: tool.id, quantity: 2 },
      ],
      buyerEmail: alice.email,
      buyerName: alice.name,
      phone: '+1 555 010 2030',
      address: '1 Twice Street',
      poNumber: null,
      idempotencyKey: null,
      maxUnpaidOrders: 0,
    };
    // Refused on both databases: each takes an order's lines in one statement, which takes a
    // tool's stock once, and an order whose lines were not all taken is refused.
    expect(await placeOrderTakingStock(app.db, app.dialect, order)).toBeUndefined();
    expect(await stockOf(app, tool.id)).toBe(5);
    expect(await findInvariantViolations(app.db)).toEqual([]);
  });

  // SQLite only: PostgreSQL places a whole group in one statement (postgresPlacingFunction).
  it.skipIf(usePostgres)(
    "SQLite takes an order's lines in one statement and inserts them in one, priced and numbered per line",
    async () => {
      const tools = [
        await makeTool(app, { available: 9, priceCents: 700 }),
        await makeTool(app, { available: 9, priceCents: 1_100 }),
        // Three or more: the break's price.
        await makeTool(app, { available: 9, priceCents: 1_250, priceBreaks: [{ minQuantity: 3, unitPriceCents: 900 }] }),
      ];
      const [alice] = buyers as [TestUser];
      const { db, statements } = recordingStatements(app);
      const placed = await placeOrderTakingStock(db, app.dialect, {
        userId: alice.id,
        lines: [
          { toolId: tools[2]!.id, quantity: 3 },
          { toolId: tools[0]!.id, quantity: 1 },
          { toolId: tools[1]!.id, quantity: 2 },
        ],
        buyerEmail: alice.email,
        buyerName: alice.name,
        phone: '+1 555 010 2030',
        address: '1 Three Lines Street',
        poNumber: null,
        idempotencyKey: null,
        maxUnpaidOrders: 0,
      });
      expect(statements.filter((s) => s.startsWith('update "tool"'))).toHaveLength(1);
      expect(statements.filter((s) => s.startsWith('insert into "order_line"'))).toHaveLength(1);
      expect(placed?.lines.map((line) => [line.line_no, line.tool_id, line.quantity, line.unit_price_cents])).toEqual([
        [0, tools[2]!.id, 3, 900],
        [1, tools[0]!.id, 1, 700],
        [2, tools[1]!.id, 2, 1_100],
      ]);
      expect(await Promise.all(tools.map((tool) => stockOf(app, tool.id)))).toEqual([8, 7, 6]);
      expect(await findInvariantViolations(app.db)).toEqual([]);
    },
  );

  // SQLite only (decision 022): PostgreSQL's group is one statement of its own.
  it.skipIf(usePostgres)("SQLite runs a group's statements right away on its handle, none through Kysely's executor", async () => {
    const tool = await makeTool(app, { available: 10 });
    // The earlier tests' order emails sent first: the outbox worker's queries go through Kysely
    // too, and one sending them while the spy listens was counted as the group's (seen in CI).
    await app.mailer.idle();
    const executed = vi.spyOn(DefaultQueryExecutor.prototype, 'executeQuery');
    try {
      const placed = await Promise.all(
        (buyers as TestUser[]).map((buyer) =>
          placeOrderTakingStock(app.db, app.dialect, {
            userId: buyer.id,
            lines: [{ toolId: tool.id, quantity: 2 }],
            buyerEmail: buyer.email,
            buyerName: buyer.name,
            phone: '+1 555 010 2030',
            address: '1 Right Away Road',
            poNumber: null,
            idempotencyKey: null,
            // The cap's count is one of the group's statements too.
            maxUnpaidOrders: 100,
          }),
        ),
      );
      expect(executed).not.toHaveBeenCalled();
      expect(placed.map((order) => order?.row.quantity)).toEqual([2, 2, 2]);
      // The spy sees a query run through Kysely.
      expect(await stockOf(app, tool.id)).toBe(4);
      expect(executed).toHaveBeenCalledTimes(1);
    } finally {
      executed.mockRestore();
    }
    expect(await findInvariantViolations(app.db)).toEqual([]);
  });

  // SQLite only: PostgreSQL's group is one statement (postgresPlacingFunction), all or nothing.
  it.skipIf(usePostgres)('a group whose transaction fails stores none of its work and answers each with the error', async () => {
    const { db } = app;
    await sql`create table if not exists group_probe (v text not null)`.execute(db);
    // The third item ends the transaction behind the group's back: its savepoint is gone, so the
    // group cannot go on, and what the first two wrote must not stay.
    const group = new GroupCommit(
      inSavepointsNow(db, (conn, item: string) => {
        sqliteNowOf(conn).prepare('insert into group_probe (v) values (?)').run([item]);
        if (item === 'poison') executeNow(conn, 'rollback');
        return item;
      }),
    );
    const settled = await Promise.allSettled(['one', 'two', 'poison', 'four'].map((item) => group.run(item)));
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected', 'rejected', 'rejected']);
    expect(
      await db
        .selectFrom('group_probe' as never)
        .selectAll()
        .execute(),
    ).toEqual([]);
    // The next group is fine.
    expect(await Promise.all(['five', 'six'].map((item) => group.run(item)))).toEqual(['five', 'six']);
    expect((await sql<{ v: string }>`select v from group_probe order by v`.execute(db)).rows.map((r) => r.v)).toEqual(['five', 'six']);
    await sql`drop table group_probe`.execute(db);
  });

  it('a group never holds more than its maximum: the rest follow in the next', async () => {
    const { group, groups } = recordingGroups({ maxGroup: 4 });
    expect(await Promise.all(Array.from({ length: 10 }, (_, n) => group.run(n)))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(groups.map((items) => items.length)).toEqual([4, 4, 2]);
  });

  it("by default, a flash sale's 200 orders in flight go into one group, not split over two commits", async () => {
    const { group, groups } = recordingGroups();
    await Promise.all(Array.from({ length: 200 }, (_, n) => group.run(n)));
    expect(groups.map((items) => items.length)).toEqual([200]);
  });

  it('runs at most `concurrency` groups at once, and every item in one of them', async () => {
    let running = 0;
    let most = 0;
    const sizes: number[] = [];
    const group = new GroupCommit<number, number>(
      async (items) => {
        running += 1;
        most = Math.max(most, running);
        sizes.push(items.length);
        await new Promise((resolve) => setTimeout(resolve, 20));
        running -= 1;
        return items.map((value) => ({ ok: true, value }));
      },
      { maxGroup: 5, concurrency: 2 },
    );
    // Items arriving while groups run, in several turns of the event loop.
    const runs: Array<Promise<number>> = [];
    for (let turn = 0; turn < 6; turn += 1) {
      for (let n = 0; n < 4; n += 1) runs.push(group.run(turn * 4 + n));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(await Promise.all(runs)).toEqual(Array.from({ length: 24 }, (_, n) => n));
    expect(most).toBe(2);
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(24);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(5);
  });

  it('with a hold, a group waits while the hold says so, and the items arriving meanwhile join it', async () => {
    let holding = true;
    // A bound no test run reaches: here only the hold's answer ends the wait.
    const { group, groups: seen } = recordingGroups({ hold: { while: () => holding, atMostMs: 60_000 } });
    const runs = [group.run(1)];
    for (let n = 2; n <= 4; n += 1) {
      await new Promise((resolve) => setTimeout(resolve, 3));
      runs.push(group.run(n));
    }
    await new Promise((resolve) => setTimeout(resolve, 3));
    expect(seen).toEqual([]);
    holding = false;
    expect(await Promise.all(runs)).toEqual([1, 2, 3, 4]);
    // Four items that arrived over several turns, in one group.
    expect(seen).toEqual([[1, 2, 3, 4]]);
  });

  it('a hold keeps a group waiting at most atMostMs after its oldest item, however long the hold says so', async () => {
    const { group, groups } = recordingGroups({ hold: { while: () => true, atMostMs: 5 } });
    expect(await Promise.all([group.run(1), group.run(2)])).toEqual([1, 2]);
    expect(groups).toEqual([[1, 2]]);
  });

  /** Runs `items` in the group, each list in a turn of the event loop of its own (setImmediate), one after the other. */
  function runInTurns<T>(group: GroupCommit<T, T>, turns: T[][]): Promise<T[]> {
    return new Promise((resolve) => {
      const runs: Array<Promise<T>> = [];
      const next = (turn: number) => {
        for (const item of turns[turn] ?? []) runs.push(group.run(item));
        if (turn + 1 < turns.length) setImmediate(() => next(turn + 1));
        else resolve(Promise.all(runs));
      };
      next(0);
    });
  }

  it('with growingFrom, a group that many strong waits while turns bring more items, and starts after a turn that brought none', async () => {
    // A bound no test run reaches: here only a turn that brings nothing ends the wait.
    const { group, groups } = recordingGroups({ hold: { while: () => false, growingFrom: 3, atMostMs: 60_000 } });
    expect(await runInTurns(group, [[1, 2, 3], [4], [5, 6]])).toEqual([1, 2, 3, 4, 5, 6]);
    expect(groups).toEqual([[1, 2, 3, 4, 5, 6]]);
  });

  it('below growingFrom, a group starts in the turn its items arrived, as without a hold', async () => {
    const { group, groups } = recordingGroups({ hold: { while: () => false, growingFrom: 4, atMostMs: 60_000 } });
    expect(await runInTurns(group, [[1, 2, 3], [4], [5, 6]])).toEqual([1, 2, 3, 4, 5, 6]);
    expect(groups).toEqual([[1, 2, 3], [4], [5, 6]]);
  });

  it('a growing group waits at most atMostMs after its oldest item, however many turns keep bringing more', async () => {
    const { group, groups } = recordingGroups({ hold: { while: () => false, growingFrom: 1, atMostMs: 5 } });
    const started = performance.now();
    const turns: number[][] = [];
    // An item every turn for 40 ms (turns of a few microseconds each: thousands of items).
    await new Promise<void>((resolve) => {
      const turn = () => {
        turns.push([turns.length]);
        void group.run(turns.length - 1);
        if (performance.now() - started < 40) setImmediate(turn);
        else resolve();
      };
      turn();
    });
    await group.run(-1);
    expect(groups.length).toBeGreaterThan(2);
    expect(groups.flat()).toHaveLength(turns.length + 1);
  });

  it('a growing group never waits once it is full', async () => {
    const events: string[] = [];
    const group = new GroupCommit<number, number>(
      async (items) => {
        events.push(`group ${items.join(',')}`);
        return items.map((value) => ({ ok: true, value }));
      },
      { maxGroup: 3, hold: { while: () => false, growingFrom: 1, atMostMs: 60_000 } },
    );
    const first = [1, 2, 3].map((n) => group.run(n));
    await new Promise((resolve) => setImmediate(resolve));
    events.push('item 4 arrives');
    expect(await Promise.all([...first, group.run(4)])).toEqual([1, 2, 3, 4]);
    expect(events).toEqual(['group 1,2,3', 'item 4 arrives', 'group 4']);
  });

  it("SQLite's group waits while the server accepts a burst of connections (decision 016) and while a crowd's orders keep arriving (decision 021); PostgreSQL's does not", () => {
    const { hold } = placementGroupsOf(app.db, app.dialect);
    const expected = app.dialect === 'sqlite' ? { while: acceptingBurst, growingFrom: 64, atMostMs: 20 } : undefined;
    expect(hold).toEqual(expected);
  });

  it('answers every item with the error when the work answers for fewer items than it was given', async () => {
    const group = new GroupCommit<number, number>(async (items) => items.slice(1).map((value) => ({ ok: true, value })));
    const settled = await Promise.allSettled([1, 2, 3].map((n) => group.run(n)));
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected', 'rejected']);
  });

  describe.runIf(usePostgres)('PostgreSQL: a group is one statement of the placing function (decision 014)', () => {
    /** The placing functions in the app's schema. */
    const placingFunctions = async (db = app.db) =>
      (
        await sql<{ proname: string }>`select proname from pg_proc
          where proname like 'toolsify_place_orders_%' and pronamespace = current_schema()::regnamespace`.execute(db)
      ).rows.map((row) => row.proname);

    it('creates the function of this code once, named by its text', async () => {
      const { name, create } = postgresPlacingFunction(app.db);
      expect(postgresPlacingFunction(app.db).name).toBe(name);
      expect(create).toContain(`create function ${name}(orders jsonb, lock_first boolean)`);
      // The app above has placed orders: its function is there, and only it.
      expect(await placingFunctions()).toEqual([name]);
    });

    it('places a large group in one statement, at most MAX_POSTGRES_GROUP orders each', async () => {
      const tool = await makeTool(app, { available: 1_000 });
      const before = placementGroupsOf(app.db, app.dialect).stats.groups;
      const runAgain = postgresGroupsRunAgain(app.db);
      const answers = await Promise.all(Array.from({ length: 120 }, (_, n) => place(buyers[n % 3]!, orderBody(tool.id, 2))));
      expect(answers.every((res) => res.statusCode === 201)).toBe(true);
      const { stats } = placementGroupsOf(app.db, app.dialect);
      expect(stats.largest).toBeLessThanOrEqual(MAX_POSTGRES_GROUP);
      expect(stats.groups - before).toBeLessThan(120);
      expect(await stockOf(app, tool.id)).toBe(1_000 - 240);
      // Two groups at once took stock of the same tool, each decided on the stock it read: the
      // first to write left enough for the second, which therefore stood as decided.
      expect(postgresGroupsRunAgain(app.db)).toBe(runAgain);
      expect(await findInvariantViolations(app.db)).toEqual([]);
    });

    /**
     * Places `orders` while another transaction holds a change to the tool uncommitted (`change`,
     * and a stock correction of `stockDelta` in the ledger): the group reads the tool as it was,
     * decides its orders on that, and waits to lock the tool; the change is committed once the
     * group waits. Answers the placements' answers.
     */
    async function placeWhileChanging(
      toolId: number,
      { stockDelta = 0, ...change }: Record<string, unknown> & { stockDelta?: number },
      orders: Array<() => Promise<LightMyRequestResponse>>,
    ) {
      const { answers } = await app.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('tool')
          .set({ ...change, available: sql`available + ${stockDelta}` })
          .where('id', '=', toolId)
          .execute();
        if (stockDelta !== 0) await insertStockAdjustment(trx, { toolId, delta: stockDelta, reason: 'correction', userId: null });
        const { rows: mine } = await sql<{
          xid: string;
        }>`select backend_xid::text as xid from pg_stat_activity where pid = pg_backend_pid()`.execute(trx);
        const answering = Promise.all(orders.map((order) => order()));
        // The group waits for this transaction (the tool's lock) once it has decided its orders;
        // only it does (other test files share the database, not this transaction).
        for (let waited = 0; ; waited += 10) {
          const { rows } = await sql<{ n: number }>`select count(*)::integer as n from pg_locks
            where locktype = 'transactionid' and transactionid = ${mine[0]?.xid}::xid and not granted`.execute(app.db);
          if (Number(rows[0]?.n) > 0) break;
          if (waited > 10_000) throw new Error('the group never waited for the tool');
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        // Wrapped: the transaction commits when this returns, not once the placements are answered.
        return { answers: answering };
      });
      return answers;
    }

    /**
     * Each race: the tool, the change committed while a group decides, each order's quantity (a
     * buyer each), and what comes of it (the tool's price is 1,250 cents unless said).
     */
    const races = [
      {
        // Read as 10, all three fit; decided again on 2, the third is refused.
        race: 'a group decided on stock that ran short meanwhile is decided again on the stock as it is',
        tool: { available: 10 },
        change: { stockDelta: -8 },
        quantities: [1, 1, 1],
        runAgain: 1,
        answers: [201, 201, 409],
        totals: [1_250, 1_250],
        stock: 0,
      },
      {
        race: 'a group decided on a price changed meanwhile is decided again at the new price',
        tool: { available: 10, priceCents: 1_000 },
        change: { price_cents: 1_500 },
        quantities: [2, 2],
        runAgain: 1,
        answers: [201, 201],
        totals: [3_000, 3_000],
        stock: 6,
      },
      {
        // Read as 1, the second is refused; with 5 now, both are placed.
        race: 'a group that refused an order for stock is decided again when stock came back meanwhile',
        tool: { available: 1 },
        change: { stockDelta: 4 },
        quantities: [1, 1],
        runAgain: 1,
        answers: [201, 201],
        totals: [1_250, 1_250],
        stock: 3,
      },
      {
        race: 'a group whose tools changed in ways its orders do not read stands as decided',
        tool: { available: 10 },
        change: { description: 'A drill, described again', stockDelta: -2 },
        quantities: [3, 3],
        runAgain: 0,
        answers: [201, 201],
        totals: [3_750, 3_750],
        stock: 2,
      },
    ];

    for (const { race, tool: stock, change, quantities, runAgain, answers, totals, stock: left } of races) {
      it(`${race} (decision 024)`, async () => {
        const tool = await makeTool(app, stock);
        const before = postgresGroupsRunAgain(app.db);
        const placed = await placeWhileChanging(
          tool.id,
          change,
          quantities.map((quantity, n) => () => place(buyers[n]!, orderBody(tool.id, quantity))),
        );
        expect(postgresGroupsRunAgain(app.db)).toBe(before + runAgain);
        expect(placed.map((res) => res.statusCode).sort()).toEqual(answers);
        // The placed orders' totals: at the price as it is when they are placed.
        expect(placed.filter((res) => res.statusCode === 201).map((res) => res.json().totalCents)).toEqual(totals);
        expect(await stockOf(app, tool.id)).toBe(left);
        expect(await findInvariantViolations(app.db)).toEqual([]);
      });
    }

    it('two servers placing orders of the same tools at once never deadlock, and the function is created once', async () => {
      const env = { LOG_LEVEL: 'silent', MAX_UNPAID_ORDERS_PER_BUYER: '0' };
      const shared = await createSharedDatabase(env);
      try {
        const second = await shared.another(env);
        await signUpAdmin(shared.first);
        const buyer = await signUp(shared.first);
        const a = await makeTool(shared.first, { available: 10_000 });
        const b = await makeTool(shared.first, { available: 10_000 });
        const deadlocks = async () => {
          await sql`select pg_stat_clear_snapshot()`.execute(shared.first.db);
          const { rows } = await sql<{ n: number }>`select deadlocks as n from pg_stat_database where datname = current_database()`.execute(
            shared.first.db,
          );
          return Number(rows[0]?.n);
        };
        const before = await deadlocks();
        // Orders of a alone, of b alone and of both, in every order, through both servers: a
        // group takes them in whatever order they came. Were the tools locked order by order, one
        // server's group would hold a and wait for b while the other's held b and waited for a.
        const payloads = [[a.id], [b.id], [a.id, b.id], [b.id, a.id]].map((ids) => ({
          lines: ids.map((toolId) => ({ toolId, quantity: 1 })),
          phone: '+1 555 010 2030',
          address: '1 Crossing Way',
        }));
        for (let round = 0; round < 3; round += 1) {
          const answers = await Promise.all(
            Array.from({ length: 160 }, (_, n) =>
              as(n % 2 ? second : shared.first, buyer, { method: 'POST', url: '/api/orders', payload: payloads[(n * 7 + round) % 4] }),
            ),
          );
          expect(answers.filter((res) => res.statusCode !== 201).map((res) => res.body)).toEqual([]);
        }
        // Each of a and b: 3 rounds x (40 alone + 80 with the other) pieces.
        expect(await stockOf(shared.first, a.id)).toBe(10_000 - 360);
        expect(await stockOf(shared.first, b.id)).toBe(10_000 - 360);
        expect(await findInvariantViolations(shared.first.db)).toEqual([]);
        expect(await placingFunctions(shared.first.db)).toHaveLength(1);
        // PostgreSQL reports a backend's statistics within a second or so.
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        expect(await deadlocks()).toBe(before);
      } finally {
        await shared.close();
      }
    });

    it('cancelling an order never waits for an order of the same tool being placed, so the two cannot deadlock', async () => {
      const tool = await makeTool(app, { available: 10 });
      const placed = await place(buyers[0]!, orderBody(tool.id, 2));
      expect(placed.statusCode).toBe(201);
      const outcome = await app.db
        .transaction()
        .execute(async (trx) => {
          // An order of the tool being placed: inserting its line takes the foreign key's lock on
          // the tool row (FOR KEY SHARE), held until the group commits, taken in the order of the
          // lines. A cancel that locked the tool FOR UPDATE waited behind it, and a cycle with the
          // groups of two servers was a deadlock (the crash test's cluster phase, a 500).
          await sql`select 1 from tool where id = ${tool.id} for key share`.execute(trx);
          const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
          const holder = rows[0]!.pid;
          const cancelling = { settled: false };
          const cancel = as(app, buyers[0]!, { method: 'DELETE', url: `/api/orders/${placed.json().id}` }).finally(() => {
            cancelling.settled = true;
          });
          // Whichever comes first: the cancel's answer, or the cancel waiting for this transaction.
          const blocked = (async () => {
            while (!cancelling.settled) {
              const waiting = await sql<{ n: number }>`
              select count(*)::integer as n from pg_stat_activity where ${holder} = any(pg_blocking_pids(pid))`.execute(app.db);
              if (waiting.rows[0]!.n > 0) return 'waited for the order being placed' as const;
              await new Promise((resolve) => setTimeout(resolve, 10));
            }
            return 'answered' as const;
          })();
          const first = await Promise.race([cancel.then(() => 'answered' as const), blocked]);
          // Rolling back lets a waiting cancel go on, so the test ends either way.
          if (first !== 'answered') throw Object.assign(new Error(first), { first });
          return { first, res: await cancel };
        })
        .catch((error: { first?: string }) => ({ first: error.first ?? String(error), res: undefined }));
      expect(outcome.first).toBe('answered');
      expect(outcome.res?.statusCode).toBe(200);
      expect(await stockOf(app, tool.id)).toBe(10);
    });

    it('creates the function again when it is gone', async () => {
      const tool = await makeTool(app, { available: 10 });
      const [name] = await placingFunctions();
      await sql.raw(`drop function ${name}(jsonb, boolean)`).execute(app.db);
      // The group that finds it gone fails (nothing stored); the next creates it and places.
      const first = await place(buyers[0]!, orderBody(tool.id, 1));
      expect(first.statusCode).toBe(500);
      const second = await place(buyers[0]!, orderBody(tool.id, 1));
      expect(second.statusCode).toBe(201);
      expect(await placingFunctions()).toEqual([name]);
      expect(await stockOf(app, tool.id)).toBe(9);
    });
  });
});
