// What PostgreSQL's placing function (decision 014) costs per 5-line order, as built and with
// the order tables' foreign keys or secondary indexes left out: where a flash sale's database
// time goes. No server and no HTTP: groups of 49 orders of the same 5 tools, called one after
// another on one connection, each decided on the tools as read (decision 024): the database's
// own work per order, with no other group to wait for.
//
//   node scripts/bench/placing-cost.mjs            (TEST_DATABASE_URL, default the local `test`)
//   PLACING_ROUNDS=3 node scripts/bench/placing-cost.mjs
//
// Each variant runs on a fresh schema (made, migrated, dropped), the variants alternated over
// the rounds: the ratios to "as built" are what to read, the times depend on the host.
import { register } from 'tsx/esm/api';
import { sql } from 'kysely';

register();
const { connectDatabase } = await import('../../apps/server/src/db/connect.ts');
const { migrateToLatest } = await import('../../apps/server/src/db/migrate.ts');
const { postgresPlacingFunction } = await import('../../apps/server/src/modules/orders/orders.repository.ts');

const URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ROUNDS = Number(process.env.PLACING_ROUNDS ?? 2);
const GROUP = 49;
const LINES = 5;
const BUYERS = 50;
/** Each variant's measured runs, and the groups placed in each. */
const RUNS = 4;
const GROUPS_A_RUN = 30;
const ORDER_TABLES = ['orders', 'order_line', 'order_event', 'outbox'];

/** What each variant leaves out of the migrated schema: foreign keys and indexes of the order tables. */
const VARIANTS = {
  'as built': () => false,
  'no foreign keys': (c) => c.kind === 'fk',
  'no foreign keys to tool': (c) => c.kind === 'fk' && / tool\(/.test(c.def),
  'no foreign keys to orders': (c) => c.kind === 'fk' && / orders\(/.test(c.def),
  'no trigram indexes': (c) => c.kind === 'index' && /gin_trgm_ops/.test(c.def),
  'no trigram index on lines': (c) => c.name === 'order_line_search_trgm_idx',
  'no btree secondary indexes': (c) => c.kind === 'index' && !/gin_trgm_ops/.test(c.def),
};

/** Microseconds per order of `groups` groups: the function's call, its commit included. */
async function perOrder(db, name, input, groups) {
  const start = process.hrtime.bigint();
  for (let g = 0; g < groups; g++) await sql`select ${sql.id(name)}(${input}::jsonb, false)`.execute(db);
  return Number(process.hrtime.bigint() - start) / 1e3 / (groups * GROUP);
}

async function measure(variant) {
  const schema = `placing_${Date.now().toString(36)}`;
  const admin = connectDatabase({ url: URL, poolSize: 1 });
  await sql`create schema ${sql.id(schema)}`.execute(admin.db);
  // better-auth makes "user" in the store; its id is all the orders reference.
  await sql`create table ${sql.id(schema, 'user')} (id text primary key, name text, email text, "emailVerified" boolean, role text,
    "deletedAt" timestamptz, "createdAt" timestamptz, "updatedAt" timestamptz)`.execute(admin.db);
  const { db } = connectDatabase({ url: URL, schema, poolSize: 1 });
  try {
    await migrateToLatest(db, 'postgres', schema);
    const now = new Date().toISOString();
    for (let i = 1; i <= LINES; i++) {
      await sql`insert into tool (name, sku, description, img, price_cents, available, minimum, created_at, updated_at)
        values (${`Cordless Drill 18V, model ${i}`}, ${`TF-CD18-${i}`}, 'A drill', '/x.png', 1000, 100000000, 1, ${now}, ${now})`.execute(
        db,
      );
    }
    const tools = (await sql`select id from tool order by id`.execute(db)).rows.map((row) => row.id);
    for (let u = 0; u < BUYERS; u++) {
      await sql`insert into "user" (id, name, email) values (${`u${u}`}, ${`Buyer ${u}`}, ${`buyer${u}@example.com`})`.execute(db);
    }
    const left = [
      ...(
        await sql`select c.conname as name, c.conrelid::regclass::text as tbl, pg_get_constraintdef(c.oid) as def
          from pg_constraint c where c.connamespace = ${schema}::regnamespace and c.contype = 'f'
            and c.conrelid::regclass::text in (${sql.join(ORDER_TABLES)})`.execute(db)
      ).rows.map((row) => ({ ...row, kind: 'fk' })),
      ...(
        await sql`select indexname as name, indexdef as def from pg_indexes
          where schemaname = ${schema} and tablename in (${sql.join(ORDER_TABLES)})
            and indexname not like '%_pkey' and indexdef not like 'CREATE UNIQUE%'`.execute(db)
      ).rows.map((row) => ({ ...row, kind: 'index' })),
    ].filter(VARIANTS[variant]);
    for (const c of left) {
      await sql.raw(c.kind === 'fk' ? `alter table ${c.tbl} drop constraint ${c.name}` : `drop index ${c.name}`).execute(db);
    }
    const { name, create } = postgresPlacingFunction(db);
    await sql.raw(create).execute(db);
    const input = JSON.stringify(
      Array.from({ length: GROUP }, (_, k) => ({
        userId: `u${k % BUYERS}`,
        tools,
        quantities: tools.map(() => 2),
        buyerEmail: `buyer${k % BUYERS}@example.com`,
        buyerName: `Buyer ${k % BUYERS}`,
        phone: '+1 555 010 2030',
        address: '12 Main St, Springfield',
        poNumber: `PO-${k}`,
        idempotencyKey: null,
        maxUnpaidOrders: 0,
        now,
      })),
    );
    await perOrder(db, name, input, 40); // warm: plans cached, pages in memory
    const runs = [];
    for (let r = 0; r < RUNS; r++) runs.push(await perOrder(db, name, input, GROUPS_A_RUN));
    return runs;
  } finally {
    await db.destroy();
    await sql`drop schema ${sql.id(schema)} cascade`.execute(admin.db);
    await admin.db.destroy();
  }
}

const results = new Map(Object.keys(VARIANTS).map((v) => [v, []]));
for (let round = 0; round < ROUNDS; round++) {
  for (const variant of Object.keys(VARIANTS)) results.get(variant).push(...(await measure(variant)));
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const base = median(results.get('as built'));
console.log(
  `A ${LINES}-line order in groups of ${GROUP}, ${ROUNDS} rounds of ${RUNS} runs of ${GROUPS_A_RUN} groups (median, us per order):`,
);
for (const [variant, runs] of results) {
  console.log(`  ${variant.padEnd(28)} ${median(runs).toFixed(0).padStart(5)} us  ${(median(runs) / base).toFixed(2)} x`);
}
