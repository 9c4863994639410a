import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { messages } from '@toolsify/shared/messages';
import { as, createTestApp, signUp, signUpAdmin, type TestUser } from '../../test/helpers.ts';
import { nowIso } from '../../db/schema.ts';
import { insertTool } from './tools.repository.ts';

/** A real 1x1 PNG, a tiny JPEG header and a WebP header: what file-type recognises. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]), Buffer.alloc(64)]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(40)]);

export function multipart(field: string, filename: string, contentType: string, data: Buffer) {
  const boundary = `----toolsify${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const valid = {
  name: 'Pipe Wrench 350 mm',
  description: 'Heavy duty cast iron pipe wrench.',
  img: 'https://cdn.example.com/pipe-wrench.png',
  available: 500,
  minimum: 20,
  priceCents: 1999,
};

describe('products (admin)', () => {
  let app: FastifyInstance;
  let admin: TestUser;
  let customer: TestUser;
  const uploadDir = () => app.config.UPLOAD_DIR;
  const toolCount = async () =>
    Number(
      (
        await app.db
          .selectFrom('tool')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  let skus = 0;
  /** Adds a tool through the API; each gets a SKU of its own unless the body names one. */
  const create = (body: Record<string, unknown>, user: TestUser | null = admin) =>
    as(app, user, { method: 'POST', url: '/api/tools', payload: { sku: `PW-${(skus += 1)}`, ...body } });

  beforeAll(async () => {
    app = await createTestApp({}, { serveWeb: true, fastify: { logger: false } });
    admin = await signUpAdmin(app);
    customer = await signUp(app);
    await insertTool(app.db, {
      name: 'Old Hammer',
      sku: 'OLD-HAMMER',
      description: 'd',
      img: '/images/tools/claw-hammer.svg',
      priceCents: 500,
      available: 100,
      minimum: 10,
    });
  });
  afterAll(() => app.close());

  describe('who may', () => {
    it('refuses anonymous visitors (401) and customers (403) on every admin route, changing nothing', async () => {
      const tool = (await app.inject({ url: '/api/tools?limit=1' })).json().items[0];
      const upload = multipart('image', 'a.png', 'image/png', PNG);
      const calls = [
        { method: 'POST' as const, url: '/api/tools', payload: valid },
        { method: 'PATCH' as const, url: `/api/tools/${tool.id}`, payload: { priceCents: 1 } },
        { method: 'DELETE' as const, url: `/api/tools/${tool.id}` },
        { method: 'POST' as const, url: '/api/uploads', ...upload },
      ];
      const before = await toolCount();
      for (const call of calls) {
        const anon = await as(app, null, call);
        expect(anon.statusCode, `${call.method} ${call.url}`).toBe(401);
        expect(anon.json().error.code).toBe('UNAUTHENTICATED');
        const cust = await as(app, customer, call);
        expect(cust.statusCode, `${call.method} ${call.url}`).toBe(403);
        expect(cust.json().error.code).toBe('FORBIDDEN');
      }
      expect(await toolCount()).toBe(before);
      expect((await app.inject({ url: `/api/tools/${tool.id}` })).json()).toEqual(tool);
    });

    it('checks the role before reading a body: an anonymous bad body is still 401', async () => {
      expect((await create({ nonsense: true }, null)).statusCode).toBe(401);
    });
  });

  describe('Add a Product', () => {
    it('adds a tool, shows it first in the catalog at once, and records its initial stock', async () => {
      // Warm the home page's cached first page: adding must clear it.
      await app.inject({ url: '/api/tools?limit=6' });
      const res = await create(valid);
      expect(res.statusCode).toBe(201);
      const tool = res.json();
      expect(tool).toMatchObject({ ...valid, id: expect.any(Number), createdAt: expect.any(String) });
      const home = (await app.inject({ url: '/api/tools?limit=6' })).json();
      expect(home.items[0].id).toBe(tool.id);
      const ledger = await app.db.selectFrom('stock_adjustment').selectAll().where('tool_id', '=', tool.id).execute();
      expect(ledger).toHaveLength(1);
      expect(ledger[0]).toMatchObject({ delta: 500, reason: 'initial', user_id: admin.id });
    });

    it('accepts a minimum equal to the stock, and trims text', async () => {
      const res = await create({ ...valid, name: '  Equal  ', available: 5, minimum: 5 });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ name: 'Equal', available: 5, minimum: 5 });
    });

    it.each([
      ['available 0', { available: 0 }, 'available', messages.availableAtLeastOne],
      ['available negative', { available: -3 }, 'available', messages.availableAtLeastOne],
      ['available missing', { available: undefined }, 'available', messages.availableAtLeastOne],
      ['minimum 0', { minimum: 0 }, 'minimum', messages.minimumAtLeastOne],
      ['minimum above available', { available: 10, minimum: 11 }, 'minimum', messages.minimumAboveAvailable],
      ['fractional stock', { available: 10.5 }, 'available', 'Must be a whole number'],
      ['stock as a string', { available: '10' }, 'available', messages.availableAtLeastOne],
      ['huge stock', { available: 1e12 }, 'available', 'Must be 10,000,000 or less'],
      ['empty name', { name: '   ' }, 'name', 'Name is Required'],
      ['empty description', { description: '' }, 'description', 'Description is Required'],
      ['negative price', { priceCents: -1 }, 'priceCents', 'Price cannot be negative'],
      ['fractional cents', { priceCents: 19.5 }, 'priceCents', 'Price must be whole cents'],
      ['a float price in dollars', { priceCents: '19.99' }, 'priceCents', 'Price is Required'],
      ['an http image', { img: 'http://cdn.example.com/a.png' }, 'img', 'Image must be an uploaded file or an https:// URL'],
      ['a javascript image', { img: 'javascript:alert(1)' }, 'img', 'Image must be an uploaded file or an https:// URL'],
      ['a path outside uploads', { img: '/uploads/../../etc/passwd' }, 'img', 'Image must be an uploaded file or an https:// URL'],
      [
        'an upload that never happened',
        { img: '/uploads/0b7f3c1e-0000-4000-8000-000000000000.png' },
        'img',
        'This uploaded image was not found. Upload it again.',
      ],
      ['an unknown field', { id: 1 }, 'id', 'This field is not allowed'],
    ])('refuses %s with a clear message and changes nothing', async (_label, change, field, message) => {
      const before = await toolCount();
      const res = await create({ ...valid, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      expect(res.json().error.fields[field]).toBe(message);
      expect(await toolCount()).toBe(before);
    });

    it('refuses a multipart body: the product itself is JSON', async () => {
      const res = await as(app, admin, { method: 'POST', url: '/api/tools', ...multipart('image', 'a.png', 'image/png', PNG) });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    });

    it('refuses a body that is not JSON', async () => {
      const res = await as(app, admin, {
        method: 'POST',
        url: '/api/tools',
        payload: '{"name":',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('BAD_REQUEST');
    });
  });

  describe('image upload', () => {
    const upload = (name: string, type: string, data: Buffer, user: TestUser = admin) =>
      as(app, user, { method: 'POST', url: '/api/uploads', ...multipart('image', name, type, data) });

    it('stores a real PNG under a random name, serves it with a long cache, and a tool can use it', async () => {
      const res = await upload('my photo.png', 'image/png', PNG);
      expect(res.statusCode).toBe(201);
      const { url } = res.json();
      expect(url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
      const file = path.join(uploadDir(), path.basename(url));
      expect(readFileSync(file)).toEqual(PNG);

      const served = await app.inject({ url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['cache-control']).toContain('max-age=31536000');
      expect(served.headers['cache-control']).toContain('immutable');
      expect(served.rawPayload).toEqual(PNG);

      const tool = await create({ ...valid, name: 'Uploaded', img: url });
      expect(tool.statusCode).toBe(201);
      expect(tool.json().img).toBe(url);
    });

    it('names the file by its content, whatever name and type the browser claimed', async () => {
      const jpeg = await upload('photo.png', 'application/octet-stream', JPEG);
      expect(jpeg.statusCode).toBe(201);
      expect(jpeg.json().url).toMatch(/\.jpg$/);
      const webp = await upload('photo', 'image/png', WEBP);
      expect(webp.statusCode).toBe(201);
      expect(webp.json().url).toMatch(/\.webp$/);
    });

    it.each([
      ['text renamed .png', 'notes.png', 'image/png', Buffer.from('just some text, honestly an image')],
      [
        'an SVG (could carry script)',
        'logo.svg',
        'image/svg+xml',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      ],
      ['a GIF', 'a.gif', 'image/gif', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary')],
      ['a PDF named .jpg', 'a.jpg', 'image/jpeg', Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n')],
      ['an empty file', 'empty.png', 'image/png', Buffer.alloc(0)],
    ])('refuses %s (415) and stores nothing', async (_label, name, type, data) => {
      const { readdirSync } = await import('node:fs');
      const before = readdirSync(uploadDir()).length;
      const res = await upload(name, type, data);
      expect(res.statusCode).toBe(415);
      expect(res.json().error).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'The file must be a JPEG, PNG or WebP image.' });
      expect(readdirSync(uploadDir()).length).toBe(before);
    });

    it('refuses a file over 5 MB (413)', async () => {
      const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
      const res = await upload('big.png', 'image/png', big);
      expect(res.statusCode).toBe(413);
      expect(res.json().error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'The image must be 5 MB or smaller.' });
    });

    it('refuses a request without a file, or not multipart', async () => {
      const json = await as(app, admin, { method: 'POST', url: '/api/uploads', payload: { url: 'x' } });
      expect(json.statusCode).toBe(400);
      expect(json.json().error.code).toBe('BAD_REQUEST');
      const boundary = '----empty';
      const empty = await as(app, admin, {
        method: 'POST',
        url: '/api/uploads',
        payload: `--${boundary}--\r\n`,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expect(empty.statusCode).toBe(400);
    });

    it.each([
      [
        'a text field instead of a file',
        (b: string) => `--${b}\r\nContent-Disposition: form-data; name="image"\r\n\r\nhello\r\n--${b}--\r\n`,
        'multipart/form-data; boundary=',
      ],
      [
        'a body cut off in the middle',
        (b: string) => `--${b}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG`,
        'multipart/form-data; boundary=',
      ],
      ['garbage', () => 'garbage', 'multipart/form-data; boundary='],
      ['no boundary', () => 'x', 'multipart/form-data'],
    ])('answers %s with 400 and a clear message, never a 500', async (_label, body, type) => {
      const boundary = '----toolsify-bad';
      const res = await as(app, admin, {
        method: 'POST',
        url: '/api/uploads',
        payload: body(boundary),
        headers: { 'content-type': type.endsWith('=') ? type + boundary : type },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('BAD_REQUEST');
      expect(res.json().error.message).toMatch(/multipart\/form-data|cut off or malformed/);
    });

    it('stores only the first file when a request carries two', async () => {
      const { readdirSync } = await import('node:fs');
      const before = readdirSync(uploadDir()).length;
      const one = multipart('image', 'a.png', 'image/png', PNG);
      const boundary = one.headers['content-type'].split('boundary=')[1]!;
      const part = (n: string) =>
        Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${n}"\r\nContent-Type: image/png\r\n\r\n`),
          PNG,
          Buffer.from('\r\n'),
        ]);
      const payload = Buffer.concat([part('a.png'), part('b.png'), Buffer.from(`--${boundary}--\r\n`)]);
      const res = await as(app, admin, { method: 'POST', url: '/api/uploads', payload, headers: one.headers });
      expect(res.statusCode).toBe(201);
      expect(readdirSync(uploadDir()).length).toBe(before + 1);
    });

    it('never serves files outside the upload folder', async () => {
      expect(existsSync(uploadDir())).toBe(true);
      for (const url of ['/uploads/../package.json', '/uploads/%2e%2e/%2e%2e/etc/passwd']) {
        const res = await app.inject({ url });
        expect(res.statusCode, url).not.toBe(200);
      }
    });
  });

  describe('Manage Products: edit', () => {
    const newTool = async (available = 100, minimum = 10) => {
      const tool = (await create({ ...valid, name: `Edit ${randomBytes(3).toString('hex')}`, available, minimum })).json();
      // The admin's answer also has the low-stock threshold, which the public catalog does not show.
      expect(tool.lowStockThreshold).toBeNull();
      delete tool.lowStockThreshold;
      return tool;
    };
    const patch = (id: number, body: unknown, user: TestUser = admin) =>
      as(app, user, { method: 'PATCH', url: `/api/tools/${id}`, payload: body as Record<string, unknown> });
    const ledger = (id: number) =>
      app.db.selectFrom('stock_adjustment').select(['delta', 'reason', 'user_id']).where('tool_id', '=', id).orderBy('id').execute();

    it('changes price, description and minimum, and the catalog shows it at once', async () => {
      const tool = await newTool();
      await app.inject({ url: '/api/tools?limit=6' });
      const res = await patch(tool.id, { priceCents: 2500, description: ' New text ', minimum: 50 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: tool.id,
        priceCents: 2500,
        description: 'New text',
        minimum: 50,
        available: 100,
        name: tool.name,
      });
      expect((await app.inject({ url: '/api/tools?limit=6' })).json().items.find((t: { id: number }) => t.id === tool.id).priceCents).toBe(
        2500,
      );
      expect(await ledger(tool.id)).toEqual([{ delta: 100, reason: 'initial', user_id: admin.id }]);
    });

    it('changes everything the admin set: name, SKU, image (an upload or a link), and the search finds the new name', async () => {
      const tool = await newTool();
      const word = `Renamed${randomBytes(3).toString('hex')}`;
      const uploaded = await as(app, admin, { method: 'POST', url: '/api/uploads', ...multipart('image', 'new.png', 'image/png', PNG) });
      const { url } = uploaded.json();
      const res = await patch(tool.id, { name: ` ${word} Pipe Wrench `, sku: `${word}-1`, img: url });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: tool.id, name: `${word} Pipe Wrench`, sku: `${word}-1`, img: url, available: 100 });
      expect((await app.inject({ url: `/api/tools/${tool.id}` })).json()).toMatchObject({ name: `${word} Pipe Wrench`, img: url });
      // The full-text index follows the new name; the old one no longer finds it by that word.
      const found = (await app.inject({ url: `/api/tools?q=${word}` })).json();
      expect(found.items.map((t: { id: number }) => t.id)).toEqual([tool.id]);
      const oldWord = String(tool.name).split(' ')[1];
      expect((await app.inject({ url: `/api/tools?q=${oldWord}` })).json().items).toEqual([]);
      // A link instead of an upload.
      const linked = await patch(tool.id, { img: 'https://cdn.example.com/renamed.webp' });
      expect(linked.json().img).toBe('https://cdn.example.com/renamed.webp');
      // No stock move was recorded for it.
      expect(await ledger(tool.id)).toEqual([{ delta: 100, reason: 'initial', user_id: admin.id }]);
    });

    it('refuses an image that was never uploaded, changing nothing', async () => {
      const tool = await newTool();
      const res = await patch(tool.id, { name: 'Should not stick', img: '/uploads/0b7f3c1e-0000-4000-8000-000000000000.png' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.img).toBe('This uploaded image was not found. Upload it again.');
      expect((await app.inject({ url: `/api/tools/${tool.id}` })).json()).toEqual(tool);
    });

    it('moves stock by a delta and records each move in the ledger', async () => {
      const tool = await newTool();
      expect((await patch(tool.id, { stock: { delta: 40, reason: 'restock' } })).json().available).toBe(140);
      expect((await patch(tool.id, { stock: { delta: -15, reason: 'correction' } })).json().available).toBe(125);
      expect((await patch(tool.id, { stock: { delta: 5, reason: 'correction' } })).json().available).toBe(130);
      expect(await ledger(tool.id)).toEqual([
        { delta: 100, reason: 'initial', user_id: admin.id },
        { delta: 40, reason: 'restock', user_id: admin.id },
        { delta: -15, reason: 'correction', user_id: admin.id },
        { delta: 5, reason: 'correction', user_id: admin.id },
      ]);
    });

    it('may correct the stock down to 0 (out of stock), never below', async () => {
      const tool = await newTool(30, 10);
      const below = await patch(tool.id, { stock: { delta: -31, reason: 'correction' } });
      expect(below.statusCode).toBe(409);
      expect(below.json().error).toMatchObject({ code: 'CONFLICT', message: 'Only 30 in stock: the stock cannot go below 0.' });
      expect((await app.inject({ url: `/api/tools/${tool.id}` })).json().available).toBe(30);
      const zero = await patch(tool.id, { stock: { delta: -30, reason: 'correction' } });
      expect(zero.statusCode).toBe(200);
      expect(zero.json().available).toBe(0);
      expect(await ledger(tool.id)).toHaveLength(2);
    });

    it('refuses a new minimum above the stock, but keeps an unchanged one when stock is low', async () => {
      const tool = await newTool(30, 10);
      const res = await patch(tool.id, { minimum: 31 });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.minimum).toBe(messages.minimumAboveAvailable);
      // Restock and raise the minimum in one edit: checked against the new stock.
      expect((await patch(tool.id, { minimum: 60, stock: { delta: 50, reason: 'restock' } })).json()).toMatchObject({
        minimum: 60,
        available: 80,
      });
      // Orders ran the stock below the minimum: a price edit that resends the same minimum is fine.
      await app.db.updateTable('tool').set({ available: 5 }).where('id', '=', tool.id).execute();
      expect((await patch(tool.id, { minimum: 60, priceCents: 1 })).statusCode).toBe(200);
      // A refused edit changes nothing at all, price included.
      const refused = await patch(tool.id, { minimum: 61, priceCents: 999, stock: { delta: 1, reason: 'restock' } });
      expect(refused.statusCode).toBe(400);
      expect((await app.inject({ url: `/api/tools/${tool.id}` })).json()).toMatchObject({ minimum: 60, available: 5, priceCents: 1 });
      expect(await ledger(tool.id)).toHaveLength(2);
    });

    it.each([
      ['an empty body', {}, '_', 'Nothing to update'],
      [
        'a restock that removes',
        { stock: { delta: -5, reason: 'restock' } },
        'stock.delta',
        'A restock adds stock: use a positive number, or choose correction',
      ],
      ['a zero stock change', { stock: { delta: 0, reason: 'correction' } }, 'stock.delta', 'Stock change cannot be 0'],
      ['an unknown reason', { stock: { delta: 5, reason: 'initial' } }, 'stock.reason', 'Reason must be restock or correction'],
      ['an absolute stock', { available: 5 }, 'available', 'This field is not allowed'],
      ['an empty name', { name: '  ' }, 'name', 'Name is Required'],
      ['a name too long', { name: 'x'.repeat(121) }, 'name', 'Must be 120 characters or shorter'],
      ['an http image', { img: 'http://cdn.example.com/a.png' }, 'img', 'Image must be an uploaded file or an https:// URL'],
      ['a path outside uploads', { img: '/uploads/../../etc/passwd' }, 'img', 'Image must be an uploaded file or an https:// URL'],
      ['an id', { id: 5 }, 'id', 'This field is not allowed'],
      ['minimum 0', { minimum: 0 }, 'minimum', messages.minimumAtLeastOne],
      ['a negative price', { priceCents: -5 }, 'priceCents', 'Price cannot be negative'],
      ['an empty description', { description: ' ' }, 'description', 'Description is Required'],
    ])('refuses %s', async (_label, body, field, message) => {
      const tool = await newTool();
      const res = await patch(tool.id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields[field]).toBe(message);
      expect((await app.inject({ url: `/api/tools/${tool.id}` })).json()).toEqual(tool);
    });

    it('never loses a concurrent order: restocks and orders interleave, every piece is counted', async () => {
      const tool = await newTool(100, 1);
      // An order takes stock with the conditional update of DESIGN.md decision 3.
      const order = () =>
        app.db
          .updateTable('tool')
          .set((eb) => ({ available: eb('available', '-', 1) }))
          .where('id', '=', tool.id)
          .where('available', '>=', 1)
          .execute();
      const restock = () => patch(tool.id, { stock: { delta: 5, reason: 'restock' } });
      const restocks: Promise<{ statusCode: number }>[] = [];
      const orders: Promise<unknown>[] = [];
      for (let i = 0; i < 10; i++) {
        restocks.push(restock());
        orders.push(order());
      }
      const [restocked] = await Promise.all([Promise.all(restocks), Promise.all(orders)]);
      expect(restocked.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      expect((await app.inject({ url: `/api/tools/${tool.id}` })).json().available).toBe(100 + 10 * 5 - 10);
      const sum = (await ledger(tool.id)).reduce((s, l) => s + l.delta, 0);
      expect(sum).toBe(150);
    });

    it('answers 404 for unknown, malformed and deleted tools', async () => {
      const tool = await newTool();
      await as(app, admin, { method: 'DELETE', url: `/api/tools/${tool.id}` });
      for (const id of [String(tool.id), '999999', 'abc']) {
        const res = await patch(Number.isNaN(Number(id)) ? (id as unknown as number) : Number(id), { priceCents: 1 });
        expect(res.statusCode, id).toBe(404);
      }
    });
  });

  describe('Manage Products: delete', () => {
    it('takes the tool out of the catalog; its page is gone; its orders keep name and price; the row stays', async () => {
      const tool = (await create({ ...valid, name: 'Doomed Drill', priceCents: 4321 })).json();
      await app.inject({ url: '/api/tools?limit=6' });
      const now = nowIso();
      const placed = await app.db
        .insertInto('orders')
        .values({
          user_id: customer.id,
          tool_id: tool.id,
          tool_name: tool.name,
          unit_price_cents: tool.priceCents,
          quantity: 20,
          total_cents: tool.priceCents * 20,
          buyer_email: customer.email,
          buyer_name: customer.name,
          phone: '555',
          address: 'a',
          status: 'unpaid',
          transaction_id: null,
          idempotency_key: null,
          created_at: now,
          updated_at: now,
          paid_at: null,
          shipped_at: null,
          cancelled_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await app.db
        .insertInto('order_line')
        .values({
          order_id: placed.id,
          line_no: 0,
          tool_id: tool.id,
          tool_name: tool.name,
          sku: tool.sku,
          quantity: 20,
          unit_price_cents: tool.priceCents,
        })
        .execute();

      const res = await as(app, admin, { method: 'DELETE', url: `/api/tools/${tool.id}` });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');

      const page = await app.inject({ url: `/api/tools/${tool.id}` });
      expect(page.statusCode).toBe(404);
      expect(page.json().error).toEqual({ code: 'NOT_FOUND', message: 'This tool is not available.' });
      const list = (await app.inject({ url: '/api/tools?limit=100' })).json();
      expect(list.items.some((t: { id: number }) => t.id === tool.id)).toBe(false);

      const order = await app.db.selectFrom('orders').selectAll().where('tool_id', '=', tool.id).executeTakeFirstOrThrow();
      expect(order).toMatchObject({ tool_name: 'Doomed Drill', unit_price_cents: 4321 });
      const row = await app.db.selectFrom('tool').selectAll().where('id', '=', tool.id).executeTakeFirstOrThrow();
      expect(row.deleted_at).not.toBeNull();

      const again = await as(app, admin, { method: 'DELETE', url: `/api/tools/${tool.id}` });
      expect(again.statusCode).toBe(404);
    });

    it('answers 404 for unknown or malformed ids', async () => {
      for (const id of ['999999', 'abc', '0', '-1']) {
        expect((await as(app, admin, { method: 'DELETE', url: `/api/tools/${id}` })).statusCode, id).toBe(404);
      }
    });
  });
});
