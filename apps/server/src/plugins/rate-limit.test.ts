import { randomBytes } from 'node:crypto';
import { createConnection } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createSharedDatabase, type SharedDatabase } from '../modules/auth/testing/shared-db.ts';
import { usePostgres } from '../test/helpers.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether a Redis server answers at REDIS_URL (the machine's service; CI has one). */
async function redisAnswers(): Promise<boolean> {
  const { hostname, port } = new URL(REDIS_URL);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(1_000);
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** A client address of its own for each test (runs on both databases share one Redis). */
const freshIp = () => `10.${randomBytes(1)[0]! % 250}.${randomBytes(1)[0]! % 250}.${(randomBytes(1)[0]! % 250) + 1}`;

const contact = (app: FastifyInstance, ip: string, n: number) =>
  app.inject({
    method: 'POST',
    url: '/api/contact',
    remoteAddress: ip,
    payload: { email: `writer${n}@example.com`, message: `Message ${n} about a bulk order.` },
  });

const countMessages = async (app: FastifyInstance) =>
  Number(
    (
      await app.db
        .selectFrom('contact_message')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/**
 * Two servers of one store (two apps on one database, as behind a load balancer) share each
 * route's limit: POST /api/contact takes 5 messages per address per 15 minutes in all, not 5
 * per server. The sixth, whichever server gets it, is a 429 and stores nothing.
 */
async function expectSharedContactLimit(a: FastifyInstance, b: FastifyInstance) {
  const ip = freshIp();
  const before = await countMessages(a);
  const statuses: number[] = [];
  for (let n = 0; n < 5; n++) statuses.push((await contact(n % 2 === 0 ? a : b, ip, n)).statusCode);
  expect(statuses).toEqual([201, 201, 201, 201, 201]);
  for (const server of [a, b]) {
    const refused = await contact(server, ip, 9);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  }
  expect(await countMessages(a)).toBe(before + 5);
  // Another address has its own count, and another route its own.
  expect((await contact(b, freshIp(), 10)).statusCode).toBe(201);
  const lookup = await a.inject({ method: 'POST', url: '/api/tools/by-sku', remoteAddress: ip, payload: { skus: ['NO-SUCH-SKU'] } });
  expect(lookup.statusCode, lookup.body).toBe(200);
}

describe.runIf(usePostgres)('request limits on PostgreSQL', () => {
  let shared: SharedDatabase;
  let second: FastifyInstance;
  beforeAll(async () => {
    shared = await createSharedDatabase({ RATE_LIMIT: 'true' });
    second = await shared.another();
  });
  afterAll(() => shared?.close());

  it('are counted in the database, so two servers share them', async () => {
    expect(shared.first.rateLimitStore).toBe('postgres');
    expect(second.rateLimitStore).toBe('postgres');
    await expectSharedContactLimit(shared.first, second);
  });
});

describe.runIf(!usePostgres)('request limits on SQLite', () => {
  let shared: SharedDatabase;
  beforeAll(async () => {
    shared = await createSharedDatabase({ RATE_LIMIT: 'true' });
  });
  afterAll(() => shared?.close());

  it('are counted in the one server process', async () => {
    expect(shared.first.rateLimitStore).toBe('memory');
    const ip = freshIp();
    for (let n = 0; n < 5; n++) expect((await contact(shared.first, ip, n)).statusCode).toBe(201);
    expect((await contact(shared.first, ip, 5)).statusCode).toBe(429);
  });
});

describe.runIf(await redisAnswers())('request limits with REDIS_URL', () => {
  let shared: SharedDatabase;
  let second: FastifyInstance;
  beforeAll(async () => {
    shared = await createSharedDatabase({ RATE_LIMIT: 'true', REDIS_URL });
    second = await shared.another({ REDIS_URL });
  });
  afterAll(() => shared?.close());

  it('are counted in Redis, so two servers share them', async () => {
    expect(shared.first.rateLimitStore).toBe('redis');
    expect(second.rateLimitStore).toBe('redis');
    await expectSharedContactLimit(shared.first, second);
  });
});
