import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../connect.ts';

/**
 * Issue 18, item 9: reviews that can be trusted.
 *
 * - `review.hidden_at` and `review.hidden_by`: an admin hid the review (null: shown). A hidden
 *   review leaves the public testimonials; the admin's review list still has it, to unhide.
 * "Verified buyer" needs no column: it is computed in SQL from the reviewer's paid or shipped
 * orders (`orders_user_idx` answers it).
 */
export function reviewHiding(dialect: DialectName): Migration {
  const time = dialect === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('review').addColumn('hidden_at', time).execute();
      await db.schema.alterTable('review').addColumn('hidden_by', 'text').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('review').dropColumn('hidden_by').execute();
      await db.schema.alterTable('review').dropColumn('hidden_at').execute();
    },
  };
}
