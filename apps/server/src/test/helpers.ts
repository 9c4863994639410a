import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { sql } from 'kysely';
import { onTestFinished } from 'vitest';
import { buildApp, type BuildOptions } from '../app.ts';
import { testConfig } from '../config.ts';
import { nowIso, type Db } from '../db/schema.ts';
import type { ManagedTool } from '@toolsify/shared/tools';
import { toolCsvColumns } from '@toolsify/shared/tools-bulk';
import { csvRecord } from '../lib/csv.ts';

export const usePostgres = process.env.TEST_DB === 'postgres';

/**
 * Removes a test's temporary folder, never failing the test: a file written into it meanwhile
 * (an email an app still sends as it closes) is retried, and what is left is the system's to clean.
 */
export function removeTestFolder(dir: string): void {
  try {
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  } catch {
    // Left in the system's temporary folder.
  }
}

/** A new temporary folder (its name starts with `prefix`) for the running test, removed once the test has finished. */
export function testFolder(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  onTestFinished(() => removeTestFolder(dir));
  return dir;
}

/**
 * A fresh app on a fresh database: in-memory SQLite, or (TEST_DB=postgres) a new schema of
 * its own in TEST_DATABASE_URL (or the one `env.DATABASE_SCHEMA` names), dropped when the app closes,
 * as its folder of mail and uploads (a temporary one) is removed.
 */
export async function createTestApp(env: Record<string, string> = {}, options: BuildOptions = {}): Promise<FastifyInstance> {
  const dir = mkdtempSync(path.join(tmpdir(), 'toolsify-test-'));
  const base: Record<string, string> = {
    MAIL_OUTBOX_DIR: path.join(dir, 'outbox'),
    UPLOAD_DIR: path.join(dir, 'uploads'),
    RATE_LIMIT: 'false',
  };
  let schema: string | undefined;
  if (usePostgres) {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    // A schema the test names (to reach it outside the app) is dropped on close all the same.
    schema = env.DATABASE_SCHEMA ?? `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
    base.DATABASE_URL = url;
    base.DATABASE_SCHEMA = schema;
  }
  const app = await buildApp(testConfig({ ...base, ...env }), options);
  // Added after the app's own closing hooks, so it runs after them (the mail's among them).
  app.addHook('onClose', async () => removeTestFolder(dir));
  if (schema) {
    const url = base.DATABASE_URL!;
    app.addHook('onClose', async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    });
  }
  return app;
}

export interface TestUser {
  id: string;
  email: string;
  name: string;
  cookie: string;
}

let counter = 0;

/** Signs up a new account through the real auth endpoint and returns its session cookie. */
export async function signUp(
  app: FastifyInstance,
  overrides: Partial<{ email: string; name: string; password: string; verified: boolean }> = {},
): Promise<TestUser> {
  counter += 1;
  const email = overrides.email ?? `buyer${counter}-${randomBytes(3).toString('hex')}@example.com`;
  const name = overrides.name ?? `Buyer ${counter}`;
  const password = overrides.password ?? 'correct horse battery';
  const res = await app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: { email, name, password } });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const cookie = cookieFrom(res);
  const body = res.json() as { user: { id: string } };
  // As if they had opened the emailed link (only a verified account may be made an admin).
  if (overrides.verified)
    await app.db
      .updateTable('user')
      .set({ emailVerified: sql<boolean>`true` })
      .where('id', '=', body.user.id)
      .execute();
  return { id: body.user.id, email, name, cookie };
}

/** Signs up and makes the account an admin. */
export async function signUpAdmin(app: FastifyInstance, overrides: Partial<{ email: string; name: string }> = {}): Promise<TestUser> {
  const user = await signUp(app, { ...overrides, verified: true });
  await app.db.updateTable('user').set({ role: 'admin' }).where('id', '=', user.id).execute();
  return user;
}

export function cookieFrom(res: LightMyRequestResponse): string {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

/** app.inject as a signed-in user. */
export function as(app: FastifyInstance, user: TestUser | null, options: InjectOptions): Promise<LightMyRequestResponse> {
  return app.inject({ ...options, headers: { ...options.headers, ...(user ? { cookie: user.cookie } : {}) } });
}

/**
 * Adds a tool through the API as `admin` (Add a Product): a valid tool with `overrides` by field
 * (a `sku` at least), as the API answers it. A refusal throws with its body.
 */
export async function addToolAs(
  app: FastifyInstance,
  admin: TestUser,
  overrides: Record<string, unknown> & { sku: string },
): Promise<ManagedTool> {
  const res = await as(app, admin, {
    method: 'POST',
    url: '/api/tools',
    payload: {
      name: `Tool ${overrides.sku}`,
      description: 'Made by the test',
      img: '/images/tools/drill.svg',
      available: 50,
      minimum: 1,
      priceCents: 1000,
      ...overrides,
    },
  });
  if (res.statusCode !== 201) throw new Error(`adding ${overrides.sku}: ${res.statusCode} ${res.body}`);
  return res.json() as ManagedTool;
}

/** The products import's header, in the export's columns. */
export const importHeader = csvRecord(toolCsvColumns);

/** One products import row, in the export's columns: a valid new product with `overrides` by column. */
export function importRow(sku: string, overrides: Partial<Record<(typeof toolCsvColumns)[number], string | number>> = {}): string {
  const values = {
    sku,
    name: `Imported ${sku}`,
    description: 'A tool from a file',
    image: '/images/tools/drill.svg',
    price: '12.50',
    stock: 40,
    minimum: 2,
    pack_size: 1,
    max_per_order: '',
    price_breaks: '',
    low_stock_alert: '',
    category: '',
    ...overrides,
  };
  return csvRecord(toolCsvColumns.map((column) => values[column]));
}

/** The app's database, and the SQL of every statement run through it. */
export function recordingStatements(app: FastifyInstance) {
  const statements: string[] = [];
  const db = app.db.withPlugin({
    transformQuery: ({ node }) => {
      statements.push(app.db.getExecutor().compileQuery(node, { queryId: 'recorded' }).sql);
      return node;
    },
    transformResult: async ({ result }) => result,
  });
  return { db, statements };
}

/**
 * A big catalog for a test: `count` tools written straight to the table, 500 a statement (no
 * stock ledger, no audit), tool `i` priced 100 + i cents, 10 in stock unless it says.
 */
export async function insertToolRows(
  db: Db,
  count: number,
  tool: (i: number) => { name: string; sku: string; description: string; available?: number },
): Promise<void> {
  const now = nowIso();
  const rows = Array.from({ length: count }, (_, i) => ({
    img: '/x.svg',
    price_cents: 100 + i,
    available: 10,
    minimum: 1,
    created_at: now,
    updated_at: now,
    ...tool(i),
  }));
  for (let n = 0; n < rows.length; n += 500)
    await db
      .insertInto('tool')
      .values(rows.slice(n, n + 500))
      .execute();
}
