import { describe, expect, it } from 'vitest';
import { createToolSchema } from '@toolsify/shared/tools';
import type { NewToolInput } from '../modules/tools/tools.repository.ts';
import { demoTools } from './demo-data.ts';

const tools: readonly NewToolInput[] = demoTools;

describe('the demo catalog', () => {
  it('is what an admin could save: every tool passes the API schema, pricing rule included', () => {
    for (const tool of tools) {
      // One demo tool is out of stock (the spec's red "Out of Stock"), which a new tool cannot be.
      const parsed = createToolSchema.safeParse({ ...tool, available: Math.max(tool.available, tool.minimum) });
      expect(parsed.error?.issues ?? [], tool.sku).toEqual([]);
    }
  });

  it('shows bulk pricing at once: most tools have price breaks, several are sold in packs', () => {
    expect(tools.filter((t) => (t.priceBreaks ?? []).length > 0).length).toBeGreaterThan(tools.length / 2);
    expect(tools.filter((t) => (t.packSize ?? 1) > 1).length).toBeGreaterThanOrEqual(5);
  });
});
