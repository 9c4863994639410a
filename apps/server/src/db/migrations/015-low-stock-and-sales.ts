import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Low stock and the sales dashboard (issue 16):
 *
 * - `tool.low_stock_threshold`: the stock at or under which the admin wants to hear of a tool
 *   (null: never). A partial index holds only the tools that have one, so counting and listing
 *   the tools at or under it reads those, not the whole catalog.
 * - Indexes on `orders.paid_at` (revenue by the day it was paid) and `orders.created_at` (orders
 *   placed in a range), so the dashboard's figures read a range, not every order.
 */
export const lowStockAndSales: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('tool')
      .addColumn('low_stock_threshold', 'integer', (c) => c.check(sql`low_stock_threshold is null or low_stock_threshold >= 0`))
      .execute();
    await db.schema
      .createIndex('tool_low_stock_idx')
      .on('tool')
      .columns(['available', 'id'])
      .where(sql.ref('low_stock_threshold'), 'is not', null)
      .execute();
    await db.schema.createIndex('orders_paid_at_idx').on('orders').column('paid_at').execute();
    await db.schema.createIndex('orders_created_at_idx').ifNotExists().on('orders').column('created_at').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('orders_created_at_idx').ifExists().execute();
    await db.schema.dropIndex('orders_paid_at_idx').execute();
    await db.schema.dropIndex('tool_low_stock_idx').execute();
    await db.schema.alterTable('tool').dropColumn('low_stock_threshold').execute();
  },
};
