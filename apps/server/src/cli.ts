/**
 * Operator commands, reading the same configuration (DATABASE_URL...) as the server:
 * - `npm run admin -- grant someone@example.com [more@example.com ...]`: makes accounts admins.
 * - `npm run admin -- rebuild-search`: makes SQLite's catalog search index again from the tools.
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { connectDatabase, type DatabaseHandle } from './db/connect.ts';
import { ConfigError, loadConfig } from './config.ts';
import { findLiveUserEmails, grantAdminByEmail } from './modules/users/users.repository.ts';
import { rebuildSearchIndex } from './modules/tools/tools.service.ts';
import { EMAIL_PATTERN } from '@toolsify/shared/auth';

const USAGE = 'Usage: npm run admin -- grant <email> [<email> ...]\n       npm run admin -- rebuild-search';

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** Runs one command; answers the process exit code (0 done, 1 failed, 2 misused). */
export async function runCli(argv: string[], env: Record<string, string | undefined>, io: CliIo): Promise<number> {
  const [command, ...args] = argv;
  if (command === 'grant' && args.length > 0) {
    const emails = [...new Set(args.map((a) => a.trim().toLowerCase()))];
    const invalid = emails.filter((e) => !EMAIL_PATTERN.test(e));
    if (invalid.length > 0) {
      io.err(`Not an email address: ${invalid.join(', ')}`);
      io.err(USAGE);
      return 2;
    }
    return withDatabase(env, io, (handle) => grant(handle, emails, io));
  }
  if (command === 'rebuild-search' && args.length === 0) return withDatabase(env, io, (handle) => rebuildSearch(handle, io));
  io.err(USAGE);
  return 2;
}

async function grant({ db }: DatabaseHandle, emails: string[], io: CliIo): Promise<number> {
  const found = new Set((await findLiveUserEmails(db, emails)).map((email) => email.toLowerCase()));
  const missing = emails.filter((e) => !found.has(e));
  const granted = await grantAdminByEmail(db, emails);
  if (granted > 0) io.out(`Granted admin to ${granted} account(s): ${emails.filter((e) => found.has(e)).join(', ')}.`);
  if (missing.length > 0) {
    io.err(`No account with ${missing.join(', ')}: the person must sign up first (or be listed in ADMIN_EMAILS).`);
    return 1;
  }
  return 0;
}

async function rebuildSearch(handle: DatabaseHandle, io: CliIo): Promise<number> {
  const tools = await rebuildSearchIndex(handle);
  io.out(
    tools === undefined
      ? "Nothing to rebuild: PostgreSQL computes each tool's search keys itself."
      : `Rebuilt the search index: ${tools} live tool(s).`,
  );
  return 0;
}

/** Runs `work` on the configured database, closed afterwards; a database with no tables yet is explained. */
async function withDatabase(
  env: Record<string, string | undefined>,
  io: CliIo,
  work: (handle: DatabaseHandle) => Promise<number>,
): Promise<number> {
  let config;
  try {
    config = loadConfig(env);
  } catch (error) {
    io.err(error instanceof ConfigError ? error.message : String(error));
    return 1;
  }
  const handle = connectDatabase({ url: config.DATABASE_URL, schema: config.DATABASE_SCHEMA });
  try {
    return await work(handle);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    io.err(
      /no such table|does not exist/i.test(message) ? 'The database has no tables yet: start the server once so it creates them.' : message,
    );
    return 1;
  } finally {
    await handle.db.destroy();
  }
}

function isEntryPoint(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntryPoint()) {
  runCli(process.argv.slice(2), process.env, { out: (l) => console.log(l), err: (l) => console.error(l) }).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
}
