import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { OrderStatus } from '@toolsify/shared/orders';
import { PAYMENT_CURRENCY } from '@toolsify/shared/payments';
import { packSizeOf, unitPriceFor, type PriceBreak } from '@toolsify/shared/pricing';
import { DEFAULT_UNPAID_ORDER_TTL_HOURS } from '../config.ts';
import type { Db } from '../db/schema.ts';
import { assignInvoiceNumber } from '../modules/invoices/invoices.repository.ts';
import { orderTitle } from '../modules/orders/orders.repository.ts';

/**
 * A few weeks of a store's orders for the demo, so the admin's sales dashboard has something to
 * show on first start: placed, paid, shipped, left unpaid or expired, by a handful of trade
 * buyers, with times relative to the moment the store is seeded. The plan is a pure function of
 * that moment (a fixed pseudo-random sequence), and is written the way the store writes orders:
 * lines priced by the tool's breaks, totals that add up, a history event per change, a
 * succeeded sandbox payment and a gap-free invoice number per paid order (in the order paid).
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** How far back the demo's orders go. */
export const DEMO_DAYS = 42;
/** The note of a demo order's 'placed' event: not placed through the store, so never emailed. */
export const DEMO_NOTE = 'Demo data';
/** The store's default expiry of unpaid orders: a demo order unpaid for this long was cancelled then. */
export const DEMO_EXPIRY = DEFAULT_UNPAID_ORDER_TTL_HOURS * HOUR;
/** An unpaid demo order is younger than this, so the expiry has not cancelled it yet (nor will it for 6 h). */
const UNPAID_MAX_AGE = DEMO_EXPIRY - 6 * HOUR;

/** What the plan needs of a demo tool. */
export interface DemoTool {
  sku: string;
  priceCents: number;
  available: number;
  minimum: number;
  packSize?: number | undefined;
  maxPerOrder?: number | null | undefined;
  priceBreaks?: readonly PriceBreak[] | undefined;
}

export const demoBuyers = [
  {
    name: 'Maya Chen',
    email: 'maya.chen@northwind-builders.example.com',
    phone: '+1 206 555 0143',
    address: '1200 Harbor Ave SW, Seattle, WA 98126',
  },
  {
    name: 'Tom Okafor',
    email: 'tom.okafor@harbor-rentals.example.com',
    phone: '+1 503 555 0178',
    address: '88 Marine Dr, Portland, OR 97217',
  },
  {
    name: 'Lena Fischer',
    email: 'purchasing@summit-hardware.example.com',
    phone: '+1 303 555 0112',
    address: '4501 Brighton Blvd, Denver, CO 80216',
  },
  {
    name: 'Diego Alvarez',
    email: 'diego@redline-fab.example.com',
    phone: '+1 512 555 0199',
    address: '910 Industrial Blvd, Austin, TX 78745',
  },
  {
    name: 'Priya Raman',
    email: 'priya.raman@oakridge-maintenance.example.com',
    phone: '+1 615 555 0165',
    address: '75 Oakridge Pkwy, Nashville, TN 37211',
  },
  {
    name: 'Sam Keller',
    email: 'sam.keller@brightwell-facilities.example.com',
    phone: '+1 614 555 0137',
    address: '2300 Corporate Exchange Dr, Columbus, OH 43231',
  },
] as const;

export interface PlannedLine {
  /** Index into the demo tools. */
  tool: number;
  quantity: number;
  unitPriceCents: number;
}

export interface PlannedOrder {
  /** Index into demoBuyers. */
  buyer: number;
  lines: PlannedLine[];
  poNumber: string | null;
  status: OrderStatus;
  placedAt: Date;
  paidAt: Date | null;
  shippedAt: Date | null;
  cancelledAt: Date | null;
}

