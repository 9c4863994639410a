import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connect.ts';

/**
 * Latin letters with accents and their plain forms: what PostgreSQL's search folds by itself
 * when the `unaccent` extension cannot be installed (it is used when it can).
 */
const ACCENTED =
  'ÀÁÂÃÄÅàáâãäåĀāĂăĄąÇçĆćĈĉĊċČčĎďĐđÈÉÊËèéêëĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĦħÌÍÎÏìíîïĨĩĪīĬĭĮįİıĴĵĶķĹĺĻļĽľĿŀŁłÑñŃńŅņŇňÒÓÔÕÖØòóôõöøŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŦŧÙÚÛÜùúûüŨũŪūŬŭŮůŰűŲųŴŵÝýÿŶŷŸŹźŻżŽž';
const PLAIN =
  'AAAAAAaaaaaaAaAaAaCcCcCcCcCcDdDdEEEEeeeeEeEeEeEeEeGgGgGgGgHhHhIIIIiiiiIiIiIiIiIiJjKkLlLlLlLlLlNnNnNnNnOOOOOOooooooOoOoOoRrRrRrSsSsSsSsTtTtTtUUUUuuuuUuUuUuUuUuUuWwYyyYyYZzZzZz';

/**
 * The catalog: every tool gets a SKU (existing tools `TS-<id>`), unique among live tools
 * without regard to case; full-text search over name, SKU and description that the database
 * keeps in step with every write by itself (SQLite: an FTS5 table fed by triggers; PostgreSQL:
 * a generated tsvector column with a GIN index); and indexes for the price and name sorts.
 */
export function catalog(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect === 'postgres') {
        await db.schema.alterTable('tool').addColumn('sku', 'text').execute();
        await sql`update tool set sku = 'TS-' || id`.execute(db);
        await db.schema
          .alterTable('tool')
          .alterColumn('sku', (c) => c.setNotNull())
          .execute();
      } else {
        // SQLite adds a NOT NULL column only with a default; every insert names the SKU.
        await db.schema
          .alterTable('tool')
          .addColumn('sku', 'text', (c) => c.notNull().defaultTo(''))
          .execute();
        await sql`update tool set sku = 'TS-' || id`.execute(db);
      }
      await sql`create unique index tool_live_sku_idx on tool (lower(sku)) where deleted_at is null`.execute(db);
      // Not the stock: every order changes it, and an index holding it would be rewritten by each
      // (on PostgreSQL, no more HOT updates): measured, orders fell from 1,100 to 600 a second.
      await sql`create index tool_live_price_idx on tool (price_cents, id) where deleted_at is null`.execute(db);
      await sql`create index tool_live_name_idx on tool (lower(name), id) where deleted_at is null`.execute(db);

      if (dialect === 'postgres') await postgresSearch(db);
      else await sqliteSearch(db);
    },
    async down(db: Kysely<any>) {
      if (dialect === 'postgres') {
        await sql`alter table tool drop column search`.execute(db);
        await sql`drop function tool_search_text(text, text, text)`.execute(db);
        await sql`drop function tool_search_prefixes(tsvector)`.execute(db);
        await sql`drop function tool_search_words(text)`.execute(db);
        await sql`drop function tool_search_unaccent(text)`.execute(db);
      } else {
        await dropSqliteSearch(db);
      }
      for (const index of ['tool_live_sku_idx', 'tool_live_price_idx', 'tool_live_name_idx']) {
        await db.schema.dropIndex(index).execute();
      }
      await db.schema.alterTable('tool').dropColumn('sku').execute();
    },
  };
}

/** Removes SQLite's search index and the triggers that feed it (this migration's down, 025's and 026's). */
export async function dropSqliteSearch(db: Kysely<any>): Promise<void> {
  for (const trigger of ['tool_fts_insert', 'tool_fts_update', 'tool_fts_delete']) {
    await sql`drop trigger ${sql.ref(trigger)}`.execute(db);
  }
  await sql`drop table tool_fts`.execute(db);
}

/**
 * FTS5 over name, SKU and description, folding case and accents; the tool table holds the text.
 * Every search word is a prefix: the prefix indexes (1 to 6 characters) answer a short word as
 * one list, where FTS5 would otherwise merge the lists of every word it starts (measured at
 * 100,000 tools: a search 30% faster on average, 10 times on a SKU prefix shared by all tools).
 */
