import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connect.ts';

/**
 * Bulk pricing and quantity rules (issue 13): a tool's price breaks (a JSON list of
 * `{ minQuantity, unitPriceCents }`, at most five, kept on the tool's row so every read of a
 * tool has them without another query: jsonb on PostgreSQL, JSON text on SQLite), its pack
 * size (the quantity is a multiple of it; existing tools: 1) and an optional maximum per order.
 * The rules between them are the shared pricingIssues, checked before every save.
 */
export function pricing(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('tool')
        .addColumn('price_breaks', dialect === 'postgres' ? 'jsonb' : 'text', (c) =>
          c
            .notNull()
            .defaultTo(sql`'[]'`)
            .check(dialect === 'postgres' ? sql`jsonb_typeof(price_breaks) = 'array'` : sql`json_type(price_breaks) = 'array'`),
        )
        .execute();
      await db.schema
        .alterTable('tool')
        .addColumn('pack_size', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(1)
            .check(sql`pack_size between 1 and 10000`),
        )
        .execute();
      await db.schema
        .alterTable('tool')
        .addColumn('max_per_order', 'integer', (c) => c.check(sql`max_per_order is null or max_per_order >= 1`))
        .execute();
    },
    async down(db: Kysely<any>) {
      for (const column of ['max_per_order', 'pack_size', 'price_breaks']) await db.schema.alterTable('tool').dropColumn(column).execute();
    },
  };
}
