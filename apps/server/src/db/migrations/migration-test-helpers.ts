import type { MigrationProvider } from 'kysely';
import type { DatabaseHandle } from '../connect.ts';
import { migrations } from '../migrate.ts';

/** SQLite's migrations up to number `last` ("028"), for a Migrator: a store as it was then. */
export function sqliteMigrationsUpTo(last: string): MigrationProvider {
  return {
    getMigrations: async () => Object.fromEntries(Object.entries(migrations('sqlite')).filter(([name]) => name.slice(0, 3) <= last)),
  };
}

/**
 * Stores a tool in a store from before a migration, described as "Kept from before" unless said.
 * Without a `sku` for a store from before migration 008, which gave tools one.
 */
export async function addOldTool(
  { db }: DatabaseHandle,
  tool: { name: string; sku?: string; description?: string; deletedAt?: string },
): Promise<void> {
  const now = new Date().toISOString();
  const values = {
    name: tool.name,
    ...(tool.sku === undefined ? {} : { sku: tool.sku }),
    description: tool.description ?? 'Kept from before',
    img: '/x.svg',
    price_cents: 100,
    available: 5,
    minimum: 1,
    created_at: now,
    updated_at: now,
    ...(tool.deletedAt === undefined ? {} : { deleted_at: tool.deletedAt }),
  };
  // The columns of the store's schema then, not of today's (`Database`).
  await db
    .insertInto('tool')
    .values(values as never)
    .execute();
}

/**
 * The ids of the tools SQLite's search index finds by the word as a prefix, in order: read as
 * `-rowid` since migration 025 (which keeps each tool under -id), `rowid` before it.
 */
export function foundInSearchIndex({ sqlite }: DatabaseHandle, word: string, rowid: 'rowid' | '-rowid' = '-rowid'): number[] | undefined {
  return sqlite
    ?.prepare(`select ${rowid} as id from tool_fts where tool_fts match ? order by id`)
    .all(`"${word}"*`)
    .map((row) => (row as { id: number }).id);
}
