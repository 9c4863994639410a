import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The buyer's unpaid orders, counted on every order placed (MAX_UNPAID_ORDERS_PER_BUYER): a
 * partial index holds only unpaid orders, so the count reads a handful of entries however many
 * orders the buyer has placed over the years.
 */
export const ordersUnpaidByBuyer: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createIndex('orders_unpaid_user_idx')
      .on('orders')
      .column('user_id')
      .where(sql<boolean>`status = 'unpaid'`)
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('orders_unpaid_user_idx').execute();
  },
};
