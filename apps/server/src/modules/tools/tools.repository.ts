import type { PriceBreak } from '@toolsify/shared/pricing';
import { SKU_PATTERN, type ManagedTool, type Tool } from '@toolsify/shared/tools';
import { sql, type RawBuilder } from 'kysely';
import { builtOnce, builtOncePerShape } from '../../db/built-once.ts';
import type { DialectName } from '../../db/connect.ts';
import { nowIso, toIso, PUBLIC_TOOL_COLUMNS, TOOL_COLUMNS, type PublicToolRow, type ToolRow, type Db } from '../../db/schema.ts';
import { PART_MARK, SHORTEST_PART } from '../../db/search-parts.ts';
import type { SearchKeyStats } from './tools.search-stats.ts';
import { SKU_KEY_SQL } from '../../db/migrations/036-tool-sku-key.ts';

/** A tool as Manage Products sees it: the catalog's fields and its low-stock threshold. */
export function toManagedTool(row: ToolRow): ManagedTool {
  return { ...toTool(row), lowStockThreshold: row.low_stock_threshold };
}

export function toTool(row: PublicToolRow): Tool {
  return {
    id: row.id,
    name: row.name,
    sku: row.sku,
    description: row.description,
    img: row.img,
    priceCents: row.price_cents,
    available: row.available,
    minimum: row.minimum,
    priceBreaks: priceBreaksOf(row),
    packSize: row.pack_size,
    maxPerOrder: row.max_per_order,
    category: row.category,
    createdAt: toIso(row.created_at),
  };
}

/** A tool's price breaks, read as either database gives them. */
export function priceBreaksOf(row: Pick<ToolRow, 'price_breaks'>): PriceBreak[] {
  const value = row.price_breaks;
  return typeof value === 'string' ? (JSON.parse(value) as PriceBreak[]) : value;
}

/** Price breaks as the tool row stores them: JSON text of exactly the two fields, in order. */
export function storedPriceBreaks(breaks: readonly PriceBreak[]): string {
  return JSON.stringify(breaks.map(({ minQuantity, unitPriceCents }) => ({ minQuantity, unitPriceCents })));
}

/** A page of the catalog is read after the key of the last tool of the page before. */
export type CatalogKey =
  | { sort: 'newest'; id: number }
  | { sort: 'price_asc' | 'price_desc'; price: number; id: number }
  | { sort: 'name'; name: string; id: number }
  | { sort: 'relevance'; tier: RelevanceTier; id: number };

/**
 * How well a tool matches a search, best first: 3, its SKU is the search text (any case);
 * 2, every word starts a word of its name or SKU; 1, every word starts a word, some only in its
 * description; 0, the words are found, some only inside a word of its name or SKU ("saw" in
 * "Jigsaw", see searchesInside). Within a tier, newest first.
 */
export type RelevanceTier = 0 | 1 | 2 | 3;

export interface CatalogFilter {
  /** Search words (see searchWords); none: the whole catalog. */
  words: string[];
  /** The search text as typed: a tool whose SKU is exactly this comes first. */
  text: string;
  inStock: boolean;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  /** Only the tools of this category (as stored). */
  category?: string | undefined;
  /**
   * For each word, whether it is looked for inside words (wordsFoundInside: some name or SKU
   * word holds it, not at its start); without it, every word searchesInside allows.
   */
  inside?: readonly boolean[] | undefined;
}

/** Whether the filter's word `i` is looked for inside words. */
const looksInside = (filter: CatalogFilter, i: number): boolean => filter.inside?.[i] ?? searchesInside(filter.words[i] ?? '');

export interface CatalogRow extends PublicToolRow {
  /** relevance only: the tier the tool was found in. */
  tier?: RelevanceTier;
}

/**
 * Where the words must be found. `anywhere`: each word starts a word of the tool's text or is
 * inside a word of its name or SKU (what every sort and the count read); `words`: each starts a
 * word; `name`: each starts a word of the name or SKU; `elsewhere`: each starts a word, not all
 * in the name or SKU; `inside`: found anywhere, but not each starting a word; `beyondName`: found
 * anywhere, not each starting a word of the name or SKU (the elsewhere and inside tiers).
 */
type Scope = 'anywhere' | 'words' | 'name' | 'elsewhere' | 'inside' | 'beyondName';

/**
 * The longest search word that is one key of the search index (migration 026): SQLite's FTS5
 * prefix indexes and PostgreSQL's prefix keys hold each word's first 1 to 12 characters.
 */
export const LONGEST_KEY = 12;

/**
 * Whether a search word is also looked for inside the words of names and SKUs (migration 031):
 * one of SHORTEST_PART to LONGEST_KEY characters, each such part of a word being one key of the
 * index on both databases. A shorter word would match the inside of too many words to help.
 */
export const searchesInside = (word: string): boolean => word.length >= SHORTEST_PART && word.length <= LONGEST_KEY;

/**
 * The search words as a query's values, computed outside its builder (builtOncePerShape: a
 * builder only places values, it never makes one from another).
 */
type SearchTerms = {
  /** SQLite: the FTS5 query of the words in the query's scope (sqliteMatch). */
  fts: string | undefined;
  /**
   * PostgreSQL: the words, whether each is looked for inside words (looksInside), and the words
   * longer than LONGEST_KEY as full-word queries, anywhere and in the name.
   */
  words: string[];
  inside: boolean[];
  longAnywhere: string;
  longInName: string;
};

/**
 * PostgreSQL: the tools whose `search` tsvector (migrations 008, 024, 026 and 031) holds the
 * words in `scope`. Each word's first 12 characters are an exact key of the GIN index: `_grind`
 * for a word starting a word anywhere, `^grind` for one in the name or SKU, `~grind` for one
 * inside a word of the name or SKU; so every scope (`_a & _b & !(^a & ^b)` for "elsewhere",
 * `(_a | ~a) & (_b | ~b) & !(_a & _b)` for "inside") is one index lookup, with no row read to
 * check it. A word longer than 12 (`long`) is then checked in full on the candidates (a
 * function call, which the planner does not send to the index), by weight for the name (A).
 */
