import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * The store's invariants, checked in SQL against the database itself (SQLite or PostgreSQL).
 * The one checker run after the abuse, fuzz and crash tests: whatever a client sent and
 * whenever the server died, these must hold.
 *
 * - Stock is conserved: for every tool, available + the quantity held by the lines of open (not
 *   cancelled) orders = the sum of its stock adjustments (initial stock + restocks + corrections).
 * - Every order's lines add up to it: its total, its pieces and its line count.
 * - Every order's history starts with exactly one 'placed' event, and has no change twice.
 * - Every order placed through the store (its 'placed' event has no note: not one taken from an
 *   older record or the demo data) has its "order placed" email in the outbox, exactly once (the
 *   outbox's unique dedupe_key makes more than once impossible; this finds none).
 * - Invoice numbers have no gaps: each year's counter equals the number of orders numbered in it.
 * - No stock is negative.
 * - Every paid or shipped order has a transaction id and exactly one succeeded payment intent.
 * - No paid order was cancelled (a cancelled order has no payment, no transaction id, no paid_at),
 *   unless it was refunded (decision 025): then it was never shipped, it has its gateway refund
 *   and the one succeeded intent it was paid with.
 * - A refund is asked for only of a paid order and made only with the order's cancel: no shipped
 *   order is being refunded, and no order holds a refund it was not cancelled by.
 * - At least one admin exists.
 * - PostgreSQL: the table of the tools in stock (migration 030) holds exactly the live tools with
 *   stock, each at its price.
 *
 * Returns the violations as readable lines; an empty list means all hold.
 */
export async function findInvariantViolations(db: Kysely<Database>): Promise<string[]> {
  const violations: string[] = [];

  const stock = await sql<{ id: number; available: number; held: number; ledger: number }>`
    select t.id, t.available,
      coalesce((select sum(l.quantity) from order_line l join orders o on o.id = l.order_id where l.tool_id = t.id and o.status <> 'cancelled'), 0) as held,
      coalesce((select sum(a.delta) from stock_adjustment a where a.tool_id = t.id), 0) as ledger
    from tool t
    where t.available + coalesce((select sum(l.quantity) from order_line l join orders o on o.id = l.order_id where l.tool_id = t.id and o.status <> 'cancelled'), 0)
       <> coalesce((select sum(a.delta) from stock_adjustment a where a.tool_id = t.id), 0)
    order by t.id
    limit 20`.execute(db);
  for (const r of stock.rows) {
    violations.push(
      `stock not conserved for tool ${r.id}: available ${r.available} + held by open orders ${r.held} <> stock adjustments ${r.ledger}`,
    );
  }

  const sums = await sql<{
    id: number;
    total_cents: number;
    quantity: number;
    line_count: number;
    lines_total: number;
    pieces: number;
    n: number;
  }>`
    select o.id, o.total_cents, o.quantity, o.line_count,
      coalesce(sum(l.unit_price_cents * l.quantity), 0) as lines_total, coalesce(sum(l.quantity), 0) as pieces, count(l.id) as n
    from orders o left join order_line l on l.order_id = o.id
    group by o.id, o.total_cents, o.quantity, o.line_count
    having coalesce(sum(l.unit_price_cents * l.quantity), 0) <> o.total_cents
      or coalesce(sum(l.quantity), 0) <> o.quantity or count(l.id) <> o.line_count
    order by o.id
    limit 20`.execute(db);
  for (const r of sums.rows) {
    violations.push(
      `order ${r.id} does not add up: total ${r.total_cents} vs lines ${r.lines_total}, pieces ${r.quantity} vs ${r.pieces}, lines ${r.line_count} vs ${r.n}`,
    );
  }

  const histories = await sql<{ id: number; placed: number; repeated: number }>`
    select o.id,
      (select count(*) from order_event e where e.order_id = o.id and e.kind = 'placed') as placed,
      (select count(*) from (select e.kind from order_event e where e.order_id = o.id group by e.kind having count(*) > 1) r) as repeated
    from orders o
    where (select count(*) from order_event e where e.order_id = o.id and e.kind = 'placed') <> 1
      or exists (select 1 from order_event e where e.order_id = o.id group by e.kind having count(*) > 1)
    order by o.id
    limit 20`.execute(db);
  for (const r of histories.rows) {
    violations.push(`order ${r.id} has ${Number(r.placed)} 'placed' events and ${Number(r.repeated)} kinds of change recorded twice`);
  }

  const unmailed = await sql<{ id: number }>`
    select o.id from orders o
    join order_event e on e.order_id = o.id and e.kind = 'placed' and e.note is null
    where not exists (select 1 from outbox m where m.dedupe_key = 'order_placed:' || o.id and m.order_id = o.id and m.kind = 'order_placed')
    order by o.id
    limit 20`.execute(db);
  for (const r of unmailed.rows) violations.push(`order ${r.id} has no "order placed" email in the outbox`);

  const invoices = await sql<{ year: number; last: number; numbered: number }>`
    select c.year, c.last,
      (select count(*) from orders o where o.invoice_number like 'INV-' || c.year || '-%') as numbered
    from invoice_counter c
    where c.last <> (select count(*) from orders o where o.invoice_number like 'INV-' || c.year || '-%')`.execute(db);
  for (const r of invoices.rows) {
    violations.push(`invoice numbers of ${r.year} have gaps or duplicates: counter at ${r.last}, ${Number(r.numbered)} orders numbered`);
  }

  const negative = await sql<{ id: number; available: number }>`
    select id, available from tool where available < 0 order by id limit 20`.execute(db);
  for (const r of negative.rows) violations.push(`negative stock for tool ${r.id}: ${r.available}`);

  const unpaidPaid = await sql<{ id: number; status: string; transaction_id: string | null; succeeded: number }>`
    select o.id, o.status, o.transaction_id,
      (select count(*) from payment_intent p where p.order_id = o.id and p.status = 'succeeded') as succeeded
    from orders o
    where o.status in ('paid', 'shipped')
      and (o.transaction_id is null or o.transaction_id = ''
        or (select count(*) from payment_intent p where p.order_id = o.id and p.status = 'succeeded') <> 1)
    order by o.id
    limit 20`.execute(db);
  for (const r of unpaidPaid.rows) {
    violations.push(
      `${r.status} order ${r.id} must have a transaction id and exactly one succeeded payment intent: transaction ${r.transaction_id ?? 'none'}, succeeded intents ${Number(r.succeeded)}`,
    );
  }

  const cancelledPaid = await sql<{ id: number }>`
    select o.id from orders o
    where o.status = 'cancelled' and o.refund_id is null
      and (o.paid_at is not null or o.shipped_at is not null or o.transaction_id is not null
        or exists (select 1 from payment_intent p where p.order_id = o.id and p.status = 'succeeded'))
    order by o.id
    limit 20`.execute(db);
  for (const r of cancelledPaid.rows) violations.push(`order ${r.id} was paid and then cancelled without a refund`);

  const refunds = await sql<{ id: number; status: string }>`
    select o.id, o.status from orders o
    where (o.refund_id is not null and (o.status <> 'cancelled' or o.refund_requested_at is null or o.refunded_at is null
        or o.paid_at is null or o.shipped_at is not null or o.transaction_id is null
        or (select count(*) from payment_intent p where p.order_id = o.id and p.status = 'succeeded' and p.id = o.transaction_id) <> 1))
      or (o.refund_id is null and o.refunded_at is not null)
      or (o.refund_requested_at is not null and o.status not in ('paid', 'cancelled'))
      or (o.refund_requested_at is null and o.refund_id is not null)
    order by o.id
    limit 20`.execute(db);
  for (const r of refunds.rows) violations.push(`${r.status} order ${r.id} holds a refund that does not match it`);

  const admins = await sql<{ n: number }>`
    select count(*) as n from "user" where role = 'admin' and "deletedAt" is null`.execute(db);
  if (Number(admins.rows[0]?.n ?? 0) < 1) violations.push('no admin exists');

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const inStock = await sql<{ id: number; listed: number | null; price: number | null }>`
      select coalesce(t.id, s.tool_id) as id, s.price_cents as listed, t.price_cents as price
      from (select id, price_cents from tool where deleted_at is null and available > 0) t
      full join tool_in_stock s on s.tool_id = t.id
      where t.id is null or s.tool_id is null or s.price_cents <> t.price_cents
      order by 1
      limit 20`.execute(db);
    for (const r of inStock.rows) {
      violations.push(
        r.price === null
          ? `tool ${r.id} is listed in stock but is deleted or out of stock`
          : r.listed === null
            ? `tool ${r.id} is in stock but not listed in stock`
            : `tool ${r.id} is listed in stock at ${r.listed} cents but costs ${r.price}`,
      );
    }
  }

  return violations;
}

