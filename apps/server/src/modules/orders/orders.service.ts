import type { Kysely, Transaction } from 'kysely';
import type { Page } from '@toolsify/shared/ids';
import {
  canPerform,
  checkQuantity,
  isRefundable,
  listedStatuses,
  orderStatuses,
  type AllOrdersQuery,
  type MyOrderFilters,
  type MyOrdersQuery,
  type OrderFilters,
  type OrderStatus,
  type Order,
  type OrderActor,
  type PlaceOrderInput,
  type QuantityProblem,
  type ShipOrderInput,
  shipmentNote,
  DUPLICATE_ORDER_MINUTES,
} from '@toolsify/shared/orders';
import { messages } from '@toolsify/shared/messages';
import { lineCostCents, unitPriceFor } from '@toolsify/shared/pricing';
import { formatCents } from '@toolsify/shared/money';
import type { Tool } from '@toolsify/shared/tools';
import { findLiveToolsByIds, toTool } from '../tools/tools.repository.ts';
import { MAX_CARD_PAYMENT_CENTS, toolHasNoPriceMessage, totalAboveCardMaximumMessage } from '@toolsify/shared/payments';
import { toIso, type Database, type OrderLineRow, type OrderRow, type ToolRow } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { findLiveUserSummary } from '../users/users.repository.ts';
import { assignCreditNoteNumber } from '../invoices/invoices.repository.ts';
import type { ServiceDeps } from '../../lib/service-deps.ts';
import { pageOf } from '../../lib/page.ts';
import type { SessionUser } from '../auth/auth.plugin.ts';
import { amountOf, closeOpenPayment, refundOrderPayment } from '../payments/payments.service.ts';
import type { GatewayRefund } from '../payments/payments.gateway.ts';
import {
  claimRefund,
  completeRefund,
  countUnpaidOrdersOf,
  findLinesOf,
  findOrderById,
  findOrderByIdempotencyKey,
  findUnpaidOrdersBefore,
  findUnpaidOrdersOfTool,
  findOrdersPage,
  findEventsOf,
  findCancellationsOf,
  findPendingRefundsBefore,
  findRecentUnpaidOrdersOf,
  placeOrderTakingStock,
  recordOrderEvent,
  releaseRefund,
  type OrderChange,
  returnStock,
  type OrderListFilters,
  type OrderRequest,
  toOrder,
  transitionOrder,
  updateShipment,
} from './orders.repository.ts';
import { enqueueMail, enqueueRefundRefusedNotice, ORDER_MAIL_KINDS } from '../mail/outbox.repository.ts';

/** What the order rules use (ServiceDeps: buildApp's FastifyInstance fits). */
export type OrdersDeps = ServiceDeps;

const ORDER_NOT_FOUND = 'Order not found.';
const TOOL_NOT_AVAILABLE = 'This tool is not available.';

function tooManyUnpaidOrders(cap: number): string {
  return `You already have ${cap} unpaid ${cap === 1 ? 'order' : 'orders'}. Pay or cancel one before placing another.`;
}

function actorOf(row: OrderRow, user: SessionUser): OrderActor {
  return { isBuyer: row.user_id === user.id, isAdmin: user.role === 'admin' };
}

/** The order if `user` may see it; another customer's order does not exist for them (404). */
async function findVisibleOrder(db: Kysely<Database>, id: number, user: SessionUser): Promise<OrderRow> {
  const row = await findOrderById(db, id);
  if (!row) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  const actor = actorOf(row, user);
  if (!actor.isBuyer && !actor.isAdmin) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  return row;
}

/** Whether a stored order is what this request asks for (a repeated Idempotency-Key). */
function sameRequest(row: OrderRow, lines: readonly OrderLineRow[], input: PlaceOrderInput): boolean {
  const asked = input.lines.map((line) => `${line.toolId}x${line.quantity}`).join(',');
  const stored = [...lines]
    .sort((a, b) => a.line_no - b.line_no)
    .map((line) => `${line.tool_id}x${line.quantity}`)
    .join(',');
  return asked === stored && row.phone === input.phone && row.address === input.address && row.po_number === input.poNumber;
}

/** Orders as the API answers them, with their lines (one query) and when unpaid ones expire. */
async function presentAll(deps: Pick<OrdersDeps, 'config' | 'db'>, rows: readonly OrderRow[]): Promise<Order[]> {
  const lines = await findLinesOf(
    deps.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toOrder(row, lines.get(row.id) ?? [], deps.config.UNPAID_ORDER_TTL_HOURS));
}

