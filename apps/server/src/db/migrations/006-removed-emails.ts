import type { Kysely, Migration } from 'kysely';

/**
 * The addresses of removed accounts, as SHA-256 hashes of the lowercased address (the address
 * itself is not kept): ADMIN_EMAILS never grants admin again to an address whose account was
 * removed, whoever signs up with it later. The admin CLI still can, deliberately.
 */
export const removedEmails: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('removed_email')
      .addColumn('email_hash', 'text', (c) => c.primaryKey())
      .addColumn('removed_at', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('removed_email').execute();
  },
};
