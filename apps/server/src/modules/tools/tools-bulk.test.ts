import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ImportResult, StockHistory } from '@toolsify/shared/tools-bulk';
import { IMPORT_MAX_ROWS, toolCsvColumns } from '@toolsify/shared/tools-bulk';
import type { Tool } from '@toolsify/shared/tools';
import { sql } from 'kysely';
import {
  importRow,
  importHeader,
  addToolAs,
  as,
  createTestApp,
  signUp,
  signUpAdmin,
  usePostgres,
  type TestUser,
} from '../../test/helpers.ts';
import { assertInvariants, databaseFingerprint } from '../../test/invariants.ts';
import { orderBody } from '../../test/authz-matrix.recipes.ts';
import { parseCsv } from '../../test/csv.ts';
import { csvRecord } from '../../lib/csv.ts';

/** Products in bulk (CSV export and import) and each tool's stock history, on the real database. */
describe('products in bulk', () => {
  let app: FastifyInstance;
  let admin: TestUser;
  let customer: TestUser;
  let made = 0;

  const header = importHeader;
  const row = importRow;
  const importCsv = (body: string, dryRun: boolean, user: TestUser | null = admin) =>
    as(app, user, {
      method: 'POST',
      url: `/api/tools/import${dryRun ? '?dryRun=true' : ''}`,
      headers: { 'content-type': 'text/csv' },
      payload: body,
    });
  const create = async (payload: Record<string, unknown> = {}): Promise<Tool> => {
    made += 1;
    return addToolAs(app, admin, { name: `Bulk tool ${made}`, sku: `BULK-${made}`, ...payload });
  };
  const exportRows = async () => {
    const res = await as(app, admin, { method: 'GET', url: '/api/tools/export.csv' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    return parseCsv(res.body.slice(1));
  };
  const toolOf = async (id: number) => (await app.inject({ url: `/api/tools/${id}` })).json() as Tool;
  const history = async (id: number, query = '') => {
    const res = await as(app, admin, { method: 'GET', url: `/api/tools/${id}/stock-history${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as StockHistory;
  };

  beforeAll(async () => {
    app = await createTestApp({ MAX_UNPAID_ORDERS_PER_BUYER: '0' });
    admin = await signUpAdmin(app);
    customer = await signUp(app);
  });
  afterAll(() => app?.close());

  it('exports every live tool with its columns, quoted by RFC 4180 and defused against formulas', async () => {
    const plain = await create({
      priceCents: 1999,
      available: 30,
      minimum: 5,
      packSize: 5,
      maxPerOrder: 20,
      priceBreaks: [{ minQuantity: 10, unitPriceCents: 1799 }],
      lowStockThreshold: 8,
      category: 'Power tools',
    });
    await create({
      name: '=HYPERLINK("http://evil.example","Click")',
      description: 'Line one, with a comma\nline "two"\r\nZoë’s 10 mm Bohrer',
      sku: '-TRICKY-1',
    });
    const gone = await create();
    expect((await as(app, admin, { method: 'DELETE', url: `/api/tools/${gone.id}` })).statusCode).toBe(204);

    const rows = await exportRows();
    expect(rows[0]).toEqual([...toolCsvColumns]);
    const bySku = new Map(rows.slice(1).map((r) => [r[0], r]));
    expect(bySku.get(plain.sku)).toEqual([
      plain.sku,
      plain.name,
      'Made by the test',
      '/images/tools/drill.svg',
      '19.99',
      '30',
      '5',
      '5',
      '20',
      '10:17.99',
      '8',
      'Power tools',
    ]);
    const trickyRow = bySku.get("'-TRICKY-1");
    expect(trickyRow?.[1]).toBe(`'=HYPERLINK("http://evil.example","Click")`);
    expect(trickyRow?.[2]).toBe('Line one, with a comma\nline "two"\r\nZoë’s 10 mm Bohrer');
    expect(trickyRow?.[8]).toBe('');
    // No alert set: an empty cell, as for no maximum.
    expect(trickyRow?.[10]).toBe('');
    expect(trickyRow?.[11]).toBe('');
    expect(bySku.has(gone.sku)).toBe(false);
    expect(rows.slice(1).every((r) => r.length === toolCsvColumns.length)).toBe(true);
  });

  it('takes its own export back unchanged: every row of a dry run is "unchanged"', async () => {
    const res = await as(app, admin, { method: 'GET', url: '/api/tools/export.csv' });
    const ledgerSize = async () => (await app.db.selectFrom('stock_adjustment').select('id').execute()).length;
    const before = await databaseFingerprint(app.db);
    const adjustments = await ledgerSize();
    const dry = await importCsv(res.body, true);
    expect(dry.statusCode, dry.body).toBe(200);
    const result = dry.json() as ImportResult;
    expect(result.rows.length).toBeGreaterThan(1);
    expect(result.rows.every((r) => r.action === 'unchanged')).toBe(true);
    expect(await databaseFingerprint(app.db)).toBe(before);
    // And the real import of it changes no tool and no stock: only its audit row is written.
    const real = await importCsv(res.body, false);
    expect(real.statusCode, real.body).toBe(200);
    expect((real.json() as ImportResult).unchanged).toBe(result.rows.length);
    const audit = await app.db
      .selectFrom('audit_event')
      .selectAll()
      .where('action', '=', 'tool.import')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.actor_id).toBe(admin.id);
    expect((await as(app, admin, { method: 'GET', url: '/api/tools/export.csv' })).body).toBe(res.body);
    expect(await ledgerSize()).toBe(adjustments);
  });

  it('answers a dry run per row (create, update, unchanged, errors with their column) and writes nothing', async () => {
    const tool = await create({ sku: 'DRY-1', available: 10, minimum: 2 });
    const same = await create({ sku: 'DRY-2', name: 'Same tool', description: 'Stays', priceCents: 500, available: 7, minimum: 1 });
    const body =
      header +
      row('DRY-NEW') +
      row('dry-1', { name: tool.name, description: tool.description, price: '11.00', stock: 25, minimum: 2 }) +
      row('DRY-2', { name: 'Same tool', description: 'Stays', price: '5.00', stock: 7, minimum: 1 }) +
      row('DRY-BAD', { price: '-3', stock: 'lots', name: '' }) +
      row('DRY-NEW') +
      row('DRY-PACK', { pack_size: 5, minimum: 3, price_breaks: '10:11.00;5:10.00' });
    const before = await databaseFingerprint(app.db);
    const res = await importCsv(body, true);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json() as ImportResult;
    expect(result).toMatchObject({ dryRun: true, created: 1, updated: 1, unchanged: 1, errors: 3 });
    const [created, updated, unchanged, bad, duplicate, pack] = result.rows;
    expect(created).toMatchObject({ row: 2, sku: 'DRY-NEW', action: 'create', toolId: null, stockDelta: 40, errors: [] });
    // A new product shows what it will be, as the file was read: "$1,250.00" would say 1250.00 here.
    expect(created?.diff).toEqual([
      { field: 'name', from: '', to: 'Imported DRY-NEW' },
      { field: 'priceCents', from: '', to: '12.50' },
      { field: 'minimum', from: '', to: '2' },
      { field: 'packSize', from: '', to: '1' },
    ]);
    // Matched in any case, the SKU stays as the store writes it: the file's case renames nothing.
    expect(updated).toMatchObject({ row: 3, sku: 'DRY-1', action: 'update', toolId: tool.id, changes: ['priceCents'], stockDelta: 15 });
    // Each change from and to, as the file writes its cells: the admin checks them before confirming.
    expect(updated?.diff).toEqual([{ field: 'priceCents', from: '10.00', to: '11.00' }]);
    expect(unchanged?.diff).toEqual([]);
    expect(unchanged).toMatchObject({ row: 4, action: 'unchanged', toolId: same.id, changes: [], stockDelta: 0 });
    expect(bad?.action).toBe('error');
    // In the file's column order, each named as the admin wrote it.
    expect(bad?.errors.map((e) => e.column)).toEqual(['name', 'price', 'stock']);
    expect(bad?.errors.find((e) => e.column === 'stock')?.message).toBe('Must be a whole number');
    expect(bad?.errors.find((e) => e.column === 'price')?.message).toBe('Price cannot be negative');
    expect(duplicate).toMatchObject({ row: 6, action: 'error', errors: [{ column: 'sku', message: 'The same SKU is on line 2 already' }] });
    // The pricing rule of Add a Product (pricingIssues), on its columns.
    expect(pack?.errors).toEqual([
      { column: 'minimum', message: 'Minimum must be a whole number of packs of 5' },
      { column: 'price_breaks', message: 'Price break 2 (quantity): Each price break must start above the one before' },
    ]);
    expect(await databaseFingerprint(app.db)).toBe(before);
  });

  it('reads numbers as a spreadsheet shows them, "$1,250.00" and "2,500", and never a decimal comma as thousands', async () => {
    const body =
      header +
      row('COMMA-OK', { price: '$1,250.00', stock: '2,500', minimum: '1,000', price_breaks: '1,500:1,100.00' }) +
      // A spreadsheet in a decimal-comma locale: 12,50 is twelve and a half, not 1,250.
      row('COMMA-EU', { price: '12,50', stock: '1,0' });
    const before = await databaseFingerprint(app.db);
    const res = await importCsv(body, true);
    expect(res.statusCode, res.body).toBe(200);
    const [ok, european] = (res.json() as ImportResult).rows;
    expect(ok).toMatchObject({ action: 'create', stockDelta: 2_500, errors: [] });
    expect(european?.errors).toEqual([
      { column: 'price', message: 'Use a point for the cents: 12.50' },
      { column: 'stock', message: 'Must be a whole number' },
    ]);
    const imported = await importCsv(
      header + row('COMMA-OK', { price: '$1,250.00', stock: '2,500', minimum: '1,000', price_breaks: '1,500:1,100.00' }),
      false,
    );
    expect(imported.statusCode, imported.body).toBe(200);
    const { id } = await app.db.selectFrom('tool').select('id').where('sku', '=', 'COMMA-OK').executeTakeFirstOrThrow();
    expect((await app.inject({ url: `/api/tools/${id}` })).json()).toMatchObject({
      priceCents: 125_000,
      available: 2_500,
      minimum: 1_000,
      priceBreaks: [{ minQuantity: 1_500, unitPriceCents: 110_000 }],
    });
    expect(before).not.toBe(await databaseFingerprint(app.db));
  });

  it('takes a file of some columns: sku,price changes prices and leaves the stock as it is now (an old export would put back what was sold)', async () => {
    const tool = await create({ sku: 'PART-1', available: 500, priceCents: 890 });
    // A buyer takes 100 after the export.
    const order = await as(app, customer, { method: 'POST', url: '/api/orders', payload: orderBody(tool.id, 100) });
    expect(order.statusCode, order.body).toBe(201);
    const dry = await importCsv('sku,price,Notes\r\nPART-1,9.10,from the 2027 list\r\n', true);
    expect(dry.statusCode, dry.body).toBe(200);
    const result = dry.json() as ImportResult;
    expect(result.ignoredColumns).toEqual(['Notes']);
    expect(result.rows[0]).toMatchObject({ action: 'update', changes: ['priceCents'], stockDelta: 0, errors: [] });
    expect((await importCsv('sku,price,Notes\r\nPART-1,9.10,from the 2027 list\r\n', false)).statusCode).toBe(200);
    expect((await app.inject({ url: `/api/tools/${tool.id}` })).json()).toMatchObject({ priceCents: 910, available: 400 });
    // The SKU in another case finds the tool and does not rename it.
    const lower = (await importCsv('sku,price\r\npart-1,9.20\r\n', true)).json() as ImportResult;
    expect(lower.rows[0]).toMatchObject({ action: 'update', sku: 'PART-1', changes: ['priceCents'], errors: [] });
    expect((await importCsv('sku,price\r\npart-1,9.20\r\n', false)).statusCode).toBe(200);
    expect((await app.inject({ url: `/api/tools/${tool.id}` })).json()).toMatchObject({ sku: 'PART-1', priceCents: 920 });

    // A new product in such a file is named what it lacks; the file is refused whole.
    const before = await databaseFingerprint(app.db);
    const refused = await importCsv('sku,price\r\nPART-NEW,5.00\r\n', false);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Name');
    // Numbers past any limit say so, not "whole number" or "2 decimals".
    const huge = (await importCsv(`sku,stock,price\r\nPART-1,99999999999999999999,"1,000,000,000.00"\r\n`, true)).json() as ImportResult;
    expect(huge.rows[0]?.errors).toEqual([
      { column: 'price', message: 'Price must be $999,999.99 or less' },
      { column: 'stock', message: 'Must be 10,000,000 or less' },
    ]);
    expect(await databaseFingerprint(app.db)).toBe(before);
  });

  it("sets the low-stock alert: a number of pieces, empty for none; a file without the column keeps each tool's alert", async () => {
    const watched = await create({ sku: 'ALERT-1', lowStockThreshold: 5 });
    const alertOf = async (sku: string) =>
      (await app.db.selectFrom('tool').select('low_stock_threshold').where('sku', '=', sku).executeTakeFirstOrThrow()).low_stock_threshold;
    const same = { name: watched.name, description: watched.description, price: '10.00', stock: 50, minimum: 1 };

    const dry = await importCsv(
      header +
        row('ALERT-1', { ...same, low_stock_alert: '' }) +
        row('ALERT-NEW', { low_stock_alert: '1,200', stock: 5000 }) +
        row('ALERT-BAD', { low_stock_alert: '-1' }) +
        row('ALERT-TEXT', { low_stock_alert: 'some' }),
      true,
    );
    expect(dry.statusCode, dry.body).toBe(200);
    const [cleared, created, negative, text] = (dry.json() as ImportResult).rows;
    expect(cleared).toMatchObject({
      action: 'update',
      changes: ['lowStockThreshold'],
      diff: [{ field: 'lowStockThreshold', from: '5', to: '' }],
    });
    expect(created).toMatchObject({ action: 'create', errors: [] });
    expect(negative?.errors).toEqual([{ column: 'low_stock_alert', message: 'Low-stock alert cannot be negative' }]);
    expect(text?.errors).toEqual([{ column: 'low_stock_alert', message: 'Must be a whole number' }]);

    const real = await importCsv(
      header + row('ALERT-1', { ...same, low_stock_alert: '' }) + row('ALERT-NEW', { low_stock_alert: '1,200', stock: 5000 }),
      false,
    );
    expect(real.statusCode, real.body).toBe(200);
    expect(await alertOf('ALERT-1')).toBeNull();
    expect(await alertOf('ALERT-NEW')).toBe(1200);

    // A file written before the column (or without it): each tool keeps its alert, a new one has none.
    const older = toolCsvColumns.filter((column) => column !== 'low_stock_alert' && column !== 'category');
    const olderRow = (sku: string, stock: number) =>
      csvRecord(
        older.map(
          (column) =>
            ({ ...same, sku, image: '/images/tools/drill.svg', pack_size: 1, max_per_order: '', price_breaks: '', stock })[column] as
              string | number,
        ),
      );
    const kept = await importCsv(csvRecord(older) + olderRow('ALERT-NEW', 4000) + olderRow('ALERT-OLD', 9), false);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(await alertOf('ALERT-NEW')).toBe(1200);
    expect(await alertOf('ALERT-OLD')).toBeNull();
  });

  it('imports all or nothing: one bad row is a 400 naming its row and column, and nothing is written', async () => {
    const tool = await create({ sku: 'ALL-1', available: 10 });
    const before = await databaseFingerprint(app.db);
    const body = header + row('ALL-NEW-1') + row('ALL-1', { stock: 99 }) + row('ALL-NEW-2', { image: 'ftp://nope/x.png', minimum: 50 });
    const res = await importCsv(body, false);
    expect(res.statusCode, res.body).toBe(400);
    const error = (res.json() as { error: { code: string; message: string; fields: Record<string, string> } }).error;
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toBe('1 row has errors; nothing was imported.');
    expect(error.fields).toEqual({
      'row 4, image': 'Image must be an uploaded file or an https:// URL',
      'row 4, minimum': 'Minimum Quantity must be less than available quantity',
    });
    expect(await databaseFingerprint(app.db)).toBe(before);
    expect((await toolOf(tool.id)).available).toBe(10);
  });

  it('creates and updates in one transaction; stock moves are restocks and corrections in the ledger; the audit log has the import and each product it changed', async () => {
    const up = await create({ sku: 'REAL-UP', available: 10 });
    const down = await create({ sku: 'REAL-DOWN', available: 30 });
    const body =
      header +
      row('REAL-NEW', { stock: 12, price_breaks: '10:11.00', max_per_order: 50 }) +
      row('real-up', { name: up.name, description: up.description, price: '10.00', stock: 25, minimum: 1, price_breaks: '5:9.00' }) +
      row('REAL-DOWN', { name: 'Renamed by import', description: down.description, price: '10.00', stock: 4, minimum: 1 });
    const res = await importCsv(body, false);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json() as ImportResult;
    expect(result).toMatchObject({ dryRun: false, created: 1, updated: 2, unchanged: 0, errors: 0 });
    const newId = result.rows[0]?.toolId;
    expect(newId).toEqual(expect.any(Number));
    const fresh = await toolOf(newId as number);
    expect(fresh).toMatchObject({
      sku: 'REAL-NEW',
      priceCents: 1250,
      available: 12,
      minimum: 2,
      maxPerOrder: 50,
      priceBreaks: [{ minQuantity: 10, unitPriceCents: 1100 }],
    });
    expect(await toolOf(up.id)).toMatchObject({ sku: 'REAL-UP', available: 25, priceBreaks: [{ minQuantity: 5, unitPriceCents: 900 }] });
    expect(await toolOf(down.id)).toMatchObject({ name: 'Renamed by import', available: 4 });

    const ledger = await app.db
      .selectFrom('stock_adjustment')
      .select(['tool_id', 'delta', 'reason', 'user_id', 'note'])
      .where('tool_id', 'in', [up.id, down.id, newId as number])
      .orderBy('id')
      .execute();
    expect(ledger.filter((a) => a.reason !== 'initial' || a.tool_id === newId)).toEqual([
      { tool_id: newId, delta: 12, reason: 'initial', user_id: admin.id, note: 'CSV import' },
      { tool_id: up.id, delta: 15, reason: 'restock', user_id: admin.id, note: 'CSV import' },
      { tool_id: down.id, delta: -26, reason: 'correction', user_id: admin.id, note: 'CSV import' },
    ]);
    // The stock history says which moves the import made: not the first stock, added by hand.
    expect((await history(up.id)).items.map((e) => [e.kind, e.quantity, e.note])).toEqual([
      ['restock', 15, 'CSV import'],
      ['initial', 10, null],
    ]);
    const audit = await app.db
      .selectFrom('audit_event')
      .selectAll()
      .where('action', '=', 'tool.import')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      actor_id: admin.id,
      actor_email: admin.email,
      target_type: 'catalog',
      target_label: '3 products: 1 created, 2 updated',
    });
    expect(JSON.parse(audit.changes)).toEqual({ before: null, after: { created: 1, updated: 2, unchanged: 0, rows: 3 } });
    // Each product's change is in the log as an edit would record it, so its history shows the import.
    const products = await app.db
      .selectFrom('audit_event')
      .select(['action', 'target_type', 'target_id', 'target_label', 'changes', 'actor_id'])
      .where('target_type', '=', 'tool')
      .where('target_id', 'in', [String(up.id), String(down.id), String(newId)])
      .where('id', '<', audit.id)
      .where('action', '!=', 'tool.create')
      .orderBy('id')
      .execute();
    expect(products.map(({ changes, ...rest }) => ({ ...rest, changes: JSON.parse(changes) as unknown }))).toMatchObject([
      {
        action: 'tool.update',
        target_id: String(up.id),
        actor_id: admin.id,
        changes: { before: { available: 10 }, after: { available: 25 } },
      },
      {
        action: 'tool.update',
        target_id: String(down.id),
        target_label: 'Renamed by import (REAL-DOWN)',
        changes: { before: { name: down.name, available: 30 }, after: { name: 'Renamed by import', available: 4 } },
      },
    ]);
    expect(JSON.parse(products[0]?.changes ?? '{}').after).toEqual({
      available: 25,
      priceBreaks: [{ minQuantity: 5, unitPriceCents: 900 }],
    });
    const createdEntry = await app.db
      .selectFrom('audit_event')
      .select(['changes', 'target_label'])
      .where('action', '=', 'tool.create')
      .where('target_id', '=', String(newId))
      .executeTakeFirstOrThrow();
    expect(createdEntry.target_label).toContain('(REAL-NEW)');
    expect(JSON.parse(createdEntry.changes)).toMatchObject({ before: null, after: { sku: 'REAL-NEW', available: 12, maxPerOrder: 50 } });
    // The new tool is in the catalog at once (the cache was cleared).
    const list = (await app.inject({ url: '/api/tools?q=REAL-NEW' })).json() as { items: Tool[] };
    expect(list.items.map((t) => t.id)).toContain(newId);
    // And the search index follows the updates: the renamed tool is found by its new name.
    const renamed = (await app.inject({ url: '/api/tools?q=renamed%20import' })).json() as { items: Tool[] };
    expect(renamed.items.map((t) => t.id)).toEqual([down.id]);
    await assertInvariants(app.db);
  });

  it('answers each row of many new and changed tools with its own tool, written a few hundred rows at a time', async () => {
    const existing = await Promise.all([create({ sku: 'MANY-OLD-1', available: 5 }), create({ sku: 'MANY-OLD-2', available: 5 })]);
    // More rows than one statement writes (500), new and existing tools interleaved.
    const skus = Array.from({ length: 520 }, (_, i) => (i === 3 ? 'many-old-2' : i === 511 ? 'MANY-OLD-1' : `MANY-${i}`));
    const body = header + skus.map((sku, i) => row(sku, { name: `Many ${i}`, stock: i + 2, minimum: 1 })).join('');
    const res = await importCsv(body, false);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json() as ImportResult;
    expect(result).toMatchObject({ created: 518, updated: 2, errors: 0 });
    const tools = new Map(
      (await app.db.selectFrom('tool').select(['id', 'sku', 'name', 'available']).where('name', 'like', 'Many %').execute()).map((t) => [
        t.id,
        t,
      ]),
    );
    expect(tools.size).toBe(520);
    for (const [i, r] of result.rows.entries()) {
      expect(r.row).toBe(i + 2);
      // An existing tool keeps its SKU as written, whatever the file's case.
      expect(tools.get(r.toolId as number), `row ${r.row}`).toEqual({
        id: r.toolId,
        sku: skus[i]?.toUpperCase(),
        name: `Many ${i}`,
        available: i + 2,
      });
    }
    expect(result.rows[3]?.toolId).toBe(existing[1]?.id);
    expect(result.rows[511]?.toolId).toBe(existing[0]?.id);
    await assertInvariants(app.db);
  });

  it('never overwrites stock held by unpaid orders: the stock column is what buyers can order, the held pieces stay held', async () => {
    const tool = await create({ sku: 'HELD-1', available: 20 });
    const order = await as(app, customer, { method: 'POST', url: '/api/orders', payload: orderBody(tool.id, 6) });
    expect(order.statusCode, order.body).toBe(201);
    expect((await toolOf(tool.id)).available).toBe(14);
    // Exported at 14; the admin sets 30 to have.
    const res = await importCsv(
      header + row('HELD-1', { name: tool.name, description: tool.description, price: '10.00', stock: 30, minimum: 1 }),
      false,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as ImportResult).rows[0]).toMatchObject({ action: 'update', stockDelta: 16 });
    const after = await history(tool.id);
    expect(after).toMatchObject({ available: 30, heldByUnpaid: 6, unpaidOrders: 1 });
    await assertInvariants(app.db);
    // Cancelled, the held pieces come back on top of it.
    const orderId = (order.json() as { id: number }).id;
    expect((await as(app, customer, { method: 'DELETE', url: `/api/orders/${orderId}` })).statusCode).toBeLessThan(300);
    expect(await history(tool.id)).toMatchObject({ available: 36, heldByUnpaid: 0, unpaidOrders: 0 });
  });

  it.runIf(usePostgres)('locks its tools in id order, as placing an order does, so an import and orders never deadlock', async () => {
    // The tool made first (the lower id) has the SKU that sorts last: locked by SKU, the second would be locked first.
    const first = await create({ sku: 'ZZ-LOCK-1', available: 10 });
    const second = await create({ sku: 'AA-LOCK-2', available: 10 });
    // And its row is now after the second's in the table: read in table order too, the second comes first.
    await sql`update tool set updated_at = updated_at where id = ${first.id}`.execute(app.db);
    const file = header + row('ZZ-LOCK-1', { stock: 60 }) + row('AA-LOCK-2', { stock: 70 });
    let imported: ReturnType<typeof importCsv> | undefined;
    await app.db.transaction().execute(async (trx) => {
      // A group placing orders of both tools: it holds the first, in id order, and takes the second next.
      await sql`select 1 from tool where id = ${first.id} for no key update`.execute(trx);
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      imported = importCsv(file, false);
      // Once the import waits for the group...
      for (;;) {
        const waiting = await sql<{ n: number }>`
          select count(*)::integer as n from pg_stat_activity where ${rows[0]!.pid} = any(pg_blocking_pids(pid))`.execute(app.db);
        if (waiting.rows[0]!.n > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      // ...the group takes the second: had the import locked it already, this was a deadlock.
      await sql`select 1 from tool where id = ${second.id} for no key update`.execute(trx);
    });
    const res = await imported!;
    expect(res.statusCode, res.body).toBe(200);
    expect([(await toolOf(first.id)).available, (await toolOf(second.id)).available]).toEqual([60, 70]);
    await assertInvariants(app.db);
  });

  it('shows the stock history: adjustments, orders and cancellations, newest first, with who, paged', async () => {
    const tool = await create({ sku: 'HIST-1', available: 20 });
    const restock = await as(app, admin, {
      method: 'PATCH',
      url: `/api/tools/${tool.id}`,
      payload: { stock: { delta: 5, reason: 'restock' } },
    });
    expect(restock.statusCode, restock.body).toBe(200);
    const placed = await as(app, customer, { method: 'POST', url: '/api/orders', payload: orderBody(tool.id, 3) });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = (placed.json() as { id: number }).id;
    const kept = await as(app, customer, { method: 'POST', url: '/api/orders', payload: orderBody(tool.id, 2) });
    const keptId = (kept.json() as { id: number }).id;
    expect((await as(app, admin, { method: 'DELETE', url: `/api/orders/${orderId}` })).statusCode).toBeLessThan(300);

    const full = await history(tool.id);
    expect(full).toMatchObject({ toolId: tool.id, sku: 'HIST-1', available: 23, heldByUnpaid: 2, unpaidOrders: 1, nextCursor: null });
    expect(full.items.map((e) => [e.kind, e.quantity, e.by, e.orderId])).toEqual([
      ['cancel', 3, admin.email, orderId],
      ['order', -2, customer.email, keptId],
      ['order', -3, customer.email, orderId],
      ['restock', 5, admin.email, null],
      ['initial', 20, admin.email, null],
    ]);
    expect(full.items[1]?.note).toBe('unpaid');
    const stamps = full.items.map((e) => Date.parse(e.at));
    expect(stamps).toEqual([...stamps].sort((a, b) => b - a));

    const first = await history(tool.id, '?limit=2');
    expect(first.items).toEqual(full.items.slice(0, 2));
    expect(first.nextCursor).not.toBeNull();
    const second = await history(tool.id, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.items).toEqual(full.items.slice(2, 4));
    const third = await history(tool.id, `?limit=2&cursor=${second.nextCursor}`);
    expect(third.items).toEqual(full.items.slice(4));
    expect(third.nextCursor).toBeNull();
  });

  it('names an expiry as the store and its reason in the history', async () => {
    const tool = await create({ sku: 'EXP-1', available: 9 });
    const placed = await as(app, customer, { method: 'POST', url: '/api/orders', payload: orderBody(tool.id, 4) });
    expect(placed.statusCode, placed.body).toBe(201);
    const { expireUnpaidOrders } = await import('../orders/orders.service.ts');
    expect(await expireUnpaidOrders(app, new Date(Date.now() + 60_000))).toBeGreaterThanOrEqual(1);
    const [cancel] = (await history(tool.id)).items;
    expect(cancel).toMatchObject({ kind: 'cancel', quantity: 4, by: null, note: 'Not paid in time' });
  });

  it('refuses bad requests with a 400 or 404 naming the problem', async () => {
    const tool = await create();
    for (const query of ['?limit=0', '?limit=101', '?cursor=abc', '?other=1']) {
      const res = await as(app, admin, { method: 'GET', url: `/api/tools/${tool.id}/stock-history${query}` });
      expect(res.statusCode, query).toBe(400);
    }
    // An offset past what the database takes (the fuzz once found it answered 500 on SQLite).
    const tooFar = await as(app, admin, { method: 'GET', url: `/api/tools/${tool.id}/stock-history?cursor=99999999999999999999` });
    expect(tooFar.statusCode).toBe(400);
    expect(tooFar.json().error.fields).toEqual({ cursor: 'cursor is not valid' });
    // The largest offset a cursor may name: a page past the end, empty.
    expect(await history(tool.id, `?cursor=${Number.MAX_SAFE_INTEGER}`)).toMatchObject({ items: [], nextCursor: null });
    expect((await as(app, admin, { method: 'GET', url: '/api/tools/999999/stock-history' })).statusCode).toBe(404);
    const before = await databaseFingerprint(app.db);
    const cases: Array<[string, string]> = [
      ['', 'file'],
      ['name,price\r\n', 'header'],
      [header.replace('sku', 'skew'), 'header'],
      [header, 'file'],
      [header + '"never closed,1\r\n', 'file'],
    ];
    for (const [body, field] of cases) {
      const res = await importCsv(body, false);
      expect(res.statusCode, body).toBe(400);
      expect(Object.keys((res.json() as { error: { fields: object } }).error.fields)).toEqual([field]);
    }
    const badQuery = await as(app, admin, {
      method: 'POST',
      url: '/api/tools/import?dryRun=yes',
      headers: { 'content-type': 'text/csv' },
      payload: header,
    });
    expect(badQuery.statusCode).toBe(400);
    expect((await as(app, admin, { method: 'POST', url: '/api/tools/import', payload: { csv: 'x' } })).statusCode).toBe(400);
    // Excel's plain "CSV" on Windows: Windows-1252 bytes, "°" and "é" each one byte that UTF-8 cannot be.
    const legacy = Buffer.from(header + row('TS-LATIN-1', { name: 'Schraubendreher 3° Präzision', description: 'Clé' }), 'latin1');
    for (const dryRun of [true, false]) {
      const res = await as(app, admin, {
        method: 'POST',
        url: `/api/tools/import${dryRun ? '?dryRun=true' : ''}`,
        headers: { 'content-type': 'text/csv' },
        payload: legacy,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({
        file: 'The file is not UTF-8 text. Save it as CSV UTF-8 (in Excel: Save As, "CSV UTF-8 (Comma delimited)") and upload it again.',
      });
    }
    expect(await databaseFingerprint(app.db)).toBe(before);
  });

  it('takes at most 5 MB and 10,000 rows, and a multipart file as well as a text/csv body', async () => {
    const big = header + row('BIG-1', { description: 'x'.repeat(1900) }).repeat(2800);
    expect(Buffer.byteLength(big)).toBeGreaterThan(5 * 1024 * 1024);
    expect((await importCsv(big, true)).statusCode).toBe(413);

    const many = header + Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, n) => row(`MANY-${n}`)).join('');
    const tooMany = await importCsv(many, true);
    expect(tooMany.statusCode).toBe(400);
    expect((tooMany.json() as { error: { fields: Record<string, string> } }).error.fields.file).toBe(
      'At most 10,000 rows in one import; this file has 10,001.',
    );

    const boundary = '----toolsify-import';
    const file = header + row('MULTI-1');
    const multipartBody =
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="products.csv"\r\nContent-Type: text/csv\r\n\r\n` +
      `${file}\r\n--${boundary}--\r\n`;
    const res = await as(app, admin, {
      method: 'POST',
      url: '/api/tools/import?dryRun=true',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: multipartBody,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as ImportResult).rows).toMatchObject([{ sku: 'MULTI-1', action: 'create' }]);
  });

  it('is for admins only: customers get 403, visitors 401', async () => {
    const tool = await create();
    for (const user of [customer, null]) {
      const status = user ? 403 : 401;
      expect((await as(app, user, { method: 'GET', url: '/api/tools/export.csv' })).statusCode).toBe(status);
      expect((await importCsv(header + row('NOPE-1'), true, user)).statusCode).toBe(status);
      expect((await as(app, user, { method: 'GET', url: `/api/tools/${tool.id}/stock-history` })).statusCode).toBe(status);
    }
  });
});
