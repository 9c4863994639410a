import { sql, type Migration } from 'kysely';
import type { DialectName } from '../connect.ts';
import { dropSqliteSearch } from './008-catalog.ts';
import { newestFirstSearch } from './025-catalog-newest-first.ts';

/** Migration 026's prefix indexes: 1 to 12 characters. */
const LONGEST_PREFIX_OF_026 = 12;

/**
 * Issue 12, item 6: SQLite's search index holds the live tools only. A deleted tool keeps its row
 * (its orders name it) and kept its place in the index, so counting a search's matches read
 * every match's tool row to leave the deleted ones out: at 100,000 tools, counting the first
 * 1,001 matches of one word took 455 us that way and 74 us from the index alone. Deleting a
 * tool (setting `deleted_at`) now takes it out of the index, and the count of a search with no
 * other filter reads the index alone (tools.repository.ts, countQuery). PostgreSQL's count reads
 * the rows either way (its search index cannot answer which rows are visible): nothing changes
 * there.
 */
export function catalogSearchLiveOnly(dialect: DialectName): Migration {
  return {
    async up(db) {
      if (dialect !== 'sqlite') return;
      await sql`drop trigger tool_fts_insert`.execute(db);
      await sql`drop trigger tool_fts_update`.execute(db);
      await sql`create trigger tool_fts_insert after insert on tool when new.deleted_at is null begin
        insert into tool_fts (rowid, name, sku, description) values (-new.id, new.name, new.sku, new.description);
      end`.execute(db);
      // A change of the searched text or of `deleted_at`; stock moves on every order still leave the index alone.
      await sql`create trigger tool_fts_update after update of name, sku, description, deleted_at on tool begin
        delete from tool_fts where rowid = -old.id;
        insert into tool_fts (rowid, name, sku, description)
          select -new.id, new.name, new.sku, new.description where new.deleted_at is null;
      end`.execute(db);
      await sql`delete from tool_fts where rowid in (select -id from tool where deleted_at is not null)`.execute(db);
    },
    async down(db) {
      if (dialect !== 'sqlite') return;
      // The index as migration 026 left it: its triggers, every tool in it (a shipped migration
      // is never edited, so theirs are called, not shared).
      await dropSqliteSearch(db);
      await newestFirstSearch(db, LONGEST_PREFIX_OF_026);
    },
  };
}
