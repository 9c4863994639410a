import type { Tool } from '@toolsify/shared/tools';
import { api } from '../../../lib/api-client.ts';

/** `POST /api/tools/by-sku`: the live tools with these SKUs (any case). */
export async function lookupSkus(skus: readonly string[]): Promise<Tool[]> {
  if (skus.length === 0) return [];
  return (await api<{ items: Tool[] }>('/api/tools/by-sku', { method: 'POST', body: { skus } })).items;
}

/**
 * `POST /api/tools/by-id`: the live tools of these ids, by id, in one request (the cart's lines,
 * an order's for Order again). An id missing from the map is a tool no longer sold.
 */
export async function lookupToolIds(ids: readonly number[]): Promise<Map<number, Tool>> {
  if (ids.length === 0) return new Map();
  const { items } = await api<{ items: Tool[] }>('/api/tools/by-id', { method: 'POST', body: { ids } });
  return new Map(items.map((tool) => [tool.id, tool]));
}