function postgresMatch(terms: SearchTerms, scope: Scope, long: boolean): RawBuilder<boolean> {
  const keys = (mark: '_' | '^') => sql`(
    select string_agg(quote_literal(${mark} || left(tool_search_unaccent(w), ${LONGEST_KEY})), ' & ')
    from unnest(${terms.words}::text[]) w
  )`;
  // Each word starting a word anywhere or, where it is looked for there, inside a name or SKU word
  // (a function: a builder reads only the values its SQL takes, see builtOnce).
  const found = () => sql`(
    select string_agg(case when inside then '(' || quote_literal('_' || key) || ' | ' || quote_literal('~' || key) || ')'
      else quote_literal('_' || key) end, ' & ')
    from (select left(tool_search_unaccent(w), ${LONGEST_KEY}) as key, inside from unnest(${terms.words}::text[], ${terms.inside}::boolean[]) as x(w, inside)) k
  )`;
  const inFull = (weight: '' | 'A') =>
    sql<boolean>`ts_match_vq(t.search, to_tsquery('simple', tool_search_unaccent(${weight === 'A' ? terms.longInName : terms.longAnywhere})))`;
  const words = sql<boolean>`t.search @@ ${keys('_')}::tsquery`;
  const inName = sql<boolean>`t.search @@ ${keys('^')}::tsquery`;
  const query = (): RawBuilder<boolean> => {
    switch (scope) {
      case 'anywhere':
        return sql<boolean>`t.search @@ ${found()}::tsquery`;
      case 'words':
        return words;
      case 'name':
        return inName;
      case 'elsewhere':
        return sql<boolean>`t.search @@ (${keys('_')} || ' & !(' || ${keys('^')} || ')')::tsquery`;
      case 'inside':
        return sql<boolean>`t.search @@ (${found()} || ' & !(' || ${keys('_')} || ')')::tsquery`;
      case 'beyondName':
        return sql<boolean>`t.search @@ (${found()} || ' & !(' || ${keys('^')} || ')')::tsquery`;
    }
  };
  if (!long) return query();
  // A long word is never looked for inside words: in every scope it starts a word, checked in
  // full. Its first 12 characters in the name do not put the word there ("counterbalanced" and
  // "counterbalancer"): whether all are in the name is the keys and the full words by weight.
  if (scope === 'name') return sql<boolean>`(${inName} and ${inFull('A')})`;
  if (scope === 'elsewhere') return sql<boolean>`(${words} and ${inFull('')} and not (${inName} and ${inFull('A')}))`;
  if (scope === 'beyondName')
    return sql<boolean>`(t.search @@ ${found()}::tsquery and ${inFull('')} and not (${inName} and ${inFull('A')}))`;
  return sql<boolean>`(${query()} and ${inFull('')})`;
}

/**
 * SQLite: the FTS5 query of the tools that hold the words in `scope`. Every word is a prefix: of
 * a word of the tool's text or, where it is looked for inside words, of a part of a name or SKU
 * word, which the index holds marked by PART_MARK (db/search-parts.ts): `"saw"*` finds words
 * starting "saw" only, `"\uE000saw"*` parts only, so no scope needs to read where in the text a
 * word was found but the name's (a column filter reads every match's positions).
 */
function sqliteMatch(words: string[], inside: readonly boolean[], scope: Scope): string {
  const all = words.map((word) => `"${word}"*`).join(' ');
  const inName = `{name sku} : (${all})`;
  const found = words.map((word, i) => (inside[i] ? `("${word}"* OR "${PART_MARK}${word}"*)` : `"${word}"*`)).join(' AND ');
  switch (scope) {
    case 'anywhere':
      return found;
    case 'words':
      return all;
    case 'name':
      return inName;
    case 'elsewhere':
      return `(${all}) NOT (${inName})`;
    case 'inside':
      return `(${found}) NOT (${all})`;
    case 'beyondName':
      return `(${found}) NOT (${inName})`;
  }
}

/**
 * The form of a catalog filter: which conditions its query has (builtOncePerShape), from flags
 * and names alone. Every catalog query is built and compiled once per form and database, then
 * run with the filter's values (FilterValues): building it anew cost a search as much CPU as
 * its SQL (docs/performance.md).
 */
type FilterShape = {
  dialect: DialectName;
  /** Where the search words must be found; `none` when there are no words. */
  scope: Scope | 'none';
  /** PostgreSQL: a word is longer than LONGEST_KEY (checked in full, see postgresMatch). */
  long: boolean;
  inStock: boolean;
  min: boolean;
  max: boolean;
  category: boolean;
};

type FilterValues = SearchTerms & { minPrice: number | undefined; maxPrice: number | undefined; category: string | undefined };

function filterShape(dialect: DialectName, filter: CatalogFilter, scope: Scope): FilterShape {
  return {
    dialect,
    // SQLite's scope is all in its FTS5 query, a value (sqliteMatch): one form serves every scope.
    scope: filter.words.length === 0 ? 'none' : dialect === 'sqlite' ? 'anywhere' : scope,
    long: dialect === 'postgres' && filter.words.some((word) => word.length > LONGEST_KEY),
    inStock: filter.inStock,
    min: filter.minPrice !== undefined,
    max: filter.maxPrice !== undefined,
    category: filter.category !== undefined,
  };
}

function filterValues(dialect: DialectName, filter: CatalogFilter, scope: Scope): FilterValues {
  const long = filter.words.filter((word) => word.length > LONGEST_KEY);
  const inFull = (weight: '' | 'A') => long.map((word) => `${word}:*${weight}`).join(' & ');
  const inside = filter.words.map((_, i) => looksInside(filter, i));
  return {
    fts: dialect === 'sqlite' && filter.words.length > 0 ? sqliteMatch(filter.words, inside, scope) : undefined,
    words: filter.words,
    inside,
    longAnywhere: inFull(''),
    longInName: inFull('A'),
    minPrice: filter.minPrice,
    maxPrice: filter.maxPrice,
    category: filter.category,
  };
}

/**
 * What a query reads the tools newest first by: their id, or, on SQLite with search words, the
 * FTS table's rowid, which is -id (migration 025), so that newest first is the order FTS5 reads
 * fastest and it stops once it has a page. `sign` turns an id into this key (newestSign).
 */
interface NewestKey {
  column: RawBuilder<number> | ReturnType<typeof sql.ref<number>>;
  sign: 1 | -1;
}

const newestSign = (shape: FilterShape): 1 | -1 => (shape.dialect === 'sqlite' && shape.scope !== 'none' ? -1 : 1);
const newestFirst = (key: NewestKey) => [key.column, key.sign === 1 ? 'desc' : 'asc'] as const;
/** Older than the tool whose key is `keyValue` (its id times the key's sign). */
const olderThan = (key: NewestKey, keyValue: number) =>
  key.sign === 1 ? sql<boolean>`${key.column} < ${keyValue}` : sql<boolean>`${key.column} > ${keyValue}`;

/**
 * A list of tools to leave out, by their keys (ids times the key's sign), as one value of a
 * query: PostgreSQL takes the keys as an integer array, SQLite as a JSON array (`json_each`, as
 * fast as one parameter per key for a page of keys, measured), so a statement, prepared once, is
 * the same for any number of them. The form says only whether there is a list (noneShape).
 */
