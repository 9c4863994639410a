import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../connect.ts';
import { usePostgres } from '../../test/helpers.ts';
import { addOldTool, foundInSearchIndex, sqliteMigrationsUpTo as upTo } from './migration-test-helpers.ts';

// SQLite only: PostgreSQL's search column is unchanged.
describe.skipIf(usePostgres)('migration 029: the search index holds the live tools only', () => {
  let handle: DatabaseHandle;
  /** The ids of the tools the search index finds by the word. */
  const found = (word: string) => foundInSearchIndex(handle, word);
  const now = new Date().toISOString();
  const addTool = (name: string, deleted = false) =>
    addOldTool(handle, { name, sku: name.toUpperCase().replace(/\W/g, '-'), ...(deleted ? { deletedAt: now } : {}) });
  const remove = (id: number) => handle.db.updateTable('tool').set({ deleted_at: now }).where('id', '=', id).execute();

  beforeAll(async () => {
    handle = connectDatabase({ url: ':memory:' });
    const to028 = await new Migrator({ db: handle.db, provider: upTo('028') }).migrateToLatest();
    if (to028.error) throw to028.error;
    await addTool('Old Drill');
    await addTool('Old Saw');
    await remove(2);
    const to029 = await new Migrator({ db: handle.db, provider: upTo('029') }).migrateToLatest();
    if (to029.error) throw to029.error;
  });
  afterAll(() => handle.db.destroy());

  it('takes the tools deleted before it out of the index, and every tool deleted after', async () => {
    // Tool 2 was deleted before the migration, while the index still kept deleted tools.
    expect(found('kept')).toEqual([1]);
    await addTool('New Level');
    expect(found('kept')).toEqual([1, 3]);
    await remove(3);
    expect(found('kept')).toEqual([1]);
    // A tool stored already deleted (an import's row) is never indexed.
    await addTool('Gone Hammer', true);
    expect(found('hammer')).toEqual([]);
    // A live tool's text change and a stock move behave as before.
    await handle.db.updateTable('tool').set({ name: 'Old Hammer Drill' }).where('id', '=', 1).execute();
    expect(found('hammer')).toEqual([1]);
    await handle.db.updateTable('tool').set({ available: 3 }).where('id', '=', 1).execute();
    expect(found('hammer')).toEqual([1]);
    // A deleted tool's text change does not bring it back.
    await handle.db.updateTable('tool').set({ name: 'Renamed Saw' }).where('id', '=', 2).execute();
    expect(found('renamed')).toEqual([]);
  });

  it('puts the deleted tools back in the index when migrated down, and out again up', async () => {
    const down = await new Migrator({ db: handle.db, provider: upTo('029') }).migrateDown();
    if (down.error) throw down.error;
    expect(found('kept')).toEqual([1, 2, 3, 4]);
    const up = await new Migrator({ db: handle.db, provider: upTo('029') }).migrateToLatest();
    if (up.error) throw up.error;
    expect(found('kept')).toEqual([1]);
  });
});