/** Throws with every violation listed when an invariant does not hold. */
export async function assertInvariants(db: Kysely<Database>): Promise<void> {
  const violations = await findInvariantViolations(db);
  if (violations.length > 0) throw new Error(`Store invariants violated:\n  ${violations.join('\n  ')}`);
}

/**
 * A cheap fingerprint of everything a request could change: one round trip of counts, sums
 * and latest timestamps over the store's tables. Equal before and after a refused (4xx)
 * request means that request changed nothing. (Sessions' expiry refresh and better-auth's
 * rate-limit counters are bookkeeping, not state a client may change, so they are left out.)
 */
export async function databaseFingerprint(db: Kysely<Database>): Promise<string> {
  const row = await sql<Record<string, unknown>>`
    select
      (select count(*) from tool) as tools,
      (select coalesce(sum(available), 0) from tool) as available,
      (select coalesce(sum(price_cents), 0) from tool) as prices,
      (select coalesce(sum(minimum), 0) from tool) as minimums,
      (select count(*) from tool where deleted_at is not null) as tools_deleted,
      (select max(updated_at) from tool) as tool_updated,
      (select count(*) from stock_adjustment) as adjustments,
      (select coalesce(sum(delta), 0) from stock_adjustment) as adjusted,
      (select count(*) from orders) as orders,
      (select coalesce(sum(quantity), 0) from orders) as ordered,
      (select count(*) from orders where status = 'unpaid') as unpaid,
      (select count(*) from orders where status = 'paid') as paid,
      (select count(*) from orders where status = 'shipped') as shipped,
      (select count(*) from orders where status = 'cancelled') as cancelled,
      (select max(updated_at) from orders) as order_updated,
      (select count(*) from payment_intent) as intents,
      (select count(*) from payment_intent where status = 'succeeded') as intents_succeeded,
      (select max(updated_at) from payment_intent) as intent_updated,
      (select count(*) from payment_event) as events,
      (select count(*) from review) as reviews,
      (select count(*) from review where deleted_at is not null) as reviews_deleted,
      (select count(*) from profile) as profiles,
      (select max(updated_at) from profile) as profile_updated,
      (select count(*) from contact_message) as contacts,
      (select count(*) from cart) as carts,
      (select max(updated_at) from cart) as cart_updated,
      (select count(*) from saved_list) as lists,
      (select max(updated_at) from saved_list) as list_updated,
      (select count(*) from ship_to_address) as ship_to,
      (select max(updated_at) from ship_to_address) as ship_to_updated,
      (select count(*) from "user") as users,
      (select count(*) from "user" where role = 'admin') as admins,
      (select count(*) from "user" where "deletedAt" is not null) as users_deleted,
      (select max("updatedAt") from "user") as user_updated,
      (select count(*) from account) as accounts,
      (select count(*) from session) as sessions
  `.execute(db);
  const values = row.rows[0] ?? {};
  return Object.entries(values)
    .map(([key, value]) => `${key}=${value instanceof Date ? value.toISOString() : String(value)}`)
    .join(' ');
}
