import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * How many pages the WAL may hold before the server's own connection checkpoints it in a
 * commit: a safety net only. Far above what the background checkpoints leave (SQLite's default
 * is 1,000 pages, which made every few groups of a flash sale's orders copy 4 MB into the
 * database file and flush it while every request waited: docs/performance.md).
 */
export const WAL_PAGES_BEFORE_OWN_CHECKPOINT = 10_000;

/** How often the background connection checkpoints the WAL. */
export const CHECKPOINT_EVERY_MS = 1000;

/** The checkpointing thread: it opens its own connection and runs PASSIVE checkpoints until closed. */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const report = (error) => parentPort.postMessage({ error: String(error && error.message ? error.message : error) });
function start() {
  const Database = require(workerData.module);
  const db = new Database(workerData.file, { fileMustExist: true });
  const checkpoint = db.prepare('pragma wal_checkpoint(PASSIVE)');
  const timer = setInterval(() => {
    try {
      checkpoint.get();
    } catch (error) {
      report(error);
    }
  }, workerData.everyMs);
  parentPort.on('message', () => {
    clearInterval(timer);
    db.close();
    parentPort.close();
  });
}
try {
  start();
} catch (error) {
  report(error);
  parentPort.close();
}
`;

export interface WalCheckpoints {
  /** Stops the thread (its connection closed); the WAL is checkpointed again on the next open. */
  close(): void;
}

/**
 * Checkpoints a SQLite file's WAL from a thread of its own (DESIGN.md decision 1 keeps WAL with
 * synchronous=FULL). A checkpoint copies the pages the WAL holds into the database file and
 * flushes it; run by the server's connection, SQLite does it inside the commit that crosses the
 * WAL's limit, and the event loop waits for the copy and the flush. A PASSIVE checkpoint from
 * another connection runs beside the server's reads and writes and never waits for them (the
 * pages a reader still needs are copied by a later one), so the server's connection keeps
 * its own checkpoint for a WAL past WAL_PAGES_BEFORE_OWN_CHECKPOINT only. Nothing here touches
 * durability: a commit is durable when its WAL frames are flushed, before any checkpoint.
 */
export function startWalCheckpoints(file: string, onError: (message: string) => void, everyMs = CHECKPOINT_EVERY_MS): WalCheckpoints {
  const module = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER, { eval: true, workerData: { file, module, everyMs } });
  // Never what keeps the process alive.
  worker.unref();
  worker.on('message', (message: { error?: string }) => {
    if (message.error) onError(message.error);
  });
  worker.on('error', (error) => onError(error.message));
  return {
    // A worker thread's port, not a window's: there is no target origin.
    // oxlint-disable-next-line unicorn/require-post-message-target-origin
    close: () => worker.postMessage('close'),
  };
}
