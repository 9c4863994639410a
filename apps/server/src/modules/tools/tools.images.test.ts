import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ImportResult } from '@toolsify/shared/tools-bulk';
import { addToolAs, as, createTestApp, importHeader, importRow, signUpAdmin, type TestUser } from '../../test/helpers.ts';
import { databaseFingerprint } from '../../test/invariants.ts';

/** A tool's image that would show broken everywhere is refused: a path of the store's own images that names no file. */
describe("a tool's image path", () => {
  let app: FastifyInstance;
  let admin: TestUser;
  const dist = mkdtempSync(path.join(tmpdir(), 'toolsify-images-'));

  beforeAll(async () => {
    // A built web app with one image of the store's own.
    mkdirSync(path.join(dist, 'images', 'tools'), { recursive: true });
    writeFileSync(path.join(dist, 'images', 'tools', 'cordless-drill.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    app = await createTestApp({ WEB_DIST_DIR: dist });
    admin = await signUpAdmin(app);
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('takes an image the store has, and refuses one it has not on Add a Product, Edit and the import, changing nothing', async () => {
    const tool = await addToolAs(app, admin, { sku: 'IMG-1', img: '/images/tools/cordless-drill.svg' });
    expect(tool.img).toBe('/images/tools/cordless-drill.svg');
    const before = await databaseFingerprint(app.db);
    const message = 'No image of the store has this path. Upload the image instead.';

    const created = await as(app, admin, {
      method: 'POST',
      url: '/api/tools',
      payload: {
        name: 'Broken',
        sku: 'IMG-2',
        description: 'x',
        img: '/images/tools/nonexistent.svg',
        available: 5,
        minimum: 1,
        priceCents: 100,
      },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().error.fields.img).toBe(message);

    const edited = await as(app, admin, {
      method: 'PATCH',
      url: `/api/tools/${tool.id}`,
      payload: { img: '/images/tools/nonexistent.svg' },
    });
    expect(edited.statusCode).toBe(400);
    expect(edited.json().error.fields.img).toBe(message);

    const imported = await as(app, admin, {
      method: 'POST',
      url: '/api/tools/import?dryRun=true',
      headers: { 'content-type': 'text/csv' },
      payload: importHeader + importRow('IMG-3', { image: '/images/tools/nonexistent.svg' }),
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect((imported.json() as ImportResult).rows[0]?.errors).toEqual([{ column: 'image', message }]);
    expect(await databaseFingerprint(app.db)).toBe(before);
  });
});
