import { sql, type Kysely, type Migration } from 'kysely';

/**
 * At most one open (not yet succeeded, failed or canceled) payment intent per order, so two
 * payment pages opened at once share one intent instead of making two.
 */
export const paymentIntentOneOpen: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createIndex('payment_intent_one_open_idx')
      .on('payment_intent')
      .column('order_id')
      .unique()
      .where(sql<boolean>`status in ('requires_payment_method', 'processing')`)
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('payment_intent_one_open_idx').execute();
  },
};
