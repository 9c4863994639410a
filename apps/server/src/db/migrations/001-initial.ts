import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connect.ts';

/**
 * The store's tables. better-auth's own tables (user, session, account, verification,
 * rateLimit) are created before this runs, by better-auth's migrator.
 */
export function initial(dialect: DialectName): Migration {
  const pg = dialect === 'postgres';
  const ts = pg ? 'timestamptz' : 'text';
  const id = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());

  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('tool')
        .addColumn('id', 'integer', id)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('img', 'text', (c) => c.notNull())
        .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql`price_cents >= 0`))
        .addColumn('available', 'integer', (c) => c.notNull().check(sql`available >= 0`))
        .addColumn('minimum', 'integer', (c) => c.notNull().check(sql`minimum >= 1`))
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .addColumn('deleted_at', ts)
        .execute();
      // Newest first over the live catalog.
      await db.schema
        .createIndex('tool_live_newest_idx')
        .on('tool')
        .column('id desc' as never)
        .where(sql.ref('deleted_at'), 'is', null)
        .execute();

      await db.schema
        .createTable('stock_adjustment')
        .addColumn('id', 'integer', id)
        .addColumn('tool_id', 'integer', (c) => c.notNull().references('tool.id'))
        .addColumn('delta', 'integer', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull().check(sql`reason in ('initial', 'restock', 'correction')`))
        .addColumn('user_id', 'text', (c) => c.references('user.id'))
        .addColumn('created_at', ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('stock_adjustment_tool_idx').on('stock_adjustment').column('tool_id').execute();

      await db.schema
        .createTable('orders')
        .addColumn('id', 'integer', id)
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id'))
        .addColumn('tool_id', 'integer', (c) => c.notNull().references('tool.id'))
        .addColumn('tool_name', 'text', (c) => c.notNull())
        .addColumn('unit_price_cents', 'integer', (c) => c.notNull().check(sql`unit_price_cents >= 0`))
        .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 1`))
        .addColumn('buyer_email', 'text', (c) => c.notNull())
        .addColumn('buyer_name', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('unpaid', 'paid', 'shipped', 'cancelled')`))
        .addColumn('transaction_id', 'text')
        .addColumn('idempotency_key', 'text')
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .addColumn('paid_at', ts)
        .addColumn('shipped_at', ts)
        .addColumn('cancelled_at', ts)
        .addCheckConstraint('orders_paid_has_transaction', sql`status not in ('paid', 'shipped') or transaction_id is not null`)
        .addUniqueConstraint('orders_user_idempotency_key', ['user_id', 'idempotency_key'])
        .execute();
      await db.schema.createIndex('orders_user_idx').on('orders').columns(['user_id', 'id']).execute();
      await db.schema.createIndex('orders_tool_idx').on('orders').column('tool_id').execute();
      await db.schema.createIndex('orders_status_idx').on('orders').column('status').execute();

      await db.schema
        .createTable('payment_intent')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
        .addColumn('gateway', 'text', (c) => c.notNull().check(sql`gateway in ('sandbox', 'stripe')`))
        .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents >= 0`))
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('requires_payment_method', 'processing', 'succeeded', 'failed', 'canceled')`),
        )
        .addColumn('client_secret', 'text', (c) => c.notNull())
        .addColumn('last_error', 'text')
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('payment_intent_order_idx').on('payment_intent').column('order_id').execute();
      // At most one succeeded intent per order.
      await db.schema
        .createIndex('payment_intent_one_success_idx')
        .on('payment_intent')
        .column('order_id')
        .unique()
        .where(sql.ref('status'), '=', 'succeeded')
        .execute();

      await db.schema
        .createTable('payment_event')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('received_at', ts, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('review')
        .addColumn('id', 'integer', id)
        .addColumn('user_id', 'text', (c) => c.references('user.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('rating', 'integer', (c) => c.notNull().check(sql`rating between 1 and 5`))
        .addColumn('img', 'text', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('deleted_at', ts)
        .execute();

      await db.schema
        .createTable('profile')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('user.id'))
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('education', 'text', (c) => c.notNull())
        .addColumn('linkedin', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('contact_message')
        .addColumn('id', 'integer', id)
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('ip', 'text')
        .addColumn('created_at', ts, (c) => c.notNull())
        .execute();
    },
  };
}