type NoneValues = { noneKeys?: number[] | string };
const noneShape = (keys: readonly number[]): number => Math.min(keys.length, 1);
const noneValues = (dialect: DialectName, keys: number[]): NoneValues => ({
  noneKeys: dialect === 'postgres' ? keys : JSON.stringify(keys),
});
/** None of the tools of the list whose values noneValues made. */
const noneOf = (dialect: DialectName, key: NewestKey, v: NoneValues) =>
  dialect === 'postgres'
    ? sql<boolean>`${key.column} <> all(${v.noneKeys}::integer[])`
    : sql<boolean>`${key.column} not in (select value from json_each(${v.noneKeys}))`;

/**
 * The live tools that pass the filter, as one query the sorts and the count build on. With
 * search words it uses the database's full-text index: SQLite's FTS5 table or PostgreSQL's
 * `search` tsvector (name and SKU weight A, description C). Every word matches as a prefix,
 * all words must match. Also answers the tool's id as the sorts break ties with (`id`) and
 * what to read newest first by (`newest`). With a `walk` (PostgreSQL, see walkFor), only the
 * newest tools it takes are read, newest first, each checked against the words.
 */
function catalogQuery(db: Db, shape: FilterShape, v: FilterValues, walk?: NewestWalk) {
  const tools = db.selectFrom('tool as t');
  // The walk's tools are rows of the tool table under the same name: the same builder type.
  let query = (walk ? db.selectFrom(newestLiveTools(db, walk).as('t')) : tools) as typeof tools;
  query = query.where('t.deleted_at', 'is', null);
  let id: RawBuilder<number> | ReturnType<typeof sql.ref<number>> = sql.ref<number>('t.id');
  let newest: NewestKey = { column: id, sign: 1 };
  if (shape.scope !== 'none') {
    if (shape.dialect === 'postgres' && walk) {
      // Read in the walk's order (newest first), each tool checked: no search index.
      query = query.where(postgresMatch(v, shape.scope, shape.long));
    } else if (shape.dialect === 'sqlite') {
      query = query.innerJoin(sql<{ rowid: number }>`tool_fts`.as('tool_fts'), (join) =>
        join.on(sql.ref('t.id'), '=', sql`-tool_fts.rowid`),
      );
      query = query.where(sql<boolean>`tool_fts match ${v.fts}`);
      newest = { column: sql.ref<number>('tool_fts.rowid'), sign: newestSign(shape) };
    } else {
      query = query.where(postgresMatch(v, shape.scope, shape.long));
      // See throughSearchIndex.
      id = sql<number>`t.id + 0`;
      newest = { column: id, sign: 1 };
    }
  }
  // A literal, not a bound value: SQLite uses its in-stock price index (migration 027) only for a
  // condition it can see is that index's own.
  if (shape.inStock) query = query.where(sql<boolean>`t.available > 0`);
  if (shape.min) query = query.where('t.price_cents', '>=', v.minPrice as number);
  if (shape.max) query = query.where('t.price_cents', '<=', v.maxPrice as number);
  if (shape.category) query = query.where('t.category', '=', v.category as string);
  return { query, id, newest };
}

const toolColumns = PUBLIC_TOOL_COLUMNS.map((column) => `t.${column}` as const);

/** PostgreSQL: the newest `rows` live tools (older than `before`), one at a time off the id index. */
interface NewestWalk {
  rows: number;
  before?: number | undefined;
}

function newestLiveTools(db: Db, walk: NewestWalk) {
  let query = db.selectFrom('tool').selectAll().where('deleted_at', 'is', null);
  if (walk.before !== undefined) query = query.where('id', '<', walk.before);
  return query.orderBy('id', 'desc').limit(walk.rows);
}

/**
 * PostgreSQL: when a tier of a search is read by walking the newest tools instead of through the
 * search index. A GIN index answers which tools match, in no order: a page of the newest matches
 * of a common word ("metal", in 1 tool in 8 at 100,000 tools) read every one of its 12,500
 * matches to keep the newest 25 (78 ms), where walking the newest tools finds them in the first
 * 200 (1.2 ms). So a tier whose words the database's statistics say many tools hold (at least
 * WALK_FROM_MATCHES, and at least WALK_FROM_SHARE of the tools, see SearchKeyStats) walks the
 * newest tools, as far as WALK_MARGIN times the tools it should take to fill the page; if the
 * walk ends short (the statistics were wrong, or the matches are among the older tools), the
 * tier is read through the index as before. A price range can make common words rare: those
 * searches use the index. In a small catalog the index is read: every search there is cheap.
 */
const WALK_FROM_MATCHES = 1_000;
const WALK_FROM_SHARE = 0.02;
const WALK_MARGIN = 3;
const WALK_MOST_ROWS = 4_000;

function walkFor(
  dialect: DialectName,
  filter: CatalogFilter,
  stats: SearchKeyStats | undefined,
  tier: RelevanceTier,
  wanted: number,
  before: number | undefined,
): NewestWalk | undefined {
  // The exact SKU is one lookup; the statistics do not count the parts of words (inside).
  if (dialect !== 'postgres' || !stats || tier === 3 || tier === 0) return undefined;
  // A price range or a category can make common words rare: the index reads those.
  if (filter.minPrice !== undefined || filter.maxPrice !== undefined || filter.category !== undefined) return undefined;
  const inName = stats.share(filter.words, true);
  // The elsewhere tier holds the tools with the words, not all of them in the name.
  const share = tier === 2 ? inName : stats.share(filter.words, false) - inName;
  if (share < WALK_FROM_SHARE || share * stats.tools < WALK_FROM_MATCHES) return undefined;
  return { rows: Math.min(WALK_MOST_ROWS, Math.ceil((WALK_MARGIN * wanted) / share)), before };
}

/**
 * One page of live tools that pass the filter, in the key's sort, after `after`: `limit` rows.
 * Every sort ends with the id, so the order is total and a page never repeats or skips a tool.
 */
export async function findCatalogPage(
  db: Db,
  dialect: DialectName,
  filter: CatalogFilter,
  sort: CatalogKey['sort'],
  after: CatalogKey | undefined,
  limit: number,
  stats?: SearchKeyStats,
): Promise<CatalogRow[]> {
  if (sort === 'relevance') return findRelevancePage(db, dialect, filter, after?.sort === 'relevance' ? after : undefined, limit, stats);
  const form = filterShape(dialect, filter, 'anywhere');
  const from = after?.sort === sort ? after : undefined;
  return sortedPage(
    db,
    { ...form, sort, after: from !== undefined },
    {
      ...filterValues(dialect, filter, 'anywhere'),
      afterKey: from && newestSign(form) * from.id,
      afterId: from?.id,
      afterPrice: from && 'price' in from ? from.price : undefined,
      afterName: from && 'name' in from ? from.name : undefined,
      limit,
    },
  );
}

/**
 * A catalog page in a sort other than relevance, after the key of the page before (its parts:
 * `afterKey` is the id times the newest key's sign), built once per form (builtOncePerShape).
 */
