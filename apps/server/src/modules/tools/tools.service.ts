import { skuKey } from '@toolsify/shared/cart-lines';
import type { GoneTool } from '@toolsify/shared/cart';
import { missingImage } from '../../lib/uploads.ts';
import { messages } from '@toolsify/shared/messages';
import {
  MAX_COUNTED_TOOLS,
  searchWords,
  SKU_PATTERN,
  skuTaken,
  type CreateToolInput,
  type Tool,
  type ToolListQuery,
  categorySpeller,
  type ToolCategories,
  type CategoryChange,
  type ToolPage,
  type ToolSort,
  type UpdateToolInput,
  pricingAfter,
  type ManagedTool,
  type ManagedToolPage,
  type ManagedToolsQuery,
} from '@toolsify/shared/tools';
import { searchStem } from '@toolsify/shared/search';
import { correctionOf, knownWord, skuStartAsWritten } from './tools.suggest.ts';
import { pricingIssues, type PricingSettings } from '@toolsify/shared/pricing';
import type { ToolRow } from '../../db/schema.ts';
import { auditTool, auditTools } from './tools.audit.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../lib/errors.ts';
import type { ServiceDeps } from '../../lib/service-deps.ts';
import { pageOf } from '../../lib/page.ts';
import { deleteToolCancellingItsOrders } from '../orders/orders.service.ts';
import { releaseStockAlerts } from '../stock-alerts/stock-alerts.repository.ts';
import {
  countCatalog,
  findCatalogPage,
  findFewMatches,
  findGoneToolsByIds,
  findLiveToolsByIds,
  findLiveToolsBySku,
  findLiveToolsBySkuKey,
  findToolById,
  findCategoryNames,
  countToolsByCategory,
  recategorizeTools,
  mergeSearchIndexStep,
  rebuildSqliteSearchIndex,
  skuIsTaken,
  wordsFoundInside,
  type CatalogFilter,
  type CatalogKey,
  type CatalogRow,
  insertStockAdjustment,
  insertTool,
  priceBreaksOf,
  softDeleteTool,
  toTool,
  updateToolIfConsistent,
  countLowStockTools,
  findManagedToolsPage,
  toManagedTool,
  type ManagedKey,
} from './tools.repository.ts';

/** Where a page of a sort starts: the opaque cursor carries the sort and the last key. */
function encodeCursor(key: CatalogKey): number | string {
  switch (key.sort) {
    // The spec's list pages by id, as it always has.
    case 'newest':
      return key.id;
    case 'price_asc':
    case 'price_desc':
      return Buffer.from(JSON.stringify([key.sort, key.price, key.id])).toString('base64url');
    case 'name':
      return Buffer.from(JSON.stringify([key.sort, key.name, key.id])).toString('base64url');
    case 'relevance':
      return Buffer.from(JSON.stringify([key.sort, key.tier, key.id])).toString('base64url');
  }
}

const badCursor = (): AppError =>
  new AppError('VALIDATION_FAILED', 'cursor: This cursor does not belong to this list. Start from the first page.', {
    cursor: 'This cursor does not belong to this list. Start from the first page.',
  });

/** Ids and prices are 32-bit integer columns: a cursor past them is not one we gave (PostgreSQL would refuse to compare it). */
const MAX_INT4 = 2_147_483_647;
const isId = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) > 0 && (v as number) <= MAX_INT4;
const isPrice = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0 && (v as number) <= MAX_INT4;

/** The key a cursor of this sort carries; anything else (tampered, another sort's) is a 400. */
function decodeCursor(cursor: string, sort: ToolSort): CatalogKey {
  if (sort === 'newest') {
    if (!/^\d{1,10}$/.test(cursor) || !isId(Number(cursor))) throw badCursor();
    return { sort, id: Number(cursor) };
  }
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(parts) || parts[0] !== sort) throw badCursor();
  const [, a, b] = parts as unknown[];
  if ((sort === 'price_asc' || sort === 'price_desc') && parts.length === 3 && isPrice(a) && isId(b)) {
    return { sort, price: a as number, id: b };
  }
  if (sort === 'name' && parts.length === 3 && typeof a === 'string' && a.length <= 500 && isId(b)) return { sort, name: a, id: b };
  if (sort === 'relevance' && parts.length === 3 && (a === 0 || a === 1 || a === 2 || a === 3) && isId(b)) return { sort, tier: a, id: b };
  throw badCursor();
}