async function present(deps: Pick<OrdersDeps, 'config' | 'db'>, row: OrderRow): Promise<Order> {
  const [order] = await presentAll(deps, [row]);
  if (!order) throw new Error('unreachable: one row presents as one order');
  return order;
}

/** A repeated Idempotency-Key: the same order again, or a conflict if the body changed. */
async function replay(deps: OrdersDeps, row: OrderRow, input: PlaceOrderInput): Promise<{ order: Order; replayed: true }> {
  const lines = (await findLinesOf(deps.db, [row.id])).get(row.id) ?? [];
  if (!sameRequest(row, lines, input)) {
    throw new AppError('CONFLICT', 'This Idempotency-Key was already used for a different order.');
  }
  return { order: toOrder(row, lines, deps.config.UNPAID_ORDER_TTL_HOURS), replayed: true };
}

/** Tries a statement again when PostgreSQL chose it as a deadlock victim (it changed nothing). */
async function retryingDeadlocks<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if ((error as { code?: string }).code !== '40P01' || attempt >= attempts) throw error;
    }
  }
}

/**
 * Places an order of one or more lines, all or nothing: every line's stock is taken with the
 * tool's quantity rule and priced by its tier, the total is payable by card and the buyer is
 * under MAX_UNPAID_ORDERS_PER_BUYER, or nothing changes and the answer names each refused line
 * (placeOrderTakingStock: one statement on PostgreSQL, one transaction on SQLite). Buyer, names
 * and prices come from the session and the tool rows. The tools are read only to explain a
 * refusal.
 *
 * With an idempotency key, the unique (user, key) index decides: the same key again fails
 * (and takes nothing), and then the first order is the answer, whether the retry failed on the
 * index or because the stock has run out since.
 */
export async function placeOrder(
  deps: OrdersDeps,
  user: SessionUser,
  input: PlaceOrderInput,
  idempotencyKey?: string,
): Promise<{ order: Order; replayed: boolean }> {
  const maxUnpaidOrders = deps.config.MAX_UNPAID_ORDERS_PER_BUYER;
  const request: OrderRequest = {
    userId: user.id,
    lines: input.lines,
    buyerEmail: user.email,
    buyerName: user.name,
    phone: input.phone,
    address: input.address,
    poNumber: input.poNumber,
    idempotencyKey: idempotencyKey ?? null,
    maxUnpaidOrders,
  };
  const take = () => retryingDeadlocks(() => placeOrderTakingStock(deps.db, deps.dialect, request));
  let placed: Awaited<ReturnType<typeof placeOrderTakingStock>>;
  try {
    placed = await (maxUnpaidOrders > 0 ? oneAtATime(user.id, take) : take());
    if (!placed) throw await refusal(deps, user, input);
  } catch (error) {
    // A key we have seen: its first order is the answer (this attempt took nothing), including
    // when two requests with the key raced, and when that order is one of the unpaid orders
    // that now fill the buyer's cap.
    if (idempotencyKey !== undefined && (isUniqueViolation(error) || error instanceof AppError)) {
      const existing = await findOrderByIdempotencyKey(deps.db, user.id, idempotencyKey);
      if (existing) return replay(deps, existing, input);
    }
    throw error;
  }
  deps.catalogCache.clear();
  return { order: toOrder(placed.row, placed.lines, deps.config.UNPAID_ORDER_TTL_HOURS), replayed: false };
}

/**
 * One buyer's order placements run one at a time in this process, so the cap on unpaid orders
 * (counted inside the placing statement, see takeStock) is exact here: on PostgreSQL a
 * statement counts the orders committed when it started, so two of a buyer's orders placed at
 * the very same moment could otherwise both see room for the last one. Across several app
 * processes sharing one database, a buyer racing requests to all of them at once can still pass
 * the cap by at most one order per other process, each taking real stock: accepted, as making
 * it exact there would cost every order a transaction of several round trips (decision 005).
 * Different buyers never wait for each other.
 */
const placingByBuyer = new Map<string, Promise<unknown>>();

async function oneAtATime<T>(buyerId: string, run: () => Promise<T>): Promise<T> {
  const current = (placingByBuyer.get(buyerId) ?? Promise.resolve()).then(run);
  const settled = current.catch(() => undefined);
  placingByBuyer.set(buyerId, settled);
  try {
    return await current;
  } finally {
    if (placingByBuyer.get(buyerId) === settled) placingByBuyer.delete(buyerId);
  }
}

/**
 * Why the stock could not be taken: no such tool, a tool without a price, the quantity rule with
 * the spec's words, a total above what a card can pay, or the buyer's unpaid orders at the cap.
 */
