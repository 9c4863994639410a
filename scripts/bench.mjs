// The benchmark (`npm run bench`, after a production build; not part of `npm test`).
// For SQLite and PostgreSQL, with 100, 10,000 and 100,000 tools in the catalog, it loads the
// production server (apps/server/dist/main.js) with autocannon in a separate process, 50
// connections for 10 s per case:
//   GET /api/health          the server's cheapest answer (the last good database check,
//                            at most 1 s old, sent before the router: decision 012)
//   GET /api/tools?limit=6   the home page's newest tools (cached, invalidated on writes)
//   GET /api/tools/:id       one tool, random ids
//   GET /api/tools?q=        catalog search: about 6,000 distinct searches (see searchPool),
//                            six times what the 1,000-entry first-page cache holds
//   GET /api/tools?inStock=true&minPrice=&maxPrice=&sort=price_asc   5,000 distinct price
//                            ranges, plus later pages of some of them (real cursors)
//   POST /api/orders         signed-in buyers (many of them) placing orders on big stock
//   flash, flash5            a flash sale: 200 connections, 50 buyers, all ordering one tool
//                            (flash) or the same 5 tools in 5-line orders (flash5), huge stock
//   mail                     after the order cases at the first size, how long the server takes
//                            to send their emails (which wait while the buyers crowd it, decision 023)
// and, beside the store, the ceilings it is measured against in the same run, with the same
// bytes as the store's tool list (read from it just before):
//   bare                     a bare Fastify process (scripts/bench/bare-fastify.mjs), run before
//                            the store's health and list and again after them (the mean is the ceiling)
//   nginx                    nginx serving them as a file, when `nginx` is installed
// then checks the targets (ratios to the bare Fastify process among them) and writes the
// figures to docs/performance.md. The store logs at info, a line per request, to a file.
// BENCH_DURATION (s), BENCH_SIZES (100,10000,100000), BENCH_DATABASES (sqlite,postgres), BENCH_CASES tune it;
// BENCH_CASES=ceiling runs health, list and the ceilings only (no build: `node scripts/bench.mjs`);
// BENCH_TIMELINE=1 writes each measured run's answers (time, latency, status) next to its database,
// e2e/.tmp/bench/<database>-<size>/<case>.timeline.json; scripts/bench/timeline.mjs reads them.
// BENCH_NODE_OPTIONS is the store's NODE_OPTIONS (--cpu-prof is not allowed there: a --require preload that profiles).
// PostgreSQL is TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test).
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';
import { sql } from 'kysely';
import { ServerProcess, assertBuilt } from '../e2e/crash/server-process.mjs';

register();
const { connectDatabase } = await import('../apps/server/src/db/connect.ts');
const { findInvariantViolations } = await import('../apps/server/src/test/invariants.ts');
const { grantAdminByEmail } = await import('../apps/server/src/modules/users/users.repository.ts');
const { writeSection } = await import('../e2e/quality/performance-doc.ts');
const { benchTool } = await import('./bench/catalog.mjs');
const { tidySearchIndex } = await import('../apps/server/src/modules/tools/tools.service.ts');

const here = path.dirname(fileURLToPath(import.meta.url));
const tmp = path.join(here, '../e2e/.tmp/bench');
mkdirSync(tmp, { recursive: true });
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;
const SIZES = (process.env.BENCH_SIZES ?? '100,10000,100000').split(',').map(Number);
const DATABASES = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',');
/** A subset of the cases while working on one (BENCH_CASES=search,filtered); the recorded figures run them all. */
const CEILING_CASES = ['bare', 'health', 'list', 'bare again', 'bare+headers', 'nginx'];
const CASES = process.env.BENCH_CASES?.split(',').flatMap((c) => (c === 'ceiling' ? CEILING_CASES : [c]));
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const BUYERS = 100;
const ORDER_TOOLS = 20;
/** The flash sale (issue 17, item 3): 200 connections, 50 of the buyers, one tool (or five in 5-line orders). */
const FLASH = { connections: 200, buyers: 50, lines: 5 };
const FLASH_CASES = ['flash', 'flash5'];
const ORDER_CASES = ['orders', ...FLASH_CASES];
/** The longest the bench waits for the order cases' emails to be sent. */
const MAIL_CATCH_UP_MS = 300_000;

