import type { Db, ToolRow } from '../../db/schema.ts';
import { recordAudits, type AuditEntry } from '../audit/audit.repository.ts';
import { toManagedTool } from './tools.repository.ts';

/** What an admin sets on a tool, as the audit log records it: the tool as Manage Products sees it, but its id and creation time. */
function auditedFields(row: ToolRow) {
  const { id: _id, createdAt: _createdAt, ...fields } = toManagedTool(row);
  return { ...fields, priceBreaks: fields.priceBreaks.map((b) => ({ minQuantity: b.minQuantity, unitPriceCents: b.unitPriceCents })) };
}

/** An admin's change of a tool: the action, and the tool before (null: new) and after (null: deleted). */
export interface ToolChange {
  action: 'tool.create' | 'tool.update' | 'tool.restock' | 'tool.delete';
  before: ToolRow | null;
  after: ToolRow | null;
}

/** A tool's change as the audit log records it (only the changed fields are kept). */
function auditEntry(actorId: string, { action, before, after }: ToolChange): AuditEntry | undefined {
  const row = after ?? before;
  if (!row) return undefined;
  return {
    actorId,
    action,
    target: { type: 'tool', id: row.id, label: `${row.name} (${row.sku})` },
    before: before ? auditedFields(before) : null,
    after: after ? auditedFields(after) : null,
  };
}

/** An admin's change of a tool in the audit log, in the change's transaction. */
export async function auditTool(
  trx: Db,
  actorId: string,
  action: ToolChange['action'],
  before: ToolRow | undefined | null,
  after: ToolRow | null,
): Promise<void> {
  await auditTools(trx, actorId, [{ action, before: before ?? null, after }]);
}

/** Changes of many tools at once (an import's), as auditTool records one. */
export async function auditTools(trx: Db, actorId: string, changes: readonly ToolChange[]): Promise<void> {
  await recordAudits(
    trx,
    changes.flatMap((change) => auditEntry(actorId, change) ?? []),
  );
}
