import type { Db, ToolRow } from '../../db/schema.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { priceBreaksOf } from './tools.repository.ts';

/** What an admin sets on a tool, as the audit log records it. */
function auditedFields(row: ToolRow) {
  return {
    name: row.name,
    sku: row.sku,
    description: row.description,
    img: row.img,
    priceCents: row.price_cents,
    available: row.available,
    minimum: row.minimum,
    priceBreaks: priceBreaksOf(row).map((b) => ({ minQuantity: b.minQuantity, unitPriceCents: b.unitPriceCents })),
    packSize: row.pack_size,
    maxPerOrder: row.max_per_order,
    lowStockThreshold: row.low_stock_threshold,
  };
}

/**
 * An admin's change of a tool in the audit log (an edit, or one product of an import), in the
 * change's transaction (only the changed fields are kept).
 */
export async function auditTool(
  trx: Db,
  actorId: string,
  action: 'tool.create' | 'tool.update' | 'tool.restock' | 'tool.delete',
  before: ToolRow | undefined | null,
  after: ToolRow | null,
): Promise<void> {
  const row = after ?? before;
  if (!row) return;
  await recordAudit(trx, {
    actorId,
    action,
    target: { type: 'tool', id: row.id, label: `${row.name} (${row.sku})` },
    before: before ? auditedFields(before) : null,
    after: after ? auditedFields(after) : null,
  });
}