const sortedPage = builtOncePerShape(
  (
    db,
    shape: FilterShape & { sort: Exclude<CatalogKey['sort'], 'relevance'>; after: boolean },
    v: FilterValues & {
      afterKey: number | undefined;
      afterId: number | undefined;
      afterPrice: number | undefined;
      afterName: string | undefined;
      limit: number;
    },
  ) => {
    const { query: filtered, id, newest } = catalogQuery(db, shape, v);
    const byMatches = throughSearchIndex(shape);
    const selected = filtered.select(toolColumns);
    const query = preparedSearch(shape) ? selected.modifyFront(PREPARED_SEARCH) : selected;
    switch (shape.sort) {
      case 'newest': {
        const page = shape.after ? query.where(olderThan(newest, v.afterKey as number)) : query;
        return page.orderBy(...newestFirst(newest)).limit(v.limit);
      }
      case 'price_asc':
      case 'price_desc': {
        const price = byMatches ? sql<number>`t.price_cents + 0` : sql.ref<number>('t.price_cents');
        const op = shape.sort === 'price_asc' ? '>' : '<';
        const page = shape.after
          ? query.where((eb) => eb(eb.tuple(price, id), op, eb.tuple(v.afterPrice as number, v.afterId as number)))
          : query;
        const direction = shape.sort === 'price_asc' ? 'asc' : 'desc';
        return page.orderBy(price, direction).orderBy(id, direction).limit(v.limit);
      }
      case 'name': {
        const name = byMatches ? sql<string>`lower(t.name) || ''` : sql<string>`lower(t.name)`;
        const page = shape.after
          ? query.where((eb) => eb(eb.tuple(name, id), '>', eb.tuple(v.afterName as string, v.afterId as number)))
          : query;
        return page.orderBy(name).orderBy(id).limit(v.limit);
      }
    }
  },
);

/**
 * Whether a search's matches must be read through the search index before they are ordered.
 * PostgreSQL's estimate of how many tools a prefix search matches is rough: told to order by
 * id (or price, or name), it may walk that index and test every tool until it has a page,
 * which for a rare word is the whole catalog (measured: 40 ms at 100,000 tools, against 3 ms
 * through the search index). Ordering by an expression (`id + 0`) that no index has keeps it
 * on the search index. SQLite reads FTS5 matches in order by itself.
 */
function throughSearchIndex(shape: FilterShape): boolean {
  return shape.dialect === 'postgres' && shape.scope !== 'none';
}

/**
 * PostgreSQL: whether a catalog query is sent as a named prepared statement (its SQL tagged
 * `prepared`, see preparingTagged in db/connect.ts), parsed once per connection and, after a
 * few runs, run on a plan it keeps, instead of parsed and planned on every run (0.2 of the 0.75
 * ms of a search's count, in the process). Only a query whose plan never depends on its values:
 * a search's words reach the planner through the subquery that makes its tsquery, so it
 * estimates every search alike, and the sorts read the search index first whatever the words
 * (throughSearchIndex); the exact-SKU tier is one lookup of a unique index. A price range is a
 * value the planner weighs (a narrow range read along the price index, a wide one through the
 * search index), and so is a walk's length: those are planned on every run.
 */
function preparedOnPostgres(shape: FilterShape & { walk?: 'none' | 'newest' | 'before' }): boolean {
  return shape.dialect === 'postgres' && !shape.min && !shape.max && !shape.category && (shape.walk ?? 'none') === 'none';
}

/** A search (words, not the browsed catalog) that preparedOnPostgres lets be kept. */
const preparedSearch = (shape: FilterShape): boolean => shape.scope !== 'none' && preparedOnPostgres(shape);

/** The tag that sends a query as a named prepared statement on PostgreSQL (preparedOnPostgres). */
const PREPARED_SEARCH = sql.raw('/* prepared catalog_search */');

/**
 * Best match first: the tiers one after another, each newest first and read only as far as
 * the page needs (no score is computed for every match, so a word found in thousands of tools
 * costs what a rare one does). When the name tier was read from its start and ran out before
 * the page was full, the tools it found are all the name matches: the elsewhere tier is then
 * "every word starts a word, none of those", which the index answers in one walk, instead of
 * asking it again which tools have the words in the name (at 100,000 tools, "<brand> <type>
 * <size>": 0.7 ms against 1.4 ms on SQLite); so is the inside tier, "found, none of the name's
 * and elsewhere's", when both ran out (0.38 against 0.68 ms for "ferro angle grinder 125 mm").
 * PostgreSQL reads the elsewhere and inside tiers as one (decision 019). SQLite's search index
 * cannot say which tier a match is in; there, when the name tier ran out, one query first reads
 * what is left of the matches, "found, none of the name's": most searches of several words have
 * nothing left, and need no query for either last tier; when it ran out too, what the elsewhere
 * tier leaves of it is the inside tier.
 */