async function refusal(deps: OrdersDeps, user: SessionUser, input: PlaceOrderInput): Promise<AppError> {
  const tools = new Map(
    (
      await findLiveToolsByIds(
        deps.db,
        input.lines.map((line) => line.toolId),
      )
    ).map((tool) => [tool.id, tool]),
  );
  const cap = deps.config.MAX_UNPAID_ORDERS_PER_BUYER;
  const overCap = async () => cap > 0 && (await countUnpaidOrdersOf(deps.db, user.id)) >= cap;
  const [only] = input.lines;
  if (input.single && only) {
    // The spec's one-tool order: its refusals as they always were.
    const tool = tools.get(only.toolId);
    if (!tool) return new AppError('NOT_FOUND', TOOL_NOT_AVAILABLE, { toolId: TOOL_NOT_AVAILABLE });
    if (tool.price_cents <= 0) return new AppError('INVALID_STATE', toolHasNoPriceMessage);
    const problem = lineProblem(toTool(tool), only.quantity);
    if (problem) return quantityError(problem);
    const changed = repriced(tools, input.lines).get('lines.0.expectedUnitPriceCents');
    if (changed) return new AppError('PRICE_CHANGED', `${changed} Check the new total and place the order again.`);
    if (await overCap()) return new AppError('TOO_MANY_UNPAID_ORDERS', tooManyUnpaidOrders(cap));
    return quantityError({ kind: 'above-available', message: messages.quantityAboveAvailable });
  }
  const fields: Record<string, string> = {};
  let total = 0;
  input.lines.forEach((line, n) => {
    const tool = tools.get(line.toolId);
    if (!tool || tool.price_cents <= 0) {
      fields[`lines.${n}.toolId`] = tool ? toolHasNoPriceMessage : TOOL_NOT_AVAILABLE;
      return;
    }
    const rules = toTool(tool);
    const problem = lineProblem(rules, line.quantity);
    if (problem) fields[`lines.${n}.quantity`] = problem.message;
    else total += lineCostCents(rules, line.quantity);
  });
  const refused = Object.keys(fields).length;
  // A line priced otherwise than its buyer was shown is named too, whatever else is refused: the
  // buyer who puts the other lines right is not then charged a price nobody told them of.
  const changed = [...repriced(tools, input.lines)].filter(([field]) => {
    const line = `${field.split('.', 2).join('.')}.`;
    return !Object.keys(fields).some((refusedField) => refusedField.startsWith(line));
  });
  if (refused === 0 && changed.length > 0) {
    return new AppError(
      'PRICE_CHANGED',
      changed.length === 1
        ? 'The price of one line changed since you saw it. Check the new total and place the order again.'
        : `The prices of ${changed.length} lines changed since you saw them. Check the new total and place the order again.`,
      Object.fromEntries(changed),
    );
  }
  if (refused > 0) {
    const named = refused + changed.length;
    return new AppError(
      'LINES_REFUSED',
      named === 1 ? 'One line cannot be ordered as it is.' : `${named} lines cannot be ordered as they are.`,
      { ...fields, ...Object.fromEntries(changed) },
    );
  }
  if (total > MAX_CARD_PAYMENT_CENTS)
    return new AppError('VALIDATION_FAILED', totalAboveCardMaximumMessage, { lines: totalAboveCardMaximumMessage });
  if (await overCap()) return new AppError('TOO_MANY_UNPAID_ORDERS', tooManyUnpaidOrders(cap));
  // Every line looked fine when read: another order took the stock in between.
  return new AppError('OUT_OF_STOCK', 'The stock changed while your order was placed. Please try again.');
}

/** The lines priced now otherwise than their buyer was shown, by field (`lines.<n>.expectedUnitPriceCents`), each saying how. */
function repriced(tools: ReadonlyMap<number, ToolRow>, lines: PlaceOrderInput['lines']): Map<string, string> {
  const changed = new Map<string, string>();
  lines.forEach((line, n) => {
    const tool = tools.get(line.toolId);
    if (!tool || line.expectedUnitPriceCents === undefined) return;
    const now = unitPriceFor(toTool(tool), line.quantity);
    if (now !== line.expectedUnitPriceCents) {
      changed.set(
        `lines.${n}.expectedUnitPriceCents`,
        `The price is now ${formatCents(now)} each, not ${formatCents(line.expectedUnitPriceCents)}.`,
      );
    }
  });
  return changed;
}

/** A line's problem: the quantity rule's, or a line total no card can pay. */
type LineProblem = QuantityProblem | { kind: 'above-card-maximum'; message: string };

