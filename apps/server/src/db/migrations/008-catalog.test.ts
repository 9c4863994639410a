import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../connect.ts';
import { migrations } from '../migrate.ts';
import { usePostgres } from '../../test/helpers.ts';
import { addOldTool, sqliteMigrationsUpTo } from './migration-test-helpers.ts';

// On SQLite only: on PostgreSQL the store's migrations need better-auth's tables first, which
// only the app creates; the catalog suites run the finished schema on both databases.
describe.skipIf(usePostgres)('migration 008 on a store that already has tools', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = connectDatabase({ url: ':memory:' });
    const before = new Migrator({ db: handle.db, provider: sqliteMigrationsUpTo('007') });
    const upTo007 = await before.migrateToLatest();
    if (upTo007.error) throw upTo007.error;
    // Tools without a SKU: the column comes with migration 008.
    for (const name of ['Old Drill', 'Old Saw']) await addOldTool(handle, { name });
    const after = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations('sqlite') } });
    const to008 = await after.migrateToLatest();
    if (to008.error) throw to008.error;
  });
  afterAll(() => handle.db.destroy());

  it('gives every existing tool a TS-<id> SKU and puts it in the search index', async () => {
    const tools = await handle.db.selectFrom('tool').select(['id', 'sku']).orderBy('id').execute();
    expect(tools.map((t) => t.sku)).toEqual(tools.map((t) => `TS-${t.id}`));
    // The index holds each tool under the rowid -id since migration 025.
    const found = handle.sqlite?.prepare(`select -rowid as id from tool_fts where tool_fts match '"saw"*'`).all();
    expect(found).toEqual([{ id: tools[1]?.id }]);
  });
});