async function findRelevancePage(
  db: Db,
  dialect: DialectName,
  filter: CatalogFilter,
  after: Extract<CatalogKey, { sort: 'relevance' }> | undefined,
  limit: number,
  stats: SearchKeyStats | undefined,
): Promise<CatalogRow[]> {
  const rows: CatalogRow[] = [];
  const tiers: Array<[RelevanceTier, Scope]> = [
    [3, 'anywhere'],
    [2, 'name'],
    [1, 'elsewhere'],
    [0, 'inside'],
  ];
  // Text that no SKU could be ("angle grinder") has no exact-SKU tier to look up.
  const couldBeSku = SKU_PATTERN.test(filter.text);
  // Words none of which is looked for inside words have no inside tier.
  const couldBeInside = filter.words.some((_, i) => looksInside(filter, i));
  /**
   * Every tool of the word tiers read so far (name, then elsewhere; ids), while each was read
   * from its start and ran out before the page was full: the tools of those tiers, all of them.
   */
  let readInFull: number[] | undefined = after === undefined || after.tier === 3 ? [] : undefined;
  /** PostgreSQL: the inside tier was read with the elsewhere tier. */
  let insideRead = false;
  /** SQLite: every tool of the elsewhere and inside tiers, newest first, when one query read them all. */
  let left: PublicToolRow[] | undefined;
  /** One tier's tools, newest first: in a scope, none of the tools `known`, after `from`, through a walk or the index. */
  const readTier = (tier: RelevanceTier, scope: Scope, known: number[], from: number | undefined, wanted: number, merged = false) => {
    // An exact SKU is found by its own index; the search words would match it anyway.
    const tierFilter = tier === 3 ? { ...filter, words: [] } : filter;
    const form = filterShape(dialect, tierFilter, scope);
    const sign = newestSign(form);
    const none = known.map((id) => sign * id);
    // The tier's values, the same whether it is read by a walk or through the index.
    const values = {
      ...filterValues(dialect, tierFilter, scope),
      ...noneValues(dialect, none),
      text: filter.text,
      afterKey: from && sign * from,
      limit: wanted,
    };
    return (walk?: NewestWalk) =>
      tierPage(
        db,
        {
          ...form,
          sku: tier === 3 ? 'is' : 'is not',
          walk: walk === undefined ? 'none' : walk.before === undefined ? 'newest' : 'before',
          after: from !== undefined,
          none: noneShape(none),
          merged,
        },
        { ...values, walkRows: walk?.rows, walkBefore: walk?.before },
      );
  };
  for (const [tier, tierScope] of tiers) {
    if ((after && tier > after.tier) || rows.length >= limit) continue;
    if ((tier === 3 && !couldBeSku) || (tier === 0 && (!couldBeInside || insideRead))) continue;
    const wanted = limit - rows.length;
    if (tier === 1 && dialect === 'sqlite' && couldBeInside && readInFull !== undefined) {
      // What is left of the matches after the tiers before, read in full: both last tiers.
      const leftOver = await readTier(1, 'anywhere', readInFull, undefined, wanted)();
      if (leftOver.length === 0) break;
      if (leftOver.length < wanted) left = leftOver;
    }
    if (tier === 0 && left !== undefined && readInFull !== undefined) {
      // What is left after the name tier, less the elsewhere tier, is the inside tier: no query.
      const elsewhere = new Set(readInFull);
      rows.push(...left.filter((row) => !elsewhere.has(row.id)).map((row) => ({ ...row, tier })));
      continue;
    }
    // The tiers before, read in full, are left out by their ids: what is left of "every word
    // starts a word" is the elsewhere tier, and of "found" the inside tier.
    const known = tier < 2 ? readInFull : undefined;
    const from = after && tier === after.tier ? after.id : undefined;
    const tierWalk = walkFor(dialect, filter, stats, tier, wanted, from);
    // PostgreSQL reads the elsewhere and inside tiers in one statement, ordered by tier (a round
    // trip to the server costs more than the inside tier's few rows), unless the elsewhere tier
    // is walked (a common word: its own query, newest first, stops early).
    const merged = tier === 1 && dialect === 'postgres' && couldBeInside && tierWalk === undefined;
    const scope: Scope = known === undefined ? (merged ? 'beyondName' : tierScope) : tier === 1 && !merged ? 'words' : 'anywhere';
    const tierQuery = readTier(tier, scope, known ?? [], from, wanted, merged);
    const walked = tierWalk ? await tierQuery(tierWalk) : [];
    // A walk that filled the page found its newest matches; one that ended short proves nothing.
    const found = walked.length === wanted ? walked : await tierQuery();
    if (tier === 2 || tier === 1)
      readInFull = readInFull && from === undefined && found.length < wanted ? [...readInFull, ...found.map((row) => row.id)] : undefined;
    insideRead ||= merged;
    rows.push(...found.map((row) => ({ ...row, tier: merged ? ((row as CatalogRow).tier ?? 1) : tier })));
  }
  return rows;
}

/** A tool whose SKU is the search text, in any case: the exact-SKU tier (the live SKU index's expression). */
const sameSku = (text: string) => sql<boolean>`lower(t.sku) = lower(${text})`;

/**
 * PostgreSQL: a search with few matches reads them all in one statement, its first page in
 * relevance and how many there are: at most FEW_MATCHES matches, each one's tier checked on its
 * row. Its tiers one at a time cost a statement each, and each reads the search index again (at
 * 100,000 tools, "<brand> <type> <size>" about 1 ms each), then the count a last time. Asked
 * when the statistics say the words are rare (SearchKeyStats.estimatedMatches); when they are
 * wrong (words that go together), the statement finds more than FEW_MATCHES and says so
 * (undefined), and the search is read tier by tier. SQLite reads its tiers in its own process,
 * where a statement costs no round trip (undefined).
 */
export async function findFewMatches(
  db: Db,
  dialect: DialectName,
  filter: CatalogFilter,
  limit: number,
  stats: SearchKeyStats | undefined,
): Promise<{ rows: CatalogRow[]; total: number } | undefined> {
  if (dialect !== 'postgres' || filter.words.length === 0) return undefined;
  if (stats && stats.estimatedMatches(filter.words, (i) => looksInside(filter, i)) > FEW_MATCHES) return undefined;
  const rows = await fewMatchesPage(db, filterShape(dialect, filter, 'anywhere'), {
    ...filterValues(dialect, filter, 'anywhere'),
    text: filter.text,
    most: FEW_MATCHES + 1,
    limit,
  });
  const total = Number(rows[0]?.matches ?? 0);
  if (total > FEW_MATCHES) return undefined;
  return { rows, total };
}

/** The most matches a search may have for findFewMatches to read them all at once (the count's cap is more). */
const FEW_MATCHES = 400;

/**
 * findFewMatches' statement, built once per form: up to `most` matches, each with its tier
 * (the exact SKU, every word in the name or SKU, every word starting a word, else inside a
 * word), the page of them best first, and how many were read.
 */
const fewMatchesPage = builtOncePerShape((db, shape: FilterShape, v: FilterValues & { text: string; most: number; limit: number }) => {
  const tier = sql<RelevanceTier>`case
      when ${sameSku(v.text)} then 3
      when ${postgresMatch(v, 'name', shape.long)} then 2
      when ${postgresMatch(v, 'words', shape.long)} then 1
      else 0 end`;
  const matches = catalogQuery(db, shape, v)
    .query.select([...toolColumns, tier.as('tier')])
    .limit(v.most);
  const page = db
    .selectFrom(matches.as('t'))
    .select([...toolColumns, 't.tier', sql<number>`count(*) over ()`.as('matches')])
    .orderBy('t.tier', 'desc')
    .orderBy('t.id', 'desc')
    .limit(v.limit);
  return preparedOnPostgres(shape) ? page.modifyFront(PREPARED_SEARCH) : page;
});

/**
 * One tier of a search (findRelevancePage), newest first, built once per form: the exact SKU
 * (`sku: 'is'`, no words) or the words in a scope without it; after the key `afterKey`; none of
 * the tools of a list (noneShape); read through a PostgreSQL walk or the index.
 */
