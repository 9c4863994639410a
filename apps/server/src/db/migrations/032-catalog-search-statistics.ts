import { sql, type Migration } from 'kysely';
import type { DialectName } from '../connect.ts';

/**
 * PostgreSQL: the statistics of the search index list the keys down to about 1 tool in 1,000,
 * not 1 in 40. The catalog reads a common search's newest matches by walking the newest tools,
 * and tells a common search from a rare one by these statistics (SearchKeyStats); with
 * PostgreSQL's default statistics target (100) they listed the 1,000 or so most common keys, so
 * a key in 1 tool in 40 or fewer, a brand's name in a catalog of 40 brands, counted as rare and
 * its page read every one of its thousands of matches through the index (at 100,000 tools
 * 10 to 14 ms, against 2 to 6 ms walking). At 1,000 the table's analyze reads more rows (1.5 s
 * against 0.6 s at 100,000 tools, in autovacuum's background) and lists about 4,500 keys.
 * SQLite's search index reads its matches newest first by itself: nothing to do.
 */
export function catalogSearchStatistics(dialect: DialectName): Migration {
  return {
    async up(db) {
      if (dialect === 'postgres') {
        await sql`alter table tool alter column search set statistics 1000`.execute(db);
        // Read now, not at autovacuum's next analyze: the store's first searches use them.
        await sql`analyze tool`.execute(db);
      }
    },
    async down(db) {
      if (dialect === 'postgres') await sql`alter table tool alter column search set statistics -1`.execute(db);
    },
  };
}
