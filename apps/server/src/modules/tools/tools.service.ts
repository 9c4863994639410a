import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Page } from '@toolsify/shared/ids';
import { messages } from '@toolsify/shared/messages';
import type { CreateToolInput, Tool, UpdateToolInput } from '@toolsify/shared/tools';
import { AppError } from '../../lib/errors.ts';
import { pageOf } from '../../lib/page.ts';
import type { TtlCache } from '../../lib/ttl-cache.ts';
import type { Database } from '../../db/schema.ts';
import { deleteToolCancellingItsOrders, type OrdersDeps } from '../orders/orders.service.ts';
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
  db: Kysely<Database>,
  cache: TtlCache<unknown>,
  query: { limit: number; cursor?: number | undefined },
): Promise<Page<Tool>> {
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

export async function getTool(db: Kysely<Database>, id: number): Promise<Tool> {
  const row = await findToolById(db, id);
  if (!row) throw new AppError('NOT_FOUND', 'This tool is not available.');
  return toTool(row);
}

/** The catalog a service changes, and who changes it. */
export interface CatalogContext {
  db: Kysely<Database>;
  cache: TtlCache<unknown>;
  uploadDir: string;
  userId: string;
}

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
export async function createTool(ctx: CatalogContext, input: CreateToolInput): Promise<Tool> {
  assertUploadExists(ctx.uploadDir, input.img);
  const row = await ctx.db.transaction().execute((trx) => insertTool(trx, input, ctx.userId));
  ctx.cache.clear();
  return toTool(row);
}

/**
 * An admin's edit of price, minimum, description and stock. The stock change is a delta
 * applied to the stock as it is now, recorded in the stock ledger in the same transaction.
 */
export async function updateTool(ctx: CatalogContext, id: number, input: UpdateToolInput): Promise<Tool> {
  const stockDelta = input.stock?.delta ?? 0;
  const row = await ctx.db.transaction().execute(async (trx) => {
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
      await insertStockAdjustment(trx, { toolId: id, delta: input.stock.delta, reason: input.stock.reason, userId: ctx.userId });
    }
    return updated;
  });
  ctx.cache.clear();
  return toTool(row);
}

/**
 * Takes a tool out of the catalog. Orders keep its name and price (copied on each order); its
 * unpaid orders, which could no longer be paid, are cancelled and their stock returned.
 */
export async function deleteTool(deps: OrdersDeps, id: number): Promise<Tool> {
  const row = await deleteToolCancellingItsOrders(deps, id, async (trx) => {
    const deleted = await softDeleteTool(trx, id);
    if (!deleted) throw new AppError('NOT_FOUND', 'This tool is not available.');
    return deleted;
  });
  return toTool(row);
}
