import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connect.ts';

/**
 * PostgreSQL: every order's stock update made an update in place again (HOT: no index written).
 * PostgreSQL updates a row in place only when no column that any index names has changed and
 * the row's page has room for the new version. Two things stood in the way, measured in the
 * bench's orders case (0 HOT updates of 10,000):
 * - The low-stock index (migration 015) held `(available, id)` for the tools with a threshold,
 *   so every stock update wrote a new entry in every index of the tool, the search index's
 *   hundred-odd keys among them (migration 008 had kept the stock out of its indexes for this
 *   reason). It now names only the id, under the same condition: the low-stock count and list
 *   still read only the tools that have a threshold, and sort those few by stock themselves.
 * - A page of tools was filled to the brim, so a tool's first update after a page filled up
 *   moved it to another page. The table now leaves a fifth of each page free (fillfactor 80)
 *   for the new versions of its rows; pages written from now on (see docs/operations.md).
 * With both, 97 % of the updates are in place (2/3 with the index alone). SQLite has no updates
 * in place to keep: its index stays.
 */
export function lowStockIndexWithoutStock(dialect: DialectName): Migration {
  const index = async (db: Kysely<any>, columns: string) => {
    await sql`drop index tool_low_stock_idx`.execute(db);
    await sql`create index tool_low_stock_idx on tool (${sql.raw(columns)}) where low_stock_threshold is not null`.execute(db);
  };
  return {
    async up(db) {
      if (dialect === 'postgres') {
        await index(db, 'id');
        await sql`alter table tool set (fillfactor = 80)`.execute(db);
      }
    },
    async down(db) {
      if (dialect === 'postgres') {
        await index(db, 'available, id');
        await sql`alter table tool reset (fillfactor)`.execute(db);
      }
    },
  };
}
