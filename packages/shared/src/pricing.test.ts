import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { messages } from './messages.ts';
import { checkQuantity } from './orders.ts';
import {
  largestOrderable,
  lineCostCents,
  nearestOrderable,
  nextBreakNudge,
  nudgeMessage,
  priceTiers,
  pricingIssues,
  unitPriceFor,
  type PriceBreak,
} from './pricing.ts';
import { editToolFormSchema, productFormSchema } from './tools.ts';

const priceBreaks: PriceBreak[] = [
  { minQuantity: 48, unitPriceCents: 1100 },
  { minQuantity: 96, unitPriceCents: 990 },
];
const tool = { priceCents: 1250, priceBreaks, minimum: 24, available: 1_000, packSize: 24, maxPerOrder: null };

describe('the price rule', () => {
  it('uses the highest break the quantity reaches: exactly at a break, one below, the base below all', () => {
    expect(unitPriceFor(tool, 24)).toBe(1250);
    expect(unitPriceFor(tool, 47)).toBe(1250);
    expect(unitPriceFor(tool, 48)).toBe(1100);
    expect(unitPriceFor(tool, 95)).toBe(1100);
    expect(unitPriceFor(tool, 96)).toBe(990);
    expect(unitPriceFor(tool, 10_000)).toBe(990);
    expect(unitPriceFor({ priceCents: 500, priceBreaks: [] }, 1_000)).toBe(500);
    expect(lineCostCents(tool, 96)).toBe(95_040);
  });

  it('never charges more for a larger order at the same tier, and the unit price never rises with the quantity (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 1, max: 500 }), (a, b) => {
        const [small, large] = a < b ? [a, b] : [b, a];
        expect(unitPriceFor(tool, large)).toBeLessThanOrEqual(unitPriceFor(tool, small));
      }),
    );
  });

  it('lists the tiers with their ranges and savings against the base price', () => {
    expect(priceTiers(tool, tool)).toEqual([
      { from: 24, to: 47, unitPriceCents: 1250, savingCents: 0, savingPercent: 0 },
      { from: 48, to: 95, unitPriceCents: 1100, savingCents: 150, savingPercent: 12 },
      { from: 96, to: null, unitPriceCents: 990, savingCents: 260, savingPercent: 20 },
    ]);
  });
});

describe('the quantity rule', () => {
  it('keeps the spec messages for the minimum and the stock', () => {
    expect(checkQuantity(23, tool)?.message).toBe(messages.quantityBelowMinimum);
    expect(checkQuantity(1_008, tool)?.message).toBe(messages.quantityAboveAvailable);
  });

  it('asks for whole packs, naming the two nearest valid quantities, or the one there is', () => {
    expect(checkQuantity(50, tool)).toEqual({ kind: 'not-whole-packs', message: 'Sold in packs of 24: choose 48 or 72.' });
    expect(checkQuantity(25, tool)?.message).toBe('Sold in packs of 24: choose 24 or 48.');
    expect(checkQuantity(48, tool)).toBeNull();
    // 1,008 would pass the stock: only 984 is left to name.
    expect(checkQuantity(990, tool)?.message).toBe('Sold in packs of 24: choose 984.');
    expect(nearestOrderable(50, tool)).toEqual([48, 72]);
  });

  it('refuses more than the maximum per order, before the stock', () => {
    const capped = { ...tool, maxPerOrder: 240 };
    expect(checkQuantity(264, capped)).toEqual({
      kind: 'above-maximum',
      message: 'You can order at most 240 pieces of this tool in one order.',
    });
    expect(checkQuantity(2_000, capped)?.kind).toBe('above-maximum');
    expect(checkQuantity(240, capped)).toBeNull();
    expect(largestOrderable(capped)).toBe(240);
    expect(largestOrderable({ ...tool, available: 50 })).toBe(48);
    expect(largestOrderable({ ...tool, available: 20 })).toBe(0);
  });
});

describe('the nudge', () => {
  it('offers the next break when it is near, with the exact figures', () => {
    const nudge = nextBreakNudge(tool, 72);
    expect(nudge).toEqual({
      addPieces: 24,
      quantity: 96,
      unitPriceCents: 990,
      costChangeCents: 96 * 990 - 72 * 1100,
      savingCents: 96 * 110,
    });
    expect(nudgeMessage(nudge!)).toBe(
      "Add 24 more pieces and every piece costs $9.90: the order costs $158.40 more but you save $105.60 against 96 at today's price.",
    );
  });

  it('says so when the larger order costs less', () => {
    const cheap = { ...tool, priceBreaks: [{ minQuantity: 96, unitPriceCents: 600 }] };
    const nudge = nextBreakNudge(cheap, 72)!;
    expect(nudge.costChangeCents).toBe(96 * 600 - 72 * 1250);
    expect(nudgeMessage(nudge)).toBe(
      "Add 24 more pieces and every piece costs $6.00: the order costs $324.00 less and you save $624.00 against 96 at today's price.",
    );
  });

  it('stays quiet when the break is far, past the stock or the maximum, or the quantity is not valid', () => {
    expect(nextBreakNudge(tool, 24)).toBeNull(); // 48 is twice 24
    expect(nextBreakNudge(tool, 96)).toBeNull(); // no break above
    expect(nextBreakNudge({ ...tool, available: 90 }, 72)).toBeNull();
    expect(nextBreakNudge({ ...tool, maxPerOrder: 72 }, 72)).toBeNull();
    expect(nextBreakNudge(tool, 70)).toBeNull();
  });
});

describe('pricing settings', () => {
  const settings = { priceCents: 1250, minimum: 24, packSize: 24, maxPerOrder: null, priceBreaks };

  it('accepts consistent settings', () => {
    expect(pricingIssues(settings)).toEqual([]);
    expect(pricingIssues({ ...settings, maxPerOrder: 96 })).toEqual([]);
  });

  it('asks for a minimum that is whole packs (a minimum that is not a pack multiple)', () => {
    expect(pricingIssues({ ...settings, minimum: 30 })).toContainEqual({
      path: ['minimum'],
      message: 'Minimum must be a whole number of packs of 24',
    });
  });

  it('form schemas report the rule on the fields, with prices in dollars', () => {
    const form = {
      name: 'Hex Key Set',
      sku: 'HK-1',
      description: 'Nine hex keys',
      img: '/images/tools/drill.svg',
      available: 1_000,
      minimum: 24,
      price: 12.5,
      packSize: 24,
      maxPerOrder: null,
      priceBreaks: [
        { minQuantity: 48, unitPrice: 11 },
        { minQuantity: 96, unitPrice: 9.9 },
      ],
    };
    expect(productFormSchema.parse(form)).toMatchObject({ priceCents: 1250, priceBreaks });
    const bad = productFormSchema.safeParse({ ...form, priceBreaks: [{ minQuantity: 48, unitPrice: 13 }] });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['priceBreaks.0.unitPrice', 'A price break must be lower than the price'],
    ]);
    const edit = editToolFormSchema.safeParse({ ...form, packSize: 10, stockDelta: 0, stockReason: 'restock' });
    expect(edit.error?.issues.map((i) => i.path.join('.'))).toContain('minimum');
  });
});
