import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';
import { LONGEST_KEY } from './tools.repository.ts';

/** How long the statistics read are used before they are read again (in the background). */
export const SEARCH_STATS_MAX_AGE_MS = 5 * 60 * 1000;

/**
 * PostgreSQL: how common each key of the catalog's search index is, as the database's own
 * statistics of `tool.search` say (`pg_stats.most_common_elems`: the keys held by more than
 * about 1 in 40 tools, with the share of tools holding each, kept by autovacuum's analyze).
 * The catalog reads a common search newest first by walking the newest tools rather than
 * through the search index (see findRelevancePage); a key not among them counts as rare. Only
 * how a page is read depends on this, never what it holds: stale or missing statistics cost
 * time, not results. Read on first use and again, in the background, when older than maxAgeMs.
 */
export class SearchKeyStats {
  #shares = new Map<string, number>();
  /** The share of the least common key listed: a key not listed is held by at most about as many tools. */
  #leastListed = 0;
  #tools = 0;
  #readAt = Number.NEGATIVE_INFINITY;
  #reading: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly onError: (error: unknown) => void,
    private readonly maxAgeMs = SEARCH_STATS_MAX_AGE_MS,
  ) {}

  /**
   * The estimated share (0 to 1) of the tools holding every one of `words` as a prefix, in the
   * name or SKU (`inName`) or anywhere: the product of the keys' shares, as if the words were
   * independent; 0 when a key is not a common one (or before the first read has ended).
   */
  share(words: readonly string[], inName: boolean): number {
    this.#refreshWhenStale();
    const mark = inName ? '^' : '_';
    return words.reduce((share, word) => share * (this.#shares.get(`${mark}${keyOf(word)}`) ?? 0), 1);
  }

  /**
   * About how many tools hold every one of `words` starting a word or, where `inside` says,
   * inside a name or SKU word (the search's matches, any tier): the keys' shares multiplied, as
   * if the words were independent, each key not listed counted as common as the least common
   * one listed (an upper bound for one word). Words that go together ("angle grinder") are more
   * common than this says: callers check what they find.
   */
  estimatedMatches(words: readonly string[], inside: (index: number) => boolean): number {
    this.#refreshWhenStale();
    const share = (key: string) => this.#shares.get(key) ?? this.#leastListed;
    return words.reduce((matches, word, i) => {
      const key = keyOf(word);
      return matches * Math.min(1, share(`_${key}`) + (inside(i) ? share(`~${key}`) : 0));
    }, this.#tools);
  }

  /** The estimated number of tools (live or not) the shares are of: the planner's own estimate. */
  get tools(): number {
    return this.#tools;
  }

  /** Reads the statistics now (the first read, or a test's). */
  async refresh(): Promise<void> {
    this.#reading ??= this.#read().finally(() => {
      this.#reading = undefined;
    });
    return this.#reading;
  }

  #refreshWhenStale(): void {
    if (performance.now() - this.#readAt < this.maxAgeMs || this.#reading) return;
    // Not read again at once after a failure either: at most once per maxAgeMs.
    this.#readAt = performance.now();
    this.refresh().catch(this.onError);
  }

  async #read(): Promise<void> {
    const { rows } = await sql<{ key: string; share: number }>`
      select u.key, u.share
      from pg_stats s,
        unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) as u(key, share)
      where s.schemaname = current_schema() and s.tablename = 'tool' and s.attname = 'search' and u.key is not null
    `.execute(this.db);
    const tools = await sql<{ tools: number }>`
      select greatest(reltuples, 0)::float8 as tools from pg_class where oid = 'tool'::regclass
    `.execute(this.db);
    this.#shares = new Map(rows.map((row) => [row.key, Number(row.share)]));
    this.#leastListed = rows.reduce((least, row) => Math.min(least, Number(row.share)), rows.length === 0 ? 0 : 1);
    this.#tools = Number(tools.rows[0]?.tools ?? 0);
    this.#readAt = performance.now();
  }
}

/** A search word's key in the index, as near as it matters here (accents dropped, 12 characters). */
function keyOf(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').slice(0, LONGEST_KEY);
}
