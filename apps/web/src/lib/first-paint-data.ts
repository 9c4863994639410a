import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { FIRST_PAINT_SCRIPT_ID, HOME_NEWEST_TOOLS, firstPaintPaths } from '@toolsify/shared/first-paint';
import { queryKeys } from './query-keys.ts';

/**
 * How long an answer the HTML brought counts as fresh: the page that shows it does not fetch it
 * again at once (the server made it at most a couple of seconds before, from its catalog cache).
 */
export const FIRST_PAINT_FRESH_MS = 30_000;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The query key the app reads an API path's answer under, if that answer has the expected shape;
 * none for a path it does not know or an answer of another shape.
 */
function keyFor(path: string, value: unknown): QueryKey | undefined {
  if (!isRecord(value)) return undefined;
  if (path === firstPaintPaths.newestTools(HOME_NEWEST_TOOLS)) {
    return Array.isArray(value.items) && value.items.every((t) => isRecord(t) && typeof t.id === 'number')
      ? queryKeys.newestTools(HOME_NEWEST_TOOLS)
      : undefined;
  }
  if (path === firstPaintPaths.config) return typeof value.googleEnabled === 'boolean' ? queryKeys.config : undefined;
  const id = Number(/^\/api\/tools\/(\d{1,10})$/.exec(path)?.[1]);
  return value.id === id && typeof value.name === 'string' ? queryKeys.tool(id) : undefined;
}

/**
 * Before the first render: the answers the server put in the HTML (`#toolsify-data`, see
 * @toolsify/shared/first-paint) go into the query cache under the keys the pages read, so the
 * home page's products and a tool's page paint with no API request. Read once: the element is
 * removed. Anything malformed (not JSON, an unknown path, an answer of the wrong shape) is
 * ignored, and the page fetches it as it always did. Returns how many answers were taken.
 */
export function seedFromFirstPaintData(client: QueryClient, doc: Pick<Document, 'getElementById'> = document): number {
  const element = doc.getElementById(FIRST_PAINT_SCRIPT_ID);
  if (!element) return 0;
  const text = element.textContent;
  element.remove();
  let data: unknown;
  try {
    data = JSON.parse(text ?? '');
  } catch {
    return 0;
  }
  return seedFromAnswers(client, data);
}

/**
 * The answers (API path to answer, as the data script holds them) into the query cache, the
 * ones of an unknown path or shape left out; the server renders a page's first screen from the
 * same answers (entry-server.tsx). Returns how many were taken.
 */
export function seedFromAnswers(client: QueryClient, data: unknown): number {
  if (!isRecord(data)) return 0;
  const updatedAt = Date.now();
  let taken = 0;
  for (const [path, value] of Object.entries(data)) {
    const key = keyFor(path, value);
    if (!key) continue;
    client.setQueryData(key, value, { updatedAt });
    // Fresh for a while as brought; once fetched again, the page's own rule (its staleTime) holds.
    client.setQueryDefaults(key, {
      staleTime: (query) => (query.state.dataUpdatedAt === updatedAt ? FIRST_PAINT_FRESH_MS : 0),
    });
    taken += 1;
  }
  return taken;
}
