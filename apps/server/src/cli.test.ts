import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './cli.ts';
import { signUp } from './test/helpers.ts';
import { createSharedDatabase, type SharedDatabase } from './modules/auth/testing/shared-db.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) }, out, err };
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
    for (const argv of [[], ['grant'], ['revoke', 'a@b.co'], ['grant', 'not-an-email']]) {
      const { io, err } = capture();
      expect(await runCli(argv, env, io), argv.join(' ')).toBe(2);
      expect(err.join('\n')).toContain('Usage: npm run admin -- grant <email>');
    }
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
