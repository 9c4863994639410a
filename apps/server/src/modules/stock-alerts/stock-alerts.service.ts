import { MAX_STOCK_ALERTS_PER_USER, type MyStockAlerts, type StockAlert } from '@toolsify/shared/stock-alerts';
import { canBeOrdered } from '@toolsify/shared/orderable';
import { AppError } from '../../lib/errors.ts';
import type { ServiceDeps } from '../../lib/service-deps.ts';
import {
  countStockAlertsOf,
  deleteStockAlert,
  findStockAlertToolIdsOf,
  findToolStockForAlert,
  insertStockAlert,
  liveToolExists,
} from './stock-alerts.repository.ts';

type StockAlertDeps = Pick<ServiceDeps, 'db' | 'dialect'>;

const TOOL_NOT_AVAILABLE = 'This tool is not available.';

/**
 * "Email me when it is back": subscribes the buyer to a live tool that cannot be ordered, out of
 * stock or with fewer pieces than its minimum order (again: nothing changes). One that can be
 * ordered is a 409, an unknown or deleted one a 404, and a buyer may wait for at most
 * MAX_STOCK_ALERTS_PER_USER tools at once. The tool
 * is read locked (PostgreSQL), so a restock at the same moment either sees this subscription or
 * is seen by it: no subscriber is left waiting for a tool that is already back.
 */
export async function subscribeToStockAlert(deps: StockAlertDeps, userId: string, toolId: number): Promise<StockAlert> {
  await deps.db.transaction().execute(async (trx) => {
    const tool = await findToolStockForAlert(trx, deps.dialect, toolId);
    if (!tool) throw new AppError('NOT_FOUND', TOOL_NOT_AVAILABLE);
    if (canBeOrdered(tool)) throw new AppError('INVALID_STATE', `${tool.name} is in stock: you can order it now.`);
    if ((await countStockAlertsOf(trx, userId)) >= MAX_STOCK_ALERTS_PER_USER) {
      const waiting = await findStockAlertToolIdsOf(trx, userId, MAX_STOCK_ALERTS_PER_USER);
      if (!waiting.includes(toolId)) {
        throw new AppError(
          'CONFLICT',
          `You are already waiting for ${MAX_STOCK_ALERTS_PER_USER} tools. Stop one of those alerts before adding another.`,
        );
      }
    }
    await insertStockAlert(trx, toolId, userId);
  });
  return { toolId, subscribed: true };
}

/**
 * Stops the buyer's alert for a tool (none: nothing changes, a 200 all the same). An id that is
 * no live tool and had no alert of theirs is a 404.
 */
export async function unsubscribeFromStockAlert(deps: StockAlertDeps, userId: string, toolId: number): Promise<StockAlert> {
  const stopped = await deleteStockAlert(deps.db, toolId, userId);
  if (!stopped && !(await liveToolExists(deps.db, toolId))) throw new AppError('NOT_FOUND', TOOL_NOT_AVAILABLE);
  return { toolId, subscribed: false };
}

/** The live tools the buyer waits for, newest first. */
export async function listMyStockAlerts(deps: StockAlertDeps, userId: string): Promise<MyStockAlerts> {
  return { toolIds: await findStockAlertToolIdsOf(deps.db, userId, MAX_STOCK_ALERTS_PER_USER) };
}
