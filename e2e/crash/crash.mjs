// The crash test (`npm run test:crash`): the production server under 200 concurrent buyers,
// killed with SIGKILL at random moments and restarted while the clients retry with their
// Idempotency-Keys. Afterwards every order that was answered 2xx exists exactly once, no
// other order exists, every order has exactly the lines asked for (three in ten orders are of
// two or three tools, all or nothing), each line carries the unit price of its quantity's tier
// (one tool has price breaks) and a paid order was paid exactly its total, and the store's invariants
// (apps/server/src/test/invariants.ts) hold. Meanwhile an admin imports product files that set
// the scarce tools' stock and refunds paid orders (runAdmin): the stock ledger holds through
// imports killed half-way, and a refund killed half-way is finished by its retry, once.
//
// Phases: SQLite; then, when TEST_DATABASE_URL is set, PostgreSQL in a fresh schema; then two
// server processes sharing that same PostgreSQL schema while the same buyers race across both
// (a load balancer's view: any request may land on either process).
// Ports 4210-4213. CRASH_BUYERS (200), CRASH_KILLS (6 per phase) and CRASH_PHASES
// (sqlite,postgres,cluster) tune it. Server logs: e2e/.tmp/crash/<phase>/.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';
import { Client, createStats, runAdmin, runBuyer, session } from './buyers.mjs';
import { ServerProcess, assertBuilt } from './server-process.mjs';

// The one invariant checker and the repository are TypeScript: load them as the tests do.
register();
const { connectDatabase } = await import('../../apps/server/src/db/connect.ts');
const { insertTool } = await import('../../apps/server/src/modules/tools/tools.repository.ts');
const { findInvariantViolations } = await import('../../apps/server/src/test/invariants.ts');
const { unitPriceFor } = await import('../../packages/shared/src/pricing.ts');
const { grantAdminByEmail } = await import('../../apps/server/src/modules/users/users.repository.ts');
const { toolCsvColumns } = await import('../../packages/shared/src/tools-bulk.ts');

/** The store has an admin (an invariant): signed up, then granted as `npm run admin -- grant` does. */
const ADMIN_EMAIL = 'crash-admin@toolsify.test';

const here = path.dirname(fileURLToPath(import.meta.url));
const tmp = path.join(here, '../.tmp/crash');
const BUYERS = Number(process.env.CRASH_BUYERS ?? 200);
const KILLS = Number(process.env.CRASH_KILLS ?? 6);
const PHASES = (process.env.CRASH_PHASES ?? 'sqlite,postgres,cluster').split(',');
const PG_URL = process.env.TEST_DATABASE_URL;
const SECRET = randomBytes(32).toString('hex');

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const between = (min, max) => min + Math.floor(Math.random() * (max - min + 1));
const log = (...args) => console.log(`[crash ${new Date().toISOString().slice(11, 19)}]`, ...args);

/** The tools the buyers fight over: two scarce ones (they sell out), two plentiful ones. */
const catalog = [
  { name: 'Scarce drill', available: 600, minimum: 1, spread: 4, priceCents: 4_999 },
  { name: 'Scarce saw', available: 1_500, minimum: 5, spread: 10, priceCents: 1_299 },
  { name: 'Plentiful hammer', available: 5_000_000, minimum: 1, spread: 20, priceCents: 899 },
  // Priced by quantity (price breaks at 25 and 40): every order must carry its tier's price.
  {
    name: 'Plentiful wrench',
    available: 5_000_000,
    minimum: 10,
    spread: 50,
    priceCents: 350,
    priceBreaks: [
      { minQuantity: 25, unitPriceCents: 330 },
      { minQuantity: 40, unitPriceCents: 310 },
    ],
  },
];

