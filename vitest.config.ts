import { defineConfig } from 'vitest/config';

/**
 * Unit and API tests. The server suite runs once on SQLite and, when TEST_DATABASE_URL is
 * set (CI sets it to the local PostgreSQL), once more on PostgreSQL.
 */
const postgres = process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'] } },
      // The web app's pure logic (api-client, cache updates, form helpers): no browser needed.
      { test: { name: 'web', include: ['apps/web/src/**/*.test.ts', 'apps/web/*.test.ts'] } },
      {
        test: {
          name: 'server:sqlite',
          include: ['apps/server/src/**/*.test.ts'],
          env: { TEST_DB: 'sqlite' },
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      ...(postgres
        ? [
            {
              test: {
                name: 'server:postgres',
                include: ['apps/server/src/**/*.test.ts'],
                env: { TEST_DB: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 30_000,
              },
            },
          ]
        : []),
    ],
  },
});
