import type { Tool } from '@toolsify/shared/tools';
import { api } from '../../../lib/api-client.ts';

/** `POST /api/tools/by-sku`: the live tools with these SKUs (any case). */
export async function lookupSkus(skus: readonly string[]): Promise<Tool[]> {
  if (skus.length === 0) return [];
  return (await api<{ items: Tool[] }>('/api/tools/by-sku', { method: 'POST', body: { skus } })).items;
}