function keyOf(row: CatalogRow, sort: ToolSort): CatalogKey {
  switch (sort) {
    case 'newest':
      return { sort, id: row.id };
    case 'price_asc':
    case 'price_desc':
      return { sort, price: row.price_cents, id: row.id };
    case 'name':
      return { sort, name: row.name.toLowerCase(), id: row.id };
    case 'relevance':
      return { sort, tier: row.tier ?? 0, id: row.id };
  }
}

/**
 * `GET /api/tools`: the live catalog, filtered, searched and sorted, a page at a time. Search
 * words that leave nothing to search (punctuation only) search nothing: the whole catalog.
 * The first page of every query is answered from memory for a moment (the home page and the
 * catalog's first screen are what most visitors ask for), with the number of matches.
 */
export async function listTools(deps: CatalogReadDeps, query: ToolListQuery): Promise<ToolPage> {
  const { catalogCache: cache } = deps;
  const text = query.q ?? '';
  // Each word as the catalog looks for it: "drills" finds the Drill too (searchStem).
  const words = searchWords(text).map(searchStem);
  const sort: ToolSort = query.sort ?? (words.length > 0 ? 'relevance' : 'newest');
  if (sort === 'relevance' && words.length === 0) {
    throw new AppError('VALIDATION_FAILED', 'sort: Sorting by relevance needs search words (q).', {
      sort: 'Sorting by relevance needs search words (q).',
    });
  }
  const filter: CatalogFilter = {
    words,
    text,
    inStock: query.inStock === 'true',
    minPrice: query.minPrice,
    maxPrice: query.maxPrice,
    category: await categoryAsListed(deps, query.category),
  };
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor, sort);
  if (after !== undefined) return readCatalogPage(deps, filter, sort, after, query.limit);
  // The first page of a query is kept for a moment, and concurrent askers share one read.
  const key = `tools:${JSON.stringify([words, text, filter.inStock, filter.minPrice, filter.maxPrice, filter.category, sort, query.limit])}`;
  const hit = cache.get(key) as ToolPage | Promise<ToolPage> | undefined;
  if (hit) return hit;
  const reading = readCatalogPage(deps, filter, sort, undefined, query.limit);
  cache.set(key, reading);
  try {
    const page = await reading;
    if (cache.get(key) === reading) cache.set(key, page);
    return page;
  } catch (error) {
    if (cache.get(key) === reading) cache.delete(key);
    throw error;
  }
}

type CatalogReadDeps = Pick<ServiceDeps, 'db' | 'dialect' | 'catalogCache' | 'searchKeyStats' | 'searchVocabulary'>;

async function readCatalogPage(
  deps: CatalogReadDeps,
  filter: CatalogFilter,
  sort: ToolSort,
  after: CatalogKey | undefined,
  limit: number,
): Promise<ToolPage> {
  const { db, dialect } = deps;
  const searched = filter.words.length > 0 ? { ...filter, inside: await wordsFoundInside(db, dialect, filter.words) } : filter;
  // The first page of a search with few matches comes with their number (PostgreSQL).
  const few =
    sort === 'relevance' && after === undefined ? await findFewMatches(db, dialect, searched, limit + 1, deps.searchKeyStats) : undefined;
  const rows = few?.rows ?? (await findCatalogPage(db, dialect, searched, sort, after, limit + 1, deps.searchKeyStats));
  const page = pageOf(
    rows,
    limit,
    (row) => row,
    (row) => encodeCursor(keyOf(row, sort)),
  );
  const items = page.items.map(toTool);
  if (after !== undefined) return { items, nextCursor: page.nextCursor };
  // A first page that holds every match is its own count.
  const total = few?.total ?? (page.nextCursor === null ? items.length : await countCatalog(db, dialect, searched, MAX_COUNTED_TOOLS + 1));
  if (total === 0) {
    // Nothing found: a search that would find something, and how many tools the same search
    // finds in every category when a category was chosen.
    const [suggestion, inAllCategories] = await Promise.all([
      filter.words.length > 0 ? suggestionFor(deps, filter) : undefined,
      filter.category === undefined ? undefined : countCatalog(db, dialect, { ...searched, category: undefined }, MAX_COUNTED_TOOLS),
    ]);
    // Nothing in the category as typed nor corrected, nothing as typed anywhere: a search that
    // finds something in another category ("TFDD182A" in Hand tools: TF-DD18-2A, a power tool).
    const elsewhere =
      suggestion === undefined && !inAllCategories && filter.category !== undefined && filter.words.length > 0
        ? await suggestionFor(deps, { ...filter, category: undefined })
        : undefined;
    return {
      items,
      nextCursor: null,
      total,
      ...(suggestion === undefined ? {} : { suggestion }),
      ...(elsewhere === undefined ? {} : { suggestion: elsewhere, suggestionInAllCategories: true as const }),
      ...(inAllCategories ? { inAllCategories } : {}),
    };
  }
  return total > MAX_COUNTED_TOOLS
    ? { items, nextCursor: page.nextCursor, total: MAX_COUNTED_TOOLS, totalIsLowerBound: true }
    : { items, nextCursor: page.nextCursor, total };
}

