import { type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connect.ts';

/**
 * A signed-in buyer's cart (issue 14): one row per buyer, its lines as JSON text
 * (`[{ toolId, quantity }]`, at most 100, replaced whole by `PUT /api/cart`). Prices and rules
 * are not stored: the cart page applies today's.
 */
export function cart(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('cart')
        .addColumn('user_id', 'text', (c) => c.primaryKey())
        .addColumn('lines', 'text', (c) => c.notNull())
        .addColumn('updated_at', dialect === 'postgres' ? 'timestamptz' : 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('cart').execute();
    },
  };
}
