import { formatCount } from '@toolsify/shared/money';

/** The most tools the catalog counts (MAX_COUNTED_TOOLS in @toolsify/shared/tools, kept out of the catalog page's script). */
const MOST_COUNTED = 1_000;

/**
 * "12 tools match in all categories.": what a search that found nothing in its category finds in
 * every one (Manage Products says "products").
 */
export function inAllCategories(count: number, noun: 'tool' | 'product' = 'tool'): string {
  const found =
    count >= MOST_COUNTED
      ? `${formatCount(MOST_COUNTED)} or more ${noun}s match`
      : count === 1
        ? `1 ${noun} matches`
        : `${formatCount(count)} ${noun}s match`;
  return `${found} in all categories.`;
}