export async function sqliteSearch(db: Kysely<any>): Promise<void> {
  await sql`create virtual table tool_fts using fts5(
    name, sku, description,
    content = 'tool', content_rowid = 'id',
    tokenize = 'unicode61 remove_diacritics 2',
    prefix = '1 2 3 4 5 6'
  )`.execute(db);
  await sql`create trigger tool_fts_insert after insert on tool begin
    insert into tool_fts (rowid, name, sku, description) values (new.id, new.name, new.sku, new.description);
  end`.execute(db);
  // Only a change of the searched text touches the index: stock moves on every order do not.
  await sql`create trigger tool_fts_update after update of name, sku, description on tool begin
    insert into tool_fts (tool_fts, rowid, name, sku, description) values ('delete', old.id, old.name, old.sku, old.description);
    insert into tool_fts (rowid, name, sku, description) values (new.id, new.name, new.sku, new.description);
  end`.execute(db);
  await sql`create trigger tool_fts_delete after delete on tool begin
    insert into tool_fts (tool_fts, rowid, name, sku, description) values ('delete', old.id, old.name, old.sku, old.description);
  end`.execute(db);
  await sql`insert into tool_fts (tool_fts) values ('rebuild')`.execute(db);
}

/**
 * A `search` tsvector generated from name and SKU (weight A) and description (weight C) with
 * the `simple` configuration (no stemming: part numbers and brand names stay as typed), accents
 * removed and punctuation turned into spaces, indexed with GIN. Beside each word it holds the
 * word's first 1 to 6 characters, marked `_` (`_g`, `_gr`... `_grinde`): a search word is then
 * an exact key of the index, where a prefix query (`grind:*`) would make GIN gather the whole
 * list of every word it starts (measured at 100,000 tools: 5 ms for a SKU prefix all tools
 * share, against under 1 ms). Words longer than 6 are checked in full on the few candidates.
 */
async function postgresSearch(db: Kysely<any>): Promise<void> {
  // unaccent, where the database lets us install it (docs/operations.md); a fixed Latin fold if not.
  await sql`do $$ begin
    create extension if not exists unaccent with schema public;
  exception when others then
    raise notice 'unaccent is not available: the catalog search folds Latin accents itself';
  end $$`.execute(db);
  const found = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'unaccent'
  `.execute(db);
  const ns = found.rows[0]?.schema;
  const unaccent = ns
    ? sql`${sql.ref(`${ns}.unaccent`)}(${sql.lit(`${ns}.unaccent`)}::regdictionary, value)`
    : sql`translate(value, ${sql.lit(ACCENTED)}, ${sql.lit(PLAIN)})`;
  await sql`create function tool_search_unaccent(value text) returns text
    language sql immutable parallel safe strict
    return ${unaccent}`.execute(db);
  await sql`create function tool_search_words(value text) returns tsvector
    language sql immutable parallel safe
    return to_tsvector('simple', regexp_replace(tool_search_unaccent(value), '[[:punct:]]+', ' ', 'g'))`.execute(db);
  await sql`create function tool_search_prefixes(words tsvector) returns tsvector
    language sql immutable parallel safe
    return (
      select coalesce(string_agg(distinct quote_literal('_' || left(w, n)) || ':1', ' '), '')::tsvector
      from unnest(tsvector_to_array(words)) w, generate_series(1, least(6, length(w))) n
    )`.execute(db);
  await sql`create function tool_search_text(name text, sku text, description text) returns tsvector
    language sql immutable parallel safe
    return
      setweight(tool_search_words(name) || tool_search_prefixes(tool_search_words(name)), 'A') ||
      setweight(tool_search_words(sku) || tool_search_prefixes(tool_search_words(sku)), 'A') ||
      setweight(tool_search_words(description) || tool_search_prefixes(tool_search_words(description)), 'C')`.execute(db);
  await sql`alter table tool add column search tsvector generated always as (tool_search_text(name, sku, description)) stored`.execute(db);
  await sql`create index tool_search_idx on tool using gin (search)`.execute(db);
}