/**
 * "Did you mean": what a search that found nothing finds something as, under the same filters.
 * A part number typed without its punctuation ("DCD771C2"): the one live tool's SKU that reads
 * so, or the start of the SKUs that start so ("tfdd18": TF-DD18, which finds them). Otherwise the words, a size typed as one word apart ("115mm": 115 mm, as names write it) and
 * each misspelt word ("driil") corrected to the nearest word of the tools' names (correctionOf);
 * a word some tool holds as typed (in a description: "metal") is kept. Undefined when no such
 * search would find a tool. Most searches that find nothing are answered without a query: which
 * words the catalog holds is read from the vocabulary (knownWord); the database is asked whether
 * the suggestion finds a tool, and only then whether a corrected word is held inside a word.
 */
async function suggestionFor(deps: CatalogReadDeps, filter: CatalogFilter): Promise<string | undefined> {
  const typed = filter.text.trim();
  const vocabulary = await deps.searchVocabulary?.words();
  if (SKU_PATTERN.test(typed)) {
    // The one SKU that reads so (a part number has digits: none, no query), else the start of
    // the SKUs that start so ("tfdd18": TF-DD18; "tfch": TF-CH).
    const near = /\d/.test(typed) ? await findLiveToolsBySkuKey(deps.db, [skuKey(typed)]) : [];
    const sku = near.length === 1 ? near[0]?.sku : vocabulary && skuStartAsWritten(vocabulary, typed);
    if (sku !== undefined && sku !== typed && (await findsAny(deps, filter, sku))) return sku;
  }
  const typedWords = searchWords(typed);
  // Each word the catalog does not hold as typed (knownWord), and what it was likely meant to be.
  const corrections = new Map<string, string>();
  for (const word of typedWords) {
    const size = /^(\d+)(\p{L}{1,3})$/u.exec(word);
    // A size apart only where some name writes it so ("115 mm").
    const apart = size && (!vocabulary || vocabulary.sizes.has(word));
    const correction = size ? (apart ? `${size[1]} ${size[2]}` : undefined) : vocabulary && correctionOf(vocabulary, word);
    if (correction !== undefined && !(vocabulary && knownWord(vocabulary, word))) corrections.set(word, correction);
  }
  const suggested = async (): Promise<string | undefined> => {
    if (corrections.size === 0) return undefined;
    // Each word once: "welde welder" is "welde", not "welde welde".
    const suggestion = [...new Set(typedWords.map((word) => corrections.get(word) ?? word))].join(' ');
    return (await findsAny(deps, filter, suggestion)) ? suggestion : undefined;
  };
  const suggestion = await suggested();
  if (suggestion === undefined) return undefined;
  // A word the catalog holds only inside a word ("grip" in "Handgrip": knownWord reads word starts) is kept as typed.
  const anywhere: CatalogFilter = { words: [], text: '', inStock: false, minPrice: undefined, maxPrice: undefined };
  let kept = false;
  for (const word of corrections.keys()) {
    if (await findsAny(deps, anywhere, word)) {
      corrections.delete(word);
      kept = true;
    }
  }
  return kept ? suggested() : suggestion;
}

/** Whether searching `text` with the filter's other conditions finds at least one tool. */
async function findsAny(deps: Pick<ServiceDeps, 'db' | 'dialect'>, filter: CatalogFilter, text: string): Promise<boolean> {
  const words = searchWords(text).map(searchStem);
  const searched: CatalogFilter = { ...filter, words, text, inside: await wordsFoundInside(deps.db, deps.dialect, words) };
  return (await countCatalog(deps.db, deps.dialect, searched, 1)) > 0;
}

