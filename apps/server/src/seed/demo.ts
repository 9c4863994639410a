import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { countTools, insertTool } from '../modules/tools/tools.repository.ts';
import { demoReviews, demoTools } from './demo-data.ts';

/** Fills an empty store with demo tools and reviews (SEED_DEMO, on by default). */
export async function seedDemoData(db: Kysely<Database>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if ((await countTools(trx)) > 0) return false;
    for (const tool of demoTools) await insertTool(trx, tool);
    const start = Date.now() - demoReviews.length * 86_400_000;
    for (const [i, review] of demoReviews.entries()) {
      await trx
        .insertInto('review')
        .values({ ...review, user_id: null, created_at: new Date(start + i * 86_400_000).toISOString() })
        .execute();
    }
    return true;
  });
}
