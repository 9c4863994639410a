import { sql, type Migration } from 'kysely';

/**
 * A tool's category ("Power tools", "Hand tools"): what the catalog is browsed by (`category=`)
 * and its list of categories counts. Null: none. The index reads a category's live tools newest
 * first and counts each category; no order changes it (a stock move stays an update in place on
 * PostgreSQL, migration 028).
 */
export const toolCategory: Migration = {
  up: async (db) => {
    await sql`alter table tool add column category text`.execute(db);
    await sql`create index tool_category_idx on tool (category, id) where deleted_at is null and category is not null`.execute(db);
  },
  down: async (db) => {
    await sql`drop index tool_category_idx`.execute(db);
    await sql`alter table tool drop column category`.execute(db);
  },
};
