import type { Kysely } from 'kysely';
import { executeNow } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';

/**
 * How many placements one group takes at most, unless its work says otherwise (the rest wait
 * for the next one): more than a flash sale's orders in flight (200 connections in the bench),
 * so none of those waiting is left for a second group (decision 011).
 */
export const MAX_GROUP = 256;

/** What became of one item of a group: its value, or its own error (the others of the group stand). */
export type Outcome<O> = { ok: true; value: O } | { ok: false; error: unknown };

/**
 * What a group does with its items, all in one transaction: answers one outcome per item, in
 * the items' order, once that transaction has committed; throws when the transaction itself
 * failed (then nothing of the group is stored and every item gets that error).
 */
export type GroupWork<I, O> = (items: readonly I[]) => Promise<Array<Outcome<O>>>;

/**
 * When a group waits before it starts: while `while()` says so, re-asked every millisecond; and,
 * once it holds `growingFrom` items or more, while items keep arriving, turn after turn of the
 * event loop (a turn that brought none ends the wait); either way at most `atMostMs` after its
 * oldest item arrived, and never once it is full. The items that arrive meanwhile join it.
 */
export interface GroupHold {
  while: () => boolean;
  growingFrom?: number;
  atMostMs: number;
}

export interface GroupCommitOptions {
  /** The most items one group takes (MAX_GROUP by default). */
  maxGroup?: number;
  /** How many groups run at once (1 by default). */
  concurrency?: number;
  hold?: GroupHold;
}

interface Waiting<I, O> {
  item: I;
  /** When it arrived (performance.now()). */
  since: number;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit (decisions 011 and 014): the placements that arrive while one group runs and
 * commits are taken together in the next, one transaction for up to `maxGroup` of them, so they
 * share one commit (one flush of the log: SQLite's WAL with synchronous=FULL, PostgreSQL's WAL)
 * and, on PostgreSQL, one lock of a much-ordered tool instead of one each. The work decides how
 * the group's items are run (SQLite: inSavepointsNow; PostgreSQL: one statement for the whole
 * group, orders.repository.ts); either way one item that is refused is undone alone and the
 * others stand, and no one is answered before the commit has returned, that is before their
 * order is durable.
 *
 * At most `concurrency` groups at a time per process (1 by default, as SQLite's one connection
 * needs; 2 on PostgreSQL, orders.repository.ts). A group starts from setImmediate: the requests
 * read in the same turn of the event loop join it, and the next group starts once a running one
 * is done and its answers are on their way; with a `hold`, a group about to start may first wait
 * a few milliseconds (SQLite: while the server accepts a burst of connections, decision 016, and
 * while a crowd's orders are still being read, decision 021).
 */
export class GroupCommit<I, O> {
  private queue: Array<Waiting<I, O>> = [];
  /** How many items waited when the group about to start last looked (0: it has not). */
  private looked = 0;
  private scheduled = false;
  private running = 0;
  /** How many groups have committed, and how many placements they held (tests and logs). */
  readonly stats = { groups: 0, placements: 0, largest: 0 };

  private readonly maxGroup: number;
  private readonly concurrency: number;
  /** When a group about to start waits first (none: it starts in the next turn). */
  readonly hold: GroupHold | undefined;

  constructor(
    private readonly work: GroupWork<I, O>,
    options: GroupCommitOptions = {},
  ) {
    this.hold = options.hold;
    this.maxGroup = options.maxGroup ?? MAX_GROUP;
    this.concurrency = options.concurrency ?? 1;
  }

  /** Runs `item` in the next group; settles once that group has committed (or failed). */
  run(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, since: performance.now(), resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.running >= this.concurrency) return;
    this.scheduled = true;
    setImmediate(this.start);
  }

  private readonly start = (): void => {
    const { hold, queue } = this;
    const oldest = queue[0];
    if (hold && oldest && performance.now() - oldest.since < hold.atMostMs) {
      if (hold.while()) {
        setTimeout(this.start, 1);
        return;
      }
      // Still growing: one turn more, whose reads join the group (its check phase runs after them).
      const growing = queue.length > this.looked && queue.length >= (hold.growingFrom ?? Infinity) && queue.length < this.maxGroup;
      this.looked = queue.length;
      if (growing) {
        setImmediate(this.start);
        return;
      }
    }
    this.looked = 0;
    this.scheduled = false;
    void this.runGroup();
  };

  private async runGroup(): Promise<void> {
    const group = this.queue.splice(0, this.maxGroup);
    if (group.length === 0) return;
    this.running += 1;
    try {
      const outcomes = await this.work(group.map((waiting) => waiting.item));
      if (outcomes.length !== group.length) throw new Error(`group commit: ${outcomes.length} outcomes for ${group.length} items`);
      this.stats.groups += 1;
      this.stats.placements += group.length;
      this.stats.largest = Math.max(this.stats.largest, group.length);
      // Only now, the group durable: each answer, its order stored or its own error.
      group.forEach((waiting, n) => {
        const outcome = outcomes[n];
        if (outcome?.ok) waiting.resolve(outcome.value);
        else waiting.reject(outcome?.error);
      });
    } catch (error) {
      for (const waiting of group) waiting.reject(error);
    } finally {
      this.running -= 1;
      if (this.queue.length > 0) this.schedule();
    }
  }
}

/**
 * A group's work as one SQLite transaction (`begin immediate`) on the connection, held for the
 * whole group (db.connection(): no other query of the app's Kysely runs meanwhile), each item's
 * `work` in its own SAVEPOINT: one that throws (refused, a repeated idempotency key) is rolled
 * back alone. When the transaction itself fails (BEGIN, COMMIT, a savepoint that cannot be rolled
 * back) it is rolled back whole and the group throws.
 *
 * `work` runs its statements right away (builtOnce's `now`, executeNow; better-sqlite3 is
 * synchronous), so the transaction, from its BEGIN to its COMMIT, holds no await: nothing else
 * runs inside it, not even a query of better-auth's own Kysely on the same handle, and the
 * statements skip Kysely's executor, which cost as much CPU as SQLite's work on them
 * (docs/performance.md).
 */
export function inSavepointsNow<I, O>(db: Kysely<Database>, work: (conn: Kysely<Database>, item: I) => O): GroupWork<I, O> {
  return (items) =>
    db.connection().execute(async (conn) => {
      executeNow(conn, 'begin immediate');
      try {
        const outcomes: Array<Outcome<O>> = [];
        for (const item of items) {
          executeNow(conn, 'savepoint place_order');
          try {
            const value = work(conn, item);
            executeNow(conn, 'release place_order');
            outcomes.push({ ok: true, value });
          } catch (error) {
            // Undoes this one only; if even that fails, the whole group is rolled back below.
            executeNow(conn, 'rollback to place_order');
            executeNow(conn, 'release place_order');
            outcomes.push({ ok: false, error });
          }
        }
        executeNow(conn, 'commit');
        return outcomes;
      } catch (error) {
        try {
          executeNow(conn, 'rollback');
        } catch {
          // No transaction left to roll back (SQLite ended it itself).
        }
        throw error;
      }
    });
}
