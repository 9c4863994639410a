import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { createTestApp, recordingStatements, usePostgres } from '../../test/helpers.ts';
import type { Db } from '../../db/schema.ts';
import { claimDueMail, inDueOrder, oldestDueMail } from './outbox.repository.ts';

/**
 * PostgreSQL reads the outbox's due rows along the due index in its order (inDueOrder): a
 * backlog written faster than the statistics follow (a flash sale's emails, held back while it
 * lasts) otherwise makes the planner read every due row through a bitmap and sort them all, for
 * every batch of 20.
 */
const BACKLOG = 2_000;
let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp({ OUTBOX_POLL_MS: '600000' });
  // Statistics from an empty outbox, then a backlog they do not know about.
  if (usePostgres) await sql`analyze outbox`.execute(app.db);
  const due = new Date(Date.now() - 60_000).toISOString();
  for (let start = 0; start < BACKLOG; start += 500) {
    await app.db
      .insertInto('outbox')
      .values(
        Array.from({ length: 500 }, (_, i) => ({
          kind: 'verify_email' as const,
          recipient: `buyer${start + i}@example.com`,
          order_id: null,
          payload: '{}',
          dedupe_key: null,
          created_at: due,
          next_attempt_at: due,
        })),
      )
      .execute();
  }
});

afterAll(async () => {
  await app.close();
});

/** The plan of the worker's read of the oldest due rows. */
async function planOfOldest(db: Db): Promise<string> {
  const { rows } = await sql<{ 'QUERY PLAN': string }>`
    explain select id from outbox
    where sent_at is null and failed_at is null and next_attempt_at <= now()
    order by next_attempt_at, id limit 20`.execute(db);
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

describe.skipIf(!usePostgres)('the outbox read along its due index (PostgreSQL)', () => {
  it('is read through a bitmap and sorted whole when left to the stale statistics, in index order by inDueOrder', async () => {
    // Why inDueOrder exists: if this ever says "Index Scan", PostgreSQL plans it right by itself.
    expect(await planOfOldest(app.db)).toMatch(/Bitmap Index Scan on outbox_due_idx/);
    const plan = await inDueOrder(app.db, app.dialect, planOfOldest);
    expect(plan).toMatch(/Index Scan using outbox_due_idx/);
    expect(plan).not.toMatch(/Bitmap|Sort/);
  });

  it('is how the worker claims a batch and finds the oldest due email', async () => {
    const { db, statements } = recordingStatements(app);
    const oldest = await oldestDueMail(db, app.dialect, new Date());
    const claimed = await claimDueMail(db, app.dialect, { now: new Date(), leaseMs: 60_000, limit: 20 });
    expect(oldest).toBeInstanceOf(Date);
    expect(claimed).toHaveLength(20);
    expect(claimed.map((row) => row.recipient)).toEqual(Array.from({ length: 20 }, (_, i) => `buyer${i}@example.com`));
    // Each read in its own transaction, right after turning bitmap scans off.
    const turnedOff = statements.flatMap((statement, i) => (/set local enable_bitmapscan = off/.test(statement) ? [i] : []));
    expect(turnedOff).toHaveLength(2);
    expect(statements[turnedOff[0]! + 1]).toMatch(/^select next_attempt_at from outbox\s+where sent_at is null/);
    expect(statements[turnedOff[1]! + 1]).toMatch(/^\s*update outbox set claimed_until/);
  });
});
