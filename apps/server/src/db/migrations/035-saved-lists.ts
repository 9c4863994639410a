import { type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connect.ts';

/**
 * A buyer's saved lists (packages/shared/src/lists.ts): one row a list, its lines as JSON text
 * like the cart's (migration 011). `name_key` is the name in lower case: unique per buyer, so two
 * saves of one name at once cannot both make a list; the index also reads a buyer's lists.
 */
export function savedLists(dialect: DialectName): Migration {
  const pg = dialect === 'postgres';
  const id = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('saved_list')
        .addColumn('id', 'integer', id)
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_key', 'text', (c) => c.notNull())
        .addColumn('lines', 'text', (c) => c.notNull())
        .addColumn('updated_at', pg ? 'timestamptz' : 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('saved_list_user_name_idx').unique().on('saved_list').columns(['user_id', 'name_key']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('saved_list').execute();
    },
  };
}