/** Leaf pages one step of the search index's upkeep merges: 10 to 20 ms of the database. */
const SEARCH_MERGE_PAGES = 200;
/** At most this many steps a run (400 MB of index): a run never goes on forever under writes. */
const SEARCH_MERGE_MAX_STEPS = 500;

/**
 * SQLite: merges the catalog search index's segments into one, a step at a time with requests
 * answered between steps. A search reads every segment of each word's list: an index grown by
 * thousands of writes answers in about two thirds of the time once merged (at 100,000 tools,
 * 178 against 117 us for the words alone; 0.5 s of merging). PostgreSQL's autovacuum does the
 * like for its index. Answers how many steps did work (0: nothing to merge).
 */
export async function tidySearchIndex(deps: Pick<ServiceDeps, 'db' | 'dialect'>): Promise<number> {
  if (deps.dialect !== 'sqlite') return 0;
  let steps = 0;
  while (steps < SEARCH_MERGE_MAX_STEPS && (await mergeSearchIndexStep(deps.db, SEARCH_MERGE_PAGES))) {
    steps += 1;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return steps;
}

/**
 * Makes the catalog's search index again from the tools (SQLite: rebuildSqliteSearchIndex, then
 * merged into one segment) and answers how many tools it holds; undefined on PostgreSQL, whose
 * search column the database computes from each row itself (nothing to make again).
 */
export async function rebuildSearchIndex(deps: Pick<ServiceDeps, 'db' | 'dialect'>): Promise<number | undefined> {
  if (deps.dialect !== 'sqlite') return undefined;
  const tools = await rebuildSqliteSearchIndex(deps.db);
  await tidySearchIndex(deps);
  return tools;
}

/**
 * Quick order: the live tools with these SKUs, in any case (the unique index on lower(sku) answers
 * it), and for a SKU not found so, the one tool whose SKU reads the same without its punctuation.
 */
export async function findToolsBySku(deps: Pick<ServiceDeps, 'db'>, skus: readonly string[]): Promise<Tool[]> {
  const exact = await findLiveToolsBySku(deps.db, skus);
  const found = new Set(exact.map((row) => row.sku.toLowerCase()));
  const missing = skus.filter((sku) => !found.has(sku.toLowerCase())).map(skuKey);
  // A part number typed without its dashes ("TFDD182A"): the tool whose SKU reads so, when one does.
  const near = missing.length === 0 ? [] : await findLiveToolsBySkuKey(deps.db, missing);
  // Two tools that read alike ("TF-1.2", "TF-12") leave the typed one unknown: never a guess.
  const count = new Map<string, number>();
  for (const row of near) count.set(skuKey(row.sku), (count.get(skuKey(row.sku)) ?? 0) + 1);
  const unique = near.filter((row) => count.get(skuKey(row.sku)) === 1 && !found.has(row.sku.toLowerCase()));
  return [...exact, ...unique].map(toTool);
}

/** The live tools of these ids, in the order asked (an unknown or deleted one left out). */
export async function findToolsById(deps: Pick<ServiceDeps, 'db'>, ids: readonly number[]): Promise<{ items: Tool[]; gone: GoneTool[] }> {
  const unique = [...new Set(ids)];
  const rows = new Map((await findLiveToolsByIds(deps.db, unique)).map((row) => [row.id, row]));
  const items = unique.flatMap((id) => {
    const row = rows.get(id);
    return row ? [toTool(row)] : [];
  });
  // Read only when a line's tool is not live: a cart of live tools costs one query.
  const missing = unique.filter((id) => !rows.has(id));
  return { items, gone: await findGoneToolsByIds(deps.db, missing) };
}

/** A live tool, or undefined when it is unknown or deleted. */
export async function findTool(deps: Pick<ServiceDeps, 'db'>, id: number): Promise<Tool | undefined> {
  const row = await findToolById(deps.db, id);
  return row ? toTool(row) : undefined;
}

export async function getTool(deps: Pick<ServiceDeps, 'db'>, id: number): Promise<Tool> {
  const row = await findToolById(deps.db, id);
  if (!row) throw new AppError('NOT_FOUND', 'This tool is not available.');
  return toTool(row);
}

/** What changing the catalog uses. */
type CatalogDeps = Pick<ServiceDeps, 'db' | 'dialect' | 'catalogCache' | 'config'>;

/** An image we serve must be there (missingImage): one that would show broken on every page is refused. */
function assertImageExists(config: CatalogDeps['config'], img: string): void {
  const missing = missingImage(config, img);
  if (missing) throw new AppError('VALIDATION_FAILED', `img: ${missing}`, { img: missing });
}

const skuTakenError = () => new AppError('CONFLICT', `sku: ${skuTaken}`, { sku: skuTaken });

/**
 * Runs a write that sets a SKU: the check before it gives the clear error, the unique index
 * decides between two admins saving the same SKU at the same moment (the same error).
 */
async function withUniqueSku<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw skuTakenError();
    throw error;
  }
}

