import fp from 'fastify-plugin';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.ts';
import { connectDatabase, type DatabaseHandle, type DialectName } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dbHandle: DatabaseHandle;
    dialect: DialectName;
  }
}

/** Opens the database on register and closes it with the app. */
export const databasePlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    if (config.DATABASE_SCHEMA && !config.DATABASE_URL.startsWith('file:') && config.DATABASE_URL !== ':memory:') {
      // Tests (and operators) may run in a schema of their own: create it if it is missing.
      const client = new pg.Client({ connectionString: config.DATABASE_URL });
      await client.connect();
      try {
        await client.query(`create schema if not exists ${config.DATABASE_SCHEMA}`);
      } finally {
        await client.end();
      }
    }
    const handle = connectDatabase({
      url: config.DATABASE_URL,
      schema: config.DATABASE_SCHEMA,
      poolSize: config.DATABASE_POOL_SIZE,
      onCheckpointError: (message) => app.log.error({ err: message }, 'SQLite WAL checkpoint failed'),
    });
    app.decorate('db', handle.db);
    app.decorate('dbHandle', handle);
    app.decorate('dialect', handle.dialect);
    app.addHook('onClose', async () => {
      await handle.db.destroy();
    });
  },
  { name: 'database' },
);

export async function databaseIsReachable(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
