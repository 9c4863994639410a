import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { countTools, insertTool } from '../modules/tools/tools.repository.ts';
import { demoReviews, demoTools } from './demo-data.ts';
import { DEMO_DAYS, heldByDemoOrders, planDemoOrders, writeDemoOrders } from './demo-orders.ts';

/**
 * Fills an empty store with demo tools, reviews and a few weeks of orders (SEED_DEMO, on by
 * default), in one transaction. The catalog shows the demo stock as written in demo-data.ts: each
 * tool's initial stock is that plus what its open demo orders hold, recorded in the stock ledger
 * before the first order, and the orders take it as placing them would.
 */
export async function seedDemoData(db: Kysely<Database>, now = new Date()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if ((await countTools(trx)) > 0) return false;
    const orders = planDemoOrders(now, demoTools);
    const held = heldByDemoOrders(orders, demoTools.length);
    const stocked = new Date(now.getTime() - (DEMO_DAYS + 3) * 86_400_000).toISOString();
    const rows = [];
    for (const [i, tool] of demoTools.entries()) {
      const row = await insertTool(trx, { ...tool, available: tool.available + (held[i] ?? 0) });
      await trx
        .updateTable('tool')
        .set({ available: tool.available, created_at: stocked, updated_at: stocked })
        .where('id', '=', row.id)
        .execute();
      await trx.updateTable('stock_adjustment').set({ created_at: stocked }).where('tool_id', '=', row.id).execute();
      rows.push(row);
    }
    await writeDemoOrders(trx, orders, rows);
    const start = now.getTime() - demoReviews.length * 86_400_000;
    for (const [i, review] of demoReviews.entries()) {
      await trx
        .insertInto('review')
        .values({ ...review, user_id: null, created_at: new Date(start + i * 86_400_000).toISOString() })
        .execute();
    }
    return true;
  });
}
