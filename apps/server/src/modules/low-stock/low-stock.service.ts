import type { ServiceDeps } from '../../lib/service-deps.ts';
import { adminEmails, enqueueMailToEach } from '../mail/outbox.repository.ts';
import { findUntoldLowStockTools, forgetRestockedNotices, insertLowStockNotices, type LowStockLine } from './low-stock.repository.ts';

/** The most tools one email lists; it says how many more there are, and Low stock lists them all. */
export const MAX_LISTED_LOW_TOOLS = 50;

/** What a low-stock email carries (its payload): the tools as they were when checked. */
export interface LowStockMail {
  tools: LowStockLine[];
  /** How many more tools fell low than the email lists. */
  more: number;
}

/**
 * Tells the admins, in one email each, of the live tools that have fallen to or under their
 * low-stock threshold since they were last told of them, and answers how many tools it told of.
 * A tool is told of once for each fall: its notice is forgotten when it is above its threshold
 * again (restocked, or its threshold lowered), has none, or is deleted. With no admin to tell,
 * nothing is recorded: the first admin hears of every low tool. The notices and the emails are
 * written in one transaction, so a crash sends either both or neither, and two processes
 * checking at once tell of each tool once.
 */
export async function tellLowStock(deps: Pick<ServiceDeps, 'db'>): Promise<number> {
  return deps.db.transaction().execute(async (trx) => {
    await forgetRestockedNotices(trx);
    const admins = await adminEmails(trx);
    if (admins.length === 0) return 0;
    const untold = await findUntoldLowStockTools(trx);
    if (untold.length === 0) return 0;
    const recorded = await insertLowStockNotices(
      trx,
      untold.map((tool) => tool.id),
    );
    const told = untold.filter((tool) => recorded.has(tool.id));
    if (told.length === 0) return 0;
    const mail: LowStockMail = { tools: told.slice(0, MAX_LISTED_LOW_TOOLS), more: Math.max(0, told.length - MAX_LISTED_LOW_TOOLS) };
    // This check's own key: when it ran and the first tool it told of.
    await enqueueMailToEach(trx, admins, {
      kind: 'low_stock_admin',
      key: `low_stock_admin:${Date.now()}:${told[0]?.id}`,
      payload: { ...mail },
    });
    return told.length;
  });
}