/**
 * `GET /api/tools/categories`: each category of the live tools and how many it holds, by name
 * (for the catalog's category list). Kept with the catalog's first pages (cleared by every write).
 */
export async function listCategories(deps: Pick<ServiceDeps, 'db' | 'catalogCache'>): Promise<ToolCategories> {
  const cached = deps.catalogCache.get(CATEGORIES_KEY) as ToolCategories | undefined;
  if (cached) return cached;
  const counted = await countToolsByCategory(deps.db);
  const answer = { items: counted.sort((a, b) => a.name.localeCompare(b.name, 'en-US')) };
  deps.catalogCache.set(CATEGORIES_KEY, answer);
  return answer;
}

const CATEGORIES_KEY = 'tools:categories';

/** A category a request names, as the catalog spells it (in any case: "hand tools" is Hand tools); one it does not have, as asked. */
async function categoryAsListed(deps: Pick<ServiceDeps, 'db' | 'catalogCache'>, category: string | undefined): Promise<string | undefined> {
  if (category === undefined) return undefined;
  const key = category.toLocaleLowerCase('en-US');
  return (await listCategories(deps)).items.find((listed) => listed.name.toLocaleLowerCase('en-US') === key)?.name ?? category;
}

/**
 * An admin's rename of a category (`PATCH /api/tools/categories/:name`), or its removal (`DELETE`,
 * or a rename to nothing): every live tool of it moves, in one transaction, each in the audit log
 * as an edit of its category, beside the category's own entry. The category is found in any case;
 * a new name the catalog has (any case) takes the tools in, spelled as it is, so two become one.
 */
export async function renameCategory(
  deps: Pick<ServiceDeps, 'db' | 'catalogCache'>,
  userId: string,
  name: string,
  newName: string | null,
): Promise<CategoryChange> {
  const change = await deps.db.transaction().execute(async (trx) => {
    const names = await findCategoryNames(trx);
    const key = name.toLocaleLowerCase('en-US');
    const from = names.find((known) => known.toLocaleLowerCase('en-US') === key);
    const notFound = () => new AppError('NOT_FOUND', `No product is in the category "${name}".`);
    if (from === undefined) throw notFound();
    const to = newName === null ? null : categorySpeller(names.filter((known) => known !== from))(newName);
    if (to === from) return { name: to, tools: (await countToolsByCategory(trx)).find((c) => c.name === from)?.tools ?? 0 };
    const moved = await recategorizeTools(trx, from, to);
    // Another admin's rename moved them first.
    if (moved.length === 0) throw notFound();
    await auditTools(
      trx,
      userId,
      moved.map((after) => ({ action: 'tool.update', before: { ...after, category: from }, after })),
    );
    await recordAudit(trx, {
      actorId: userId,
      action: to === null ? 'category.remove' : 'category.rename',
      target: { type: 'catalog', id: 'category', label: `${from} (${moved.length} ${moved.length === 1 ? 'product' : 'products'})` },
      before: { category: from },
      after: { category: to },
    });
    return { name: to, tools: moved.length };
  });
  deps.catalogCache.clear();
  return change;
}

/** A category as the catalog already spells it (categorySpeller). */
async function categoryAsStored(db: ServiceDeps['db'], category: string | null): Promise<string | null> {
  return category === null ? null : categorySpeller(await findCategoryNames(db))(category);
}

/** Add a Product: the tool and its initial stock entry, together. It is first in the catalog at once. */
export async function createTool(deps: CatalogDeps, userId: string, input: CreateToolInput): Promise<ManagedTool> {
  assertImageExists(deps.config, input.img);
  const row = await withUniqueSku(() =>
    deps.db.transaction().execute(async (trx) => {
      if (await skuIsTaken(trx, input.sku)) throw skuTakenError();
      const created = await insertTool(trx, { ...input, category: await categoryAsStored(trx, input.category) }, userId);
      await auditTool(trx, userId, 'tool.create', null, created);
      return created;
    }),
  );
  deps.catalogCache.clear();
  return toManagedTool(row);
}

