import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertToolRows, usePostgres } from '../../test/helpers.ts';
import { SearchKeyStats } from '../../modules/tools/tools.search-stats.ts';

// PostgreSQL only: SQLite's search index keeps no statistics of its keys.
describe.skipIf(!usePostgres)('migration 032: the search index statistics list keys down to about 1 tool in 1,000', () => {
  let app: FastifyInstance;

  /**
   * 3,000 tools of 60 brands (1 in 60 each), each described by 40 of 1,200 words (each word in
   * about 1 tool in 30): more keys more common than a brand than the default statistics list.
   */
  beforeAll(async () => {
    app = await createTestApp();
    const letter = (n: number) => String.fromCharCode(97 + (n % 26));
    const word = (n: number) => `x${letter(n)}${letter(Math.floor(n / 26))}${letter(Math.floor(n / 676))}`;
    await insertToolRows(app.db, 3_000, (i) => ({
      name: `Brand${String(i % 60).padStart(2, '0')} ${['Drill', 'Saw', 'Grinder'][i % 3]}`,
      sku: `ST-${i}`,
      description: Array.from({ length: 40 }, (_, j) => word((i * 41 + j * 30) % 1_200)).join(' '),
    }));
  });
  afterAll(() => app.close());

  const brandShare = async (target: number) => {
    await sql.raw(`alter table tool alter column search set statistics ${target}`).execute(app.db);
    await sql`analyze tool`.execute(app.db);
    const stats = new SearchKeyStats(app.db, (error) => {
      throw error;
    });
    await stats.refresh();
    return stats.share(['brand07'], true);
  };

  it('sets the statistics target of the search index to 1,000', async () => {
    const { rows } = await sql<{ target: number }>`
      select attstattarget as target from pg_attribute where attrelid = 'tool'::regclass and attname = 'search'
    `.execute(app.db);
    expect(Number(rows[0]?.target)).toBe(1_000);
  });

  it('lists a brand held by 1 tool in 60, which the default statistics leave out', async () => {
    expect(await brandShare(100)).toBe(0);
    expect(await brandShare(1_000)).toBeCloseTo(1 / 60, 2);
  });
});
