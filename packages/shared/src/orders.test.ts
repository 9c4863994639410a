import { describe, expect, it } from 'vitest';
import { messages } from './messages.ts';
import {
  trackingUrl,
  allOrdersQuerySchema,
  allowedActions,
  canPerform,
  checkQuantity,
  idempotencyKeySchema,
  listedStatuses,
  orderStatusRules,
  orderStatuses,
  placeOrderSchema,
  purchaseFormSchema,
  statusFlags,
} from './orders.ts';

const buyer = { isBuyer: true, isAdmin: false };
const admin = { isBuyer: false, isAdmin: true };
const stranger = { isBuyer: false, isAdmin: false };

describe('order status rule (spec section 4)', () => {
  it('shows the buyer Pay and Cancel while unpaid, Paid with the transaction id, then Shipped', () => {
    expect(orderStatusRules.unpaid.customer).toEqual({ label: null, showTransactionId: false, actions: ['pay', 'cancel'] });
    expect(orderStatusRules.paid.customer).toEqual({ label: 'Paid', showTransactionId: true, actions: [] });
    expect(orderStatusRules.shipped.customer).toMatchObject({ label: 'Shipped', actions: [] });
  });

  it("shows the admin 'Unpaid' with Cancel, 'Pending' with the transaction id and Shipment, then 'Shipped'", () => {
    expect(orderStatusRules.unpaid.admin).toEqual({ label: 'Unpaid', showTransactionId: false, actions: ['cancel'] });
    expect(orderStatusRules.paid.admin).toEqual({ label: 'Pending', showTransactionId: true, actions: ['ship'] });
    expect(orderStatusRules.shipped.admin).toEqual({ label: 'Shipped', showTransactionId: false, actions: [] });
  });

  it('lists every status but cancelled', () => {
    expect(listedStatuses).toEqual(['unpaid', 'paid', 'shipped']);
  });

  it('allows pay only to the buyer of an unpaid order', () => {
    for (const status of orderStatuses) {
      expect(canPerform(status, buyer, 'pay'), status).toBe(status === 'unpaid');
      expect(canPerform(status, admin, 'pay'), status).toBe(false);
    }
  });

  it('allows cancel to the buyer or an admin, only while unpaid', () => {
    for (const status of orderStatuses) {
      expect(canPerform(status, buyer, 'cancel'), status).toBe(status === 'unpaid');
      expect(canPerform(status, admin, 'cancel'), status).toBe(status === 'unpaid');
    }
  });

  it('allows ship only to an admin, only when paid', () => {
    for (const status of orderStatuses) {
      expect(canPerform(status, buyer, 'ship'), status).toBe(false);
      expect(canPerform(status, admin, 'ship'), status).toBe(status === 'paid');
    }
  });

  it('allows nothing to someone who is neither buyer nor admin, and everything combined to an admin buying', () => {
    for (const status of orderStatuses) expect(allowedActions(status, stranger)).toEqual([]);
    expect(allowedActions('unpaid', { isBuyer: true, isAdmin: true }).sort()).toEqual(['cancel', 'pay']);
    expect(allowedActions('paid', { isBuyer: true, isAdmin: true })).toEqual(['ship']);
  });

  it('derives the spec booleans from the status', () => {
    expect(statusFlags('unpaid')).toEqual({ paid: false, shipment: false });
    expect(statusFlags('paid')).toEqual({ paid: true, shipment: false });
    expect(statusFlags('shipped')).toEqual({ paid: true, shipment: true });
    expect(statusFlags('cancelled')).toEqual({ paid: false, shipment: false });
  });
});

describe('quantity rule', () => {
  const limits = { minimum: 10, available: 50 };

  it('accepts minimum <= quantity <= available', () => {
    expect(checkQuantity(10, limits)).toBeNull();
    expect(checkQuantity(33, limits)).toBeNull();
    expect(checkQuantity(50, limits)).toBeNull();
  });

  it("says the spec's words below the minimum and above the stock", () => {
    expect(checkQuantity(9, limits)).toEqual({ kind: 'below-minimum', message: "You cant't place order below than minimum quantity" });
    expect(checkQuantity(0, limits)?.message).toBe(messages.quantityBelowMinimum);
    expect(checkQuantity(-5, limits)?.kind).toBe('below-minimum');
    expect(checkQuantity(51, limits)).toEqual({ kind: 'above-available', message: "You cant't place order more than available quantity" });
  });

  it('refuses fractions and non-numbers', () => {
    expect(checkQuantity(10.5, limits)?.kind).toBe('not-whole');
    expect(checkQuantity(Number.NaN, limits)?.kind).toBe('not-whole');
    expect(checkQuantity(Number.POSITIVE_INFINITY, limits)?.kind).toBe('not-whole');
  });

  it('accepts nothing when the stock is below the minimum or gone', () => {
    for (let q = 0; q <= 20; q++) expect(checkQuantity(q, { minimum: 10, available: 5 })).not.toBeNull();
    expect(checkQuantity(10, { minimum: 10, available: 0 })?.kind).toBe('above-available');
  });
});

