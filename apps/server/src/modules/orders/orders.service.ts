import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Page } from '@toolsify/shared/ids';
import {
  canPerform,
  checkQuantity,
  listedStatuses,
  type AllOrdersQuery,
  type Order,
  type OrderActor,
  type PlaceOrderInput,
  type QuantityProblem,
} from '@toolsify/shared/orders';
import { messages } from '@toolsify/shared/messages';
import type { DialectName } from '../../db/connect.ts';
import { toIso, type Database, type OrderRow } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { TtlCache } from '../../lib/ttl-cache.ts';
import type { SessionUser } from '../auth/auth.plugin.ts';
import type { PaymentGateway } from '../payments/payments.gateway.ts';
import { closeOpenPayment } from '../payments/payments.service.ts';
import {
  findLiveTool,
  findOrderById,
  findOrderByIdempotencyKey,
  findUnpaidOrdersBefore,
  findOrdersPage,
  isUniqueViolation,
  returnStock,
  takeStockIntoOrder,
  toOrder,
  transitionOrder,
} from './orders.repository.ts';

/** What the order rules need from the app (buildApp's FastifyInstance fits). */
export interface OrdersDeps {
  db: Kysely<Database>;
  dialect: DialectName;
  /** Cancelling an order first closes its open payment at the gateway. */
  paymentGateway: PaymentGateway;
  log: FastifyBaseLogger;
  /** The catalog's cached reads: cleared after every stock change. */
  catalogCache: TtlCache<unknown>;
}

const ORDER_NOT_FOUND = 'Order not found.';
const TOOL_NOT_AVAILABLE = 'This tool is not available.';

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

function sameRequest(row: OrderRow, input: PlaceOrderInput): boolean {
  return row.tool_id === input.toolId && row.quantity === input.quantity && row.phone === input.phone && row.address === input.address;
}

/** A repeated Idempotency-Key: the same order again, or a conflict if the body changed. */
function replay(row: OrderRow, input: PlaceOrderInput): { order: Order; replayed: true } {
  if (!sameRequest(row, input)) {
    throw new AppError('CONFLICT', 'This Idempotency-Key was already used for a different order.');
  }
  return { order: toOrder(row), replayed: true };
}

/**
 * Places an order: takes the stock with a conditional update (never below 0, never twice,
 * never below the tool's minimum) and inserts the order with the tool's name and unit price as
 * that update found them, atomically: one statement on PostgreSQL, one transaction on SQLite.
 * Buyer and name come from the session. The tool is read only to explain a refusal.
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
  let row: OrderRow;
  try {
    const placed = await takeStockIntoOrder(deps.db, deps.dialect, {
      userId: user.id,
      toolId: input.toolId,
      quantity: input.quantity,
      buyerEmail: user.email,
      buyerName: user.name,
      phone: input.phone,
      address: input.address,
      idempotencyKey: idempotencyKey ?? null,
    });
    if (!placed) throw await refusal(deps.db, input);
    row = placed;
  } catch (error) {
    // A key we have seen: its first order is the answer (this attempt took nothing), including
    // when two requests with the key raced.
    if (idempotencyKey !== undefined && (isUniqueViolation(error) || error instanceof AppError)) {
      const existing = await findOrderByIdempotencyKey(deps.db, user.id, idempotencyKey);
      if (existing) return replay(existing, input);
    }
    throw error;
  }
  deps.catalogCache.clear();
  return { order: toOrder(row), replayed: false };
}

/** Why the stock could not be taken: no such tool, or the quantity rule with the spec's words. */
async function refusal(db: Kysely<Database>, input: PlaceOrderInput): Promise<AppError> {
  const tool = await findLiveTool(db, input.toolId);
  if (!tool) return new AppError('NOT_FOUND', TOOL_NOT_AVAILABLE, { toolId: TOOL_NOT_AVAILABLE });
  const problem = checkQuantity(input.quantity, tool) ?? { kind: 'above-available' as const, message: messages.quantityAboveAvailable };
  return quantityError(problem);
}

function quantityError(problem: QuantityProblem): AppError {
  const fields = { quantity: problem.message };
  if (problem.kind === 'above-available') return new AppError('OUT_OF_STOCK', problem.message, fields);
  return new AppError('VALIDATION_FAILED', problem.message, fields);
}

export async function getOrder(db: Kysely<Database>, id: number, user: SessionUser): Promise<Order> {
  return toOrder(await findVisibleOrder(db, id, user));
}

function pageOf(rows: OrderRow[], limit: number): Page<Order> {
  const items = rows.slice(0, limit).map(toOrder);
  return { items, nextCursor: rows.length > limit ? (items.at(-1)?.id ?? null) : null };
}

