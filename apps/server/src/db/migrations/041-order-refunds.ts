import { type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connect.ts';

/**
 * Refunds of paid orders (decision 025), on the order's own row:
 *
 * - `refund_requested_at`, `refund_requested_by`, `refund_reason`: an admin asked for the
 *   order's refund and the gateway has not been heard from yet. Set before the gateway is
 *   asked, on the order's row (so shipping, a conditional update of the same row, can never
 *   ship an order whose money is on its way back); cleared if the gateway refuses the refund.
 * - `refund_id`, `refunded_at`: the gateway's refund (re_...) and when the store recorded it,
 *   set in the transaction that cancels the order and returns its stock. A refund is always
 *   the order's whole total.
 */
export function orderRefunds(dialect: DialectName): Migration {
  const time = dialect === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('orders').addColumn('refund_requested_at', time).execute();
      await db.schema.alterTable('orders').addColumn('refund_requested_by', 'text').execute();
      await db.schema.alterTable('orders').addColumn('refund_reason', 'text').execute();
      await db.schema.alterTable('orders').addColumn('refund_id', 'text').execute();
      await db.schema.alterTable('orders').addColumn('refunded_at', time).execute();
    },
    async down(db: Kysely<any>) {
      for (const column of ['refunded_at', 'refund_id', 'refund_reason', 'refund_requested_by', 'refund_requested_at']) {
        await db.schema.alterTable('orders').dropColumn(column).execute();
      }
    },
  };
}
