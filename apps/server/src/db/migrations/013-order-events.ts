import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connect.ts';

/**
 * An order's history (issue 15): one `order_event` row written with each change, in the same
 * statement or transaction: placed, paid (the transaction id), shipped, cancelled (by its buyer,
 * an admin, or the store: the expiry, a user's removal, a tool's deletion). `actor` says who:
 * buyer, admin or store; `actor_id` the user when there is one. Existing orders get the events
 * their timestamps record, marked as taken from the order's record.
 */
export function orderEvents(dialect: DialectName): Migration {
  const pg = dialect === 'postgres';
  const id = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('order_event')
        .addColumn('id', 'integer', id)
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('placed', 'paid', 'shipped', 'cancelled')`))
        .addColumn('at', pg ? 'timestamptz' : 'text', (c) => c.notNull())
        .addColumn('actor', 'text', (c) => c.notNull().check(sql`actor in ('buyer', 'admin', 'store')`))
        .addColumn('actor_id', 'text')
        .addColumn('note', 'text')
        .execute();
      await db.schema.createIndex('order_event_order_idx').on('order_event').columns(['order_id', 'id']).execute();
      const note = "'from the order''s record'";
      await sql
        .raw(
          `
        insert into order_event (order_id, kind, at, actor, actor_id, note)
        select id, 'placed', created_at, 'buyer', user_id, ${note} from orders
        union all select id, 'paid', paid_at, 'buyer', user_id, transaction_id from orders where paid_at is not null
        union all select id, 'shipped', shipped_at, 'admin', null, ${note} from orders where shipped_at is not null
        union all select id, 'cancelled', cancelled_at, 'store', null, ${note} from orders where cancelled_at is not null`,
        )
        .execute(db);
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('order_event').execute();
    },
  };
}