const tierPage = builtOncePerShape(
  (
    db,
    shape: FilterShape & { sku: 'is' | 'is not'; walk: 'none' | 'newest' | 'before'; after: boolean; none: number; merged: boolean },
    v: FilterValues & {
      text: string;
      afterKey: number | undefined;
      walkRows: number | undefined;
      walkBefore: number | undefined;
      limit: number;
    } & NoneValues,
  ) => {
    const walk =
      shape.walk === 'none' ? undefined : { rows: v.walkRows as number, before: shape.walk === 'before' ? v.walkBefore : undefined };
    const { query: filtered, newest } = catalogQuery(db, shape, v, walk);
    let query = filtered.select(toolColumns).where(shape.sku === 'is' ? sameSku(v.text) : (eb) => eb.not(sameSku(v.text)));
    if (shape.none > 0) query = query.where(noneOf(shape.dialect, newest, v));
    if (preparedOnPostgres(shape)) query = query.modifyFront(PREPARED_SEARCH);
    if (!shape.merged) {
      if (shape.after) query = query.where(olderThan(newest, v.afterKey as number));
      return query.orderBy(...newestFirst(newest)).limit(v.limit);
    }
    // The elsewhere and inside tiers in one (PostgreSQL, see findRelevancePage): each tool's tier
    // is whether every word starts a word of its text; after a tool of the elsewhere tier, the
    // older ones of that tier and every one of the inside tier.
    const inWords = postgresMatch(v, 'words', shape.long);
    const tier = sql<RelevanceTier>`case when ${inWords} then 1 else 0 end`;
    const merged = query.select(tier.as('tier'));
    return (shape.after ? merged.where(sql<boolean>`(not ${inWords} or ${olderThan(newest, v.afterKey as number)})`) : merged)
      .orderBy(sql`tier`, 'desc')
      .orderBy(...newestFirst(newest))
      .limit(v.limit);
  },
);

/**
 * SQLite: for each search word, whether some live tool holds it inside a name or SKU word (not
 * at its start): a word of the length searchesInside allows, one of whose parts in the search
 * index starts with it (one lookup each, a few microseconds). A search then looks inside words
 * only for these (CatalogFilter.inside): for the others the index holds no such part, so the
 * results are the same, without the inside tier's query or the parts' lists merged into every
 * other (at 100,000 tools, "ferro chainsaw": 0.17 against 0.36 ms). PostgreSQL is not asked
 * (undefined): there a question is a round trip to the server, which costs more than the `~`
 * keys it could leave out of a query (each an exact key of the index).
 */
export async function wordsFoundInside(db: Db, dialect: DialectName, words: readonly string[]): Promise<boolean[] | undefined> {
  if (dialect !== 'sqlite') return undefined;
  const asked = words.filter(searchesInside);
  if (asked.length === 0) return words.map(() => false);
  const rows = await sqliteWordsInside(db, { words: JSON.stringify(asked) });
  const found = new Set(asked.filter((_, i) => Boolean(rows[i]?.found)));
  return words.map((word) => found.has(word));
}

/** SQLite: for each word (a JSON array), in order, whether a part in the search index starts with it. */
const sqliteWordsInside = builtOnce((db, v: { words: string }) =>
  db
    .selectFrom(sql<{ key: number; value: string }>`json_each(${v.words})`.as('w'))
    .select(sql<number>`exists (select 1 from tool_fts where tool_fts match '"' || ${sql.lit(PART_MARK)} || w.value || '"*')`.as('found'))
    .orderBy(sql`w.key`),
);

/** How many live tools pass the filter, up to `cap`. */
export async function countCatalog(db: Db, dialect: DialectName, filter: CatalogFilter, cap: number): Promise<number> {
  const rows = await countedPage(
    db,
    { ...filterShape(dialect, filter, 'anywhere'), via: countedVia(dialect, filter) },
    { ...filterValues(dialect, filter, 'anywhere'), cap },
  );
  return Number(rows[0]?.n ?? 0);
}

/** Where a count reads its matches (the functions below say when each is used). */
type CountedVia = 'search index' | 'stock table' | 'price order' | 'rows';

function countedVia(dialect: DialectName, filter: CatalogFilter): CountedVia {
  // A category is on the tools' rows (its index counts a category browsed alone).
  if (filter.category !== undefined) return 'rows';
  if (countsInSearchIndex(dialect, filter)) return 'search index';
  if (countsInStockTable(dialect, filter)) return 'stock table';
  return countsAlongPrices(dialect, filter) ? 'price order' : 'rows';
}

/** The count of the matches, up to `cap` (a broad search costs what a narrow one does), built once per form. */
const countedPage = builtOncePerShape((db, shape: FilterShape & { via: CountedVia }, v: FilterValues & { cap: number }) => {
  const count = db.selectFrom(countedMatches(db, shape, v).as('m')).select((eb) => eb.fn.countAll<number>().as('n'));
  return preparedSearch(shape) ? count.modifyFront(PREPARED_SEARCH) : count;
});

/** The matches countedPage counts, up to `cap`: from the search index alone, the in-stock table, or the tools' rows. */
function countedMatches(db: Db, shape: FilterShape & { via: CountedVia }, v: FilterValues & { cap: number }) {
  if (shape.via === 'search index') {
    return db
      .selectFrom(sql<{ rowid: number }>`tool_fts`.as('tool_fts'))
      .select(sql<number>`1`.as('one'))
      .where(sql<boolean>`tool_fts match ${v.fts}`)
      .limit(v.cap);
  }
  if (shape.via === 'stock table') {
    let inStock = db.selectFrom('tool_in_stock as s').select(sql<number>`1`.as('one'));
    if (shape.min) inStock = inStock.where('s.price_cents', '>=', v.minPrice as number);
    if (shape.max) inStock = inStock.where('s.price_cents', '<=', v.maxPrice as number);
    return inStock.orderBy('s.price_cents').limit(v.cap);
  }
  const matches = catalogQuery(db, shape, v)
    .query.select(sql<number>`1`.as('one'))
    .limit(v.cap);
  return shape.via === 'price order' ? matches.orderBy('t.price_cents') : matches;
}

/**
 * Whether a search's matches are counted in SQLite's search index alone, with no tool row read:
 * it holds the live tools only (migration 029), so a search with no other filter is counted
 * there (at 100,000 tools, the first 1,001 matches of one word: 74 against 455 us).
 */
function countsInSearchIndex(dialect: DialectName, filter: CatalogFilter): boolean {
  return (
    dialect === 'sqlite' && filter.words.length > 0 && !filter.inStock && filter.minPrice === undefined && filter.maxPrice === undefined
  );
}

/**
 * Whether the catalog browsed in stock (with or without a price range) is counted from
 * PostgreSQL's table of the live tools in stock (migration 030), by its price index alone: at
 * 100,000 tools, the first 1,001 tools of an in-stock range in 0.4 ms, against 2 to 8 ms reading
 * each tool's row for its stock. SQLite counts along its in-stock price index (migration 027).
 */
function countsInStockTable(dialect: DialectName, filter: CatalogFilter): boolean {
  return dialect === 'postgres' && filter.words.length === 0 && filter.inStock;
}

/**
 * Whether a count of a price range (of every live tool, in stock or not) is read along the price
 * index. PostgreSQL counts a range by first marking every tool of the range in a bitmap, then
 * reading rows until the cap; read in price order instead, it stops at the cap. SQLite reads its
 * price index by itself; searches go through the search index; in stock, see countsInStockTable.
 */
function countsAlongPrices(dialect: DialectName, filter: CatalogFilter): boolean {
  return (
    dialect === 'postgres' &&
    filter.words.length === 0 &&
    !filter.inStock &&
    (filter.minPrice !== undefined || filter.maxPrice !== undefined)
  );
}

