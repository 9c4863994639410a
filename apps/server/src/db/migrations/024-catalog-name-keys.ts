import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connect.ts';

/**
 * Issue 12, item 6: PostgreSQL's catalog search finds "every word in the name or SKU" from its
 * index alone. Migration 008 told name words from description words by weight (`_grind:A`),
 * which GIN does not store: every tool holding the key anywhere was read from the table and its
 * tsvector checked, 30 to 40 ms for a word that 12 % of the tools hold in their description
 * (measured at 100,000 tools). The tsvector now also holds each name and SKU word's first 1 to 6
 * characters marked `^` (`^gr`, `^grind`), beside the `_` keys of every word, so the name tier
 * is a key lookup (0.3 to 7 ms), and "found, but not all in the name" one tsquery
 * (`_grind & !^grind`). The index leaves deleted tools out, as every catalog query does.
 * SQLite's FTS5 tells columns apart by itself: nothing changes there.
 */
export function catalogNameKeys(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== 'postgres') return;
      await sql`create function tool_search_name_prefixes(words tsvector) returns tsvector
        language sql immutable parallel safe
        return (
          select coalesce(string_agg(distinct quote_literal('^' || left(w, n)), ' '), '')::tsvector
          from unnest(tsvector_to_array(words)) w, generate_series(1, least(6, length(w))) n
        )`.execute(db);
      await sql`create or replace function tool_search_text(name text, sku text, description text) returns tsvector
        language sql immutable parallel safe
        return
          setweight(tool_search_words(name) || tool_search_prefixes(tool_search_words(name)), 'A') ||
          setweight(tool_search_words(sku) || tool_search_prefixes(tool_search_words(sku)), 'A') ||
          setweight(tool_search_words(description) || tool_search_prefixes(tool_search_words(description)), 'C') ||
          tool_search_name_prefixes(tool_search_words(name) || tool_search_words(sku))`.execute(db);
      await remakeSearchColumn(db);
    },
    async down(db: Kysely<any>) {
      if (dialect !== 'postgres') return;
      await sql`alter table tool drop column search`.execute(db);
      await sql`create or replace function tool_search_text(name text, sku text, description text) returns tsvector
        language sql immutable parallel safe
        return
          setweight(tool_search_words(name) || tool_search_prefixes(tool_search_words(name)), 'A') ||
          setweight(tool_search_words(sku) || tool_search_prefixes(tool_search_words(sku)), 'A') ||
          setweight(tool_search_words(description) || tool_search_prefixes(tool_search_words(description)), 'C')`.execute(db);
      await sql`drop function tool_search_name_prefixes(tsvector)`.execute(db);
      await sql`alter table tool add column search tsvector generated always as (tool_search_text(name, sku, description)) stored`.execute(
        db,
      );
      await sql`create index tool_search_idx on tool using gin (search)`.execute(db);
    },
  };
}

/**
 * PostgreSQL: the `search` column and its index made again from `tool_search_text` (a generated
 * column keeps what it computed, so a new function needs a new column). The index leaves
 * deleted tools out.
 */
export async function remakeSearchColumn(db: Kysely<any>): Promise<void> {
  await sql`alter table tool drop column search`.execute(db);
  await sql`alter table tool add column search tsvector generated always as (tool_search_text(name, sku, description)) stored`.execute(db);
  await sql`create index tool_search_idx on tool using gin (search) where deleted_at is null`.execute(db);
}