/** My Orders: the user's listed (not cancelled) orders, newest first. */
export async function listMyOrders(db: Kysely<Database>, user: SessionUser, query: { limit: number; cursor?: number | undefined }): Promise<Page<Order>> {
  const rows = await findOrdersPage(db, { userId: user.id, statuses: listedStatuses, limit: query.limit + 1, cursor: query.cursor });
  return pageOf(rows, query.limit);
}

/** Manage All Orders: every listed order (or those of one status), newest first. */
export async function listAllOrders(db: Kysely<Database>, query: AllOrdersQuery): Promise<Page<Order>> {
  const statuses = query.status ? [query.status] : listedStatuses;
  const rows = await findOrdersPage(db, { statuses, limit: query.limit + 1, cursor: query.cursor });
  return pageOf(rows, query.limit);
}

/**
 * Cancels an unpaid order (its buyer or an admin) and puts its stock back. Its open payment is
 * cancelled at the gateway first, so no card can be charged for a cancelled order (if the
 * gateway says it was paid meanwhile, the order becomes paid instead and the cancel answers
 * 409). Then one transaction: the conditional status change makes it happen exactly once (a
 * second cancel, or a cancel racing a payment that won, changes nothing and answers 409) and
 * the stock goes back. The row stays, as cancelled.
 */
export async function cancelOrder(deps: OrdersDeps, id: number, user: SessionUser): Promise<Order> {
  const order = await findVisibleOrder(deps.db, id, user);
  if (!canPerform(order.status, actorOf(order, user), 'cancel')) throw cannotCancel(order);
  return toOrder(await cancelUnpaid(deps, order));
}

/** The cancel itself, for a buyer, an admin or the expiry: payment closed, status, stock. */
async function cancelUnpaid(deps: OrdersDeps, order: OrderRow): Promise<OrderRow> {
  await closeOpenPayment({ db: deps.db, gateway: deps.paymentGateway, log: deps.log }, order);
  const row = await deps.db.transaction().execute(async (trx) => {
    const cancelled = await transitionOrder(trx, order.id, 'unpaid', 'cancelled');
    if (!cancelled) throw cannotCancel((await findOrderById(trx, order.id)) ?? order);
    await returnStock(trx, cancelled.tool_id, cancelled.quantity);
    return cancelled;
  });
  deps.catalogCache.clear();
  return row;
}

/**
 * Cancels each of `orders` as a buyer's cancel would (payment closed first, stock back). One
 * that was paid or cancelled meanwhile is left as it is; one that fails (the gateway cannot be
 * reached) is logged and left unpaid, and the others still go. Answers how many it cancelled.
 */
async function cancelEach(deps: OrdersDeps, orders: OrderRow[], why: string): Promise<number> {
  let cancelled = 0;
  for (const order of orders) {
    try {
      await cancelUnpaid(deps, order);
      cancelled += 1;
      deps.log.info({ orderId: order.id, placedAt: toIso(order.created_at) }, `${why}: cancelled, stock returned`);
    } catch (error) {
      if (error instanceof AppError && error.code === 'INVALID_STATE') continue;
      deps.log.warn({ err: error, orderId: order.id }, `${why}: could not cancel it now; it stays unpaid`);
    }
  }
  return cancelled;
}

/** A removed user can no longer pay: their unpaid orders are cancelled; the removal stands either way. */
export async function cancelUnpaidOrdersOf(deps: OrdersDeps, userId: string): Promise<number> {
  const unpaid = await findOrdersPage(deps.db, { userId, statuses: ['unpaid'], limit: 10_000 });
  return cancelEach(deps, unpaid, 'unpaid order of a removed user');
}

/**
 * UNPAID_ORDER_TTL_HOURS: cancels unpaid orders placed before `cutoff`, oldest first, at most
 * `limit` per call. Safe on several processes at once: each order changes once.
 */
export async function expireUnpaidOrders(deps: OrdersDeps, cutoff: Date, limit = 100): Promise<number> {
  return cancelEach(deps, await findUnpaidOrdersBefore(deps.db, cutoff.toISOString(), limit), 'unpaid order expired');
}

function cannotCancel(order: OrderRow): AppError {
  return new AppError(
    'INVALID_STATE',
    order.status === 'cancelled' ? 'This order is already cancelled.' : 'Only an unpaid order can be cancelled.',
  );
}

/** Admin: marks a paid order shipped. Anything else answers 409 and changes nothing. */
export async function shipOrder(db: Kysely<Database>, id: number, user: SessionUser): Promise<Order> {
  const order = await findVisibleOrder(db, id, user);
  if (!canPerform(order.status, actorOf(order, user), 'ship')) throw cannotShip(order);
  const shipped = await transitionOrder(db, id, 'paid', 'shipped');
  if (!shipped) throw cannotShip((await findOrderById(db, id)) ?? order);
  return toOrder(shipped);
}

function cannotShip(order: OrderRow): AppError {
  return new AppError(
    'INVALID_STATE',
    order.status === 'shipped' ? 'This order has already shipped.' : 'Only a paid order can be shipped.',
  );
}
