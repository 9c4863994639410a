import type { Page } from '@toolsify/shared/ids';

/**
 * One page of a cursor-paginated list: the repository was asked for `limit + 1` rows, so a row
 * beyond the page says there is a next one, whose cursor is that of the page's last item.
 */
export function pageOf<Row, Item, Cursor>(
  rows: Row[],
  limit: number,
  toItem: (row: Row) => Item,
  cursorOf: (item: Item) => Cursor,
): Page<Item, Cursor> {
  const items = rows.slice(0, limit).map(toItem);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last !== undefined ? cursorOf(last) : null };
}
