/**
 * Bulk pricing and the quantity rule beyond the spec's minimum and stock: price breaks, pack
 * sizes and a maximum per order. Pure functions, no zod, so the product card can use them
 * without the form libraries. The server enforces the same rule when it takes the stock
 * (orders.repository.ts), and a property test holds the two to the same answers.
 */
import { formatCents, formatCount } from './money.ts';

/** From `minQuantity` pieces on, each piece costs `unitPriceCents`. */
export interface PriceBreak {
  minQuantity: number;
  unitPriceCents: number;
}

/** What prices an order line: the base price from the minimum up, and the breaks above it. */
export interface Pricing {
  priceCents: number;
  /** Rising by quantity, falling by price (see pricingIssues). */
  priceBreaks: readonly PriceBreak[];
}

/** What a quantity must meet: the spec's minimum and stock, a pack size and a maximum per order. */
export interface QuantityRules {
  minimum: number;
  available: number;
  /** The quantity must be a multiple of it (1: any whole number). */
  packSize?: number | undefined;
  /** At most this many in one order; null or absent: no maximum but the stock. */
  maxPerOrder?: number | null | undefined;
}

export const MAX_PRICE_BREAKS = 5;
export const MAX_PACK_SIZE = 10_000;

/**
 * THE price rule: the unit price of `quantity` pieces is the price of the highest break whose
 * minQuantity is at most the quantity, else the base price.
 */
export function unitPriceFor(pricing: Pricing, quantity: number): number {
  let price = pricing.priceCents;
  for (const tier of pricing.priceBreaks) {
    if (tier.minQuantity <= quantity) price = tier.unitPriceCents;
  }
  return price;
}

/** What `quantity` pieces cost: unit price x quantity, in cents. */
export function lineCostCents(pricing: Pricing, quantity: number): number {
  return unitPriceFor(pricing, quantity) * quantity;
}

export const packSizeOf = (rules: QuantityRules): number => rules.packSize ?? 1;

export function soldInPacksMessage(packSize: number, choices: readonly number[]): string {
  return `Sold in packs of ${packSize}: choose ${choices.map((n) => formatCount(n)).join(' or ')}.`;
}

export function aboveMaxPerOrderMessage(maxPerOrder: number): string {
  return `You can order at most ${formatCount(maxPerOrder)} pieces of this tool in one order.`;
}

/** The largest quantity one order may have: the stock or the maximum, down to a whole pack (0: none). */
export function largestOrderable(rules: QuantityRules): number {
  const pack = packSizeOf(rules);
  const cap = Math.min(rules.available, rules.maxPerOrder ?? Number.POSITIVE_INFINITY);
  const largest = Math.floor(cap / pack) * pack;
  return largest >= rules.minimum ? largest : 0;
}

/** Whether `quantity` meets every rule (a whole number, minimum, pack, maximum, stock). */
export function isOrderable(quantity: number, rules: QuantityRules): boolean {
  return (
    Number.isInteger(quantity) && quantity >= rules.minimum && quantity <= largestOrderable(rules) && quantity % packSizeOf(rules) === 0
  );
}

/** The valid quantities just below and just above `quantity` (one or both), for the pack message. */
export function nearestOrderable(quantity: number, rules: QuantityRules): number[] {
  const pack = packSizeOf(rules);
  const below = Math.floor(quantity / pack) * pack;
  const above = below + pack;
  return [below, above].filter((n) => n !== quantity && isOrderable(n, rules));
}

/** The price table a buyer reads: each tier's quantity range, unit price and saving against the base price. */
export interface PriceTier {
  /** First quantity of the tier. */
  from: number;
  /** Last quantity of the tier; null for the last (up to the stock or the maximum). */
  to: number | null;
  unitPriceCents: number;
  /** Per piece, against the base price (0 for the base tier). */
  savingCents: number;
  /** The saving as a whole percentage of the base price. */
  savingPercent: number;
}

export function priceTiers(pricing: Pricing, rules: Pick<QuantityRules, 'minimum'>): PriceTier[] {
  const starts = [{ minQuantity: rules.minimum, unitPriceCents: pricing.priceCents }, ...pricing.priceBreaks];
  return starts.map((tier, n) => {
    const next = starts[n + 1];
    const savingCents = pricing.priceCents - tier.unitPriceCents;
    return {
      from: tier.minQuantity,
      to: next ? next.minQuantity - 1 : null,
      unitPriceCents: tier.unitPriceCents,
      savingCents,
      savingPercent: pricing.priceCents > 0 ? Math.floor((savingCents * 100) / pricing.priceCents) : 0,
    };
  });
}

