import { type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connect.ts';

/**
 * The tools the admins have been emailed about as low on stock (modules/low-stock): a row from
 * the email until the tool is above its threshold again (or has none, or is deleted), so each
 * fall under the threshold is told once. Apart from `tool`, whose stock moves are updates in
 * place on PostgreSQL (migration 028): the check writes here, never to the tool.
 */
export function lowStockNotices(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('low_stock_notice')
        .addColumn('tool_id', 'integer', (c) => c.primaryKey())
        .addColumn('noticed_at', dialect === 'postgres' ? 'timestamptz' : 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('low_stock_notice').execute();
    },
  };
}