/** What is wrong with `quantity` of a tool: the quantity rule, then what one card can pay. */
function lineProblem(tool: Tool, quantity: number): LineProblem | null {
  const problem = checkQuantity(quantity, tool);
  if (problem) return problem;
  return lineCostCents(tool, quantity) > MAX_CARD_PAYMENT_CENTS
    ? { kind: 'above-card-maximum', message: totalAboveCardMaximumMessage }
    : null;
}

function quantityError(problem: LineProblem): AppError {
  const fields = { quantity: problem.message };
  if (problem.kind === 'above-available') return new AppError('OUT_OF_STOCK', problem.message, fields);
  if (problem.kind === 'above-maximum' || problem.kind === 'not-whole-packs')
    return new AppError('QUANTITY_NOT_ALLOWED', problem.message, fields);
  return new AppError('VALIDATION_FAILED', problem.message, fields);
}

/** One order for its buyer or an admin, with its history (who did what, when). */
export async function getOrder(deps: OrdersDeps, id: number, user: SessionUser): Promise<Order> {
  const row = await findVisibleOrder(deps.db, id, user);
  const [order, events] = await Promise.all([present(deps, row), findEventsOf(deps.db, id)]);
  return {
    ...order,
    history: events.map((event) => ({
      kind: event.kind,
      at: toIso(event.at),
      by: event.actor,
      note: event.kind === 'cancelled' && order.refund?.state === 'refunded' ? refundNote(order.refund, event.note) : event.note,
    })),
  };
}

/** A refund's cancel as the history says it: "Refunded $50.00 (re_…) · Ordered twice". */
function refundNote(refund: NonNullable<Order['refund']>, reason: string | null): string {
  return [`Refunded ${formatCents(refund.amountCents)} (${refund.reference})`, reason].filter(Boolean).join(' · ');
}

/** A page of a list: its orders, a cancelled one with who cancelled it and when. */
async function ordersPage(deps: OrdersDeps, rows: OrderRow[], limit: number): Promise<Page<Order>> {
  const page = pageOf(
    rows,
    limit,
    (row) => row,
    (row) => row.id,
  );
  const cancelledIds = page.items.filter((row) => row.status === 'cancelled').map((row) => row.id);
  const [items, cancellations] = await Promise.all([presentAll(deps, page.items), findCancellationsOf(deps.db, cancelledIds)]);
  return {
    items: items.map((order) => {
      if (order.status !== 'cancelled') return order;
      const event = cancellations.get(order.id);
      return { ...order, cancellation: event ? { at: toIso(event.at), by: event.actor, note: event.note } : null };
    }),
    nextCursor: page.nextCursor,
  };
}

/** My Orders: the user's listed (not cancelled) orders, newest first; their cancelled ones too when asked ("Show cancelled"). */
export async function listMyOrders(deps: OrdersDeps, user: SessionUser, query: MyOrdersQuery): Promise<Page<Order>> {
  const rows = await findOrdersPage(deps.db, { ...myOrdersFound(deps, user.id, query), limit: query.limit + 1, cursor: query.cursor });
  return ordersPage(deps, rows, query.limit);
}

/** What My Orders (and its export) finds: the buyer's own orders, as the filters of Manage All Orders find them, with their cancelled ones when asked for. */
export function myOrdersFound(deps: Pick<OrdersDeps, 'dialect'>, userId: string, filters: MyOrderFilters): OrderListFilters {
  return {
    dialect: deps.dialect,
    userId,
    statuses: filters.includeCancelled && !filters.status ? orderStatuses : statusesOf(filters),
    q: filters.q,
    toolId: filters.toolId,
    from: filters.from,
    to: filters.to,
  };
}

/**
 * The buyer's unpaid one-tool orders of `toolId` placed in the last DUPLICATE_ORDER_MINUTES,
 * newest first: the purchase page asks "Place another?" before the same order goes again.
 */
export async function listRecentUnpaidOrders(deps: OrdersDeps, user: SessionUser, toolId: number): Promise<{ items: Order[] }> {
  const since = new Date(Date.now() - DUPLICATE_ORDER_MINUTES * 60_000).toISOString();
  return { items: await presentAll(deps, await findRecentUnpaidOrdersOf(deps.db, user.id, toolId, since, 20)) };
}

/** The statuses a filter asks for: one, or every listed one (a cancelled order only when asked for, by its status or its number). */
export function statusesOf(filters: Pick<OrderFilters, 'status' | 'q'>): readonly OrderStatus[] {
  if (filters.status) return [filters.status];
  // "#1042" asks for that order by its number: found whatever became of it, cancelled too.
  return /^#\s*\d+$/.test(filters.q?.trim() ?? '') ? orderStatuses : listedStatuses;
}

