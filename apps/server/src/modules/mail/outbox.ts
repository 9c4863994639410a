import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { DialectName } from '../../db/connect.ts';
import { requestsInFlight } from '../../lib/requests-in-flight.ts';
import type { Db, OutboxRow } from '../../db/schema.ts';
import type { MailTransport } from './mailer.ts';
import { claimDueMail, enqueueMail, markMailFailed, markMailSent, oldestDueMail, type NewMail } from './outbox.repository.ts';
import type { RenderedMail } from './templates.ts';

/** Turns an outbox row into the message to send; throws when it cannot (the row is retried). */
export type RenderOutboxRow = (row: OutboxRow) => Promise<RenderedMail>;

/**
 * The store's mail (DESIGN.md decision 7, issue 15): every email is a row of the `outbox` table
 * first, written with the change that causes it, and this worker sends it.
 *
 * Every server process runs one. It looks for due rows when woken (after a request that changed
 * something, or when a row is enqueued here) and every `pollMs`, claims a batch for `leaseMs`
 * (several processes sharing PostgreSQL never claim the same row: outbox.repository.ts), sends
 * each, then marks those sent, the batch in one write. A failed send is retried with
 * exponential backoff, up to `maxAttempts`, then kept as failed. A process killed mid-send leaves its claim to run out and
 * the row is sent again with the same Message-ID: delivery is at least once, and a rare
 * duplicate is recognisable as such.
 *
 * Mail gives way to requests (docs/decisions/023): while requests keep the process busy (a
 * flash sale), the worker waits, until the email due longest has waited `yieldMs`; from then
 * it sends, busy or not, until no email has waited that long.
 */
export interface Mailer {
  /** Writes an email to the outbox (outside any transaction: the sign-up and reset emails) and wakes the worker. */
  enqueue(mail: NewMail): Promise<void>;
  /** Looks for due mail now (call after a transaction that wrote some has committed). */
  wake(): void;
  /**
   * Runs work that ends in mail (say, issuing a reset link) after the request has been answered,
   * so the answer reveals nothing by its timing. A failure is logged, never thrown.
   */
  later(what: string, work: () => Promise<void>): void;
  /**
   * Resolves when the work handed to `later` is done and no due mail is left to claim (sent, or
   * failed and waiting to retry). The mail does not give way to requests meanwhile.
   */
  idle(): Promise<void>;
  /** Starts polling (the app does it when ready). */
  start(): void;
  /** One pass: claims due rows at `now` and sends them. Answers how many it claimed. */
  runOnce(now?: Date): Promise<number>;
  /** Stops polling, waits for a pass under way and for `later` work, closes the transport. */
  close(): Promise<void>;
}

export interface OutboxOptions {
  db: Db;
  dialect: DialectName;
  transport: MailTransport;
  render: RenderOutboxRow;
  log: FastifyBaseLogger;
  /** The host part of every Message-ID: the store's own domain. */
  messageIdDomain: string;
  pollMs?: number;
  leaseMs?: number;
  batchSize?: number;
  maxAttempts?: number;
  /** The longest the mail waits while requests keep the process busy; 0: it never waits. */
  yieldMs?: number;
  /** Whether requests keep the process busy now (requestsGauge unless given). */
  gauge?: LoadGauge;
}

/** Answers whether requests keep the process busy now. */
export type LoadGauge = () => Promise<boolean>;

/** Once the gauge has said the process is free, the mail sends this long before asking again. */
const SEND_BETWEEN_CHECKS_MS = 200;

/**
 * Busy when, after a short pause of the mail's own work, `busyAt` requests or more wait for
 * their answer (lib/requests-in-flight.ts): a flash sale's 200 buyers, not a store's everyday
 * few at a time. The pause is the mail's way of giving the requests the thread meanwhile.
 */
export function requestsGauge({ pauseMs = 10, busyAt = 16 } = {}): LoadGauge {
  return async () => {
    await sleep(pauseMs);
    return requestsInFlight() >= busyAt;
  };
}

/** 30 s, 1 min, 2 min ... up to an hour between attempts. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/** The Message-ID of a row: random, chosen by the database, the same on every attempt. */
export function messageIdOf(row: Pick<OutboxRow, 'token'>, domain: string): string {
  return `<${row.token}@${domain}>`;
}

