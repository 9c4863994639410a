import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connect.ts';
import { dropSqliteSearch, sqliteSearch } from './008-catalog.ts';

/**
 * Issue 12, item 6: SQLite's FTS5 walks a match list fastest in rising rowid order, and every
 * search page wants the newest tools (the highest ids) first, which it read backwards: at
 * 100,000 tools, 314 us a search against 184 in rising order. The search index now holds each
 * tool under the rowid -id (a contentless FTS5 table whose rows can be deleted, SQLite 3.43 or
 * newer, which better-sqlite3 bundles), so newest first is its own order; the tool table keeps
 * the text, the triggers keep the index in step with every write as before. PostgreSQL's index
 * has no order: nothing changes there.
 */
export function catalogNewestFirst(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== 'sqlite') return;
      await dropSqliteSearch(db);
      await newestFirstSearch(db, 6);
    },
    async down(db: Kysely<any>) {
      if (dialect !== 'sqlite') return;
      await dropSqliteSearch(db);
      await sqliteSearch(db);
    },
  };
}

/** FTS5's prefix option: an index for every prefix length from 1 character to `longest`. */
const prefixLengths = (longest: number) => Array.from({ length: longest }, (_, n) => n + 1).join(' ');

/**
 * SQLite's search index as this migration makes it (prefix indexes of 1 to `longestPrefix`
 * characters, each tool under the rowid -id), its triggers, and every tool in it.
 */
export async function newestFirstSearch(db: Kysely<any>, longestPrefix: number): Promise<void> {
  await sql`create virtual table tool_fts using fts5(
    name, sku, description,
    content = '', contentless_delete = 1,
    tokenize = 'unicode61 remove_diacritics 2',
    prefix = ${sql.lit(prefixLengths(longestPrefix))}
  )`.execute(db);
  await sql`create trigger tool_fts_insert after insert on tool begin
    insert into tool_fts (rowid, name, sku, description) values (-new.id, new.name, new.sku, new.description);
  end`.execute(db);
  // Only a change of the searched text touches the index: stock moves on every order do not.
  await sql`create trigger tool_fts_update after update of name, sku, description on tool begin
    delete from tool_fts where rowid = -old.id;
    insert into tool_fts (rowid, name, sku, description) values (-new.id, new.name, new.sku, new.description);
  end`.execute(db);
  await sql`create trigger tool_fts_delete after delete on tool begin
    delete from tool_fts where rowid = -old.id;
  end`.execute(db);
  await sql`insert into tool_fts (rowid, name, sku, description) select -id, name, sku, description from tool`.execute(db);
}