function startServers(name, databaseUrl, schema, ports) {
  const dir = path.join(tmp, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const env = {
    DATABASE_URL: databaseUrl,
    ...(schema ? { DATABASE_SCHEMA: schema } : {}),
    BETTER_AUTH_SECRET: SECRET,
    PAYMENTS: 'sandbox',
    SEED_DEMO: 'false',
    // One address plays 200 customers here; the per-address limits would refuse them.
    RATE_LIMIT: 'false',
    // Each buyer keeps ordering and leaves most orders unpaid: no cap on unpaid orders. The
    // expiry (UNPAID_ORDER_TTL_HOURS) keeps its default: no order here lives 48 hours, so none
    // is cancelled behind the clients' backs.
    MAX_UNPAID_ORDERS_PER_BUYER: '0',
    MAIL_OUTBOX_DIR: path.join(dir, 'outbox'),
    // A killed server's claim on a message it was sending runs out in 3 s (60 s by default), so
    // the drain check below sees every message sent by the surviving or restarted servers.
    OUTBOX_LEASE_MS: '3000',
    OUTBOX_POLL_MS: '500',
    UPLOAD_DIR: path.join(dir, 'uploads'),
  };
  // Behind a load balancer every process answers for the same public address.
  const publicUrl = `http://127.0.0.1:${ports[0]}`;
  const servers = ports.map(
    (port, i) => new ServerProcess({ name: `${name}#${i + 1}`, port, env, publicUrl, logFile: path.join(dir, `server-${i + 1}.log`) }),
  );
  return { servers, publicUrl };
}

/**
 * The store the buyers shop in: its tools, the admin and the 200 signed-up buyers. A later
 * phase on the same database reuses it.
 */
async function createWorld(db, client, runId) {
  const tools = [];
  for (const [index, spec] of catalog.entries()) {
    const row = await insertTool(db, {
      name: spec.name,
      sku: `CRASH-${index}-${String(runId)
        .replace(/[^A-Za-z0-9]/g, '')
        .slice(0, 24)}`,
      description: 'Crash test stock',
      img: '/images/tools/cordless-drill.svg',
      priceCents: spec.priceCents,
      available: spec.available,
      minimum: spec.minimum,
      priceBreaks: spec.priceBreaks ?? [],
    });
    tools.push({ ...spec, id: row.id, sku: row.sku });
  }
  const adminCookie = await session(client, { email: ADMIN_EMAIL, password: 'crash-admin-pass', name: 'Crash Admin' });
  if (!adminCookie) throw new Error('could not sign the admin up');
  if ((await grantAdminByEmail(db, [ADMIN_EMAIL])) !== 1) throw new Error('could not make the admin an admin');
  // Password hashing is meant to be slow: 8 sign-ups at a time (200 at once would time out
  // and pile retries on each other).
  const cookies = Array.from({ length: BUYERS }, () => null);
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < BUYERS) {
        const index = next++;
        cookies[index] = await session(client, account(runId, index));
      }
    }),
  );
  return { runId, tools, cookies, adminCookie, ledger: [], nextIndex: BUYERS };
}

function account(runId, index) {
  return { email: `crash-${runId}-${index}@example.com`, password: 'crash-pass-123', name: `Crash Buyer ${index}` };
}

