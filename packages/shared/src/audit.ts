import { z } from 'zod';
import { dayParam } from './days.ts';

/**
 * The audit log: every admin action, as it happened (who, what, to what, the changed fields
 * before and after, when). Written by the server in the action's transaction; read-only to all.
 */

export const auditActions = [
  'user.make_admin',
  'user.revoke_admin',
  'user.remove',
  'order.ship',
  'order.cancel',
  'order.refund',
  'tool.create',
  'tool.update',
  'tool.delete',
  'tool.restock',
  'tool.import',
  'category.rename',
  'category.remove',
  'review.hide',
  'review.unhide',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** What each action is called on the audit page. */
export const auditActionLabels: Record<AuditAction, string> = {
  'user.make_admin': 'Made admin',
  'user.revoke_admin': 'Revoked admin',
  'user.remove': 'Removed user',
  'order.ship': 'Shipped order',
  'order.cancel': "Cancelled a buyer's order",
  'order.refund': 'Refunded and cancelled an order',
  'tool.create': 'Added product',
  'tool.update': 'Edited product',
  'tool.delete': 'Deleted product',
  'tool.restock': 'Restocked product',
  'tool.import': 'Imported products',
  'category.rename': 'Renamed a category',
  'category.remove': 'Removed a category',
  'review.hide': 'Hid a review',
  'review.unhide': 'Showed a review again',
};

export const auditTargetTypes = ['user', 'order', 'tool', 'catalog', 'review'] as const;
export type AuditTargetType = (typeof auditTargetTypes)[number];

/** A field's value in an audit record: what the admin saw and set. */
export type AuditValue = string | number | boolean | null | AuditValue[] | { [key: string]: AuditValue };

export const auditEventSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.object({ id: z.string().nullable(), email: z.string().nullable() }),
  action: z.enum(auditActions),
  target: z.object({ type: z.enum(auditTargetTypes), id: z.string(), label: z.string() }),
  /** The changed fields only: before (null for a creation) and after (null for a deletion). */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const MAX_AUDIT_SEARCH_LENGTH = 200;

const text = (name: string) =>
  z
    .string()
    .trim()
    .max(MAX_AUDIT_SEARCH_LENGTH, `${name} must be at most ${MAX_AUDIT_SEARCH_LENGTH} characters`)
    .transform((v) => (v === '' ? undefined : v))
    .optional();

/**
 * `GET /api/audit`: newest first, cursor-paged. `actor`: a part of the admin's email (or their
 * id); `action`: one of auditActions; `q`: a part of the target (an email, "#1042", a tool's
 * name or SKU, an id); `from`/`to`: days (UTC), both included.
 */
export const auditQuerySchema = z
  .strictObject({
    limit: z.coerce.number().int().min(1).max(100).default(50),
    cursor: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    actor: text('actor'),
    action: z.enum(auditActions, { error: `action must be one of ${auditActions.join(', ')}` }).optional(),
    q: text('q'),
    from: dayParam('from').optional(),
    to: dayParam('to').optional(),
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, { message: 'from must not be after to', path: ['from'] });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditPageSchema = z.object({ items: z.array(auditEventSchema), nextCursor: z.number().int().nullable() });
export type AuditPage = z.infer<typeof auditPageSchema>;
