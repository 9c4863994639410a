import type { Tool } from '@toolsify/shared/tools';
import type { GoneTool } from '@toolsify/shared/cart';
import { api } from '../../../lib/api-client.ts';

/** `POST /api/tools/by-sku`: the live tools with these SKUs (any case). */
export async function lookupSkus(skus: readonly string[]): Promise<Tool[]> {
  if (skus.length === 0) return [];
  return (await api<{ items: Tool[] }>('/api/tools/by-sku', { method: 'POST', body: { skus } })).items;
}

/** The tools of some ids: the live ones, and the ones taken out of the catalog by the name and SKU they were sold under. */
export interface ToolLookup {
  live: Map<number, Tool>;
  gone: Map<number, GoneTool>;
}

/**
 * `POST /api/tools/by-id`: the tools of these ids, by id, in one request (the cart's lines, a
 * saved list's, an order's for Order again). An id in neither map is unknown: no longer sold too.
 */
export async function lookupToolIds(ids: readonly number[]): Promise<ToolLookup> {
  if (ids.length === 0) return { live: new Map(), gone: new Map() };
  const { items, gone } = await api<{ items: Tool[]; gone: GoneTool[] }>('/api/tools/by-id', { method: 'POST', body: { ids } });
  return { live: new Map(items.map((tool) => [tool.id, tool])), gone: new Map(gone.map((tool) => [tool.id, tool])) };
}

/** What a line of a tool no longer sold is called: "Claw Hammer (TF-CH16)", or its id when the store never had it. */
export function goneToolName(lookup: ToolLookup | undefined, toolId: number): string {
  const gone = lookup?.gone.get(toolId);
  return gone ? `${gone.name} (${gone.sku})` : `Tool #${toolId}`;
}
