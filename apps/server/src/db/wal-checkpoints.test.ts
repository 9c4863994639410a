import { copyFileSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { connectDatabase } from './connect.ts';
import { startWalCheckpoints, WAL_PAGES_BEFORE_OWN_CHECKPOINT } from './wal-checkpoints.ts';
import { testFolder } from '../test/helpers.ts';

const fileIn = (name: string) => path.join(testFolder('wal-checkpoints-'), name);

/** How many rows of `t` the database file itself holds: a copy of it without its WAL. */
function rowsInTheFile(file: string): number {
  const copy = `${file}.copy`;
  copyFileSync(file, copy);
  const db = new SQLite(copy, { readonly: true });
  try {
    const table = db.prepare(`select 1 from sqlite_schema where name = 't'`).get();
    return table ? (db.prepare('select count(*) as n from t').get() as { n: number }).n : 0;
  } finally {
    db.close();
  }
}

describe("the server's SQLite WAL, checkpointed from a thread of its own", () => {
  it("copies committed pages into the database file while the server's connection never checkpoints below its limit", async () => {
    const file = fileIn('db.sqlite');
    const errors: string[] = [];
    const { db, sqlite } = connectDatabase({ url: file, onCheckpointError: (message) => errors.push(message) });
    try {
      expect(sqlite?.pragma('wal_autocheckpoint', { simple: true })).toBe(WAL_PAGES_BEFORE_OWN_CHECKPOINT);
      await sql`create table t (id integer primary key, body text)`.execute(db);
      for (let n = 0; n < 20; n++) await sql`insert into t (body) values (${'x'.repeat(3000)})`.execute(db);
      // 20 commits of a page or two: far below the connection's own limit, so only the thread
      // can have put them in the file.
      await expect.poll(() => rowsInTheFile(file), { timeout: 10_000, interval: 20 }).toBe(20);
      expect(errors).toEqual([]);
    } finally {
      await db.destroy();
    }
  });

  it("leaves a script's connection to SQLite's own checkpoints", async () => {
    const { db, sqlite } = connectDatabase({ url: fileIn('db.sqlite') });
    try {
      expect(sqlite?.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    } finally {
      await db.destroy();
    }
  });

  it('reports a thread that cannot open the file', async () => {
    const errors: string[] = [];
    const checkpoints = startWalCheckpoints(fileIn('missing.sqlite'), (message) => errors.push(message));
    try {
      await expect.poll(() => errors[0], { timeout: 10_000, interval: 20 }).toMatch(/unable to open database file/);
    } finally {
      checkpoints.close();
    }
  });
});