/** Manage All Orders: every listed order (or those of one status), newest first, as the filters find them. */
export async function listAllOrders(deps: OrdersDeps, query: AllOrdersQuery): Promise<Page<Order>> {
  const rows = await findOrdersPage(deps.db, {
    dialect: deps.dialect,
    statuses: statusesOf(query),
    q: query.q,
    toolId: query.toolId,
    from: query.from,
    to: query.to,
    limit: query.limit + 1,
    cursor: query.cursor,
  });
  return ordersPage(deps, rows, query.limit);
}

/**
 * Cancels an unpaid order (its buyer or an admin) and puts its stock back. Its open payment is
 * cancelled at the gateway first, so no card can be charged for a cancelled order (if the
 * gateway says it was paid meanwhile, the order becomes paid instead and the cancel answers
 * 409). Then one transaction: the conditional status change makes it happen exactly once (a
 * second cancel, or a cancel racing a payment that won, changes nothing and answers 409) and
 * the stock goes back. The row stays, as cancelled.
 */
export async function cancelOrder(deps: OrdersDeps, id: number, user: SessionUser, reason: string | null = null): Promise<Order> {
  const order = await findVisibleOrder(deps.db, id, user);
  if (!canPerform(order.status, actorOf(order, user), 'cancel')) throw cannotCancel(order);
  const by: OrderChange = { actor: actorOf(order, user).isBuyer ? 'buyer' : 'admin', actorId: user.id, note: reason };
  return present(deps, await cancelUnpaid(deps, order, by));
}

/** The cancel itself, for a buyer, an admin or the expiry: payment closed, status, stock. */
async function cancelUnpaid(deps: OrdersDeps, order: OrderRow, by: OrderChange): Promise<OrderRow> {
  await closeOpenPayment(deps, order);
  const row = await retryingDeadlocks(() =>
    deps.db.transaction().execute(async (trx) => {
      const cancelled = await cancelInTransaction(deps, trx, order.id, by);
      if (!cancelled) throw cannotCancel((await findOrderById(trx, order.id)) ?? order);
      return cancelled;
    }),
  );
  deps.catalogCache.clear();
  return row;
}

/**
 * Every cancel's change to the database, in the caller's transaction: the conditional status
 * change makes it happen once, and only then does the stock go back and the history say who
 * cancelled it. Undefined when the order was no longer unpaid (nothing changed).
 */
async function cancelInTransaction(
  deps: Pick<OrdersDeps, 'dialect'>,
  trx: Transaction<Database>,
  orderId: number,
  by: OrderChange,
): Promise<OrderRow | undefined> {
  const cancelled = await transitionOrder(trx, orderId, 'unpaid', 'cancelled');
  if (cancelled) {
    await returnStock(trx, deps.dialect, cancelled.id);
    await recordOrderEvent(trx, cancelled.id, 'cancelled', by);
    // An admin's cancel, or the store's that an admin's action caused (a tool deleted, a user removed): in the audit log as theirs.
    if (by.actorId !== null && by.actor !== 'buyer') await auditOrderChange(trx, by.actorId, 'order.cancel', cancelled, 'unpaid', by.note);
  }
  return cancelled;
}

/**
 * An admin's change of someone's order, in the audit log, in the change's transaction: its
 * status, a shipment's carrier and tracking number, a cancel's reason (only what was given is kept).
 */
async function auditOrderChange(
  trx: Transaction<Database>,
  actorId: string,
  action: 'order.ship' | 'order.cancel' | 'order.refund',
  order: OrderRow,
  from: OrderRow['status'],
  reason: string | null = null,
  /** What else the change made (a refund: its amount, the gateway's refund and the credit note), absent before it. */
  made: Record<string, string | null> = {},
): Promise<void> {
  const none = Object.fromEntries(Object.keys(made).map((key) => [key, null]));
  await recordAudit(trx, {
    actorId,
    action,
    target: { type: 'order', id: order.id, label: `#${order.id} (${order.buyer_email})` },
    before: { status: from, carrier: null, trackingNumber: null, reason: null, ...none },
    after: { status: order.status, carrier: order.carrier, trackingNumber: order.tracking_number, reason, ...made },
  });
}

/** The store's own cancels, as the history words them. */
const storeCancels = {
  expired: { actor: 'store', actorId: null, note: 'Not paid in time' },
  removedUser: { actor: 'store', actorId: null, note: "The buyer's account was removed" },
  deletedTool: { actor: 'store', actorId: null, note: 'A tool of the order was taken out of the catalog' },
} as const satisfies Record<string, OrderChange>;

