import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../connect.ts';

/**
 * Failed-attempt counters for sign-in, password-reset and verification mail, kept in the
 * database so several server processes sharing PostgreSQL count together. One row per key
 * (e.g. `sign-in:account:<email>`, `sign-in:ip:<address>`) with a fixed window that ends at
 * `reset_at` (epoch milliseconds).
 */
export function authThrottle(dialect: DialectName): Migration {
  const epochMs = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('auth_throttle')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('reset_at', epochMs, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('auth_throttle_reset_at_idx').on('auth_throttle').column('reset_at').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('auth_throttle').execute();
    },
  };
}
