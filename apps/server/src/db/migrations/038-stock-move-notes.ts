import { sql, type Migration } from 'kysely';

/**
 * A stock move's note, shown in the tool's stock history under its kind: "CSV import" for the
 * moves a products import made, so an admin tells them from the corrections made by hand in
 * Edit (which write none). Earlier moves have none.
 */
export const stockMoveNotes: Migration = {
  up: async (db) => {
    await sql`alter table stock_adjustment add column note text`.execute(db);
  },
  down: async (db) => {
    await sql`alter table stock_adjustment drop column note`.execute(db);
  },
};
