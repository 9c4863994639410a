import { searchStem, textWords } from '@toolsify/shared/search';
import { skuKey } from '@toolsify/shared/cart-lines';
import type { Db } from '../../db/schema.ts';

/** How long a read of the names' words is used before a search that needs them reads them again. */
export const VOCABULARY_MAX_AGE_MS = 10 * 60 * 1000;
/** Names read at a time: the event loop answers other requests between reads. */
const READ_BATCH = 5_000;
/** The shortest word a search corrects, and the shortest word of a name it corrects to. */
const SHORTEST_CORRECTED = 4;

/** The words of the live tools' names and how many names hold each, as one read found them. */
export interface NameWords {
  /** Every word, sorted: whether a search word starts one is a binary search. */
  sorted: string[];
  /** How many names hold each word. */
  counts: Map<string, number>;
  /** The words by their length in characters. */
  byLength: Map<number, string[]>;
  /**
   * Every word of the names, SKUs and descriptions, any length, digits too, without accents and
   * sorted: whether the catalog holds a search word (knownWord) is answered here, not by the database.
   */
  everyWord: string[];
  /** The sizes names write apart, joined as a search word would type them: "115 mm" is 115mm. */
  sizes: Set<string>;
  /** The live SKUs by their key (skuKey: no case, no punctuation), sorted by key: a part number's start typed without its dashes is a binary search. */
  skus: ReadonlyArray<readonly [key: string, sku: string]>;
  /** correctionOf's answers for these words, kept as searches repeat their words (at most MAX_REMEMBERED). */
  corrections: Map<string, string | undefined>;
}

/** The most corrections a read of the words remembers (a few hundred kB of short strings). */
const MAX_REMEMBERED = 10_000;

/** A word as the search index compares it: lowercase, without accents ("Scié" is scie). */
const plain = (word: string): string =>
  word
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();

/**
 * The words of the live tools' names: what "Did you mean" corrects a misspelt search word to
 * ("driil" to drill). Words of letters only: a part number or a size is never corrected. Read on
 * first use, in batches, and again when older than maxAgeMs, the old read answering meanwhile (a
 * renamed or new tool is offered after that at the latest; a suggestion is checked against the
 * catalog before it is given). Concurrent callers share one read.
 */
export class SearchVocabulary {
  #words: NameWords | undefined;
  #readAt = Number.NEGATIVE_INFINITY;
  #reading: Promise<NameWords> | undefined;

  constructor(
    private readonly db: Db,
    private readonly maxAgeMs = VOCABULARY_MAX_AGE_MS,
  ) {}

  async words(): Promise<NameWords> {
    if (this.#words && Date.now() - this.#readAt < this.maxAgeMs) return this.#words;
    const reading = (this.#reading ??= this.#read().finally(() => {
      this.#reading = undefined;
    }));
    if (!this.#words) return reading;
    // An old read is used while the next is made (at 100,000 tools about a second): no search waits
    // for it, and one that fails leaves the old read in use until the next try.
    reading.catch(() => undefined);
    return this.#words;
  }

