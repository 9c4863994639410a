import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The refunds left pending (decision 025), for the sweep that finishes them every few minutes:
 * a partial index of the orders marked and not refunded, which are few (none, most of the time),
 * so the sweep reads nothing else however many orders the store holds.
 */
export const pendingRefundsIndex: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createIndex('orders_pending_refund_idx')
      .on('orders')
      .column('refund_requested_at')
      .where(sql.ref('refund_requested_at'), 'is not', null)
      .where(sql.ref('refund_id'), 'is', null)
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('orders_pending_refund_idx').execute();
  },
};
