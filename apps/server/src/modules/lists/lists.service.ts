import { listNameTaken, MAX_LISTS_PER_USER, tooManyLists, type MyLists, type SavedList } from '@toolsify/shared/lists';
import type { z } from 'zod';
import type { listInputSchema } from '@toolsify/shared/lists';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../lib/errors.ts';
import type { ServiceDeps } from '../../lib/service-deps.ts';
import { countListsOf, deleteList, findListOf, findListsOf, insertList, replaceList } from './lists.repository.ts';
import { lockUser } from '../users/users.repository.ts';

type ListsDeps = Pick<ServiceDeps, 'db' | 'dialect'>;
type CheckedList = z.output<typeof listInputSchema>;

const LIST_NOT_FOUND = 'This list was not found. It may have been deleted.';
const nameTaken = (name: string) => new AppError('CONFLICT', `name: ${listNameTaken(name)}`, { name: listNameTaken(name) });

/** The signed-in buyer's saved lists, the last changed first. */
export async function listMyLists(deps: ListsDeps, userId: string): Promise<MyLists> {
  return { items: await findListsOf(deps.db, userId) };
}

export async function getMyList(deps: ListsDeps, userId: string, id: number): Promise<SavedList> {
  const list = await findListOf(deps.db, userId, id);
  if (!list) throw new AppError('NOT_FOUND', LIST_NOT_FOUND);
  return list;
}

/**
 * Saves a new list: at most MAX_LISTS_PER_USER a buyer, each name once in any case (a 409 naming
 * the field; the unique index decides between two saves of one name at once).
 */
export async function createList(deps: ListsDeps, userId: string, input: CheckedList): Promise<SavedList> {
  // Counted and inserted as one: two saves at once cannot both take the last place.
  const list = await deps.db.transaction().execute(async (trx) => {
    await lockUser(trx, deps.dialect, userId);
    if ((await countListsOf(trx, userId)) >= MAX_LISTS_PER_USER) throw new AppError('CONFLICT', tooManyLists);
    return insertList(trx, userId, input.name, input.lines);
  });
  if (!list) throw nameTaken(input.name);
  return list;
}

/** Replaces one of the buyer's lists whole (name and lines): another buyer's is a 404, a name another of theirs has a 409. */
export async function updateList(deps: ListsDeps, userId: string, id: number, input: CheckedList): Promise<SavedList> {
  let list: SavedList | undefined;
  try {
    list = await replaceList(deps.db, userId, id, input.name, input.lines);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(input.name);
    throw error;
  }
  if (!list) throw new AppError('NOT_FOUND', LIST_NOT_FOUND);
  return list;
}

export async function removeList(deps: ListsDeps, userId: string, id: number): Promise<void> {
  if (!(await deleteList(deps.db, userId, id))) throw new AppError('NOT_FOUND', LIST_NOT_FOUND);
}
