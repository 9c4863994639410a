import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../connect.ts';
import { usePostgres } from '../../test/helpers.ts';
import { addOldTool, foundInSearchIndex, sqliteMigrationsUpTo as upTo } from './migration-test-helpers.ts';

// SQLite only: the migration changes nothing on PostgreSQL (its index has no order).
describe.skipIf(usePostgres)('migration 025 on a store that already has tools', () => {
  let handle: DatabaseHandle;
  /** The ids of the tools whose name, SKU or description hold the word, as the search index finds them. */
  const found = (word: string, rowid: 'rowid' | '-rowid') => foundInSearchIndex(handle, word, rowid);

  beforeAll(async () => {
    handle = connectDatabase({ url: ':memory:' });
    const to024 = await new Migrator({ db: handle.db, provider: upTo('024') }).migrateToLatest();
    if (to024.error) throw to024.error;
    for (const [name, sku] of [
      ['Old Drill', 'OLD-1'],
      ['Old Saw', 'OLD-2'],
      ['Old Hammer', 'OLD-3'],
    ] as const) {
      await addOldTool(handle, { name, sku });
    }
    const latest = await new Migrator({ db: handle.db, provider: upTo('025') }).migrateToLatest();
    if (latest.error) throw latest.error;
  });
  afterAll(() => handle.db.destroy());

  it('puts every existing tool in the index under -id, and the triggers keep it in step', async () => {
    expect(found('kept', '-rowid')).toEqual([1, 2, 3]);
    expect(found('saw', '-rowid')).toEqual([2]);

    await handle.db.updateTable('tool').set({ name: 'Old Jigsaw' }).where('id', '=', 2).execute();
    expect(found('saw', '-rowid')).toEqual([]);
    expect(found('jigsaw', '-rowid')).toEqual([2]);
    // A stock move leaves the index alone; it still finds the tool.
    await handle.db.updateTable('tool').set({ available: 4 }).where('id', '=', 2).execute();
    expect(found('jigsaw', '-rowid')).toEqual([2]);

    await sql`delete from tool where id = 3`.execute(handle.db);
    expect(found('kept', '-rowid')).toEqual([1, 2]);
    await addOldTool(handle, { name: 'New Level', sku: 'NEW-1', description: 'Bubble' });
    expect(found('bubble', '-rowid')).toEqual([4]);
  });

  it('goes back to the index of migration 008 (rowid = id) when migrated down', async () => {
    const down = await new Migrator({ db: handle.db, provider: upTo('025') }).migrateDown();
    if (down.error) throw down.error;
    expect(found('old', 'rowid')).toEqual([1, 2]);
    expect(found('bubble', 'rowid')).toEqual([4]);
    const up = await new Migrator({ db: handle.db, provider: upTo('025') }).migrateToLatest();
    if (up.error) throw up.error;
    expect(found('old', '-rowid')).toEqual([1, 2]);
  });
});