  async #read(): Promise<NameWords> {
    const counts = new Map<string, number>();
    const every = new Set<string>();
    const sizes = new Set<string>();
    const skus: string[] = [];
    let after = 0;
    for (;;) {
      const rows = await this.db
        .selectFrom('tool')
        .select(['id', 'name', 'sku', 'description'])
        .where('deleted_at', 'is', null)
        .where('id', '>', after)
        .orderBy('id')
        .limit(READ_BATCH)
        .execute();
      for (const { name, sku, description } of rows) {
        const nameWords = textWords(name);
        nameWords.forEach((word, at) => {
          const unit = nameWords[at + 1];
          if (unit !== undefined && /^\d+$/.test(word) && /^\p{L}{1,3}$/u.test(unit)) sizes.add(word + unit);
        });
        for (const word of new Set(nameWords)) {
          if (word.length >= SHORTEST_CORRECTED && /^\p{L}+$/u.test(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
        }
        for (const word of textWords(`${name} ${sku} ${description}`)) every.add(plain(word));
        skus.push(sku);
      }
      const last = rows.at(-1);
      if (!last || rows.length < READ_BATCH) break;
      after = last.id;
    }
    const words = nameWordsOf(counts, every, sizes, skus);
    this.#words = words;
    this.#readAt = Date.now();
    return words;
  }
}

/** The read's words as NameWords; `others`: the words of SKUs and descriptions (the names' own are added); `skus`: the live SKUs. */
export function nameWordsOf(
  counts: Map<string, number>,
  others: Iterable<string> = [],
  sizes: Iterable<string> = [],
  skus: Iterable<string> = [],
): NameWords {
  const sorted = [...counts.keys()].sort();
  const everyWord = [...new Set([...others, ...sorted].map(plain))].sort();
  const byLength = new Map<number, string[]>();
  for (const word of sorted) {
    const length = Array.from(word).length;
    const same = byLength.get(length);
    if (same) same.push(word);
    else byLength.set(length, [word]);
  }
  const skuKeys = [...skus].map((sku) => [skuKey(sku), sku] as const).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return { sorted, counts, byLength, everyWord, sizes: new Set(sizes), skus: skuKeys, corrections: new Map() };
}

/**
 * The start of a live SKU typed without its punctuation ("tfdd18"), as the SKU writes it
 * ("TF-DD18" of TF-DD18-2A): the search that finds the tools whose part numbers start so (its
 * words are the SKU's words, each a prefix). Undefined when no SKU's key starts with it.
 */
export function skuStartAsWritten(words: NameWords, typed: string): string | undefined {
  const key = skuKey(typed);
  if (key === '') return undefined;
  const [found, sku] = words.skus[firstNotBefore(words.skus, key, ([skuKeyOf]) => skuKeyOf)] ?? [];
  if (found === undefined || sku === undefined || !found.startsWith(key)) return undefined;
  // The SKU up to its key.length-th letter or digit (its punctuation kept, none after).
  let seen = 0;
  let end = 0;
  while (seen < key.length && end < sku.length) {
    if (!/[-_.]/.test(sku.charAt(end))) seen += 1;
    end += 1;
  }
  return sku.slice(0, end);
}

/** The index of the first item of `sorted` (sorted by `keyOf`) whose key is not before `key` (its length when none). */
function firstNotBefore<T>(sorted: readonly T[], key: string, keyOf: (item: T) => string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const item = sorted[middle];
    if (item !== undefined && keyOf(item) < key) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Whether some word of `sorted` starts with `prefix` (a search word matches as a prefix). */
function startsSomeWord(sorted: readonly string[], prefix: string): boolean {
  return sorted[firstNotBefore(sorted, prefix, (word) => word)]?.startsWith(prefix) ?? false;
}

/**
 * Whether a search word starts a word of some tool's name, SKU or description, as typed or as its
 * plural's stem, accents aside: what the search finds a tool by, but a part of a word inside one
 * (the database answers that, for the few words it would change).
 */
export function knownWord(words: NameWords, word: string): boolean {
  return startsSomeWord(words.everyWord, plain(word)) || startsSomeWord(words.everyWord, plain(searchStem(word)));
}

/**
 * The name word a misspelt search word was most likely meant to be: within one edit (a letter
 * added, left out, changed, or two side by side swapped) for words of up to five letters, two
 * for longer ones; the nearest, then the one most names hold. Undefined for a word that starts
 * a name word as typed or as its plural's stem, a word with digits, a short word, or nothing near.
 */
export function correctionOf(words: NameWords, word: string): string | undefined {
  if (words.corrections.has(word)) return words.corrections.get(word);
  const correction = nearestNameWord(words, word);
  if (words.corrections.size < MAX_REMEMBERED) words.corrections.set(word, correction);
  return correction;
}

function nearestNameWord(words: NameWords, word: string): string | undefined {
  const chars = Array.from(word);
  if (chars.length < SHORTEST_CORRECTED || !/^\p{L}+$/u.test(word)) return undefined;
  if (startsSomeWord(words.sorted, word) || startsSomeWord(words.sorted, searchStem(word))) return undefined;
  const most = chars.length <= 5 ? 1 : 2;
  let best: { word: string; distance: number; count: number } | undefined;
  for (let length = chars.length - most; length <= chars.length + most; length++) {
    for (const candidate of words.byLength.get(length) ?? []) {
      const distance = editDistance(chars, Array.from(candidate), most);
      if (distance > most) continue;
      const count = words.counts.get(candidate) ?? 0;
      if (!best || distance < best.distance || (distance === best.distance && count > best.count))
        best = { word: candidate, distance, count };
    }
  }
  return best?.word;
}

/**
 * The edits (insert, delete, replace, swap two neighbours) from `a` to `b` (the optimal string
 * alignment distance), or `most + 1` as soon as it is known to be more than `most`.
 */
export function editDistance(a: readonly string[], b: readonly string[], most: number): number {
  if (Math.abs(a.length - b.length) > most) return most + 1;
  const width = b.length + 1;
  // Three rows of the table: two rows up (for a swap), the row above, this row.
  let before: number[] = Array.from({ length: width }, () => 0);
  let above = Array.from({ length: width }, (_, j) => j);
  let row: number[] = Array.from({ length: width }, () => 0);
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let rowBest = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((above[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (above[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, (before[j - 2] ?? 0) + 1);
      row[j] = value;
      rowBest = Math.min(rowBest, value);
    }
    if (rowBest > most) return most + 1;
    [before, above, row] = [above, row, before];
  }
  return Math.min(above[b.length] ?? 0, most + 1);
}
