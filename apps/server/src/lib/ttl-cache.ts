/**
 * A small time-bounded cache for hot read answers (the home page's newest tools, the first
 * page of each catalog search), at most `maxEntries`, the least recently used going first.
 * Writes in this process clear it at once; the TTL bounds how stale another process's copy
 * can be when several app servers share one database.
 */
export class TtlCache<V> {
  readonly #entries = new Map<string, { value: V; expires: number }>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  #generation = 0;

  constructor(ttlMs: number, maxEntries = 100) {
    this.#ttlMs = ttlMs;
    this.#maxEntries = maxEntries;
  }

  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= Date.now()) {
      this.#entries.delete(key);
      return undefined;
    }
    // Most recently used last: the entry that goes first when full is the least recently used.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V): void {
    this.#entries.delete(key);
    if (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, { value, expires: Date.now() + this.#ttlMs });
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
    this.#generation += 1;
  }

  /**
   * How many times it was cleared: a value read when it was N may be kept (set) only while it
   * is still N, or a write that cleared it meanwhile would be undone.
   */
  get generation(): number {
    return this.#generation;
  }
}
