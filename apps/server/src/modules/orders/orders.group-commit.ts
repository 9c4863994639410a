import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** How many placements one SQLite transaction takes at most (the rest wait for the next one). */
export const MAX_GROUP = 128;

interface Waiting<I, O> {
  item: I;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

/** How a group's transaction begins (SQLite: `begin immediate`), and what it does first. */
export interface GroupOptions<I> {
  begin: RawBuilder<unknown>;
  before?: (conn: Kysely<Database>, items: readonly I[]) => Promise<void>;
  maxGroup?: number;
}

/**
 * Group commit (decision 011): the placements that arrive while one transaction runs and
 * commits are taken together in the next, one transaction for up to MAX_GROUP of them, so
 * they share one commit (on SQLite one fsync of the WAL, synchronous=FULL) instead of paying
 * one each. The store uses it on SQLite (placementGroupsOf); on PostgreSQL an order stays one
 * statement in its own transaction (decision 011 says why). Each runs in its own SAVEPOINT:
 * one that throws (refused, a repeated idempotency key) is rolled back alone and the others
 * stand. No one is answered before the COMMIT has returned, that is before their order is
 * durable; when the transaction itself fails (BEGIN, COMMIT, a savepoint that cannot be rolled
 * back) it is rolled back whole and every one of them gets that error, nothing of theirs
 * stored.
 *
 * One group at a time per process, on one connection held for the whole group
 * (db.connection()): on SQLite (better-sqlite3 runs each statement synchronously, Kysely's
 * driver has one connection) no other query of the app's Kysely runs inside it. A group starts
 * from setImmediate: the requests read in the same turn of the event loop join it, and the
 * next group starts once the answers of this one are on their way.
 */
export class GroupCommit<I, O> {
  private queue: Waiting<I, O>[] = [];
  private scheduled = false;
  /** How many groups have committed, and how many placements they held (tests and logs). */
  readonly stats = { groups: 0, placements: 0, largest: 0 };

  private readonly maxGroup: number;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly work: (conn: Kysely<Database>, item: I) => Promise<O>,
    private readonly options: GroupOptions<I>,
  ) {
    this.maxGroup = options.maxGroup ?? MAX_GROUP;
  }

  /** Runs `work` for `item` in the next group; settles once that group has committed (or failed). */
  run(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => void this.runGroup());
  }

  private async runGroup(): Promise<void> {
    const group = this.queue.splice(0, this.maxGroup);
    try {
      const outcomes = await this.commit(group);
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
      this.scheduled = false;
      if (this.queue.length > 0) this.schedule();
    }
  }

  private commit(group: Waiting<I, O>[]): Promise<Array<{ ok: true; value: O } | { ok: false; error: unknown }>> {
    return this.db.connection().execute(async (conn) => {
      await this.options.begin.execute(conn);
      try {
        await this.options.before?.(
          conn,
          group.map((waiting) => waiting.item),
        );
        const outcomes: Array<{ ok: true; value: O } | { ok: false; error: unknown }> = [];
        for (const waiting of group) {
          await sql`savepoint place_order`.execute(conn);
          try {
            const value = await this.work(conn, waiting.item);
            await sql`release place_order`.execute(conn);
            outcomes.push({ ok: true, value });
          } catch (error) {
            // Undoes this one only; if even that fails, the whole group is rolled back below.
            await sql`rollback to place_order`.execute(conn);
            await sql`release place_order`.execute(conn);
            outcomes.push({ ok: false, error });
          }
        }
        await sql`commit`.execute(conn);
        return outcomes;
      } catch (error) {
        try {
          await sql`rollback`.execute(conn);
        } catch {
          // No transaction left to roll back (SQLite ended it itself).
        }
        throw error;
      }
    });
  }
}