export function createMailer(options: OutboxOptions): Mailer {
  const { db, dialect, transport, render, log } = options;
  const pollMs = options.pollMs ?? 2_000;
  const leaseMs = options.leaseMs ?? 60_000;
  const batchSize = options.batchSize ?? 20;
  const maxAttempts = options.maxAttempts ?? 15;
  const yieldMs = options.yieldMs ?? 0;
  const gauge = options.gauge ?? requestsGauge();
  const pending = new Set<Promise<void>>();
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  /** When the gauge last said the process was free. */
  let freeAt = -Infinity;
  /** Callers of idle() waiting: the mail does not give way meanwhile. */
  let hurrying = 0;

  const track = (job: Promise<void>) => {
    const tracked = job.finally(() => pending.delete(tracked));
    pending.add(tracked);
  };

  /** Sends one claimed row: true when delivered (the caller marks it sent, with the others of its batch). */
  async function sendOne(row: OutboxRow): Promise<boolean> {
    try {
      const mail = await render(row);
      await transport.deliver({ ...mail, to: row.recipient, messageId: messageIdOf(row, options.messageIdDomain) });
      return true;
    } catch (error) {
      const now = new Date();
      const retryAt = row.attempts >= maxAttempts ? null : new Date(now.getTime() + retryDelayMs(row.attempts));
      // The error names the server, the folder or the order, never the message's link.
      log.error(
        { err: error, outboxId: row.id, kind: row.kind, to: row.recipient, attempts: row.attempts, retryAt },
        retryAt ? 'mail could not be sent; will try again' : 'mail could not be sent; giving up',
      );
      await markMailFailed(db, row.id, error instanceof Error ? error.message : String(error), retryAt, now);
      return false;
    }
  }

  async function runOnce(now = new Date()): Promise<number> {
    const rows = await claimDueMail(db, dialect, { now, leaseMs, limit: batchSize });
    const delivered = await Promise.all(rows.map(sendOne));
    // One write for the batch. Should it fail, the claims run out and those emails go again
    // (at least once, as after a crash between sending and marking).
    await markMailSent(
      db,
      rows.filter((_, n) => delivered[n]).map((row) => row.id),
      new Date(),
    );
    return rows.length;
  }

  const stopped = () => closed;

  /**
   * Before a batch: waits while requests keep the process busy, unless the email due longest
   * has waited `yieldMs` (or nothing is due: the pass claims nothing). Once the gauge says the
   * process is free, the worker sends for a while before it asks again.
   */
  async function giveWayToRequests(): Promise<void> {
    const mayWait = () => !stopped() && hurrying === 0;
    if (yieldMs <= 0 || !mayWait() || performance.now() - freeAt < SEND_BETWEEN_CHECKS_MS) return;
    if (!(await gauge())) {
      freeAt = performance.now();
      return;
    }
    const oldest = await oldestDueMail(db, dialect, new Date());
    if (oldest === undefined) return;
    const deadline = oldest.getTime() + yieldMs;
    while (mayWait() && Date.now() < deadline) {
      if (!(await gauge())) {
        freeAt = performance.now();
        return;
      }
    }
  }

  /** Passes until one claims less than a full batch, and again while woken meanwhile. */
  async function loop(): Promise<void> {
    try {
      for (;;) {
        again = false;
        let claimed = batchSize;
        while (claimed === batchSize && !stopped()) {
          await giveWayToRequests();
          if (!stopped()) claimed = await runOnce();
        }
        if (!again || stopped()) return;
      }
    } catch (error) {
      if (!stopped()) log.error({ err: error }, 'the mail outbox could not be read; will try again');
    }
  }

  function wake(): void {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = loop().finally(() => {
      running = null;
    });
  }

  return {
    async enqueue(mail) {
      await enqueueMail(db, mail);
      wake();
    },
    wake,
    later(what, work) {
      // setImmediate: the work starts once the answer is on its way.
      track(
        new Promise<void>((resolve) => setImmediate(resolve))
          .then(work)
          .catch((error: unknown) => log.error({ err: error }, `${what} failed`)),
      );
    },
    async idle() {
      hurrying += 1;
      try {
        for (;;) {
          while (pending.size > 0) await Promise.all(pending);
          if (running) {
            await running;
            continue;
          }
          if (closed) return;
          if ((await runOnce()) === 0 && pending.size === 0 && !running) return;
        }
      } finally {
        hurrying -= 1;
      }
    },
    start() {
      if (timer || closed) return;
      timer = setInterval(wake, pollMs);
      timer.unref();
      wake();
    },
    runOnce,
    async close() {
      while (pending.size > 0) await Promise.all(pending);
      closed = true;
      clearInterval(timer);
      await running;
      transport.close();
    },
  };
}