/**
 * SQLite: one step of merging the search index's segments into one. FTS5 adds a segment for
 * every transaction that writes tool text and merges them only by levels as it goes; `merge`
 * with a negative page count merges every level, as `optimize` does, `pages` leaf pages at a
 * time. Answers whether the step did any work (FTS5 then writes at least two rows; a write of
 * the app between the counts can only make it look busy, never idle).
 */
export async function mergeSearchIndexStep(db: Db, pages: number): Promise<boolean> {
  const writes = async () => Number((await sql<{ n: number }>`select total_changes() as n`.execute(db)).rows[0]?.n ?? 0);
  const before = await writes();
  await sql`insert into tool_fts (tool_fts, rank) values ('merge', ${-pages})`.execute(db);
  return (await writes()) - before >= 2;
}

/**
 * SQLite: the search index made again from the tools table, in one transaction: emptied, then
 * every live tool in it with its words' parts (tool_search_parts, which the server registers on
 * its connections: the sqlite3 shell has no such function). What an operator runs after
 * restoring a file copied mid-write (`npm run admin -- rebuild-search`). Answers how many tools
 * it holds.
 */
export async function rebuildSqliteSearchIndex(db: Db): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`insert into tool_fts (tool_fts) values ('delete-all')`.execute(trx);
    const result = await sql`insert into tool_fts (rowid, name, sku, description, parts)
      select -id, name, sku, description, tool_search_parts(name, sku) from tool where deleted_at is null`.execute(trx);
    return Number(result.numAffectedRows ?? 0);
  });
}

export async function findToolById(db: Db, id: number): Promise<ToolRow | undefined> {
  return db.selectFrom('tool').select(TOOL_COLUMNS).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}

/** The live tools' ids and last changes, in id order, after `afterId` (up to `upToId`): what the sitemap lists. */
export async function findSitemapEntries(
  db: Db,
  afterId: number,
  limit: number,
  upToId?: number,
): Promise<Array<{ id: number; updatedAt: string }>> {
  let query = db.selectFrom('tool').select(['id', 'updated_at']).where('deleted_at', 'is', null).where('id', '>', afterId);
  if (upToId !== undefined) query = query.where('id', '<=', upToId);
  const rows = await query.orderBy('id').limit(limit).execute();
  return rows.map((row) => ({ id: row.id, updatedAt: toIso(row.updated_at) }));
}

/** The highest tool id ever given (0 for an empty catalog). */
export async function maxToolId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('tool')
    .select((eb) => eb.fn.max('id').as('top'))
    .executeTakeFirst();
  return Number(row?.top ?? 0);
}

/** The live tools of these ids, in no order (Manage Products' search reads its page's rows again; an order's refusal reads its lines' tools). */
export async function findLiveToolsByIds(db: Db, ids: readonly number[]): Promise<ToolRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('tool')
    .select(TOOL_COLUMNS)
    .where('deleted_at', 'is', null)
    .where('id', 'in', [...ids])
    .execute();
}

/** The tools of these ids taken out of the catalog: the name and SKU a cart or list line of one is called by. */
export async function findGoneToolsByIds(db: Db, ids: readonly number[]): Promise<Array<{ id: number; name: string; sku: string }>> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('tool')
    .select(['id', 'name', 'sku'])
    .where('deleted_at', 'is not', null)
    .where('id', 'in', [...ids])
    .execute();
}

/** The live tools with these SKUs, in any case. */
export async function findLiveToolsBySku(db: Db, skus: readonly string[]): Promise<ToolRow[]> {
  const wanted = [...new Set(skus.map((sku) => sku.toLowerCase()))];
  if (wanted.length === 0) return [];
  return db
    .selectFrom('tool')
    .select(TOOL_COLUMNS)
    .where(sql<string>`lower(sku)`, 'in', wanted)
    .where('deleted_at', 'is', null)
    .execute();
}

/**
 * The live tools whose SKU, without its punctuation (skuKey: "TF-DD18-2A" is "tfdd182a"), is one
 * of `keys`: a part number typed without its dashes (an index of the key answers it, migration 036).
 */
export async function findLiveToolsBySkuKey(db: Db, keys: readonly string[]): Promise<ToolRow[]> {
  if (keys.length === 0) return [];
  return db
    .selectFrom('tool')
    .select(TOOL_COLUMNS)
    .where(sql<string>`${sql.raw(SKU_KEY_SQL)}`, 'in', [...new Set(keys)])
    .where('deleted_at', 'is', null)
    .execute();
}

