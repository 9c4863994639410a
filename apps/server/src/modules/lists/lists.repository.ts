import type { CartLine } from '@toolsify/shared/cart';
import type { SavedList } from '@toolsify/shared/lists';
import { nowIso, toIso, type Db } from '../../db/schema.ts';
import type { SavedListTable } from '../../db/schema.ts';
import type { Selectable } from 'kysely';

type ListRow = Selectable<SavedListTable>;

const toList = (row: ListRow): SavedList => ({
  id: row.id,
  name: row.name,
  lines: JSON.parse(row.lines) as CartLine[],
  updatedAt: toIso(row.updated_at),
});

/** What a list's row stores of its name and lines. */
const stored = (name: string, lines: readonly CartLine[]) => ({
  name,
  name_key: name.toLowerCase(),
  lines: JSON.stringify(lines.map(({ toolId, quantity }) => ({ toolId, quantity }))),
  updated_at: nowIso(),
});

/** The buyer's lists, the last changed first. */
export async function findListsOf(db: Db, userId: string): Promise<SavedList[]> {
  const rows = await db
    .selectFrom('saved_list')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toList);
}

/** One of the buyer's lists (another buyer's is not found). */
export async function findListOf(db: Db, userId: string, id: number): Promise<SavedList | undefined> {
  const row = await db.selectFrom('saved_list').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return row ? toList(row) : undefined;
}

export async function countListsOf(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('saved_list')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A new list; undefined when the buyer has a list of this name (in any case) already. */
export async function insertList(db: Db, userId: string, name: string, lines: readonly CartLine[]): Promise<SavedList | undefined> {
  const row = await db
    .insertInto('saved_list')
    .values({ user_id: userId, ...stored(name, lines) })
    .onConflict((oc) => oc.columns(['user_id', 'name_key']).doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ? toList(row) : undefined;
}

/** Replaces one of the buyer's lists whole; undefined when it is not theirs (or gone). A name another of their lists has throws a unique violation. */
export async function replaceList(
  db: Db,
  userId: string,
  id: number,
  name: string,
  lines: readonly CartLine[],
): Promise<SavedList | undefined> {
  const row = await db
    .updateTable('saved_list')
    .set(stored(name, lines))
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row ? toList(row) : undefined;
}

/** Deletes one of the buyer's lists; answers whether there was one. */
export async function deleteList(db: Db, userId: string, id: number): Promise<boolean> {
  const result = await db.deleteFrom('saved_list').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