/**
 * Cancels each of `orders` as a buyer's cancel would (payment closed first, stock back). One
 * that was paid or cancelled meanwhile is left as it is; one that fails (the gateway cannot be
 * reached) is logged and left unpaid, and the others still go. Answers how many it cancelled.
 */
async function cancelEach(deps: OrdersDeps, orders: OrderRow[], why: string, by: OrderChange): Promise<number> {
  let cancelled = 0;
  for (const order of orders) {
    try {
      await cancelUnpaid(deps, order, by);
      cancelled += 1;
      deps.log.info({ orderId: order.id, placedAt: toIso(order.created_at) }, `${why}: cancelled, stock returned`);
    } catch (error) {
      if (error instanceof AppError && error.code === 'INVALID_STATE') continue;
      deps.log.warn({ err: error, orderId: order.id }, `${why}: could not cancel it now; it stays unpaid`);
    }
  }
  return cancelled;
}

/**
 * A removed user can no longer pay: their unpaid orders are cancelled (by the store, in the audit
 * log as the removing admin's); the removal stands either way.
 */
export async function cancelUnpaidOrdersOf(deps: OrdersDeps, userId: string, adminId: string): Promise<number> {
  const unpaid = await findOrdersPage(deps.db, { userId, statuses: ['unpaid'], limit: 10_000 });
  return cancelEach(deps, unpaid, 'unpaid order of a removed user', { ...storeCancels.removedUser, actorId: adminId });
}

/**
 * Deleting a tool (`deleteTool`, run here in a transaction): an order of a deleted tool can no
 * longer be paid, so its unpaid orders are cancelled and their stock returned. Those with no
 * payment under way (the usual case) are cancelled in the deletion's own transaction: the tool
 * never leaves the catalog with them still holding its stock. One whose payment was started
 * cannot be: its payment must first be closed at the gateway (a network call, never made inside
 * a transaction, and the gateway may answer that it was paid meanwhile, which then stands), so
 * those follow at once, one by one, as a buyer's cancel; one the gateway cannot close now is
 * logged and stays unpaid until the expiry cancels it. No order of the tool can be placed once
 * the deletion is committed, so none is missed.
 */
export async function deleteToolCancellingItsOrders<T>(
  deps: OrdersDeps,
  toolId: number,
  adminId: string,
  deleteTool: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  // Cancelled by the store, in the audit log (and the stock history) as the deleting admin's.
  const by: OrderChange = { ...storeCancels.deletedTool, actorId: adminId };
  // The deletion locks its tool before the other tools of its orders: a deadlock with an order
  // placed at that moment is possible, and then the deletion simply runs again.
  const deleted = await retryingDeadlocks(() =>
    deps.db.transaction().execute(async (trx) => {
      const result = await deleteTool(trx);
      for (const order of await findUnpaidOrdersOfTool(trx, toolId, { openPayment: false })) {
        await cancelInTransaction(deps, trx, order.id, by);
        deps.log.info({ orderId: order.id, toolId }, 'unpaid order of a deleted tool: cancelled, stock returned');
      }
      return result;
    }),
  );
  deps.catalogCache.clear();
  await cancelEach(deps, await findUnpaidOrdersOfTool(deps.db, toolId), 'unpaid order of a deleted tool', by);
  return deleted;
}

/**
 * UNPAID_ORDER_TTL_HOURS: cancels unpaid orders placed before `cutoff`, oldest first, at most
 * `limit` per call. Safe on several processes at once: each order changes once.
 */
export async function expireUnpaidOrders(deps: OrdersDeps, cutoff: Date, limit = 100): Promise<number> {
  return cancelEach(deps, await findUnpaidOrdersBefore(deps.db, cutoff.toISOString(), limit), 'unpaid order expired', storeCancels.expired);
}

/**
 * An admin's refund of a paid order not yet shipped (decision 025): its whole total goes back to
 * the card that paid it, and the order is cancelled as a cancel would (stock back, history, the
 * buyer's email saying the money is on its way back, the audit log). In three steps, so the
 * money and the records never disagree for good:
 * 1. the order's row is marked as being refunded (claimRefund): from then on it cannot ship;
 * 2. the gateway refunds, under a key of that mark (refundOrderPayment);
 * 3. one transaction cancels the order with its refund.
 * A refusal by the gateway takes the mark back (paid, shippable again). A crash or an unreachable
 * gateway between 1 and 3 leaves the order paid and marked, shown as a pending refund: the same
 * action again finishes the same refund, with the first request's reason.
 */