/** The next break's offer for an order of `quantity`: how many more, and what it changes. */
export interface Nudge {
  /** Pieces to add. */
  addPieces: number;
  /** The quantity with them. */
  quantity: number;
  /** The unit price from there. */
  unitPriceCents: number;
  /** What the order costs more with them (negative: less). */
  costChangeCents: number;
  /** What `quantity` pieces cost at today's unit price, less what they cost at the break's. */
  savingCents: number;
}

/**
 * The next price break, when it is near: its quantity is at most half as much again as the
 * current one, and an order may have it (never past the stock or the maximum).
 */
export function nextBreakNudge(pricing: Pricing & QuantityRules, quantity: number): Nudge | null {
  if (!isOrderable(quantity, pricing)) return null;
  const next = pricing.priceBreaks.find((tier) => tier.minQuantity > quantity);
  if (!next || next.minQuantity - quantity > quantity / 2 || !isOrderable(next.minQuantity, pricing)) return null;
  const today = unitPriceFor(pricing, quantity);
  return {
    addPieces: next.minQuantity - quantity,
    quantity: next.minQuantity,
    unitPriceCents: next.unitPriceCents,
    costChangeCents: next.unitPriceCents * next.minQuantity - today * quantity,
    savingCents: (today - next.unitPriceCents) * next.minQuantity,
  };
}

/** "Add 40 more pieces and every piece costs $9.90: the order costs $12.00 more but you save $68.00 against 260 at today's price." */
export function nudgeMessage(nudge: Nudge): string {
  const change =
    nudge.costChangeCents > 0
      ? `the order costs ${formatCents(nudge.costChangeCents)} more but you save`
      : nudge.costChangeCents < 0
        ? `the order costs ${formatCents(-nudge.costChangeCents)} less and you save`
        : 'the order costs the same and you save';
  return `Add ${formatCount(nudge.addPieces)} more pieces and every piece costs ${formatCents(nudge.unitPriceCents)}: ${change} ${formatCents(nudge.savingCents)} against ${formatCount(nudge.quantity)} at today's price.`;
}

/** A tool's pricing and quantity settings, as an admin saves them. */
export interface PricingSettings extends Pricing {
  minimum: number;
  packSize: number;
  maxPerOrder: number | null;
}

export interface PricingIssue {
  /** The field, as the forms and the API's `fields` name it: `packSize`, `priceBreaks.1.minQuantity`. */
  path: Array<string | number>;
  message: string;
}

/**
 * What is wrong with a tool's pricing settings taken together (each field alone is checked by
 * its schema): the minimum and the maximum are whole packs, the maximum is at least the
 * minimum, and the breaks start above the minimum, rise strictly, are whole packs, stay within
 * the maximum, and each is cheaper than the price before it.
 */
export function pricingIssues(settings: PricingSettings): PricingIssue[] {
  const issues: PricingIssue[] = [];
  const { packSize, minimum, maxPerOrder, priceCents, priceBreaks } = settings;
  const packs = (n: number) => packSize > 1 && n % packSize !== 0;
  if (packs(minimum)) issues.push({ path: ['minimum'], message: `Minimum must be a whole number of packs of ${packSize}` });
  if (maxPerOrder !== null) {
    if (maxPerOrder < minimum) issues.push({ path: ['maxPerOrder'], message: 'Maximum per order must be at least the minimum' });
    else if (packs(maxPerOrder)) {
      issues.push({ path: ['maxPerOrder'], message: `Maximum per order must be a whole number of packs of ${packSize}` });
    }
  }
  let before: PriceBreak = { minQuantity: minimum, unitPriceCents: priceCents };
  priceBreaks.forEach((tier, n) => {
    const at = (field: keyof PriceBreak, message: string) => issues.push({ path: ['priceBreaks', n, field], message });
    if (tier.minQuantity <= before.minQuantity) {
      at('minQuantity', n === 0 ? 'A price break must start above the minimum' : 'Each price break must start above the one before');
    } else if (packs(tier.minQuantity)) at('minQuantity', `A price break must start at a whole number of packs of ${packSize}`);
    else if (maxPerOrder !== null && tier.minQuantity > maxPerOrder)
      at('minQuantity', 'A price break must start within the maximum per order');
    if (tier.unitPriceCents >= before.unitPriceCents) {
      at('unitPriceCents', n === 0 ? 'A price break must be lower than the price' : 'Each price break must be lower than the one before');
    }
    before = tier;
  });
  return issues;
}
