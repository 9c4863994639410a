import { sql, type Migration } from 'kysely';
import type { DialectName } from '../connect.ts';

/** The order search's trigram indexes (migration 017): where they are, when pg_trgm was there. */
export const ORDER_SEARCH_INDEXES = ['orders_search_trgm_idx', 'order_line_search_trgm_idx'] as const;

/** Their pending list, in kB: PostgreSQL's default (`gin_pending_list_limit`) is 4,096. */
export const ORDER_SEARCH_PENDING_LIST_KB = 256;

/**
 * PostgreSQL: the order search's trigram indexes keep a pending list of 256 kB, not 4 MB. A GIN
 * index adds a new row's keys to its pending list, and the insert that takes the list past its
 * limit moves the whole list into the index, in the transaction placing the orders. An order
 * adds about 30 trigrams for its buyer and 30 a line, so in a flash sale (3,000 orders a second) the
 * default 4 MB filled every 2 seconds and its move held the group of orders that paid for it,
 * and the 200 buyers behind it, 40 to 60 ms more: the sale's p99 went from 85 to 110 ms. A
 * list of 256 kB is moved 16 times as often, each time a sixteenth of the work, too short to be
 * seen; without a pending list (`fastupdate = off`) every order writes its keys into the index
 * and the sale went from 3,100 to 2,100 orders a second (docs/performance.md). Autovacuum
 * moves the list too, as before. SQLite has no such index (its order search is a scan).
 */
export function orderSearchShortPendingLists(dialect: DialectName): Migration {
  return {
    async up(db) {
      if (dialect !== 'postgres') return;
      for (const index of ORDER_SEARCH_INDEXES) {
        await sql`alter index if exists ${sql.ref(index)} set (gin_pending_list_limit = ${sql.raw(String(ORDER_SEARCH_PENDING_LIST_KB))})`.execute(
          db,
        );
      }
    },
    async down(db) {
      if (dialect !== 'postgres') return;
      for (const index of ORDER_SEARCH_INDEXES) {
        await sql`alter index if exists ${sql.ref(index)} reset (gin_pending_list_limit)`.execute(db);
      }
    },
  };
}
