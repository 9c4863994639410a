import { columnContains } from '../../db/like.ts';
import type { AuditAction, AuditEvent, AuditQuery, AuditTargetType, AuditValue } from '@toolsify/shared/audit';
import { dayRangeTimes } from '@toolsify/shared/days';
import { nowIso, toIso, type AuditEventRow, type Db } from '../../db/schema.ts';

type Fields = Record<string, AuditValue | undefined>;

/** One admin action to record. */
export interface AuditEntry {
  /** The admin who acted (their email is recorded as it is now). */
  actorId: string;
  action: AuditAction;
  target: { type: AuditTargetType; id: string | number; label: string };
  /** The fields as they were (null: nothing existed) and as they are after (null: gone). */
  before: Fields | null;
  after: Fields | null;
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * Only what changed: of two records of the same thing, the fields whose values differ, each
 * side keeping its own value. A creation or a deletion (one side null) keeps every field.
 */
export function changedFields(before: Fields | null, after: Fields | null): { before: Fields | null; after: Fields | null } {
  if (before === null || after === null) return { before, after };
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((key) => !sameValue(before[key], after[key]));
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(keys.map((key) => [key, after[key] ?? null])),
  };
}

/**
 * Writes an admin action to the audit log, in the caller's transaction (`db` is the action's
 * transaction): the record commits or rolls back with the action. Only the changed fields are
 * kept. The table takes inserts only (migration 018).
 */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await recordAudits(db, [entry]);
}

/** Audit rows written per statement by recordAudits (well under both databases' limits on bound values). */
const ROWS_PER_INSERT = 500;

/** Several admin actions at once (each product of an import), as recordAudit writes one, a few hundred rows per statement. */
export async function recordAudits(db: Db, entries: readonly AuditEntry[]): Promise<void> {
  const at = nowIso();
  for (let start = 0; start < entries.length; start += ROWS_PER_INSERT) {
    await db
      .insertInto('audit_event')
      .values((eb) =>
        entries.slice(start, start + ROWS_PER_INSERT).map((entry) => ({
          at,
          actor_id: entry.actorId,
          actor_email: eb.selectFrom('user').select('email').where('id', '=', entry.actorId),
          action: entry.action,
          target_type: entry.target.type,
          target_id: String(entry.target.id),
          target_label: entry.target.label,
          changes: JSON.stringify(changedFields(entry.before, entry.after)),
        })),
      )
      .execute();
  }
}

export function toAuditEvent(row: AuditEventRow): AuditEvent {
  const changes = JSON.parse(row.changes) as { before: Record<string, unknown> | null; after: Record<string, unknown> | null };
  return {
    id: row.id,
    at: toIso(row.at),
    actor: { id: row.actor_id, email: row.actor_email },
    action: row.action as AuditAction,
    target: { type: row.target_type as AuditTargetType, id: row.target_id, label: row.target_label },
    before: changes.before,
    after: changes.after,
  };
}

/** The audit log newest first, narrowed by the filters, `limit` rows after the cursor (an id). */
export async function findAuditPage(db: Db, filters: AuditQuery): Promise<AuditEventRow[]> {
  const like = (column: 'actor_email' | 'target_label', text: string) => columnContains(column, text);
  let query = db.selectFrom('audit_event').selectAll();
  if (filters.cursor !== undefined) query = query.where('id', '<', filters.cursor);
  if (filters.action !== undefined) query = query.where('action', '=', filters.action);
  if (filters.actor !== undefined) {
    const actor = filters.actor;
    query = query.where((eb) => eb.or([eb('actor_id', '=', actor), like('actor_email', actor)]));
  }
  if (filters.q !== undefined) {
    const text = filters.q;
    const id = text.replace(/^#(?=\d+$)/, '');
    query = query.where((eb) => eb.or([like('target_label', text), eb('target_id', '=', id)]));
  }
  const { start, end } = dayRangeTimes(filters);
  if (start !== undefined) query = query.where('at', '>=', start);
  if (end !== undefined) query = query.where('at', '<=', end);
  return query.orderBy('id', 'desc').limit(filters.limit).execute();
}
