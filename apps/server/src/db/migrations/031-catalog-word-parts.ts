import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connect.ts';
import { SHORTEST_PART } from '../search-parts.ts';
import { dropSqliteSearch } from './008-catalog.ts';
import { remakeSearchColumn } from './024-catalog-name-keys.ts';
import { newestFirstSearch } from './025-catalog-newest-first.ts';
import { catalogSearchLiveOnly } from './029-catalog-search-live-only.ts';

/** Migration 026's prefix indexes and keys: 1 to 12 characters; also the longest part key here. */
const LONGEST_KEY = 12;

/**
 * A search word is also found inside a word of a tool's name or SKU: "saw" finds the Jigsaw and
 * the Hacksaw, "driver" the Screwdriver, "771" the SKU DCD771C2. Only words starting a word were
 * found before. The search ranks these matches last (tools.repository.ts). The index holds each
 * name and SKU word's parts (db/search-parts.ts): SQLite as a fourth column of its search index,
 * `parts`, which its triggers fill through the app's function `tool_search_parts`; PostgreSQL as
 * keys of its `search` tsvector marked `~`, every 3 to 12 characters of a word that do not start
 * it (`~igs`, `~igsa`, `~igsaw`, `~gsa`, `~gsaw`, `~saw`), so a word of 3 to 12 characters found
 * inside one is a single key of the GIN index, as its prefixes are. Every tool is indexed again.
 */
export function catalogWordParts(dialect: DialectName): Migration {
  return {
    async up(db) {
      if (dialect === 'sqlite') await sqliteSearchWithParts(db);
      else await postgresPartKeys(db);
    },
    async down(db) {
      if (dialect === 'sqlite') {
        // The index as migration 029 left it (a shipped migration is never edited, so theirs are called).
        await dropSqliteSearch(db);
        await newestFirstSearch(db, LONGEST_KEY);
        await catalogSearchLiveOnly('sqlite').up(db);
        return;
      }
      await searchText(db, false);
      await remakeSearchColumn(db);
      await sql`drop function tool_search_part_keys(tsvector)`.execute(db);
    },
  };
}

/** FTS5's prefix option: an index for every prefix length from 1 character to LONGEST_KEY. */
const PREFIX_LENGTHS = Array.from({ length: LONGEST_KEY }, (_, n) => n + 1).join(' ');

/** SQLite: the search index with its `parts` column, its triggers (the live tools only, as 029), and every live tool in it. */
async function sqliteSearchWithParts(db: Kysely<any>): Promise<void> {
  await dropSqliteSearch(db);
  await sql`create virtual table tool_fts using fts5(
    name, sku, description, parts,
    content = '', contentless_delete = 1,
    tokenize = 'unicode61 remove_diacritics 2',
    prefix = ${sql.lit(PREFIX_LENGTHS)}
  )`.execute(db);
  await sql`create trigger tool_fts_insert after insert on tool when new.deleted_at is null begin
    insert into tool_fts (rowid, name, sku, description, parts)
      values (-new.id, new.name, new.sku, new.description, tool_search_parts(new.name, new.sku));
  end`.execute(db);
  // A change of the searched text or of `deleted_at`; stock moves on every order leave the index alone.
  await sql`create trigger tool_fts_update after update of name, sku, description, deleted_at on tool begin
    delete from tool_fts where rowid = -old.id;
    insert into tool_fts (rowid, name, sku, description, parts)
      select -new.id, new.name, new.sku, new.description, tool_search_parts(new.name, new.sku) where new.deleted_at is null;
  end`.execute(db);
  await sql`create trigger tool_fts_delete after delete on tool begin
    delete from tool_fts where rowid = -old.id;
  end`.execute(db);
  await sql`insert into tool_fts (rowid, name, sku, description, parts)
    select -id, name, sku, description, tool_search_parts(name, sku) from tool where deleted_at is null`.execute(db);
}

/**
 * PostgreSQL: the `~` keys of the name and SKU words' parts in the `search` tsvector, and the
 * column made again. The function runs without JIT: the planner guesses 1,000 rows for each
 * generate_series whose bounds it cannot see, so it costs the query over the JIT threshold and
 * compiled it on every call, 4 ms a tool (0.06 ms without).
 */
async function postgresPartKeys(db: Kysely<any>): Promise<void> {
  await sql`create function tool_search_part_keys(words tsvector) returns tsvector
    language sql immutable parallel safe set jit = off
    return (
      select coalesce(string_agg(distinct quote_literal('~' || substr(w, s, n)), ' '), '')::tsvector
      from unnest(tsvector_to_array(words)) w,
        generate_series(2, length(w) - ${sql.lit(SHORTEST_PART - 1)}) s,
        generate_series(${sql.lit(SHORTEST_PART)}, least(${sql.lit(LONGEST_KEY)}, length(w) - s + 1)) n
    )`.execute(db);
  await searchText(db, true);
  await remakeSearchColumn(db);
}

/** PostgreSQL: `tool_search_text` as migration 024 made it, with the parts' keys (up) or without (down). */
async function searchText(db: Kysely<any>, withParts: boolean): Promise<void> {
  const parts = withParts ? sql` || tool_search_part_keys(tool_search_words(name) || tool_search_words(sku))` : sql``;
  await sql`create or replace function tool_search_text(name text, sku text, description text) returns tsvector
    language sql immutable parallel safe
    return
      setweight(tool_search_words(name) || tool_search_prefixes(tool_search_words(name)), 'A') ||
      setweight(tool_search_words(sku) || tool_search_prefixes(tool_search_words(sku)), 'A') ||
      setweight(tool_search_words(description) || tool_search_prefixes(tool_search_words(description)), 'C') ||
      tool_search_name_prefixes(tool_search_words(name) || tool_search_words(sku))${parts}`.execute(db);
}
