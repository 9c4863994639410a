import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../../test/helpers.ts';
import { requestsInFlight } from '../../lib/requests-in-flight.ts';
import type { MailTransport, OutgoingMail } from './mailer.ts';
import { enqueueMail } from './outbox.repository.ts';
import { createMailer, requestsGauge, type LoadGauge, type Mailer } from './outbox.ts';

/**
 * Mail gives way to requests (docs/decisions/023): the store's server counts the requests
 * waiting for their answer, and the outbox worker waits while there are many, until the email
 * due longest has waited `yieldMs`.
 */
let app: FastifyInstance;
let port: number;
/** Requests to /test/hold wait until released. */
let release: () => void = () => {};
let held = new Promise<void>((resolve) => (release = resolve));

beforeAll(async () => {
  // The app's own worker polls rarely and no request here wakes it: the rows are this test's.
  app = await createTestApp({ OUTBOX_POLL_MS: '600000' });
  app.get('/test/hold', async () => {
    await held;
    return { ok: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  release();
  await app.close();
});

/** `n` requests to /test/hold on their own connections; resolves when all are answered (or gone). */
function holdRequests(n: number, agent = new http.Agent({ keepAlive: false })) {
  const requests = Array.from({ length: n }, () => {
    const request = http.get({ host: '127.0.0.1', port, path: '/test/hold', agent });
    const done = new Promise<void>((resolve) => {
      request.once('response', (response) => response.resume().once('end', resolve));
      request.once('error', () => resolve());
    });
    return { request, done };
  });
  return { requests, done: Promise.all(requests.map((r) => r.done)) };
}

function rehold() {
  held = new Promise<void>((resolve) => (release = resolve));
}

describe('the requests waiting for their answer', () => {
  it('are counted from the router taking them until their response closes, a client gone included', async () => {
    const before = requestsInFlight();
    rehold();
    const { requests, done } = holdRequests(3);
    await vi.waitFor(() => expect(requestsInFlight()).toBe(before + 3), { timeout: 10_000 });

    // A client that leaves stops counting once its response closes, answered or not.
    requests[0]!.request.destroy();
    await vi.waitFor(() => expect(requestsInFlight()).toBe(before + 2), { timeout: 10_000 });

    release();
    await done;
    await vi.waitFor(() => expect(requestsInFlight()).toBe(before), { timeout: 10_000 });
  });

  it('make requestsGauge say busy from busyAt on, and free below', async () => {
    const gauge = requestsGauge({ pauseMs: 1, busyAt: 4 });
    expect(await gauge()).toBe(false);
    rehold();
    const { done } = holdRequests(4);
    await vi.waitFor(() => expect(requestsInFlight()).toBeGreaterThanOrEqual(4), { timeout: 10_000 });
    expect(await gauge()).toBe(true);
    release();
    await done;
    await vi.waitFor(async () => expect(await gauge()).toBe(false), { timeout: 10_000 });
  });
});

describe('the outbox worker while requests keep the process busy', () => {
  /** A transport that keeps what it is given; a renderer that needs no order. */
  function mailerWith(options: { yieldMs: number; gauge: LoadGauge }): { mailer: Mailer; sent: OutgoingMail[] } {
    const sent: OutgoingMail[] = [];
    const transport: MailTransport = {
      deliver: async (mail) => {
        sent.push(mail);
      },
      close: () => {},
    };
    const mailer = createMailer({
      db: app.db,
      dialect: app.dialect,
      transport,
      render: async () => ({ subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' }),
      log: app.log,
      messageIdDomain: 'toolsify.test',
      pollMs: 600_000,
      ...options,
    });
    return { mailer, sent };
  }

  /** A gauge this test sets, counting how often the worker asks it. */
  function setGauge(busy: boolean) {
    const state = { busy, asked: 0 };
    const gauge: LoadGauge = async () => {
      state.asked += 1;
      await new Promise((resolve) => setTimeout(resolve, 2));
      return state.busy;
    };
    return { state, gauge };
  }

  /** Waits until the gauge, saying busy, was asked `asked` times with nothing sent; then says free: whom the worker sent to. */
  async function sentOnceFree(state: { busy: boolean; asked: number }, sent: OutgoingMail[], asked: number): Promise<string[]> {
    await vi.waitFor(() => expect(state.asked).toBeGreaterThanOrEqual(asked), { timeout: 10_000 });
    expect(sent).toEqual([]);
    state.busy = false;
    await vi.waitFor(() => expect(sent).toHaveLength(1), { timeout: 10_000 });
    return sent.map((m) => m.to);
  }

  const enqueue = (recipient: string) => enqueueMail(app.db, { kind: 'verify_email', recipient, payload: { name: 'A', url: 'https://x' } });

  it('waits while the gauge says busy, and sends once it says free', async () => {
    const { state, gauge } = setGauge(true);
    const { mailer, sent } = mailerWith({ yieldMs: 60_000, gauge });
    await enqueue('busy@example.com');
    mailer.wake();
    expect(await sentOnceFree(state, sent, 5)).toEqual(['busy@example.com']);
    await mailer.close();
  });

  it('does not wait when nothing is due, and a later email gets its whole wait', async () => {
    const { state, gauge } = setGauge(true);
    const { mailer, sent } = mailerWith({ yieldMs: 60_000, gauge });
    mailer.wake();
    await vi.waitFor(() => expect(state.asked).toBe(1), { timeout: 10_000 });
    // The pass found nothing due and ended: the gauge, asked every 2 ms while waiting, is not asked again.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(state.asked).toBe(1);

    await enqueue('later@example.com');
    mailer.wake();
    expect(await sentOnceFree(state, sent, 6)).toEqual(['later@example.com']);
    await mailer.close();
  });

  /** With the gauge saying busy throughout, one email to `recipient`, sent at last: how often the gauge was asked. */
  async function sentWhileBusy(yieldMs: number, recipient: string) {
    const { state, gauge } = setGauge(true);
    const { mailer, sent } = mailerWith({ yieldMs, gauge });
    await enqueue(recipient);
    mailer.wake();
    await vi.waitFor(() => expect(sent.map((m) => m.to)).toEqual([recipient]), { timeout: 10_000 });
    await mailer.close();
    return state;
  }

  it('sends anyway once the email has waited yieldMs, however busy the process', async () => {
    const state = await sentWhileBusy(300, 'late@example.com');
    expect(state.asked).toBeGreaterThan(0);
    expect(state.busy).toBe(true);
  });

  it('never asks the gauge when yieldMs is 0', async () => {
    const state = await sentWhileBusy(0, 'now@example.com');
    expect(state.asked).toBe(0);
  });

  it('stops waiting for idle(): what is due is sent, busy or not', async () => {
    const { gauge } = setGauge(true);
    const { mailer, sent } = mailerWith({ yieldMs: 60_000, gauge });
    await enqueue('idle@example.com');
    mailer.wake();
    await mailer.idle();
    expect(sent.map((m) => m.to)).toEqual(['idle@example.com']);
    await mailer.close();
  });

  it('stops waiting when closed, leaving the mail for the next worker', async () => {
    const { state, gauge } = setGauge(true);
    const { mailer, sent } = mailerWith({ yieldMs: 60_000, gauge });
    await enqueue('closed@example.com');
    mailer.wake();
    await vi.waitFor(() => expect(state.asked).toBeGreaterThan(0), { timeout: 10_000 });
    await mailer.close();
    expect(sent).toEqual([]);
    // The row is still due: a worker that does not wait sends it.
    const next = mailerWith({ yieldMs: 0, gauge });
    await next.mailer.idle();
    expect(next.sent.map((m) => m.to)).toEqual(['closed@example.com']);
    await next.mailer.close();
  });
});