describe('placeOrderSchema', () => {
  const valid = { toolId: 3, quantity: 100, phone: '+1 (555) 010-2030', address: '12 Main St, Springfield' };

  it('accepts a valid order and trims text', () => {
    expect(placeOrderSchema.parse({ ...valid, address: '  12 Main St  ' }).address).toBe('12 Main St');
  });

  it('rejects unknown fields (no price, buyer or status from the client)', () => {
    for (const extra of [{ price: 1 }, { buyer: 'x@y.z' }, { status: 'paid' }, { unitPriceCents: 0 }]) {
      expect(placeOrderSchema.safeParse({ ...valid, ...extra }).success, JSON.stringify(extra)).toBe(false);
    }
  });

  it('requires a phone and an address', () => {
    const noPhone = placeOrderSchema.safeParse({ ...valid, phone: '   ' });
    expect(noPhone.error?.issues[0]?.message).toBe('Phone is Required');
    const noAddress = placeOrderSchema.safeParse({ ...valid, address: '' });
    expect(noAddress.error?.issues[0]?.message).toBe('Address is Required');
    expect(placeOrderSchema.safeParse({ ...valid, phone: 'call me' }).success).toBe(false);
    expect(placeOrderSchema.safeParse({ ...valid, phone: '12' }).success).toBe(false);
  });

  it('wants whole positive numbers, not strings, for toolId and quantity', () => {
    for (const bad of [
      { quantity: '100' },
      { quantity: 1.5 },
      { quantity: 0 },
      { quantity: -1 },
      { toolId: '3' },
      { toolId: 0 },
      { quantity: 1e12 },
    ]) {
      expect(placeOrderSchema.safeParse({ ...valid, ...bad }).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('the purchase form applies the tool quantity rule with the spec messages', () => {
    const form = purchaseFormSchema({ minimum: 100, available: 150 });
    const { toolId: _, ...values } = valid;
    expect(form.safeParse(values).success).toBe(true);
    const low = form.safeParse({ ...values, quantity: 99 });
    expect(low.error?.issues.find((i) => i.path[0] === 'quantity')?.message).toBe(messages.quantityBelowMinimum);
    const high = form.safeParse({ ...values, quantity: 151 });
    expect(high.error?.issues.find((i) => i.path[0] === 'quantity')?.message).toBe(messages.quantityAboveAvailable);
  });
});

describe('idempotency key and list queries', () => {
  it('accepts UUIDs and refuses junk', () => {
    expect(idempotencyKeySchema.safeParse('0b7f9c62-5d0c-4d7a-9a55-7f0b3f7c1f21').success).toBe(true);
    for (const bad of ['', 'short', 'x'.repeat(129), 'has space here', 'semi;colon;x']) {
      expect(idempotencyKeySchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('the admin list takes a page and an optional status, nothing else', () => {
    expect(allOrdersQuerySchema.parse({})).toEqual({ limit: 20 });
    expect(allOrdersQuerySchema.parse({ status: 'cancelled', limit: '5' })).toEqual({ status: 'cancelled', limit: 5 });
    expect(allOrdersQuerySchema.safeParse({ status: 'lost' }).success).toBe(false);
    expect(allOrdersQuerySchema.safeParse({ buyer: 'a@b.c' }).success).toBe(false);
  });
});

describe('tracking links', () => {
  it("links a well-known carrier's number to its own tracking page, in any case and form of its name", () => {
    expect(trackingUrl({ carrier: 'UPS', trackingNumber: '1Z999AA10123456784' })).toBe(
      'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    );
    // Typed with the label's spaces: the carrier's page takes it without.
    expect(trackingUrl({ carrier: 'fedex ground', trackingNumber: '7489 2000 1234' })).toBe(
      'https://www.fedex.com/fedextrack/?trknbr=748920001234',
    );
    expect(trackingUrl({ carrier: ' DHL Express', trackingNumber: 'JD014600003828' })).toMatch(/dhl\.com.*tracking-id=JD014600003828$/);
    expect(trackingUrl({ carrier: 'USPS Priority', trackingNumber: '9400' })).toMatch(/^https:\/\/tools\.usps\.com\//);
    expect(trackingUrl({ carrier: 'Royal Mail', trackingNumber: 'AB123456789GB' })).toMatch(/royalmail\.com.*AB123456789GB$/);
  });

  it('has none for another carrier, a carrier without a number, or a name that only contains a known one', () => {
    expect(trackingUrl({ carrier: 'Our own van', trackingNumber: 'V-12' })).toBeNull();
    expect(trackingUrl({ carrier: 'UPS', trackingNumber: null })).toBeNull();
    expect(trackingUrl({ carrier: null, trackingNumber: '1Z999' })).toBeNull();
    expect(trackingUrl({ carrier: 'Groups Freight', trackingNumber: '1' })).toBeNull();
  });
});
