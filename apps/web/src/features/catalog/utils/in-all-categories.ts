import { formatCount } from '@toolsify/shared/money';

/** The most tools the catalog counts (MAX_COUNTED_TOOLS in @toolsify/shared/tools, kept out of the catalog page's script). */
const MOST_COUNTED = 1_000;

/** "12 tools match in all categories.": what a search that found nothing in its category finds in every one. */
export function inAllCategories(count: number): string {
  const tools =
    count >= MOST_COUNTED
      ? `${formatCount(MOST_COUNTED)} or more tools match`
      : count === 1
        ? '1 tool matches'
        : `${formatCount(count)} tools match`;
  return `${tools} in all categories.`;
}
