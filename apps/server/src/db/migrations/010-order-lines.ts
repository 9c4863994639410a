import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connect.ts';

/**
 * Orders of many tools (issue 14): an order's lines in `order_line` (tool, its name and SKU
 * when ordered, quantity, the unit price its tier gave), numbered from 0 in the order the buyer
 * listed them. Existing orders get their one line. The order keeps its columns as a summary:
 * tool_id, tool_name and unit_price_cents of its first line, quantity = all its pieces, and
 * now total_cents (what it costs, what a payment takes), line_count and the buyer's own
 * purchase-order reference, po_number.
 *
 * On PostgreSQL, `toolsify_refuse_order()` raises the error that undoes a placing statement
 * whose lines were not all taken (orders.repository.ts: one statement, all or nothing).
 */
export function orderLines(dialect: DialectName): Migration {
  const pg = dialect === 'postgres';
  const id = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('order_line')
        .addColumn('id', 'integer', id)
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
        .addColumn('line_no', 'integer', (c) => c.notNull().check(sql`line_no >= 0`))
        .addColumn('tool_id', 'integer', (c) => c.notNull().references('tool.id'))
        .addColumn('tool_name', 'text', (c) => c.notNull())
        .addColumn('sku', 'text', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 1`))
        .addColumn('unit_price_cents', 'integer', (c) => c.notNull().check(sql`unit_price_cents >= 0`))
        .addUniqueConstraint('order_line_order_no', ['order_id', 'line_no'])
        .execute();
      await db.schema.createIndex('order_line_tool_idx').on('order_line').columns(['tool_id', 'order_id']).execute();

      await db.schema.alterTable('orders').addColumn('total_cents', 'bigint').execute();
      await sql`update orders set total_cents = unit_price_cents * quantity`.execute(db);
      if (pg) {
        await db.schema
          .alterTable('orders')
          .alterColumn('total_cents', (c) => c.setNotNull())
          .execute();
      }
      await db.schema
        .alterTable('orders')
        .addColumn('line_count', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.alterTable('orders').addColumn('po_number', 'text').execute();
      await sql`
        insert into order_line (order_id, line_no, tool_id, tool_name, sku, quantity, unit_price_cents)
        select o.id, 0, o.tool_id, o.tool_name, coalesce(t.sku, ''), o.quantity, o.unit_price_cents
        from orders o left join tool t on t.id = o.tool_id
        order by o.id`.execute(db);
      if (pg) {
        await sql`
          create function toolsify_refuse_order() returns integer language plpgsql as $$
          begin
            raise exception 'toolsify: order refused' using errcode = 'P0001';
          end $$`.execute(db);
      }
    },
    async down(db: Kysely<any>) {
      if (pg) await sql`drop function if exists toolsify_refuse_order()`.execute(db);
      await db.schema.dropTable('order_line').execute();
      for (const column of ['po_number', 'line_count', 'total_cents']) await db.schema.alterTable('orders').dropColumn(column).execute();
    },
  };
}
