import { type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connect.ts';

/**
 * Issue 18, items 5 and 10:
 *
 * - `orders.carrier` and `orders.tracking_number`: what the admin said when shipping an order
 *   (both optional), shown on the order and in the buyer's "shipped" email.
 * - `stock_alert`: a signed-in buyer's "Email me when it is back" on an out-of-stock tool, one
 *   row per (tool, user). When the tool's stock comes back (a restock, a cancelled order's stock
 *   returned), every row of the tool becomes an email in the outbox and is deleted, in the same
 *   transaction: each subscriber hears of it once. The unique index answers the lookup by tool;
 *   the user index, a buyer's own list.
 */
export function shipmentsAndStockAlerts(dialect: DialectName): Migration {
  const pg = dialect === 'postgres';
  const id = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('orders').addColumn('carrier', 'text').execute();
      await db.schema.alterTable('orders').addColumn('tracking_number', 'text').execute();
      await db.schema
        .createTable('stock_alert')
        .addColumn('id', 'integer', id)
        .addColumn('tool_id', 'integer', (c) => c.notNull().references('tool.id'))
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('created_at', pg ? 'timestamptz' : 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('stock_alert_tool_user_idx').unique().on('stock_alert').columns(['tool_id', 'user_id']).execute();
      await db.schema.createIndex('stock_alert_user_idx').on('stock_alert').columns(['user_id', 'id']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('stock_alert').execute();
      await db.schema.alterTable('orders').dropColumn('tracking_number').execute();
      await db.schema.alterTable('orders').dropColumn('carrier').execute();
    },
  };
}