async function runPhase({ name, databaseUrl, schema, ports, world: existing }) {
  const started = Date.now();
  const { servers, publicUrl } = startServers(name, databaseUrl, schema, ports);
  const handle = connectDatabase({ url: databaseUrl, schema, poolSize: 2 });
  const failures = [];
  let world = existing;
  try {
    // The first process migrates a fresh database; the others start once it has.
    for (const server of servers) await server.start();
    log(`${name}: ${servers.length} server(s) up on ${ports.join(', ')} in ${Date.now() - started} ms`);

    const stats = createStats();
    // Every attempt goes to a random server, dead or alive: a retry finds the other one.
    const client = new Client(() => servers.map((s) => s.url), stats, { deadlineMs: 90_000, origin: publicUrl });
    world ??= await createWorld(handle.db, client, randomBytes(3).toString('hex'));
    log(`${name}: ${world.cookies.filter(Boolean).length} buyers signed in after ${Date.now() - started} ms`);

    // All buyers shop at once; newcomers keep signing up meanwhile, so kills land in sign-ups too.
    const state = { stop: false };
    const buyers = [];
    const keyPrefix = `crash-${world.runId}-${name}`;
    const startBuyer = (index, cookie) =>
      buyers.push(
        runBuyer(client, {
          index,
          keyPrefix,
          cookie,
          tools: world.tools,
          ledger: world.ledger,
          shouldStop: () => state.stop,
          payments: true,
        }),
      );
    world.cookies.forEach((cookie, index) => cookie && startBuyer(index, cookie));
    // The admin imports stock meanwhile (runAdmin).
    const admin = runAdmin(client, {
      cookie: world.adminCookie,
      tools: world.tools,
      columns: toolCsvColumns,
      ledger: world.ledger,
      shouldStop: () => state.stop,
    });
    const arrivals = Promise.all(
      Array.from({ length: 2 }, async () => {
        while (!state.stop) {
          const index = world.nextIndex++;
          const cookie = await session(client, account(world.runId, index));
          if (cookie && !state.stop) startBuyer(index, cookie);
        }
      }),
    );

    // The chaos: SIGKILL a server (sometimes both) at a random moment, restart it while the
    // clients keep retrying.
    let kills = 0;
    for (let k = 0; k < KILLS; k += 1) {
      await sleep(between(500, 2_000));
      const victims = servers.length > 1 && Math.random() < 0.25 ? servers : [servers[between(0, servers.length - 1)]];
      const sent = stats.requests;
      await Promise.all(victims.map((s) => s.kill()));
      kills += victims.length;
      const down = Date.now();
      await sleep(between(0, 300));
      await Promise.all(victims.map((s) => s.start()));
      log(`${name}: SIGKILL ${victims.map((s) => s.name).join(' + ')} after ${sent} requests; back in ${Date.now() - down} ms`);
    }
    await sleep(1_000);
    state.stop = true;
    await arrivals;
    await Promise.all(buyers);
    await admin;
    const summary = {
      ...stats,
      serverErrors: stats.serverErrors.length,
      refused: stats.refused.length,
      brokenAccounts: stats.brokenAccounts.length,
    };
    log(`${name}: buyers done after ${Date.now() - started} ms: ${JSON.stringify(summary)}`);
    failures.push(...(await outboxDrained(handle.db, name)));
    for (const server of servers) await server.stop();

    if (kills < 5) failures.push(`only ${kills} kills`);
    if (stats.networkErrors === 0) failures.push('no request ever failed: the kills did not hit the load');
    if (stats.imports === 0) failures.push('the admin never imported');
    if (stats.refunds === 0) failures.push('the admin never refunded');
    for (const e of stats.brokenAccounts) failures.push(`account left unusable by a kill during sign-up: ${e}`);
    for (const e of stats.serverErrors.slice(0, 10)) failures.push(`5xx answered: ${e}`);
    if (stats.serverErrors.length > 0) failures.push(...loggedFailures(servers));
    for (const e of stats.refused.slice(0, 10)) failures.push(`unexpected refusal: ${e}`);
    failures.push(...(await verify(handle.db, world)));
    failures.push(...(await findInvariantViolations(handle.db)).map((v) => `invariant: ${v}`));
    const stock = await handle.db
      .selectFrom('tool')
      .select(['name', 'available'])
      .where(
        'id',
        'in',
        world.tools.map((t) => t.id),
      )
      .execute();
    log(`${name}: stock left ${stock.map((t) => `${t.name} ${t.available}`).join(', ')}; ${stats.outOfStock} orders refused for stock`);
  } finally {
    for (const server of servers) await server.kill();
    await handle.db.destroy();
  }
  log(`${name}: ${failures.length === 0 ? 'PASS' : 'FAIL'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { failures: failures.map((f) => `${name}: ${f}`), world };
}

/**
 * Why the servers answered 500: each distinct error they logged ("request failed"), with how
 * often and its first frames, so a failure in CI (where e2e/.tmp is gone) says what broke.
 */
function loggedFailures(servers) {
  const seen = new Map();
  for (const server of servers) {
    for (const line of readFileSync(server.logFile, 'utf8').split('\n')) {
      if (!line.includes('"request failed"')) continue;
      let err;
      try {
        err = JSON.parse(line).err ?? {};
      } catch {
        continue;
      }
      const what = `${err.type ?? 'Error'} ${err.code ?? ''} ${err.message ?? ''}`.trim();
      const entry = seen.get(what) ?? { count: 0, stack: ownFrames(err.stack) };
      entry.count += 1;
      seen.set(what, entry);
    }
  }
  if (seen.size === 0) return ['the servers logged no failed request (see their logs)'];
  return [...seen].map(([what, { count, stack }]) => `server log, ${count}x: ${what.slice(0, 300)} at ${stack.slice(0, 400)}`);
}

/** The first frames of a stack that are the app's, not a library's or Node's. */
const ownFrames = (stack = '') =>
  stack
    .split('\n')
    .filter((frame) => frame.trim().startsWith('at ') && !/node_modules|node:internal/.test(frame))
    .slice(0, 3)
    .map((frame) => frame.trim().slice(3))
    .join(' < ');

/**
 * No email lost: once the buyers stop, the live servers send every message in the outbox
 * (including those a killed server had claimed) within 30 s. Every answered order's "order
 * placed" email being there exactly once is an invariant (invariants.ts).
 */
async function outboxDrained(db, name) {
  const deadline = Date.now() + 30_000;
  let unsent = [];
  do {
    unsent = await db
      .selectFrom('outbox')
      .select(['id', 'kind', 'attempts', 'last_error'])
      .where('sent_at', 'is', null)
      .limit(10)
      .execute();
    if (unsent.length === 0) break;
    await sleep(500);
  } while (Date.now() < deadline);
  const counts = await db
    .selectFrom('outbox')
    .select(['kind', (eb) => eb.fn.countAll().as('n')])
    .groupBy('kind')
    .execute();
  log(`${name}: outbox ${counts.map((c) => `${c.kind} ${c.n}`).join(', ')}; unsent after the drain: ${unsent.length}`);
  return unsent.map(
    (row) => `email ${row.id} (${row.kind}) not sent after 30 s: ${row.attempts} attempts, ${row.last_error ?? 'no error'}`,
  );
}

/** What the clients were told against what the database holds. */
async function verify(db, world) {
  const problems = [];
  const { runId, ledger } = world;
  const rows = await db
    .selectFrom('orders')
    .innerJoin('user', 'user.id', 'orders.user_id')
    .select([
      'orders.id',
      'orders.idempotency_key',
      'orders.quantity',
      'orders.tool_id',
      'orders.status',
      'orders.transaction_id',
      'orders.refund_id',
      'orders.total_cents',
      'user.email',
      (eb) =>
        eb
          .selectFrom('payment_intent')
          .select('payment_intent.amount_cents')
          .whereRef('payment_intent.order_id', '=', 'orders.id')
          .where('payment_intent.status', '=', 'succeeded')
          .as('paid_cents'),
    ])
    .where('user.email', 'like', `crash-${runId}-%`)
    .execute();
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  const linesByOrder = new Map();
  const lineRows = await db
    .selectFrom('order_line')
    .innerJoin('orders', 'orders.id', 'order_line.order_id')
    .innerJoin('user', 'user.id', 'orders.user_id')
    .select(['order_line.order_id', 'order_line.tool_id', 'order_line.quantity', 'order_line.unit_price_cents'])
    .where('user.email', 'like', `crash-${runId}-%`)
    .orderBy('order_line.order_id')
    .orderBy('order_line.line_no')
    .execute();
  for (const line of lineRows) {
    const id = Number(line.order_id);
    if (!linesByOrder.has(id)) linesByOrder.set(id, []);
    linesByOrder.get(id).push(line);
  }
  const answeredIds = new Set();

  for (const entry of ledger) {
    if (entry.status === null) problems.push(`order ${entry.key} never got an answer`);
    if (entry.orderId === null) continue;
    if (answeredIds.has(entry.orderId)) problems.push(`order ${entry.orderId} was answered for two keys`);
    answeredIds.add(entry.orderId);
    const row = byId.get(entry.orderId);
    if (!row) {
      problems.push(`order ${entry.orderId} (key ${entry.key}) was answered ${entry.status} but is not in the database`);
      continue;
    }
    const same =
      row.idempotency_key === entry.key &&
      row.quantity === entry.quantity &&
      Number(row.tool_id) === entry.toolId &&
      row.email === account(runId, entry.buyer).email;
    if (!same) problems.push(`order ${entry.orderId} is not what was asked: ${JSON.stringify(row)} vs ${JSON.stringify(entry)}`);
    const told = entry.cancelled ? 'cancelled' : entry.paid ? 'paid' : 'unpaid';
    if (row.status !== told) problems.push(`order ${entry.orderId} is ${row.status}, the client was told ${told}`);
    // Exactly the lines asked for, each priced by the shared rule at its quantity, and paid exactly its total.
    const lines = linesByOrder.get(Number(row.id)) ?? [];
    const asked = entry.lines.map((l) => `${l.toolId}x${l.quantity}`).join(',');
    const stored = lines.map((l) => `${l.tool_id}x${l.quantity}`).join(',');
    if (asked !== stored) problems.push(`order ${entry.orderId} has lines ${stored}, the client asked for ${asked}`);
    let total = 0;
    for (const line of lines) {
      const tool = world.tools.find((t) => t.id === Number(line.tool_id));
      const unit = tool && unitPriceFor({ priceCents: tool.priceCents, priceBreaks: tool.priceBreaks ?? [] }, line.quantity);
      if (line.unit_price_cents !== unit)
        problems.push(
          `order ${entry.orderId}: ${line.quantity} of tool ${line.tool_id} cost ${line.unit_price_cents} a piece, the rule says ${unit}`,
        );
      total += line.unit_price_cents * line.quantity;
    }
    if (Number(row.total_cents) !== total) problems.push(`order ${entry.orderId} totals ${row.total_cents}, its lines ${total}`);
    if (row.paid_cents !== null && row.paid_cents !== undefined && Number(row.paid_cents) !== total) {
      problems.push(`order ${entry.orderId} was paid ${row.paid_cents}, its total is ${total}`);
    }
    if ((row.refund_id !== null) !== Boolean(entry.refunded)) {
      problems.push(
        `order ${entry.orderId} has refund ${row.refund_id ?? 'none'}, the admin was told ${entry.refunded ? 'refunded' : 'nothing'}`,
      );
    }
    if (entry.paid && entry.transactionId && row.transaction_id !== entry.transactionId) {
      problems.push(`order ${entry.orderId} has transaction ${row.transaction_id}, the client was told ${entry.transactionId}`);
    }
  }
  // Nothing the clients were not told about: a refused or retried request created nothing.
  for (const row of rows) {
    if (!answeredIds.has(Number(row.id)))
      problems.push(`order ${row.id} (key ${row.idempotency_key}) exists but no client was answered with it`);
  }
  log(`verified ${answeredIds.size} answered orders (${ledger.length} keys) against ${rows.length} rows`);
  return problems.slice(0, 30);
}

async function dropSchema(schema) {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  await client.query(`drop schema if exists ${schema} cascade`);
  await client.end();
}

async function main() {
  assertBuilt();
  const started = Date.now();
  const failures = [];
  if (PHASES.includes('sqlite')) {
    const db = `file:${path.join(tmp, 'sqlite-db', 'crash.db')}`;
    rmSync(path.join(tmp, 'sqlite-db'), { recursive: true, force: true });
    failures.push(...(await runPhase({ name: 'sqlite', databaseUrl: db, ports: [4210] })).failures);
  }
  if (!PG_URL) {
    log('TEST_DATABASE_URL is not set: the PostgreSQL phases are skipped');
  } else if (PHASES.includes('postgres') || PHASES.includes('cluster')) {
    const schema = `crash_${randomBytes(4).toString('hex')}`;
    try {
      let world;
      if (PHASES.includes('postgres')) {
        const result = await runPhase({ name: 'postgres', databaseUrl: PG_URL, schema, ports: [4211] });
        failures.push(...result.failures);
        world = result.world;
      }
      if (PHASES.includes('cluster')) {
        failures.push(...(await runPhase({ name: 'cluster', databaseUrl: PG_URL, schema, ports: [4212, 4213], world })).failures);
      }
    } finally {
      await dropSchema(schema);
    }
  }
  log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (failures.length > 0) {
    console.error(`\nCRASH TEST FAILED:\n  ${failures.join('\n  ')}`);
    process.exit(1);
  }
  log('PASS: every answered order exists exactly once, nothing else was created, the invariants hold');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
