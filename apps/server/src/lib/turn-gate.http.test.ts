import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../test/helpers.ts';

/**
 * The store's server under a connection storm (lib/turn-gate.ts): connections opened while the
 * event loop is busy with the requests of connections it already has. The event loop accepts one
 * connection per turn, so how long the last newcomer waits is counted in turns, and a turn in
 * requests of the busy connections: the count of those answered before the last newcomer's
 * answer measures it without a clock. Without the gate a turn does the work of every busy
 * connection that has a request waiting (this client shares the event loop, so about half of the
 * 60): 1,824 answers went first in a run; with it a turn that accepted a connection starts 8: 461.
 */
const BUSY_CONNECTIONS = 60;
const NEWCOMERS = 40;
/** What a busy request costs the server's one thread. */
const BUSY_MS = 0.5;

let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  app = await createTestApp();
  app.get('/test/busy', () => {
    const until = performance.now() + BUSY_MS;
    while (performance.now() < until);
    return { ok: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await app.close();
});

/** One request on a new connection; resolves when the answer's first bytes arrive. */
function newcomer(): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(`GET /test/busy HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    });
    socket.once('data', () => {
      socket.destroy();
      resolve();
    });
    socket.once('error', reject);
  });
}

describe('a connection storm while the server is busy', () => {
  it('accepts the newcomers within a few turns each, not a turn of every busy connection', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: BUSY_CONNECTIONS });
    const run = { answered: 0, stop: false };
    const loop = async () => {
      while (!run.stop) {
        await new Promise<void>((resolve, reject) => {
          http
            .get({ host: '127.0.0.1', port, path: '/test/busy', agent }, (response) => {
              response.resume();
              response.once('end', () => {
                run.answered++;
                resolve();
              });
            })
            .once('error', reject);
        });
      }
    };
    const busy = Array.from({ length: BUSY_CONNECTIONS }, loop);
    // Every busy connection open and sending before the storm.
    while (run.answered < BUSY_CONNECTIONS * 5) await new Promise((resolve) => setTimeout(resolve, 5));

    const before = run.answered;
    await Promise.all(Array.from({ length: NEWCOMERS }, newcomer));
    const answeredMeanwhile = run.answered - before;
    run.stop = true;
    await Promise.all(busy);
    agent.destroy();

    // Without the gate about BUSY_CONNECTIONS / 2 a turn, with it 8 (see above).
    expect(answeredMeanwhile).toBeLessThan((BUSY_CONNECTIONS * NEWCOMERS) / 2);
  });
});