/** Whether a live tool other than `exceptId` has this SKU, in any case. */
export async function skuIsTaken(db: Db, sku: string, exceptId?: number): Promise<boolean> {
  let query = db
    .selectFrom('tool')
    .select('id')
    .where(sql<boolean>`lower(sku) = lower(${sku})`)
    .where('deleted_at', 'is', null);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export interface NewToolInput {
  name: string;
  sku: string;
  description: string;
  img: string;
  priceCents: number;
  available: number;
  minimum: number;
  priceBreaks?: readonly PriceBreak[] | undefined;
  packSize?: number | undefined;
  maxPerOrder?: number | null | undefined;
  /** Stock at or under which the tool shows in the admin's Low stock view; null or absent: never. */
  lowStockThreshold?: number | null | undefined;
  /** What the catalog is browsed by; null or absent: none. */
  category?: string | null | undefined;
}

/** Inserts a tool and records its initial stock as an adjustment (the stock ledger's start). */
export async function insertTool(db: Db, input: NewToolInput, userId: string | null = null): Promise<ToolRow> {
  const now = nowIso();
  const row = await db
    .insertInto('tool')
    .values({
      name: input.name,
      sku: input.sku,
      description: input.description,
      img: input.img,
      price_cents: input.priceCents,
      available: input.available,
      minimum: input.minimum,
      price_breaks: storedPriceBreaks(input.priceBreaks ?? []),
      pack_size: input.packSize ?? 1,
      max_per_order: input.maxPerOrder ?? null,
      low_stock_threshold: input.lowStockThreshold ?? null,
      category: input.category ?? null,
      created_at: now,
      updated_at: now,
    })
    .returning(TOOL_COLUMNS)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('stock_adjustment')
    .values({ tool_id: row.id, delta: input.available, reason: 'initial', user_id: userId, created_at: now })
    .execute();
  return row;
}

export interface ToolChanges {
  name?: string | undefined;
  sku?: string | undefined;
  description?: string | undefined;
  img?: string | undefined;
  priceCents?: number | undefined;
  minimum?: number | undefined;
  priceBreaks?: readonly PriceBreak[] | undefined;
  packSize?: number | undefined;
  maxPerOrder?: number | null | undefined;
  /** The low-stock threshold (null: none). */
  lowStockThreshold?: number | null | undefined;
  /** The category (null: none). */
  category?: string | null | undefined;
  /** Added to the stock as it is at the moment of the update (negative removes). */
  stockDelta: number;
  /**
   * The pricing the new values were checked against (pricingIssues): the update applies only
   * while the tool's price, minimum, pack size, maximum and breaks are still these.
   */
  pricingAsRead?: ToolRow | undefined;
}

/**
 * Applies an admin's edit in one conditional statement: the stock moves by a delta relative
 * to its current value (so orders placed meanwhile are never lost), never below 0, a new
 * minimum must fit the resulting stock, and the pricing must be as it was read. Answers
 * undefined when the tool is gone or a condition fails; the caller tells which.
 */
export async function updateToolIfConsistent(db: Db, dialect: DialectName, id: number, changes: ToolChanges): Promise<ToolRow | undefined> {
  const { name, sku, description, img, priceCents, minimum, priceBreaks, packSize, maxPerOrder, stockDelta, pricingAsRead } = changes;
  let query = db
    .updateTable('tool')
    .set((eb) => ({
      ...(name !== undefined ? { name } : {}),
      ...(sku !== undefined ? { sku } : {}),
      ...(description !== undefined ? { description } : {}),
      ...(img !== undefined ? { img } : {}),
      ...(priceCents !== undefined ? { price_cents: priceCents } : {}),
      ...(minimum !== undefined ? { minimum } : {}),
      ...(priceBreaks !== undefined ? { price_breaks: storedPriceBreaks(priceBreaks) } : {}),
      ...(packSize !== undefined ? { pack_size: packSize } : {}),
      ...(maxPerOrder !== undefined ? { max_per_order: maxPerOrder } : {}),
      ...(changes.lowStockThreshold !== undefined ? { low_stock_threshold: changes.lowStockThreshold } : {}),
      ...(changes.category !== undefined ? { category: changes.category } : {}),
      ...(stockDelta !== 0 ? { available: eb('available', '+', stockDelta) } : {}),
      updated_at: nowIso(),
    }))
    .where('id', '=', id)
    .where('deleted_at', 'is', null);
  if (stockDelta < 0) query = query.where('available', '>=', -stockDelta);
  if (minimum !== undefined) {
    query = query.where((eb) => eb.or([eb('minimum', '=', minimum), eb(eb('available', '+', stockDelta), '>=', minimum)]));
  }
  if (pricingAsRead) {
    const breaks = storedPriceBreaks(priceBreaksOf(pricingAsRead));
    query = query
      .where('price_cents', '=', pricingAsRead.price_cents)
      .where('minimum', '=', pricingAsRead.minimum)
      .where('pack_size', '=', pricingAsRead.pack_size)
      .where(sql<boolean>`max_per_order is not distinct from ${pricingAsRead.max_per_order}`)
      .where(dialect === 'postgres' ? sql<boolean>`price_breaks = ${breaks}::jsonb` : sql<boolean>`price_breaks = ${breaks}`);
  }
  return query.returning(TOOL_COLUMNS).executeTakeFirst();
}

export async function insertStockAdjustment(
  db: Db,
  adjustment: { toolId: number; delta: number; reason: 'restock' | 'correction'; userId: string | null },
): Promise<void> {
  await db
    .insertInto('stock_adjustment')
    .values({
      tool_id: adjustment.toolId,
      delta: adjustment.delta,
      reason: adjustment.reason,
      user_id: adjustment.userId,
      created_at: nowIso(),
    })
    .execute();
}

/** Takes a tool out of the catalog; the row stays, so orders keep pointing at it. */
export async function softDeleteTool(db: Db, id: number): Promise<ToolRow | undefined> {
  const now = nowIso();
  return db
    .updateTable('tool')
    .set({ deleted_at: now, updated_at: now })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returning(TOOL_COLUMNS)
    .executeTakeFirst();
}

export async function countTools(db: Db): Promise<number> {
  const row = await db
    .selectFrom('tool')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Live tools at or under their low-stock threshold (the partial index tool_low_stock_idx holds the tools with one). */
export function lowStockTools(db: Db) {
  return db
    .selectFrom('tool')
    .where('low_stock_threshold', 'is not', null)
    .where('deleted_at', 'is', null)
    .whereRef('available', '<=', 'low_stock_threshold');
}

/** The categories of the live tools, each once, as stored. */
export async function findCategoryNames(db: Db): Promise<string[]> {
  return (await countToolsByCategory(db)).map((row) => row.name);
}

/** Moves every live tool of a category (as stored) to another (null: none): the tools as they are after. */
export async function recategorizeTools(db: Db, from: string, to: string | null): Promise<ToolRow[]> {
  return db
    .updateTable('tool')
    .set({ category: to, updated_at: nowIso() })
    .where('category', '=', from)
    .where('deleted_at', 'is', null)
    .returning(TOOL_COLUMNS)
    .execute();
}

/** Each category of the live tools and how many tools it holds (the category index answers it). */
export async function countToolsByCategory(db: Db): Promise<Array<{ name: string; tools: number }>> {
  const rows = await db
    .selectFrom('tool')
    .select((eb) => ['category', eb.fn.countAll<number>().as('tools')])
    .where('deleted_at', 'is', null)
    .where('category', 'is not', null)
    .groupBy('category')
    .execute();
  return rows.map((row) => ({ name: row.category ?? '', tools: Number(row.tools) }));
}

/** How many live tools are at or under their low-stock threshold. */
export async function countLowStockTools(db: Db): Promise<number> {
  const row = await lowStockTools(db)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Where a page of Manage Products starts: after this id (newest first), or this stock and id (low stock). */
export type ManagedKey = { lowStock: false; id: number } | { lowStock: true; available: number; id: number };

/**
 * A page of Manage Products: every live tool newest first, or the low ones (at or under their
 * threshold) emptiest first, then by id; either of one category; `limit` rows after `after`.
 */
export async function findManagedToolsPage(
  db: Db,
  options: { lowStock: boolean; category?: string | undefined; after?: ManagedKey | undefined; limit: number },
): Promise<ToolRow[]> {
  const { after, limit, category } = options;
  if (!options.lowStock) {
    let query = db.selectFrom('tool').select(TOOL_COLUMNS).where('deleted_at', 'is', null);
    // One category's: the category index (migration 039) reads them newest first.
    if (category !== undefined) query = query.where('category', '=', category);
    if (after && !after.lowStock) query = query.where('id', '<', after.id);
    return query.orderBy('id', 'desc').limit(limit).execute();
  }
  let query = lowStockTools(db).select(TOOL_COLUMNS);
  if (category !== undefined) query = query.where('category', '=', category);
  if (after?.lowStock) {
    query = query.where((eb) => eb(eb.refTuple('available', 'id'), '>', eb.tuple(after.available, after.id)));
  }
  return query.orderBy('available').orderBy('id').limit(limit).execute();
}
