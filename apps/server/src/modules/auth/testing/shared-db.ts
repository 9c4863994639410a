import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../app.ts';
import { testConfig } from '../../../config.ts';
import { createTestApp, removeTestFolder, usePostgres } from '../../../test/helpers.ts';

export interface SharedDatabase {
  /** The first app (it owns the database: closing it drops a PostgreSQL schema). */
  first: FastifyInstance;
  /** What another process needs to reach the same database (DATABASE_URL, DATABASE_SCHEMA). */
  databaseEnv: Record<string, string>;
  /** Another app process on the same database, like a second server behind a load balancer. */
  another(env?: Record<string, string>): Promise<FastifyInstance>;
  close(): Promise<void>;
}

/**
 * Several apps on one database: a file SQLite database, or (TEST_DB=postgres) one schema.
 * In-memory SQLite cannot be shared, so the SQLite run uses a file in a temporary folder.
 */
export async function createSharedDatabase(env: Record<string, string> = {}): Promise<SharedDatabase> {
  let first: FastifyInstance;
  let databaseEnv: Record<string, string>;
  if (usePostgres) {
    first = await createTestApp(env);
    databaseEnv = { DATABASE_URL: first.config.DATABASE_URL, DATABASE_SCHEMA: first.config.DATABASE_SCHEMA! };
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), 'toolsify-shared-'));
    databaseEnv = { DATABASE_URL: `file:${path.join(dir, 'shared.db')}` };
    first = await createTestApp({ ...env, ...databaseEnv });
    // The database file goes with the app that owns it (closed last, see close()).
    first.addHook('onClose', async () => removeTestFolder(dir));
  }
  const others: FastifyInstance[] = [];
  return {
    first,
    databaseEnv,
    async another(more = {}) {
      const app = await buildApp(
        testConfig({
          MAIL_OUTBOX_DIR: first.config.MAIL_OUTBOX_DIR,
          UPLOAD_DIR: first.config.UPLOAD_DIR,
          RATE_LIMIT: first.config.RATE_LIMIT ? 'true' : 'false',
          ...more,
          ...databaseEnv,
        }),
      );
      others.push(app);
      return app;
    },
    async close() {
      for (const app of others) await app.close();
      await first.close();
    },
  };
}