/** A small, fixed pseudo-random sequence (mulberry32): the same demo every time. */
function randomSequence(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * A quantity a buyer could order of `tool`: whole packs, at least the minimum, within the
 * maximum; often exactly a price break's quantity (bulk buyers aim for them).
 */
function quantityOf(tool: DemoTool, random: () => number): number {
  const pack = packSizeOf(tool);
  const roundUp = (n: number) => Math.ceil(n / pack) * pack;
  const smallest = roundUp(tool.minimum);
  const choices = [smallest, roundUp(smallest * 2), ...(tool.priceBreaks ?? []).map((b) => roundUp(b.minQuantity))];
  let quantity = choices[Math.floor(random() * choices.length)] ?? smallest;
  if (tool.maxPerOrder) quantity = Math.min(quantity, Math.floor(tool.maxPerOrder / pack) * pack);
  return Math.max(quantity, smallest);
}

/** `list[index]`, which the plan made sure exists. */
function itemAt<T>(list: readonly T[], index: number): T {
  const item = list[index];
  if (item === undefined) throw new Error(`demo data: no item ${index}`);
  return item;
}

const between = (random: () => number, low: number, high: number) => low + random() * (high - low);

/**
 * The demo's orders from DEMO_DAYS ago up to `now`, oldest first: busier on weekdays and in
 * the last weeks. Older than the store's default expiry of unpaid orders: paid (most of them
 * shipped) or cancelled by it; younger: some still unpaid (the newest always), some paid, a few
 * shipped. A tool with no stock is only in paid
 * orders (its stock was sold, never held by an order that could give it back).
 */
export function planDemoOrders(now: Date, tools: readonly DemoTool[]): PlannedOrder[] {
  const random = randomSequence(20_260_301);
  const orders: PlannedOrder[] = [];
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  let po = 1_000;
  const times: number[] = [];
  for (let back = DEMO_DAYS - 1; back >= 0; back -= 1) {
    const dayStart = today - back * DAY;
    const weekday = new Date(dayStart).getUTCDay();
    const weekend = weekday === 0 || weekday === 6;
    const count = weekend ? Math.floor(random() * 2) : 1 + Math.floor(random() * (back < 21 ? 4 : 3));
    const day = Array.from({ length: count }, () => dayStart + between(random, 7.5 * HOUR, 19 * HOUR)).sort((a, b) => a - b);
    // Not placed yet, or a moment ago.
    times.push(...day.filter((time) => now.getTime() - time >= 20 * 60_000));
  }
  // The newest order is left unpaid when young enough, so the dashboard has unpaid orders to
  // show whatever the day; after a quiet weekend, one was placed a few hours ago.
  const recent = (time: number) => now.getTime() - time <= UNPAID_MAX_AGE;
  if (!times.some(recent)) times.push(now.getTime() - between(random, 2 * HOUR, 6 * HOUR));
  const newest = times.at(-1);
  for (const time of times) {
    const placedAt = new Date(time);
    const age = now.getTime() - time;
    const roll = time === newest ? 0 : random();
    let status: OrderStatus;
    let paidAt: Date | null = null;
    let shippedAt: Date | null = null;
    let cancelledAt: Date | null = null;
    if (age > DEMO_EXPIRY && roll < 0.1) {
      status = 'cancelled';
      cancelledAt = new Date(time + DEMO_EXPIRY + between(random, 0, 5 * 60_000));
    } else if (age <= UNPAID_MAX_AGE && roll < 0.45) {
      status = 'unpaid';
    } else {
      const paid = time + Math.min(between(random, 10 * 60_000, 18 * HOUR), age - 5 * 60_000);
      paidAt = new Date(paid);
      const shipped = paid + between(random, 18 * HOUR, 60 * HOUR);
      const ships = now.getTime() - shipped > HOUR && (age > 9 * DAY || random() < 0.55);
      status = ships ? 'shipped' : 'paid';
      shippedAt = ships ? new Date(shipped) : null;
    }
    const held = status === 'unpaid' || status === 'cancelled';
    const candidates = tools.map((_, i) => i).filter((i) => !held || (tools[i]?.available ?? 0) > 0);
    const lineCount = 1 + Math.floor(random() * random() * 3.5);
    const picked: number[] = [];
    while (picked.length < Math.min(lineCount, candidates.length)) {
      const index = candidates[Math.floor(random() * candidates.length)];
      if (index !== undefined && !picked.includes(index)) picked.push(index);
    }
    const lines = picked.map((index) => {
      const tool = itemAt(tools, index);
      const quantity = quantityOf(tool, random);
      return {
        tool: index,
        quantity,
        unitPriceCents: unitPriceFor({ priceCents: tool.priceCents, priceBreaks: tool.priceBreaks ?? [] }, quantity),
      };
    });
    po += 1 + Math.floor(random() * 7);
    orders.push({
      buyer: Math.floor(random() * demoBuyers.length),
      lines,
      poNumber: random() < 0.6 ? `PO-${placedAt.getUTCFullYear()}-${po}` : null,
      status,
      placedAt,
      paidAt,
      shippedAt,
      cancelledAt,
    });
  }
  return orders;
}

/** The pieces each tool's open (not cancelled) demo orders hold, by tool index. */
export function heldByDemoOrders(orders: readonly PlannedOrder[], toolCount: number): number[] {
  const held = Array.from({ length: toolCount }, () => 0);
  for (const order of orders) {
    if (order.status === 'cancelled') continue;
    for (const line of order.lines) held[line.tool] = (held[line.tool] ?? 0) + line.quantity;
  }
  return held;
}

const iso = (at: Date) => at.toISOString();

/**
 * Writes the planned orders, in the caller's transaction, for tools already in the catalog
 * (`toolRows[i]` is demo tool i, its stock already taken for the open orders): the buyers (trade
 * accounts without a password: they cannot sign in), each order with its lines, its history,
 * its payment and, in the order they were paid, the invoice numbers.
 */
export async function writeDemoOrders(
  db: Db,
  orders: readonly PlannedOrder[],
  toolRows: ReadonlyArray<{ id: number; name: string; sku: string }>,
): Promise<void> {
  const first = orders[0]?.placedAt ?? new Date();
  const buyerIds: string[] = [];
  for (const buyer of demoBuyers) {
    const id = `demo-buyer-${randomBytes(9).toString('base64url')}`;
    const joined = iso(new Date(first.getTime() - 30 * DAY));
    await db
      .insertInto('user')
      .values({
        id,
        name: buyer.name,
        email: buyer.email,
        // A literal both databases read as true (better-sqlite3 cannot bind a boolean).
        emailVerified: sql.lit(true),
        image: null,
        role: null,
        deletedAt: null,
        createdAt: joined,
        updatedAt: joined,
      })
      .execute();
    await db
      .insertInto('profile')
      .values({ user_id: id, phone: buyer.phone, education: '', linkedin: '', address: buyer.address, updated_at: joined })
      .execute();
    buyerIds.push(id);
  }

  const paid: Array<{ id: number; at: Date }> = [];
  for (const order of orders) {
    const buyer = itemAt(demoBuyers, order.buyer);
    const userId = itemAt(buyerIds, order.buyer);
    const lines = order.lines.map((line) => ({ ...line, row: itemAt(toolRows, line.tool) }));
    const [firstLine] = lines;
    if (!firstLine) continue;
    const total = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
    const intentId = order.paidAt ? `pi_sandbox_${randomBytes(12).toString('hex')}` : null;
    const lastChange = order.shippedAt ?? order.cancelledAt ?? order.paidAt ?? order.placedAt;
    const row = await db
      .insertInto('orders')
      .values({
        user_id: userId,
        tool_id: firstLine.row.id,
        tool_name: orderTitle(firstLine.row.name, lines.length),
        unit_price_cents: firstLine.unitPriceCents,
        quantity: lines.reduce((sum, line) => sum + line.quantity, 0),
        total_cents: total,
        line_count: lines.length,
        po_number: order.poNumber,
        buyer_email: buyer.email,
        buyer_name: buyer.name,
        phone: buyer.phone,
        address: buyer.address,
        status: order.status,
        transaction_id: intentId,
        idempotency_key: null,
        created_at: iso(order.placedAt),
        updated_at: iso(lastChange),
        paid_at: order.paidAt && iso(order.paidAt),
        shipped_at: order.shippedAt && iso(order.shippedAt),
        cancelled_at: order.cancelledAt && iso(order.cancelledAt),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('order_line')
      .values(
        lines.map((line, lineNo) => ({
          order_id: row.id,
          line_no: lineNo,
          tool_id: line.row.id,
          tool_name: line.row.name,
          sku: line.row.sku,
          quantity: line.quantity,
          unit_price_cents: line.unitPriceCents,
        })),
      )
      .execute();
    const events: Array<{
      kind: 'placed' | 'paid' | 'shipped' | 'cancelled';
      at: Date;
      actor: 'buyer' | 'admin' | 'store';
      actor_id: string | null;
      note: string | null;
    }> = [
      // The note marks it as the demo's (the outbox sends no email for it).
      { kind: 'placed', at: order.placedAt, actor: 'buyer', actor_id: userId, note: DEMO_NOTE },
    ];
    if (order.paidAt && intentId) {
      events.push({ kind: 'paid', at: order.paidAt, actor: 'buyer', actor_id: null, note: intentId });
      const opened = iso(new Date(order.paidAt.getTime() - 2 * 60_000));
      await db
        .insertInto('payment_intent')
        .values({
          id: intentId,
          order_id: row.id,
          gateway: 'sandbox',
          amount_cents: total,
          currency: PAYMENT_CURRENCY,
          status: 'succeeded',
          client_secret: `${intentId}_secret_${randomBytes(24).toString('base64url')}`,
          last_error: null,
          created_at: opened,
          updated_at: iso(order.paidAt),
        })
        .execute();
      paid.push({ id: row.id, at: order.paidAt });
    }
    if (order.shippedAt) events.push({ kind: 'shipped', at: order.shippedAt, actor: 'admin', actor_id: null, note: null });
    if (order.cancelledAt)
      events.push({ kind: 'cancelled', at: order.cancelledAt, actor: 'store', actor_id: null, note: 'Not paid in time' });
    await db
      .insertInto('order_event')
      .values(events.map((event) => ({ order_id: row.id, ...event, at: iso(event.at) })))
      .execute();
  }

  // Invoice numbers in the order the orders were paid, as the payments gave them.
  for (const order of paid.sort((a, b) => a.at.getTime() - b.at.getTime())) await assignInvoiceNumber(db, order.id, order.at);
}
