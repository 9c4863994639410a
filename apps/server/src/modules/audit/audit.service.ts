import type { AuditPage, AuditQuery } from '@toolsify/shared/audit';
import type { ServiceDeps } from '../../lib/service-deps.ts';
import { pageOf } from '../../lib/page.ts';
import { findAuditPage, toAuditEvent } from './audit.repository.ts';

/** The audit log, newest first, narrowed by the query's filters. */
export async function listAudit(deps: Pick<ServiceDeps, 'db'>, query: AuditQuery): Promise<AuditPage> {
  const rows = await findAuditPage(deps.db, { ...query, limit: query.limit + 1 });
  return pageOf(rows, query.limit, toAuditEvent, (event) => event.id);
}
