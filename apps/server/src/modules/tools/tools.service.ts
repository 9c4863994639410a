import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@toolsify/shared/ids';
import { messages } from '@toolsify/shared/messages';
import type { CreateToolInput, Tool, UpdateToolInput } from '@toolsify/shared/tools';
import { AppError } from '../../lib/errors.ts';
import type { ServiceDeps } from '../../lib/service-deps.ts';
import { pageOf } from '../../lib/page.ts';
import { deleteToolCancellingItsOrders } from '../orders/orders.service.ts';
import {
  findToolById,
  findToolsPage,
  insertStockAdjustment,
  insertTool,
  softDeleteTool,
  toTool,
  updateToolIfConsistent,
} from './tools.repository.ts';

export async function listTools(
  deps: Pick<ServiceDeps, 'db' | 'catalogCache'>,
  query: { limit: number; cursor?: number | undefined },
): Promise<Page<Tool>> {
  const { db, catalogCache: cache } = deps;
  // The first page is what every visitor of the home page asks for: answer it from memory.
  const key = query.cursor === undefined ? `tools:first:${query.limit}` : undefined;
  if (key) {
    const hit = cache.get(key) as Page<Tool> | undefined;
    if (hit) return hit;
  }
  const rows = await findToolsPage(db, { limit: query.limit + 1, cursor: query.cursor });
  const page = pageOf(rows, query.limit, toTool, (tool) => tool.id);
  if (key) cache.set(key, page);
  return page;
}

export async function getTool(deps: Pick<ServiceDeps, 'db'>, id: number): Promise<Tool> {
  const row = await findToolById(deps.db, id);
  if (!row) throw new AppError('NOT_FOUND', 'This tool is not available.');
  return toTool(row);
}

/** What changing the catalog uses. */
type CatalogDeps = Pick<ServiceDeps, 'db' | 'catalogCache' | 'config'>;

/** An image under /uploads/ must be one we stored (an upload that never happened is refused). */
function assertUploadExists(uploadDir: string, img: string): void {
  if (!img.startsWith('/uploads/')) return;
  const file = path.join(path.resolve(uploadDir), path.basename(img));
  if (!existsSync(file)) {
    throw new AppError('VALIDATION_FAILED', 'img: This uploaded image was not found. Upload it again.', {
      img: 'This uploaded image was not found. Upload it again.',
    });
  }
}

/** Add a Product: the tool and its initial stock entry, together. It is first in the catalog at once. */
export async function createTool(deps: CatalogDeps, userId: string, input: CreateToolInput): Promise<Tool> {
  assertUploadExists(deps.config.UPLOAD_DIR, input.img);
  const row = await deps.db.transaction().execute((trx) => insertTool(trx, input, userId));
  deps.catalogCache.clear();
  return toTool(row);
}

/**
 * An admin's edit of price, minimum, description and stock. The stock change is a delta
 * applied to the stock as it is now, recorded in the stock ledger in the same transaction.
 */
export async function updateTool(deps: CatalogDeps, userId: string, id: number, input: UpdateToolInput): Promise<Tool> {
  const stockDelta = input.stock?.delta ?? 0;
  const row = await deps.db.transaction().execute(async (trx) => {
    const updated = await updateToolIfConsistent(trx, id, {
      description: input.description,
      priceCents: input.priceCents,
      minimum: input.minimum,
      stockDelta,
    });
    if (!updated) {
      const current = await findToolById(trx, id);
      if (!current) throw new AppError('NOT_FOUND', 'This tool is not available.');
      if (current.available + stockDelta < 0) {
        const message = `Only ${current.available} in stock: the stock cannot go below 0.`;
        throw new AppError('CONFLICT', message, { 'stock.delta': message });
      }
      throw new AppError('VALIDATION_FAILED', messages.minimumAboveAvailable, { minimum: messages.minimumAboveAvailable });
    }
    if (input.stock) {
      await insertStockAdjustment(trx, { toolId: id, delta: input.stock.delta, reason: input.stock.reason, userId });
    }
    return updated;
  });
  deps.catalogCache.clear();
  return toTool(row);
}

/**
 * Takes a tool out of the catalog. Orders keep its name and price (copied on each order); its
 * unpaid orders, which could no longer be paid, are cancelled and their stock returned.
 */
export async function deleteTool(deps: ServiceDeps, id: number): Promise<Tool> {
  const row = await deleteToolCancellingItsOrders(deps, id, async (trx) => {
    const deleted = await softDeleteTool(trx, id);
    if (!deleted) throw new AppError('NOT_FOUND', 'This tool is not available.');
    return deleted;
  });
  return toTool(row);
}
