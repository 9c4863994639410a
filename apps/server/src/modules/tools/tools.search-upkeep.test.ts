import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, usePostgres } from '../../test/helpers.ts';
import { insertTool, mergeSearchIndexStep } from './tools.repository.ts';
import { SEARCH_UPKEEP_INTERVAL_MS } from './tools.search-upkeep.ts';
import { listTools, tidySearchIndex } from './tools.service.ts';
import { toolListQuerySchema } from '@toolsify/shared/tools';

/** Tools written one transaction each, as admins add them over time: FTS5 gets a segment per write. */
async function addToolsOneByOne(app: FastifyInstance, count: number, from = 0): Promise<void> {
  for (let n = from; n < from + count; n += 1) {
    await insertTool(app.db, {
      name: `Upkeep ${n % 2 === 0 ? 'Grinder' : 'Drill'} ${n}`,
      sku: `UPK-${n}`,
      description: `Kept in one list ${n}`,
      img: '/images/tools/drill.svg',
      priceCents: 1_000 + n,
      available: 10,
      minimum: 1,
    });
  }
}

/** Every page of a search, as the API answers it (the cache of first pages left out). */
async function search(app: FastifyInstance, q: string): Promise<string[]> {
  const names: string[] = [];
  let cursor: string | undefined;
  do {
    const query = toolListQuerySchema.parse({ q, limit: '7', ...(cursor ? { cursor } : {}) });
    const page = await listTools({ ...app, catalogCache: { get: () => undefined, set() {}, delete() {} } as never }, query);
    names.push(...page.items.map((tool) => tool.name));
    cursor = page.nextCursor === null ? undefined : String(page.nextCursor);
  } while (cursor);
  return names;
}

describe.skipIf(usePostgres)('the search index upkeep (SQLite)', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    vi.useRealTimers();
    await app?.close();
    app = undefined;
  });

  it('merges an index grown by many writes, a step at a time, and the searches find the same tools in the same order', async () => {
    app = await createTestApp();
    await addToolsOneByOne(app, 60);
    const before = await Promise.all(['grinder', 'upk', 'kept list 4', 'drill 5'].map((q) => search(app!, q)));
    expect(before[0]).toHaveLength(30);

    expect(await tidySearchIndex(app)).toBeGreaterThan(0);
    // Merged: a second run finds nothing to do.
    expect(await tidySearchIndex(app)).toBe(0);
    await sql`insert into tool_fts (tool_fts, rank) values ('integrity-check', 0)`.execute(app.db);
    expect(await Promise.all(['grinder', 'upk', 'kept list 4', 'drill 5'].map((q) => search(app!, q)))).toEqual(before);

    // And the index keeps taking writes after it: a new tool is found.
    await addToolsOneByOne(app, 1, 60);
    expect((await search(app, 'upkeep')).length).toBe(61);
  });

  it('runs by itself from start-up, on its interval', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    app = await createTestApp();
    await app.ready();
    await addToolsOneByOne(app, 60);
    vi.advanceTimersByTime(SEARCH_UPKEEP_INTERVAL_MS);
    // The run goes on real time once its timer fired: give it time to finish. Then a step (of
    // one page, which could not merge 60 writes' segments by itself) has nothing left to merge.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await mergeSearchIndexStep(app.db, 1)).toBe(false);
  });
});

describe.runIf(usePostgres)('the search index upkeep (PostgreSQL)', () => {
  it('leaves the index to autovacuum: nothing to do', async () => {
    const app = await createTestApp();
    try {
      expect(await tidySearchIndex(app)).toBe(0);
    } finally {
      await app.close();
    }
  });
});
