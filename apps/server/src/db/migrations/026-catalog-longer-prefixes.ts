import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connect.ts';
import { dropSqliteSearch } from './008-catalog.ts';
import { remakeSearchColumn } from './024-catalog-name-keys.ts';
import { newestFirstSearch } from './025-catalog-newest-first.ts';

/** The longest search word that is one key of the index: this migration's, and what the catalog's queries rely on. */
const LONGEST_PREFIX = 12;
/** Migrations 008 to 025. */
const LONGEST_PREFIX_BEFORE = 6;

/**
 * Issue 12, item 6: every search word is a prefix, and the indexes kept every word's first 1 to
 * 6 characters as keys of their own. A longer word ("grinder", "cordless") was a prefix query
 * over the whole index: SQLite's FTS5 gathers the list of every word it starts into one before
 * reading the first match (115 against 50 us for "grinder" at 100,000 tools), and PostgreSQL
 * checked the word in full in each candidate's tsvector. The keys now go to 12 characters, so
 * such words are one list on both databases; longer ones ("reciprocating") are found as before.
 * The index grows by the keys of the words of 7 to 12 characters only (4 % on the benchmark's
 * catalog); every tool is indexed again (a few seconds per 100,000 tools).
 */
export function catalogLongerPrefixes(dialect: DialectName): Migration {
  const to = async (db: Kysely<any>, longest: number) => {
    if (dialect === 'sqlite') {
      await dropSqliteSearch(db);
      await newestFirstSearch(db, longest);
    } else {
      await postgresPrefixKeys(db, longest);
      await remakeSearchColumn(db);
    }
  };
  return {
    up: (db) => to(db, LONGEST_PREFIX),
    down: (db) => to(db, LONGEST_PREFIX_BEFORE),
  };
}

/** PostgreSQL: each word's first 1 to `longest` characters as keys, `_` for any column (position 1, as 008), `^` for name and SKU (024). */
async function postgresPrefixKeys(db: Kysely<any>, longest: number): Promise<void> {
  await sql`create or replace function tool_search_prefixes(words tsvector) returns tsvector
    language sql immutable parallel safe
    return (
      select coalesce(string_agg(distinct quote_literal('_' || left(w, n)) || ':1', ' '), '')::tsvector
      from unnest(tsvector_to_array(words)) w, generate_series(1, least(${sql.lit(longest)}, length(w))) n
    )`.execute(db);
  await sql`create or replace function tool_search_name_prefixes(words tsvector) returns tsvector
    language sql immutable parallel safe
    return (
      select coalesce(string_agg(distinct quote_literal('^' || left(w, n)), ' '), '')::tsvector
      from unnest(tsvector_to_array(words)) w, generate_series(1, least(${sql.lit(longest)}, length(w))) n
    )`.execute(db);
}