export async function refundOrder(deps: OrdersDeps, id: number, user: SessionUser, reason: string | null): Promise<Order> {
  const order = await findVisibleOrder(deps.db, id, user);
  if (user.role !== 'admin' || !isRefundable(order)) throw cannotRefund(order);
  const claimed = await claimRefund(deps.db, id, user.id, reason);
  if (!claimed) throw cannotRefund((await findOrderById(deps.db, id)) ?? order);
  return present(deps, await finishRefund(deps, claimed, order.updated_at, user));
}

/** Who finishes a refund: the admin who asked for it, another admin's Finish refund, or the sweep. */
type RefundFinisher = Pick<SessionUser, 'id' | 'email'> | 'sweep';

/**
 * Steps 2 and 3 of a refund whose mark is set (refundOrder): the gateway's refund, then the
 * order cancelled with it. A refusal takes the mark back, restoring `before` (the order's time
 * of change before the mark). Answers the order refunded, also when another try finished this
 * same refund first.
 */
async function finishRefund(
  deps: OrdersDeps,
  claimed: OrderRow,
  before: OrderRow['updated_at'],
  finisher: RefundFinisher,
): Promise<OrderRow> {
  const id = claimed.id;
  let refund: GatewayRefund;
  try {
    refund = await refundOrderPayment(deps, claimed);
  } catch (error) {
    // Refused: nothing went back. Unreachable: maybe it did, so the mark stays for the retry.
    if (!(error instanceof AppError && error.code === 'SERVICE_UNAVAILABLE')) await takeRefundBack(deps, claimed, before, finisher, error);
    throw error;
  }
  // In the name of the admin who asked for it (theirs the decision), and of whoever finished it when another did.
  const actorId = claimed.refund_requested_by ?? (finisher === 'sweep' ? null : finisher.id);
  const finishedBy =
    finisher === 'sweep' ? 'The pending-refunds sweep' : finisher.id === claimed.refund_requested_by ? null : finisher.email;
  const by: OrderChange = { actor: 'admin', actorId, note: claimed.refund_reason };
  const refunded = await retryingDeadlocks(() =>
    deps.db.transaction().execute(async (trx) => {
      const completed = await completeRefund(trx, id, refund.id);
      if (!completed) return undefined;
      // The credit note's number, in the refund's transaction: gap-free, as an invoice's.
      const row = {
        ...completed,
        credit_note_number: await assignCreditNoteNumber(trx, id, new Date(toIso(completed.refunded_at ?? completed.updated_at))),
      };
      await returnStock(trx, deps.dialect, id);
      await recordOrderEvent(trx, id, 'cancelled', by, { refundedCents: amountOf(row), creditNoteNumber: row.credit_note_number });
      if (by.actorId !== null) {
        await auditOrderChange(trx, by.actorId, 'order.refund', row, 'paid', by.note, {
          refunded: formatCents(amountOf(row)),
          refundId: refund.id,
          creditNote: row.credit_note_number,
          ...(finishedBy === null ? {} : { finishedBy }),
        });
      }
      return row;
    }),
  );
  if (!refunded) {
    // Another try (an admin's click, the sweep) finished this same refund first.
    const now = await findOrderById(deps.db, id);
    if (now?.refund_id === refund.id) return now;
    throw cannotRefund(now ?? claimed);
  }
  deps.catalogCache.clear();
  return refunded;
}

/**
 * A refusal by the gateway: the mark is taken back (the order paid and shippable, as it was
 * before it). An admin who asked sees the refusal in the answer; when the sweep asked, the
 * store's people are emailed, in the same transaction.
 */
async function takeRefundBack(
  deps: OrdersDeps,
  claimed: OrderRow,
  before: OrderRow['updated_at'],
  finisher: RefundFinisher,
  error: unknown,
) {
  await deps.db.transaction().execute(async (trx) => {
    await releaseRefund(trx, claimed.id, before);
    if (finisher !== 'sweep' || claimed.refund_requested_at === null) return;
    const requestedBy = claimed.refund_requested_by ? ((await findLiveUserSummary(trx, claimed.refund_requested_by))?.email ?? null) : null;
    await enqueueRefundRefusedNotice(
      trx,
      claimed.id,
      {
        requestedAt: toIso(claimed.refund_requested_at),
        requestedBy,
        reason: claimed.refund_reason,
        failure: error instanceof Error ? error.message : String(error),
      },
      deps.config.ORDER_NOTIFY_EMAILS,
    );
  });
}

/**
 * The refunds left pending since before `cutoff` (a crash between the gateway's answer and the
 * order's, or a gateway that could not be reached), finished as Finish refund would, oldest
 * first: the same key, the first request's reason and admin. One the gateway still cannot
 * reach stays pending for the next run; one it refuses is paid again, and the store's people
 * are emailed (the admin who asked was told it would be finished). Answers how many it finished.
 */
