import { type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connect.ts';

/**
 * A buyer's ship-to addresses (packages/shared/src/addresses.ts): one row an address, under a
 * label of the buyer's. `label_key` is the label in lower case: unique per buyer, as a saved
 * list's `name_key` (migration 035), so two saves of one label at once cannot both make an
 * address; the index also reads a buyer's addresses.
 */
export function shipToAddresses(dialect: DialectName): Migration {
  const pg = dialect === 'postgres';
  const id = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('ship_to_address')
        .addColumn('id', 'integer', id)
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('label_key', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('updated_at', pg ? 'timestamptz' : 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('ship_to_address_user_label_idx')
        .unique()
        .on('ship_to_address')
        .columns(['user_id', 'label_key'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('ship_to_address').execute();
    },
  };
}
