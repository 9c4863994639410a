import { formatCents, formatCount } from '@toolsify/shared/money';
import type { Pricing } from '@toolsify/shared/pricing';

/**
 * The card's line for a tool with breaks: its lowest price and from how many pieces. A module of
 * its own: the home page's cards need only this, not the price table and its rules (lazy chunks).
 */
export function lowestPriceLine(tool: Pricing): string | null {
  const last = tool.priceBreaks.at(-1);
  return last ? `From ${formatCents(last.unitPriceCents)} at ${formatCount(last.minQuantity)}+ pieces` : null;
}
