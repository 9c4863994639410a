import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../connect.ts';
import { migrations } from '../migrate.ts';
import { usePostgres } from '../../test/helpers.ts';
import { findInvariantViolations } from '../../test/invariants.ts';

// SQLite only, as 008's test (PostgreSQL's migrations need better-auth's tables first).
describe.skipIf(usePostgres)('migration 010 on a store that already has orders', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = connectDatabase({ url: ':memory:' });
    // better-auth's user table, as much of it as these orders need (the app creates the real one).
    await sql`create table "user" (id text primary key, name text, email text, role text, "deletedAt" text)`.execute(handle.db);
    const upTo = (last: string) =>
      new Migrator({
        db: handle.db,
        provider: { getMigrations: async () => Object.fromEntries(Object.entries(migrations('sqlite')).filter(([name]) => name <= last)) },
      }).migrateToLatest();
    const before = await upTo('009');
    if (before.error) throw before.error;
    const now = new Date().toISOString();
    await sql`insert into "user" (id, name, email, role) values ('u1', 'Old Buyer', 'old@example.com', 'admin')`.execute(handle.db);
    const tool = await handle.db
      .insertInto('tool')
      .values({
        name: 'Old Drill',
        sku: 'OLD-1',
        description: 'd',
        img: '/x.svg',
        price_cents: 250,
        available: 90,
        minimum: 1,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await handle.db
      .insertInto('stock_adjustment')
      .values({ tool_id: tool.id, delta: 100, reason: 'initial', user_id: null, created_at: now })
      .execute();
    await sql`insert into orders (user_id, tool_id, tool_name, unit_price_cents, quantity, buyer_email, buyer_name, phone, address, status, created_at, updated_at)
      values ('u1', ${tool.id}, 'Old Drill', 250, 10, 'old@example.com', 'Old Buyer', '555 0100', 'a', 'unpaid', ${now}, ${now})`.execute(
      handle.db,
    );
    const after = await upTo('999');
    if (after.error) throw after.error;
  });
  afterAll(() => handle.db.destroy());

  it('gives every existing order its one line, its total and a line count; the invariants hold', async () => {
    const lines = await handle.db.selectFrom('order_line').selectAll().execute();
    expect(lines).toMatchObject([{ line_no: 0, tool_name: 'Old Drill', sku: 'OLD-1', quantity: 10, unit_price_cents: 250 }]);
    const order = await handle.db.selectFrom('orders').select(['total_cents', 'line_count', 'po_number']).executeTakeFirstOrThrow();
    expect(order).toEqual({ total_cents: 2_500, line_count: 1, po_number: null });
    expect(await findInvariantViolations(handle.db)).toEqual([]);
  });
});