const PRICING_CHANGED = "This tool's pricing was changed by someone else meanwhile. Reload it and try again.";

/** The fields of an update that change the tool's pricing rule (checked as a whole). */
const changesPricing = (input: UpdateToolInput): boolean =>
  [input.priceCents, input.minimum, input.priceBreaks, input.packSize, input.maxPerOrder].some((v) => v !== undefined);

/** A tool row's pricing settings, as pricingIssues reads them. */
const pricingOf = (row: ToolRow): PricingSettings => ({
  priceCents: row.price_cents,
  minimum: row.minimum,
  packSize: row.pack_size,
  maxPerOrder: row.max_per_order,
  priceBreaks: priceBreaksOf(row),
});

/**
 * An admin's edit of everything they set: name, SKU, description, image (an upload or an https
 * link), price, minimum, price breaks, pack size, maximum, and the stock. The stock change is a delta applied to the stock as it is now, recorded in the stock
 * ledger in the same transaction. A change of pricing is checked as a whole against the tool as
 * it is (pricingIssues: a 400 naming the fields), and saved only if nobody changed the pricing
 * meanwhile (a 409 otherwise).
 */
export async function updateTool(deps: CatalogDeps, userId: string, id: number, input: UpdateToolInput): Promise<ManagedTool> {
  const stockDelta = input.stock?.delta ?? 0;
  if (input.img !== undefined) assertImageExists(deps.config, input.img);
  const row = await withUniqueSku(() =>
    deps.db.transaction().execute(async (trx) => {
      if (input.sku !== undefined && (await skuIsTaken(trx, input.sku, id))) throw skuTakenError();
      // As the admin's edit found it: the audit log's "before".
      const before = await findToolById(trx, id);
      let pricingAsRead: ToolRow | undefined;
      if (changesPricing(input)) {
        pricingAsRead = await findToolById(trx, id);
        if (!pricingAsRead) throw new AppError('NOT_FOUND', 'This tool is not available.');
        const [first, ...rest] = pricingIssues(pricingAfter(pricingOf(pricingAsRead), input));
        if (first) {
          const fields = Object.fromEntries([first, ...rest].map((issue) => [issue.path.join('.'), issue.message]));
          throw new AppError('VALIDATION_FAILED', `${first.path.join('.')}: ${first.message}`, fields);
        }
      }
      const updated = await updateToolIfConsistent(trx, deps.dialect, id, {
        name: input.name,
        sku: input.sku,
        description: input.description,
        img: input.img,
        priceCents: input.priceCents,
        minimum: input.minimum,
        priceBreaks: input.priceBreaks,
        packSize: input.packSize,
        maxPerOrder: input.maxPerOrder,
        lowStockThreshold: input.lowStockThreshold,
        category: input.category === undefined ? undefined : await categoryAsStored(trx, input.category),
        stockDelta,
        pricingAsRead,
      });
      if (!updated) {
        const current = await findToolById(trx, id);
        if (!current) throw new AppError('NOT_FOUND', 'This tool is not available.');
        if (current.available + stockDelta < 0) {
          const message = `Only ${current.available} in stock: the stock cannot go below 0.`;
          throw new AppError('CONFLICT', message, { 'stock.delta': message });
        }
        if (pricingAsRead && !samePricing(current, pricingAsRead)) {
          throw new AppError('CONFLICT', PRICING_CHANGED);
        }
        throw new AppError('VALIDATION_FAILED', messages.minimumAboveAvailable, { minimum: messages.minimumAboveAvailable });
      }
      if (input.stock) {
        await insertStockAdjustment(trx, { toolId: id, delta: input.stock.delta, reason: input.stock.reason, userId });
      }
      // Back from 0: whoever asked "Email me when it is back" hears of it, once.
      if (stockDelta > 0) await releaseStockAlerts(trx, [id]);
      await auditTool(trx, userId, onlyRestock(input) ? 'tool.restock' : 'tool.update', before, updated);
      return updated;
    }),
  );
  deps.catalogCache.clear();
  return toManagedTool(row);
}