const log = (...args) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...args);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs one autocannon case in its own process (the case on its stdin: thousands of paths). */
function load(spec) {
  const out = execFileSync(process.execPath, [path.join(here, 'bench/load.mjs')], {
    input: JSON.stringify(spec),
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(out.toString());
}

/** The catalog server's first-page cache (apps/server/src/app.ts: `new TtlCache(2_000, 1_000)`). */
const CATALOG_CACHE = { ttlMs: 2_000, entries: 1_000 };

/** A repeatable pseudo-random sequence (mulberry32): the same pools on every run. */
function randomSequence(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * The words of the seeded catalog, read back from its tools (scripts/bench/catalog.mjs: brand
 * every tool, type every 40, size or variant every 1,000, so 12,000 tools hold them all).
 */
function catalogVocabulary() {
  const brands = new Set();
  const types = new Set();
  const variants = new Set();
  const materials = new Set();
  for (let i = 0; i < 12_000; i += 1) {
    const { name, description } = benchTool(i);
    const [, brand, type, material, variant] = /^(\S+) (.+?) for (\S+) work: (.+?), built/.exec(description) ?? [];
    if (!brand || !name.startsWith(`${brand} `) || !name.endsWith(` ${variant}`)) throw new Error(`unexpected bench tool: ${name}`);
    brands.add(brand.toLowerCase());
    types.add(type.toLowerCase());
    variants.add(variant.toLowerCase());
    materials.add(material.toLowerCase());
  }
  return { brands: [...brands], types: [...types], variants: [...variants], materials: [...materials] };
}

/**
 * The search case's texts: about 6,000 distinct searches, each as a visitor would type it,
 * drawn the same on every run, over a catalog of `size` tools:
 *   - brand and type, "ferro angle grinder" (1,000) and brand and the type's last word,
 *     "ferro grinder" (about 700): each 0.1 to 0.3 % of the catalog;
 *   - one word, a type's word or its start ("grind", "drill", "sand"), a brand, a material
 *     ("metal", found in descriptions only): 1 to 12 % of the catalog;
 *   - a word start and a material, "grind metal"; a type and a size, "angle grinder 125 mm";
 *     a brand and a variant, "ferro 18v"; brand, type and size, "ferro angle grinder 125 mm";
 *   - exact SKUs of existing tools (some typed in lower case), and searches that find nothing
 *     ("ferro chainsaw").
 * Each appears once: a request picks one at random, so with six times more searches than the
 * cache holds most requests are read from the database.
 */
function searchPool(size, target = 6_000) {
  const random = randomSequence(12);
  const { brands, types, variants, materials } = catalogVocabulary();
  const queries = new Set();
  const add = (q) => queries.add(q.replace(/\s+/g, ' ').trim());
  const lastWords = [...new Set(types.map((type) => type.split(' ').at(-1)))];
  const typeWords = [...new Set(types.flatMap((type) => type.split(' ')))];
  const starts = (word) => Array.from({ length: Math.max(0, word.length - 3) }, (_, n) => word.slice(0, n + 3));
  for (const brand of brands) for (const type of types) add(`${brand} ${type}`);
  for (const brand of brands) for (const word of lastWords) add(`${brand} ${word}`);
  for (const word of [...typeWords, ...brands, ...materials]) for (const start of [...starts(word), word]) add(start);
  for (const word of lastWords) for (const material of materials) add(`${word.slice(0, 4 + Math.floor(random() * 2))} ${material}`);
  for (const type of types) for (const variant of variants) add(`${type} ${variant}`);
  for (const brand of brands) for (const variant of variants) add(`${brand} ${variant}`);
  for (const brand of brands) for (const missing of ['chainsaw', 'welder', 'compressor', 'ladder', 'toolbox']) add(`${brand} ${missing}`);
  // Exact SKUs: up to 800 tools spread over the catalog, one in four in lower case.
  for (let n = 0; n < Math.min(size, 800); n += 1) {
    const sku = benchTool(Math.floor((n * size) / Math.min(size, 800))).sku;
    add(n % 4 === 0 ? sku.toLowerCase() : sku);
  }
  // The rest: a brand, a type and a size or variant, the most precise searches.
  while (queries.size < target) {
    add(
      `${brands[Math.floor(random() * brands.length)]} ${types[Math.floor(random() * types.length)]} ${variants[Math.floor(random() * variants.length)]}`,
    );
  }
  return [...queries];
}

/** `count` distinct price ranges in cents, in whole units as a buyer types them: 1 to 560, 5 to 150 wide. */
function priceRangePool(count = 5_000) {
  const random = randomSequence(34);
  const ranges = new Map();
  while (ranges.size < count) {
    const min = 100 * (1 + Math.floor(random() * 560));
    const max = min + 100 * (5 + Math.floor(random() * 146));
    ranges.set(`${min}-${max}`, [min, max]);
  }
  return [...ranges.values()];
}

/**
 * What share of `total` requests, picked at random among `paths` over `durationS`, the server's
 * first-page cache could have answered (an estimate: a simulation of its LRU and TTL; pages
 * after the first are never cached).
 */
function estimatedCacheHits(paths, total, durationS) {
  const random = randomSequence(56);
  const cache = new Map();
  let hits = 0;
  for (let n = 0; n < total; n += 1) {
    const now = (n / total) * durationS * 1_000;
    const picked = paths[Math.floor(random() * paths.length)];
    if (picked.includes('cursor=')) continue;
    const expires = cache.get(picked);
    if (expires !== undefined && expires > now) {
      hits += 1;
      cache.delete(picked);
      cache.set(picked, expires);
      continue;
    }
    cache.delete(picked);
    if (cache.size >= CATALOG_CACHE.entries) cache.delete(cache.keys().next().value);
    cache.set(picked, now + CATALOG_CACHE.ttlMs);
  }
  return total === 0 ? 0 : hits / total;
}

/** Fills the catalog straight through SQL: `size` tools (with their initial stock in the ledger). */
async function seedCatalog(db, size) {
  const now = new Date().toISOString();
  const chunk = 500;
  for (let start = 0; start < size; start += chunk) {
    const rows = [];
    for (let i = start; i < Math.min(size, start + chunk); i += 1) {
      // The newest ORDER_TOOLS tools carry a huge stock for the order case.
      const forOrders = i >= size - ORDER_TOOLS;
      rows.push({
        ...benchTool(i),
        img: '/images/tools/cordless-drill.svg',
        // One tool in ten is out of stock (never the order case's).
        available: forOrders ? 100_000_000 : i % 10 === 3 ? 0 : 1_000 + (i % 1_000),
        minimum: 1,
        created_at: now,
        updated_at: now,
      });
    }
    await db.transaction().execute(async (trx) => {
      const inserted = await trx.insertInto('tool').values(rows).returning(['id', 'available']).execute();
      await trx
        .insertInto('stock_adjustment')
        .values(inserted.map((t) => ({ tool_id: t.id, delta: t.available, reason: 'initial', user_id: null, created_at: now })))
        .execute();
    });
  }
  const ids = await db.selectFrom('tool').select('id').orderBy('id', 'desc').execute();
  return ids.map((r) => Number(r.id));
}

/**
 * The filtered case's paths: each price range's first page; for one range in four its second
 * page and for one in sixteen its third, with the cursors the server gave (read before the case).
 */
async function filteredPaths(url, ranges) {
  const firsts = ranges.map(([min, max]) => `/api/tools?inStock=true&minPrice=${min}&maxPrice=${max}&sort=price_asc&limit=24`);
  const later = [];
  const follow = async (first, pages) => {
    let cursor = null;
    for (let page = 2; page <= pages; page += 1) {
      const res = await fetch(`${url}${first}${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`);
      if (!res.ok) throw new Error(`${first}: ${res.status} ${await res.text()}`);
      cursor = (await res.json()).nextCursor;
      if (cursor === null) return;
      later.push(`${first}&cursor=${encodeURIComponent(cursor)}`);
    }
  };
  const followed = firsts.flatMap((first, n) => (n % 4 === 0 ? [[first, n % 16 === 0 ? 3 : 2]] : []));
  for (let n = 0; n < followed.length; n += 8) await Promise.all(followed.slice(n, n + 8).map(([first, pages]) => follow(first, pages)));
  return [...firsts, ...later];
}

async function signUpBuyers(server, count) {
  const cookies = [];
  for (let i = 0; i < count; i += 8) {
    const batch = Array.from({ length: Math.min(8, count - i) }, async (_, j) => {
      const res = await fetch(`${server.url}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.publicUrl },
        body: JSON.stringify({
          email: `bench-${i + j}-${randomBytes(3).toString('hex')}@example.com`,
          password: 'bench-pass-123',
          name: `Bench Buyer ${i + j}`,
        }),
      });
      if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
      return res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
    });
    cookies.push(...(await Promise.all(batch)));
  }
  return cookies;
}

async function benchDatabase(name, port) {
  const rows = [];
  for (const size of SIZES) {
    const schema = name === 'postgres' ? `bench_${randomBytes(4).toString('hex')}` : undefined;
    const dir = path.join(tmp, `${name}-${size}`);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    rmSync(path.join(tmp, `${name}-${size}.log`), { force: true });
    const databaseUrl = name === 'postgres' ? PG_URL : `file:${path.join(dir, 'bench.db')}`;
    const server = new ServerProcess({
      name: `${name}-${size}`,
      port,
      logFile: path.join(tmp, `${name}-${size}.log`),
      logToFile: true,
      env: {
        DATABASE_URL: databaseUrl,
        ...(schema ? { DATABASE_SCHEMA: schema } : {}),
        BETTER_AUTH_SECRET: randomBytes(32).toString('hex'),
        PAYMENTS: 'sandbox',
        SEED_DEMO: 'false',
        // One address plays every buyer here; per-address limits would answer 429.
        RATE_LIMIT: 'false',
        // Each buyer places thousands of orders and pays none: no cap on unpaid orders. The
        // expiry (UNPAID_ORDER_TTL_HOURS) keeps its default: no order here lives 48 hours.
        MAX_UNPAID_ORDERS_PER_BUYER: '0',
        // As deployed: a log line per request, written to a file (not a pipe to this process).
        LOG_LEVEL: 'info',
        MAIL_OUTBOX_DIR: path.join(dir, 'outbox'),
        UPLOAD_DIR: path.join(dir, 'uploads'),
        // A profile of the store while it is measured: BENCH_NODE_OPTIONS='--require=<a preload starting the inspector profiler>'.
        ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
      },
    });
    const handle = connectDatabase({ url: databaseUrl, schema, poolSize: 2 });
    try {
      await server.start();
      const t = Date.now();
      const ids = await seedCatalog(handle.db, size);
      // SQLite: what the store's own upkeep does within 5 minutes of catalog writes
      // (tools.search-upkeep.ts): the search index's segments merged into one.
      if (name === 'sqlite') await tidySearchIndex({ db: handle.db, dialect: 'sqlite' });
      // What autovacuum does for a live store: fresh statistics, the search index's pending
      // entries merged, and the visibility map that lets a count read the index alone.
      if (name === 'postgres') {
        await sql`vacuum analyze tool, tool_in_stock`.execute(handle.db);
        // And the seeding's writes flushed now, not by a checkpoint in the middle of a case
        // (needs a superuser or pg_checkpoint; skipped without).
        await sql`checkpoint`.execute(handle.db).catch(() => undefined);
      }
      const orderTools = ids.slice(0, ORDER_TOOLS);
      // The store has an admin (an invariant the orders case checks): signed up, then granted as
      // `npm run admin -- grant` does.
      await fetch(`${server.url}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.publicUrl },
        body: JSON.stringify({ email: 'bench-admin@toolsify.test', password: 'bench-admin-pass', name: 'Bench Admin' }),
      });
      await grantAdminByEmail(handle.db, ['bench-admin@toolsify.test']);
      const cookies = !CASES || CASES.some((c) => ORDER_CASES.includes(c)) ? await signUpBuyers(server, BUYERS) : [];
      // The newest-tools answer is cached for 2 s: let the seeded catalog show.
      await sleep(2_100);
      log(`${name} ${size} tools: seeded and ${BUYERS} buyers signed up in ${Date.now() - t} ms`);

      const base = { url: server.url, connections: CONNECTIONS };
      const randomIds = Array.from({ length: 1_000 }, () => ids[Math.floor(Math.random() * ids.length)]);
      const searches = searchPool(size).map((q) => `/api/tools?q=${encodeURIComponent(q)}&limit=24`);
      const filtered = !CASES || CASES.includes('filtered') ? await filteredPaths(server.url, priceRangePool()) : [];
      // The ceilings serve the very bytes the store answers for its tool list (uncompressed, as
      // autocannon asks), and "bare+headers" its headers too.
      const listAnswer = await fetch(`${server.url}/api/tools?limit=6`, { headers: { 'accept-encoding': 'identity' } });
      const listBytes = Buffer.from(await listAnswer.arrayBuffer());
      const listFile = path.join(dir, 'tools.json');
      writeFileSync(listFile, listBytes);
      const connectionHeaders = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
      const listHeaders = Object.fromEntries([...listAnswer.headers].filter(([header]) => !connectionHeaders.has(header)));
      writeFileSync(path.join(dir, 'headers.json'), JSON.stringify(listHeaders));
      const cases = [
        // Bare Fastify before and after the store's health and list: the ceiling is the mean of
        // the two, so a ratio does not hang on which of them met a quiet minute of the machine.
        { case: 'bare', ceiling: 'bare', spec: { paths: ['/api/tools?limit=6'] } },
        { case: 'health', spec: { paths: ['/api/health'] } },
        { case: 'list', spec: { paths: ['/api/tools?limit=6'] } },
        { case: 'bare again', ceiling: 'bare', spec: { paths: ['/api/tools?limit=6'] } },
        { case: 'bare+headers', ceiling: 'bare+headers', spec: { paths: ['/api/tools?limit=6'] } },
        { case: 'nginx', ceiling: 'nginx', spec: { paths: ['/api/tools?limit=6'] } },
        { case: 'detail', spec: { paths: randomIds.map((id) => `/api/tools/${id}`) } },
        { case: 'search', spec: { paths: searches } },
        { case: 'filtered', spec: { paths: filtered } },
        {
          case: 'orders',
          spec: {
            method: 'POST',
            paths: ['/api/orders'],
            cookies,
            idempotency: true,
            origin: server.publicUrl,
            bodies: orderTools.map((toolId) => ({ toolId, quantity: 1, phone: '+1 555 0100', address: '1 Bench Street' })),
          },
        },
        {
          case: 'flash',
          spec: {
            connections: FLASH.connections,
            method: 'POST',
            paths: ['/api/orders'],
            cookies: cookies.slice(0, FLASH.buyers),
            idempotency: true,
            origin: server.publicUrl,
            bodies: [{ toolId: orderTools[0], quantity: 1, phone: '+1 555 0100', address: '1 Bench Street' }],
          },
        },
        {
          case: 'flash5',
          spec: {
            connections: FLASH.connections,
            method: 'POST',
            paths: ['/api/orders'],
            cookies: cookies.slice(0, FLASH.buyers),
            idempotency: true,
            origin: server.publicUrl,
            bodies: [
              {
                lines: orderTools.slice(0, FLASH.lines).map((toolId) => ({ toolId, quantity: 1 })),
                phone: '+1 555 0100',
                address: '1 Bench Street',
              },
            ],
          },
        },
      ];
      for (const c of cases.filter((one) => !CASES || CASES.includes(one.case))) {
        const ceiling = c.ceiling ? await startCeiling(c.ceiling, port + 100, listFile, dir) : undefined;
        if (ceiling === null) {
          log(`${name} ${size} ${c.case}: not installed, skipped`);
          continue;
        }
        const target = ceiling ? { ...base, url: ceiling.url } : base;
        let result;
        let before = 0;
        try {
          // A short warm-up (JIT, pools), then the measured run.
          load({ ...target, ...c.spec, duration: 2 });
          before = ORDER_CASES.includes(c.case) ? await countOrders(handle.db) : 0;
          const timeline = process.env.BENCH_TIMELINE ? { timeline: path.join(dir, `${c.case}.timeline.json`) } : {};
          result = load({ ...target, ...c.spec, duration: DURATION, ...timeline });
        } finally {
          await ceiling?.stop();
        }
        const row = { database: name, tools: size, case: c.case, ...result };
        if (ceiling) row.bytes = listBytes.length;
        if (c.case === 'search' || c.case === 'filtered') {
          row.paths = c.spec.paths.length;
          row.cacheHits = estimatedCacheHits(c.spec.paths, result.total, DURATION);
        }
        if (ORDER_CASES.includes(c.case)) {
          const created = (await countOrders(handle.db)) - before;
          const answered = Number(result.statusCodes?.['201']?.count ?? 0);
          row.check = { created, answered, violations: await findInvariantViolations(handle.db) };
        }
        rows.push(row);
        log(
          `${name} ${size} ${c.case.padEnd(8)} ${result.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${result.latency.p50} ms  mean ${result.latency.average.toFixed(2)} ms  p99 ${result.latency.p99} ms  max ${result.latency.max} ms  non-2xx ${result.non2xx}  errors ${result.errors}` +
            (row.paths ? `  (${row.paths} paths, about ${(row.cacheHits * 100).toFixed(0)} % from the cache)` : ''),
        );
      }
      // The order emails wait while the buyers crowd the server (decision 023): how long after the
      // last order case until every one is written (at the first size only: a minute or two
      // for the same emails at every size).
      const lastOrderRow = rows.findLast((r) => r.database === name && r.tools === size && ORDER_CASES.includes(r.case));
      if (lastOrderRow && size === SIZES[0]) {
        lastOrderRow.mail = await mailCatchUp(handle.db);
        const { emails, seconds, left } = lastOrderRow.mail;
        log(
          `${name} ${size} mail: ${emails} emails waiting after the order cases, written in ${seconds.toFixed(1)} s${left ? ` (${left} still waiting)` : ''}`,
        );
      }
    } finally {
      await server.stop();
      await handle.db.destroy();
      if (schema) {
        const pg = (await import('pg')).default;
        const client = new pg.Client({ connectionString: PG_URL });
        await client.connect();
        await client.query(`drop schema if exists ${schema} cascade`);
        await client.end();
      }
    }
  }
  return rows;
}

/** Whether a program is on the PATH. */
function installed(program) {
  try {
    execFileSync('sh', ['-c', `command -v ${program}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Waits until `url` answers 200 (a ceiling process starting). */
async function answering(url, child) {
  for (const deadline = Date.now() + 15_000; Date.now() < deadline;) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode})`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(1_000) })).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  throw new Error(`${url} did not answer within 15 s`);
}

/**
 * Starts a ceiling beside the store, serving `file` at /api/tools: a bare Fastify process, or
 * nginx (one worker, no access log) when it is installed; null when it is not.
 */
async function startCeiling(kind, port, file, dir) {
  let child;
  if (kind === 'bare' || kind === 'bare+headers') {
    const headers = kind === 'bare' ? [] : [path.join(dir, 'headers.json')];
    child = spawn(process.execPath, [path.join(here, 'bench/bare-fastify.mjs'), String(port), file, ...headers], { stdio: 'ignore' });
  } else {
    if (!installed('nginx')) return null;
    const prefix = path.join(dir, 'nginx');
    mkdirSync(prefix, { recursive: true });
    const conf = path.join(prefix, 'nginx.conf');
    writeFileSync(
      conf,
      [
        'worker_processes 1;',
        'daemon off;',
        `pid ${prefix}/nginx.pid;`,
        `error_log ${prefix}/error.log;`,
        'events { worker_connections 1024; }',
        'http {',
        '  access_log off;',
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${prefix}/${t};`),
        `  server { listen 127.0.0.1:${port}; location = /api/tools { default_type "application/json; charset=utf-8"; alias ${file}; } }`,
        '}',
      ].join('\n'),
    );
    child = spawn('nginx', ['-p', prefix, '-e', `${prefix}/error.log`, '-c', conf], { stdio: 'ignore' });
  }
  const url = `http://127.0.0.1:${port}`;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  try {
    await answering(`${url}/api/tools`, child);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await gone;
    },
  };
}

/** The number of rows a query of one table finds. */
const countOf = async (query) => Number((await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

/** The number of orders once the server has finished what it had received (stable for 300 ms). */
async function countOrders(db) {
  const count = () => countOf(db.selectFrom('orders'));
  let last = await count();
  for (;;) {
    await sleep(300);
    const now = await count();
    if (now === last) return now;
    last = now;
  }
}

/**
 * The emails waiting when the order cases end and how long the server takes to send them all
 * (polled every 250 ms, at most MAIL_CATCH_UP_MS).
 */
async function mailCatchUp(db) {
  const waiting = () => countOf(db.selectFrom('outbox').where('sent_at', 'is', null).where('failed_at', 'is', null));
  const started = performance.now();
  const emails = await waiting();
  let left = emails;
  while (left > 0 && performance.now() - started < MAIL_CATCH_UP_MS) {
    await sleep(250);
    left = await waiting();
  }
  return { emails, seconds: (performance.now() - started) / 1_000, left };
}

async function postgresVersion() {
  try {
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    const { rows } = await client.query('show server_version');
    await client.end();
    return rows[0].server_version;
  } catch {
    return null;
  }
}

function judge(rows) {
  const verdicts = [];
  const find = (db, size, c) => rows.find((r) => r.database === db && r.tools === size && r.case === c);
  for (const db of DATABASES) {
    for (const size of SIZES) {
      const bare = bareCeiling(rows, db, size);
      const orders = find(db, size, 'orders');
      // The store against the bare Fastify process serving the same bytes, in the same run.
      for (const [c, least] of [
        ['health', 0.7],
        ['list', 0.8],
      ]) {
        const row = find(db, size, c);
        if (!row || !bare) continue;
        const ratio = row.requestsPerSecond / bare;
        verdicts.push({
          db,
          size,
          target: `${c} >= ${least} x bare Fastify`,
          value: `${ratio.toFixed(2)} x (${row.requestsPerSecond.toFixed(0)} against ${bare.toFixed(0)} req/s; ${row.non2xx} non-2xx)`,
          ok: ratio >= least && row.non2xx === 0 && row.errors === 0,
        });
      }
      for (const [c, least] of [
        ['flash', db === 'postgres' ? 1_000 : 1_500],
        ['flash5', 500],
      ]) {
        const row = find(db, size, c);
        if (!row) continue;
        const { created, answered, violations } = row.check;
        verdicts.push({
          db,
          size,
          target: `${c} >= ${least} orders/s`,
          value: `${row.requestsPerSecond.toFixed(0)}/s`,
          ok: row.requestsPerSecond >= least,
        });
        // Issue 17 holds the one-tool case to p99 <= 100 ms; the 5-line case only to 500 orders/s
        // (which, from 200 connections, is a mean of 400 ms: Little's law). Its p99 is reported,
        // and no request may take over a second in either.
        const p99Target = c === 'flash';
        verdicts.push({
          db,
          size,
          target: p99Target ? `${c} p99 <= 100 ms, none over 1 s` : `${c} none over 1 s (p99 reported)`,
          value: `p99 ${row.latency.p99} ms, max ${row.latency.max} ms`,
          ok: (!p99Target || row.latency.p99 <= 100) && row.latency.max <= 1_000,
        });
        // As for the orders case: up to one request per connection may be stored unanswered.
        verdicts.push({
          db,
          size,
          target: `${c}: every 201 stored, no oversell`,
          value: `${answered} answered 201, ${created} stored, ${violations.length} invariant violations, ${row.non2xx} non-2xx, ${row.errors} errors`,
          ok:
            created >= answered &&
            created - answered <= FLASH.connections &&
            violations.length === 0 &&
            row.non2xx === 0 &&
            row.errors === 0,
        });
      }
      if (orders) {
        const { created, answered, violations } = orders.check;
        verdicts.push({
          db,
          size,
          target: 'orders >= 500/s',
          value: `${orders.requestsPerSecond.toFixed(0)}/s`,
          ok: orders.requestsPerSecond >= 500,
        });
        verdicts.push({ db, size, target: 'orders p99 <= 100 ms', value: `${orders.latency.p99} ms`, ok: orders.latency.p99 <= 100 });
        // autocannon stops counting at the deadline with up to one request per connection in
        // flight; the server still completes those, so up to CONNECTIONS more are stored.
        verdicts.push({
          db,
          size,
          target: 'orders: every 201 stored, no oversell',
          value: `${answered} answered 201, ${created} stored, ${violations.length} invariant violations, ${orders.non2xx} non-2xx`,
          ok:
            created >= answered &&
            created - answered <= CONNECTIONS &&
            violations.length === 0 &&
            orders.non2xx === 0 &&
            orders.errors === 0,
        });
      }
    }
    const biggest = Math.max(...SIZES);
    for (const c of ['search', 'filtered']) {
      const row = find(db, biggest, c);
      if (row) {
        verdicts.push({
          db,
          size: biggest,
          target: `${c} p99 <= 50 ms`,
          value: `${row.latency.p99} ms (${row.non2xx} non-2xx)`,
          ok: row.latency.p99 <= 50 && row.non2xx === 0 && row.errors === 0,
        });
      }
    }
    const searchSmall = find(db, Math.min(...SIZES), 'search');
    const searchLarge = find(db, biggest, 'search');
    if (searchSmall && searchLarge && searchSmall !== searchLarge) {
      const ratio = searchLarge.latency.average / searchSmall.latency.average;
      verdicts.push({
        db,
        size: biggest,
        target: `search mean latency at ${biggest} <= 2 x at ${Math.min(...SIZES)} tools`,
        value: `${searchLarge.latency.average.toFixed(2)} vs ${searchSmall.latency.average.toFixed(2)} ms (${ratio.toFixed(2)} x)`,
        ok: ratio <= 2,
      });
    }
    const small = find(db, Math.min(...SIZES), 'list');
    const large = find(db, Math.max(...SIZES), 'list');
    if (small && large && small !== large) {
      const ratio = large.latency.average / small.latency.average;
      verdicts.push({
        db,
        size: Math.max(...SIZES),
        target: `list latency at ${Math.max(...SIZES)} <= 1.2 x at ${Math.min(...SIZES)} tools`,
        value: `${large.latency.average.toFixed(2)} vs ${small.latency.average.toFixed(2)} ms (${ratio.toFixed(2)} x)`,
        ok: ratio <= 1.2,
      });
    }
  }
  return verdicts;
}

function markdown(rows, verdicts, machine) {
  const lines = [
    '## API benchmark',
    '',
    `Run on ${machine.date} by \`npm run bench\` on ${machine.cpu} (${machine.cores} cores), ${machine.memory} GB RAM, ${machine.os}, Node ${machine.node}, SQLite ${machine.sqlite}${machine.postgres ? `, PostgreSQL ${machine.postgres}` : ''}. Load average at the start: ${machine.load}.`,
    `Production build, autocannon in a separate process on the same machine, ${CONNECTIONS} connections, ${DURATION} s per case after a 2 s warm-up; ${BUYERS} signed-up buyers ordering quantity 1 of ${ORDER_TOOLS} tools with a large stock, each order with its own Idempotency-Key. The flash sale (flash, flash5): ${FLASH.connections} connections, ${FLASH.buyers} of the buyers, every order of quantity 1 of the same tool (flash) or of the same ${FLASH.lines} tools, one line each (flash5). Latencies in ms.`,
    '',
    'search: about 6,000 distinct searches (one request each picked at random); filtered: 5,000 distinct in-stock price ranges sorted by price, plus the second page of one range in four and the third of one in sixteen where they exist (real cursors; 1,563 later pages at 100,000 tools, 4 at 100). "Cached" estimates the share of requests the 2 s, 1,000-entry first-page cache could answer (a simulation of it over the requests made); the others were read from the database.',
    '',
    '| Database | Tools | Case | req/s | p50 | mean | p99 | max | non-2xx | Cached |',
    '|---|---:|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.database} | ${r.tools.toLocaleString('en-US')} | ${r.case} | ${r.requestsPerSecond.toFixed(0)} | ${r.latency.p50} | ${r.latency.average.toFixed(1)} | ${r.latency.p99} | ${r.latency.max} | ${r.non2xx} | ${r.cacheHits === undefined ? '' : `${(r.cacheHits * 100).toFixed(0)} %`} |`,
    ),
    '',
    'Against the ceilings, in the same run: "bare" is a bare Fastify process (no logger, hook or plugin), measured before the store\'s health and list and again after them ("bare again"; the ratios take the mean of the two) and "nginx" nginx (one worker, no access log), both serving the bytes of the store\'s tool list at that size; "bare+headers" is that bare Fastify sending the store\'s headers too (its security headers, ETag, Cache-Control, Vary: about 900 bytes), what those bytes cost the server and the load generator apart from the store\'s code. The store keeps its security headers, ETags, compression and a log line per request (at info, to a file).',
    '',
    '| Database | Tools | bare Fastify req/s (mean) | bare+headers req/s | nginx req/s | health / bare | list / bare | list / bare+headers |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...ceilingRows(rows).map(
      (c) =>
        `| ${c.db} | ${c.size.toLocaleString('en-US')} | ${c.bare.toFixed(0)} | ${c.bareHeaders?.toFixed(0) ?? ''} | ${c.nginx === undefined ? 'not installed' : c.nginx.toFixed(0)} | ${ratio(c.health)} | ${ratio(c.list)} | ${ratio(c.listToHeaders)} |`,
    ),
    '',
    `The order emails wait while the buyers crowd the server, a minute at most (docs/decisions/023): those of the order cases at ${SIZES[0].toLocaleString('en-US')} tools, and how long the server took to send them all once the cases were over (the same emails at every size):`,
    '',
    ...rows
      .filter((r) => r.mail)
      .map(
        (r) =>
          `- ${r.database}, ${r.tools.toLocaleString('en-US')} tools: ${r.mail.emails.toLocaleString('en-US')} emails in ${r.mail.seconds.toFixed(1)} s${r.mail.left ? ` (${r.mail.left.toLocaleString('en-US')} still waiting after ${MAIL_CATCH_UP_MS / 1000} s)` : ''}`,
      ),
    '',
    '| Database | Tools | Target | Measured | Met |',
    '|---|---:|---|---|---|',
    ...verdicts.map((v) => `| ${v.db} | ${v.size.toLocaleString('en-US')} | ${v.target} | ${v.value} | ${v.ok ? 'yes' : '**no**'} |`),
  ];
  return lines.join('\n');
}

const ratio = (value) => (value === undefined ? '' : `${value.toFixed(2)} x`);

/**
 * Bare Fastify's throughput at one database and size: the mean of its runs before and after the
 * store's health and list (one of them when the other was not run), or undefined.
 */
function bareCeiling(rows, db, size) {
  const runs = rows.filter((r) => r.database === db && r.tools === size && (r.case === 'bare' || r.case === 'bare again'));
  return runs.length === 0 ? undefined : runs.reduce((sum, r) => sum + r.requestsPerSecond, 0) / runs.length;
}

/** Per database and catalog size: the ceilings' throughput and the store's ratios to bare Fastify. */
function ceilingRows(rows) {
  const out = [];
  for (const first of rows.filter((r) => r.case === 'bare')) {
    const find = (c) => rows.find((r) => r.database === first.database && r.tools === first.tools && r.case === c);
    const bare = bareCeiling(rows, first.database, first.tools);
    out.push({
      db: first.database,
      size: first.tools,
      bare,
      nginx: find('nginx')?.requestsPerSecond,
      bareHeaders: find('bare+headers')?.requestsPerSecond,
      listToHeaders: find('list') && find('bare+headers') && find('list').requestsPerSecond / find('bare+headers').requestsPerSecond,
      health: find('health') && find('health').requestsPerSecond / bare,
      list: find('list') && find('list').requestsPerSecond / bare,
    });
  }
  return out;
}

function ceilingLines(rows) {
  return ceilingRows(rows).map(
    (c) =>
      `${c.db} ${c.size}: bare Fastify ${c.bare.toFixed(0)} req/s${c.nginx === undefined ? '' : `, nginx ${c.nginx.toFixed(0)} req/s`}; health ${c.health?.toFixed(2) ?? '-'} x, list ${c.list?.toFixed(2) ?? '-'} x bare Fastify${c.listToHeaders === undefined ? '' : `, list ${c.listToHeaders.toFixed(2)} x bare Fastify with the store's headers (${c.bareHeaders.toFixed(0)} req/s)`}`,
  );
}

async function main() {
  assertBuilt();
  const sqliteVersion = (await import('better-sqlite3')).default(':memory:').prepare('select sqlite_version() as v').get().v;
  const machine = {
    date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
    cpu: os.cpus()[0]?.model ?? 'unknown CPU',
    cores: os.cpus().length,
    memory: Math.round(os.totalmem() / 1024 ** 3),
    os: `${os.type()} ${os.release()}`,
    node: process.versions.node,
    sqlite: sqliteVersion,
    postgres: DATABASES.includes('postgres') ? await postgresVersion() : null,
    load: os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' / '),
  };
  const rows = [];
  if (DATABASES.includes('sqlite')) rows.push(...(await benchDatabase('sqlite', 4214)));
  if (DATABASES.includes('postgres')) {
    if (machine.postgres) rows.push(...(await benchDatabase('postgres', 4215)));
    else log(`PostgreSQL at ${PG_URL} does not answer: skipped`);
  }

  const verdicts = judge(rows);
  console.log('\nTargets:');
  for (const v of verdicts) console.log(`  ${v.ok ? 'ok  ' : 'MISS'} ${v.db} ${v.size} ${v.target}: ${v.value}`);
  for (const line of ceilingLines(rows)) console.log(`  ${line}`);
  // A partial run (some cases only) prints its figures but leaves the recorded ones alone.
  if (CASES) log('BENCH_CASES is set: docs/performance.md is not rewritten');
  else {
    const file = writeSection('bench', markdown(rows, verdicts, machine));
    log(`written to ${path.relative(process.cwd(), file)}`);
  }
  if (verdicts.some((v) => !v.ok)) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
