import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './cli.ts';
import { insertToolRows, signUp, usePostgres } from './test/helpers.ts';
import { createSharedDatabase, type SharedDatabase } from './modules/auth/testing/shared-db.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) }, out, err };
}

/** The SKUs a catalog search finds (its first page). */
async function skusFound(shared: SharedDatabase, q: string): Promise<string[]> {
  const answer = await shared.first.inject({ url: `/api/tools?q=${q}` });
  return (answer.json() as { items: Array<{ sku: string }> }).items.map((tool) => tool.sku);
}

async function roleOf(shared: SharedDatabase, email: string) {
  const row = await shared.first.db.selectFrom('user').select('role').where('email', '=', email).executeTakeFirst();
  return row?.role ?? null;
}

describe('admin role from the command line and from ADMIN_EMAILS at start-up', () => {
  let shared: SharedDatabase;
  let env: Record<string, string>;
  beforeAll(async () => {
    shared = await createSharedDatabase();
    // The CLI reads the server's configuration, so it needs what the server needs (a secret with PostgreSQL).
    env = { ...shared.databaseEnv, NODE_ENV: 'test', LOG_LEVEL: 'silent', BETTER_AUTH_SECRET: 'cli-test-secret-'.padEnd(40, 'x') };
  });
  afterAll(() => shared?.close());

  it('grants admin to existing accounts (`npm run admin -- grant email`)', async () => {
    const one = await signUp(shared.first);
    const two = await signUp(shared.first);
    const { io, out, err } = capture();
    expect(await runCli(['grant', one.email.toUpperCase(), ` ${two.email} `], env, io)).toBe(0);
    expect(out.join('\n')).toContain('Granted admin to 2 account(s)');
    expect(err).toEqual([]);
    expect(await roleOf(shared, one.email)).toBe('admin');
    expect(await roleOf(shared, two.email)).toBe('admin');
  });

  it('says who has no account yet, and fails', async () => {
    const one = await signUp(shared.first);
    const { io, err } = capture();
    expect(await runCli(['grant', one.email, 'stranger@example.com'], env, io)).toBe(1);
    expect(err.join('\n')).toContain('No account with stranger@example.com: the person must sign up first');
    expect(await roleOf(shared, one.email)).toBe('admin');
  });

  it('explains its usage when misused', async () => {
    for (const argv of [[], ['grant'], ['revoke', 'a@b.co'], ['grant', 'not-an-email'], ['rebuild-search', 'now']]) {
      const { io, err } = capture();
      expect(await runCli(argv, env, io), argv.join(' ')).toBe(2);
      expect(err.join('\n')).toContain('Usage: npm run admin -- grant <email>');
      expect(err.join('\n')).toContain('npm run admin -- rebuild-search');
    }
  });

  it.skipIf(usePostgres)("rebuilds SQLite's search index from the live tools (`npm run admin -- rebuild-search`)", async () => {
    const { first } = shared;
    await insertToolRows(first.db, 2, (i) => ({
      name: ['Quorvajig Saw', 'Quorvadel Saw'][i]!,
      sku: `CLI-RB-${i}`,
      description: 'Made again by the command.',
    }));
    await first.db.updateTable('tool').set({ deleted_at: new Date().toISOString() }).where('sku', '=', 'CLI-RB-1').execute();
    const live = await first.db
      .selectFrom('tool')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    // Emptied by hand, as a file restored from a copy taken mid-write can leave it: nothing is found.
    await sql`insert into tool_fts (tool_fts) values ('delete-all')`.execute(first.db);
    expect(await skusFound(shared, 'quorvajig')).toEqual([]);
    const { io, out, err } = capture();
    expect(await runCli(['rebuild-search'], env, io)).toBe(0);
    expect(err).toEqual([]);
    expect(out).toEqual([`Rebuilt the search index: ${Number(live.n)} live tool(s).`]);
    // Whole words, and the parts inside name words (tool_search_parts), of the live tools only.
    expect(await skusFound(shared, 'quorva')).toEqual(['CLI-RB-0']);
    expect(await skusFound(shared, 'orvajig')).toEqual(['CLI-RB-0']);
    expect(await skusFound(shared, 'quorvadel')).toEqual([]);
  });

  it.runIf(usePostgres)('has no search index to rebuild on PostgreSQL, and says so', async () => {
    await insertToolRows(shared.first.db, 1, () => ({ name: 'Quorvapg Saw', sku: 'CLI-RB-PG', description: 'Kept by the database.' }));
    const { io, out } = capture();
    expect(await runCli(['rebuild-search'], env, io)).toBe(0);
    expect(out).toEqual(["Nothing to rebuild: PostgreSQL computes each tool's search keys itself."]);
    expect(await skusFound(shared, 'orvapg')).toEqual(['CLI-RB-PG']);
  });

  it('runs as a program (the real entry point, through tsx)', async () => {
    const user = await signUp(shared.first);
    const cli = path.join(here, 'cli.ts');
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', cli, 'grant', user.email], {
      env: { ...process.env, ...env },
    });
    expect(stdout).toContain('Granted admin to 1 account(s)');
    expect(await roleOf(shared, user.email)).toBe('admin');
  });

  it('grants ADMIN_EMAILS at start-up to accounts that already exist and are verified, only', async () => {
    const early = await signUp(shared.first);
    const unverified = await signUp(shared.first);
    const bystander = await signUp(shared.first);
    await shared.first.db
      .updateTable('user')
      .set({ emailVerified: shared.first.dialect === 'sqlite' ? 1 : true })
      .where('email', 'in', [early.email, bystander.email])
      .execute();
    expect(await roleOf(shared, early.email)).toBeNull();
    const restarted = await shared.another({ ADMIN_EMAILS: `${early.email.toUpperCase()}, ${unverified.email}, someone-else@example.com` });
    await restarted.ready();
    expect(await roleOf(shared, early.email)).toBe('admin');
    expect(await roleOf(shared, unverified.email)).toBeNull();
    expect(await roleOf(shared, bystander.email)).toBeNull();
    const me = await restarted.inject({ url: '/api/me', headers: { cookie: early.cookie } });
    expect(me.json().role).toBe('admin');
  });
});
