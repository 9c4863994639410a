import { randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import { ConfigError, isPostgresUrl } from '../config.ts';

/** Where the secret that signs sessions and tokens came from. */
export type AuthSecretSource = 'environment' | 'generated' | 'file' | 'memory';

export interface AuthSecret {
  value: string;
  source: AuthSecretSource;
  /** The file that keeps a generated secret (SQLite only). */
  file?: string;
}

const MIN_LENGTH = 32;

/** The file beside an SQLite database that keeps its generated secret: `data/toolsify.db.secret`. */
export function secretFileFor(databaseUrl: string): string | undefined {
  if (!databaseUrl.startsWith('file:')) return undefined;
  return `${path.resolve(databaseUrl.slice('file:'.length))}.secret`;
}

/**
 * The secret that signs sessions and tokens. There is no default in the source: a secret anyone
 * can read would let anyone mint a verification token for the admin's address.
 *
 * - `BETTER_AUTH_SECRET` when it is set (required with PostgreSQL, where several servers share
 *   one database and must share one secret; config.ts refuses to start without it).
 * - Else, for the embedded SQLite database, a random secret generated on first start and kept in
 *   a file beside the database, readable by its owner only (mode 0600), so sessions survive a
 *   restart and the secret travels with the data it protects.
 * - Else (an in-memory database, tests only) a random secret for this process.
 */
export function resolveAuthSecret(config: Pick<Config, 'BETTER_AUTH_SECRET' | 'DATABASE_URL'>): AuthSecret {
  if (config.BETTER_AUTH_SECRET) return { value: config.BETTER_AUTH_SECRET, source: 'environment' };
  const file = secretFileFor(config.DATABASE_URL);
  if (file === undefined) {
    // config.ts refuses PostgreSQL without a secret; this is the in-memory test database.
    if (isPostgresUrl(config.DATABASE_URL))
      throw new ConfigError('Invalid configuration:\n  BETTER_AUTH_SECRET: is required with PostgreSQL');
    return { value: randomBytes(32).toString('base64url'), source: 'memory' };
  }
  mkdirSync(path.dirname(file), { recursive: true });
  if (createSecretFile(file)) return { value: readSecretFile(file), source: 'generated', file };
  return { value: readSecretFile(file), source: 'file', file };
}

/**
 * Writes a new random secret to `file` unless one is there. Two processes starting at once
 * agree: the secret is written whole to a file of its own, then linked into place, which fails
 * if another process got there first. Returns whether this call created it.
 */
function createSecretFile(file: string): boolean {
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(draft, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(draft, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(draft);
  }
}

function readSecretFile(file: string): string {
  // Nobody but the server's own user may read it, whatever the umask or a copy did to it.
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  const value = readFileSync(file, 'utf8').trim();
  if (value.length < MIN_LENGTH) {
    throw new ConfigError(
      `Invalid configuration:\n  BETTER_AUTH_SECRET: not set, and ${file} holds no usable secret (${MIN_LENGTH}+ characters). Delete the file to generate a new one (every session ends), or set BETTER_AUTH_SECRET.`,
    );
  }
  return value;
}
