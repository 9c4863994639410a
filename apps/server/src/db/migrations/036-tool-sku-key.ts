import { sql, type Migration } from 'kysely';

/**
 * A live tool's SKU without its case and punctuation (`skuKey` in @toolsify/shared/cart-lines):
 * the expression findLiveToolsBySkuKey compares, written the same on both databases, so the
 * index below answers it.
 */
export const SKU_KEY_SQL = `replace(replace(replace(lower(sku), '-', ''), '_', ''), '.', '')`;

/**
 * Finding a part number typed without its punctuation ("TFDD182A" for TF-DD18-2A), in Quick
 * order and in the catalog's "Did you mean": an index of the live tools' SKUs as they read so,
 * instead of reading every tool (about 40 ms at 100,000 tools). Not unique: two SKUs may read
 * alike ("TF-1.2", "TF-12"), and then neither is the answer.
 */
export const toolSkuKey: Migration = {
  up: async (db) => {
    await sql`create index tool_sku_key_idx on tool (${sql.raw(SKU_KEY_SQL)}) where deleted_at is null`.execute(db);
  },
  down: async (db) => {
    await sql`drop index tool_sku_key_idx`.execute(db);
  },
};