/** An edit that only restocks or corrects the stock. */
const onlyRestock = (input: UpdateToolInput): boolean =>
  input.stock !== undefined && Object.entries(input).every(([key, value]) => key === 'stock' || value === undefined);

function samePricing(a: ToolRow, b: ToolRow): boolean {
  return JSON.stringify(pricingOf(a)) === JSON.stringify(pricingOf(b));
}

/**
 * Takes a tool out of the catalog. Orders keep its name and price (copied on each order); its
 * unpaid orders, which could no longer be paid, are cancelled and their stock returned.
 */
export async function deleteTool(deps: ServiceDeps, userId: string, id: number): Promise<Tool> {
  const row = await deleteToolCancellingItsOrders(deps, id, userId, async (trx) => {
    const deleted = await softDeleteTool(trx, id);
    if (!deleted) throw new AppError('NOT_FOUND', 'This tool is not available.');
    await auditTool(trx, userId, 'tool.delete', deleted, null);
    return deleted;
  });
  return toTool(row);
}

const badManagedCursor = (): AppError =>
  new AppError('VALIDATION_FAILED', 'cursor: This cursor does not belong to this list. Start from the first page.', {
    cursor: 'This cursor does not belong to this list. Start from the first page.',
  });

/** The key a Manage Products cursor carries: an id (every tool), or `stock.id` (the low ones); anything else is a 400. */
function decodeManagedCursor(cursor: string, lowStock: boolean): ManagedKey {
  const match = lowStock ? /^(\d{1,10})\.(\d{1,10})$/.exec(cursor) : /^()(\d{1,10})$/.exec(cursor);
  const available = Number(match?.[1]);
  const id = Number(match?.[2]);
  if (!match || !isId(id) || (lowStock && !isPrice(available))) throw badManagedCursor();
  return lowStock ? { lowStock, available, id } : { lowStock, id };
}

/**
 * Manage Products (admin): every live tool newest first, or (`lowStock=true`) the Low stock
 * view: the tools at or under their threshold, the emptiest first, or (`q`) a search of every
 * live tool (searchManagedTools). Each page says how many tools are low now.
 */
export async function listManagedTools(deps: CatalogReadDeps, query: ManagedToolsQuery): Promise<ManagedToolPage> {
  if (query.q !== undefined && searchWords(query.q).length > 0) return searchManagedTools(deps, query.q, query);
  const lowStock = query.lowStock === 'true';
  const after = query.cursor === undefined ? undefined : decodeManagedCursor(query.cursor, lowStock);
  const [rows, lowStockCount] = await Promise.all([
    findManagedToolsPage(deps.db, { lowStock, category: await categoryAsListed(deps, query.category), after, limit: query.limit + 1 }),
    countLowStockTools(deps.db),
  ]);
  const page = pageOf(rows, query.limit, toManagedTool, (tool): number | string => (lowStock ? `${tool.available}.${tool.id}` : tool.id));
  return { ...page, lowStockCount };
}

/**
 * Manage Products' search: the catalog's page of the words (the same matches and order as the
 * store's search, best match first, with its cursor and count), each tool read again with what
 * only admins see. A tool deleted between the two reads is left out.
 */
async function searchManagedTools(deps: CatalogReadDeps, q: string, query: ManagedToolsQuery): Promise<ManagedToolPage> {
  const [found, lowStockCount] = await Promise.all([
    listTools(deps, { q, category: query.category, limit: query.limit, cursor: query.cursor }),
    countLowStockTools(deps.db),
  ]);
  const read = await findLiveToolsByIds(
    deps.db,
    found.items.map((tool) => tool.id),
  );
  const rows = new Map(read.map((row) => [row.id, row]));
  const items = found.items.flatMap((tool) => {
    const row = rows.get(tool.id);
    return row ? [toManagedTool(row)] : [];
  });
  const { total, totalIsLowerBound, suggestion, suggestionInAllCategories, inAllCategories } = found;
  return {
    items,
    nextCursor: found.nextCursor,
    lowStockCount,
    ...(total === undefined ? {} : { total }),
    ...(totalIsLowerBound ? { totalIsLowerBound } : {}),
    ...(suggestion === undefined ? {} : { suggestion }),
    ...(suggestionInAllCategories ? { suggestionInAllCategories } : {}),
    ...(inAllCategories === undefined ? {} : { inAllCategories }),
  };
}