export async function finishPendingRefunds(deps: OrdersDeps, cutoff: Date, limit = 50): Promise<number> {
  let finished = 0;
  for (const row of await findPendingRefundsBefore(deps.db, cutoff.toISOString(), limit)) {
    try {
      await finishRefund(deps, row, row.updated_at, 'sweep');
      finished += 1;
      deps.log.info({ orderId: row.id }, 'pending refund finished');
    } catch (error) {
      deps.log.error({ err: error, orderId: row.id }, 'finishing a pending refund failed');
    }
  }
  return finished;
}

function cannotRefund(order: OrderRow): AppError {
  if (order.status === 'cancelled') {
    return new AppError(
      'INVALID_STATE',
      order.refund_id ? 'This order was already refunded.' : 'This order is cancelled: it was never paid.',
    );
  }
  if (order.status === 'shipped')
    return new AppError('INVALID_STATE', 'A shipped order cannot be refunded here: it has left the warehouse.');
  return new AppError('INVALID_STATE', 'Only a paid order can be refunded.');
}

function cannotCancel(order: OrderRow): AppError {
  return new AppError(
    'INVALID_STATE',
    order.status === 'cancelled' ? 'This order is already cancelled.' : 'Only an unpaid order can be cancelled.',
  );
}

/**
 * Admin: marks a paid order shipped, with its carrier and tracking number when given (stored on
 * the order, in its history and in the buyer's "shipped" email). Anything else answers 409 and
 * changes nothing.
 */
export async function shipOrder(
  deps: OrdersDeps,
  id: number,
  user: SessionUser,
  shipment: ShipOrderInput = { carrier: null, trackingNumber: null },
): Promise<Order> {
  const { db } = deps;
  const order = await findVisibleOrder(db, id, user);
  if (!canPerform(order.status, actorOf(order, user), 'ship')) throw cannotShip(order);
  const shipped = await db.transaction().execute(async (trx) => {
    const row = await transitionOrder(trx, id, 'paid', 'shipped', shipment);
    if (row) {
      await recordOrderEvent(
        trx,
        id,
        'shipped',
        { actor: 'admin', actorId: user.id, note: shipmentNote(shipment) },
        { carrier: shipment.carrier, trackingNumber: shipment.trackingNumber },
      );
      await auditOrderChange(trx, user.id, 'order.ship', row, 'paid');
    }
    return row;
  });
  if (!shipped) throw cannotShip((await findOrderById(db, id)) ?? order);
  return present(deps, shipped);
}

/**
 * Corrects a shipped order's carrier and tracking number (admin): a number mistyped when it was
 * shipped. The buyer is emailed the corrected details (the "shipped" email, saying it corrects
 * the first), and the audit log keeps both. The same details again change nothing and send
 * nothing; an order not shipped is a 409.
 */
export async function correctShipment(deps: OrdersDeps, id: number, user: SessionUser, shipment: ShipOrderInput): Promise<Order> {
  const { db } = deps;
  const order = await findVisibleOrder(db, id, user);
  if (order.status !== 'shipped') throw new AppError('INVALID_STATE', "Only a shipped order's shipment can be corrected.");
  if (order.carrier === shipment.carrier && order.tracking_number === shipment.trackingNumber) return present(deps, order);
  const corrected = await db.transaction().execute(async (trx) => {
    const row = await updateShipment(trx, id, shipment);
    if (row) {
      await enqueueMail(trx, {
        kind: ORDER_MAIL_KINDS.shipped,
        recipient: row.buyer_email,
        orderId: id,
        payload: { carrier: shipment.carrier, trackingNumber: shipment.trackingNumber, corrected: true },
      });
      await recordAudit(trx, {
        actorId: user.id,
        action: 'order.ship',
        target: { type: 'order', id, label: `#${id} (${row.buyer_email})` },
        before: { carrier: order.carrier, trackingNumber: order.tracking_number },
        after: { carrier: row.carrier, trackingNumber: row.tracking_number },
      });
    }
    return row;
  });
  if (!corrected) throw new AppError('INVALID_STATE', "Only a shipped order's shipment can be corrected.");
  return present(deps, corrected);
}

function cannotShip(order: OrderRow): AppError {
  if (order.status === 'paid' && order.refund_requested_at !== null) {
    return new AppError('INVALID_STATE', 'This order is being refunded, so it cannot be shipped.');
  }
  return new AppError(
    'INVALID_STATE',
    order.status === 'shipped' ? 'This order has already shipped.' : 'Only a paid order can be shipped.',
  );
}
