import type { Tool } from '@toolsify/shared/tools';
import { adminAccount, expect, signIn, test, toolBySku } from '../fixtures.ts';
import { screenshots } from '../screenshots.ts';

// The files imported here leave out the optional last column, low_stock_alert (each tool keeps its alert).
const header = 'sku,name,description,image,price,stock,minimum,pack_size,max_per_order,price_breaks\r\n';

test.describe('products in bulk', () => {
  test('exports the catalogue, checks an import as a dry run, imports on confirm, and shows the stock history', async ({ page }) => {
    await signIn(page, adminAccount());
    const stamp = Date.now().toString(36).toUpperCase();
    const sku = `BULK-${stamp}`;
    const created = await page.request.post('/api/tools', {
      data: {
        name: 'Bulk Impact Driver',
        sku,
        description: 'Cordless impact driver, 18 V.',
        img: '/images/tools/impact-driver.svg',
        available: 40,
        minimum: 2,
        priceCents: 12900,
      },
    });
    expect(created.status()).toBe(201);
    const tool = (await created.json()) as Tool;

    await page.goto('/dashboard/products');
    await page.getByRole('link', { name: 'Import / export CSV' }).click();
    await expect(page).toHaveURL(/\/dashboard\/products\/import$/);
    await expect(page.getByRole('heading', { name: 'Import and export products' })).toBeVisible();

    // Export: the file has the columns and the new tool.
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
    const exported = await download.createReadStream().then(async (stream) => {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    });
    expect(exported.startsWith(`\uFEFF${header.replace('\r\n', ',low_stock_alert,category\r\n')}`)).toBe(true);
    expect(exported).toContain(
      `${sku},Bulk Impact Driver,"Cordless impact driver, 18 V.",/images/tools/impact-driver.svg,129.00,40,2,1,,,,\r\n`,
    );

    const file = page.getByLabel('CSV file');
    // A file of 150 new products and a bad row: the dry run lists the row with the error (row and
    // column named), the others a click away a hundred at a time, and offers no import.
    const many = Array.from(
      { length: 150 },
      (_, i) => `BULK-MANY-${stamp}-${i},Bulk Clamp ${i},A clamp.,/images/tools/impact-driver.svg,10.00,5,1,1,,\r\n`,
    );
    await file.setInputFiles({
      name: 'bad.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        header + many.join('') + `${sku},Bulk Impact Driver,Cordless impact driver.,/images/tools/impact-driver.svg,12x,40,2,1,,\r\n`,
      ),
    });
    await page.getByRole('button', { name: 'Check the file' }).click();
    await expect(
      page.getByText('price: Price must be in dollars with at most 2 decimals, e.g. 12.50').filter({ visible: true }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Errors (1)' })).toHaveAttribute('aria-pressed', 'true');
    const listed = page.getByRole('table').locator('tbody tr');
    await expect(listed).toHaveCount(1);
    await expect(listed.locator('td').first()).toHaveText('152');
    await page.getByRole('button', { name: 'New and updated (150)' }).click();
    await expect(listed).toHaveCount(100);
    await expect(page.getByText('Showing 100 of 150 rows')).toBeVisible();
    await page.getByRole('button', { name: 'Show 50 more' }).click();
    await expect(listed).toHaveCount(150);
    await expect(page.getByText('nothing is imported while a row has an error')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Import \d/ })).toHaveCount(0);

    // A good file: a restock of the tool and a new one.
    const newSku = `BULK-NEW-${stamp}`;
    await file.setInputFiles({
      name: 'products.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        header +
          `${sku},Bulk Impact Driver,"Cordless impact driver, 18 V.",/images/tools/impact-driver.svg,119.00,55,2,1,,10:109.00\r\n` +
          `${newSku},Bulk Work Light,LED work light with stand.,/images/tools/impact-driver.svg,45.50,30,1,1,10,\r\n`,
      ),
    });
    await page.getByRole('button', { name: 'Check the file' }).click();
    const dryRun = page.getByRole('table');
    const updated = dryRun.getByRole('row', { name: new RegExp(sku) }).first();
    await expect(updated).toContainText('Restock +15');
    // Each change from and to, to check before confirming.
    await expect(updated).toContainText('price: 129.00 to 119.00');
    await expect(updated).toContainText('price breaks: (empty) to 10:109.00');
    await expect(dryRun.getByRole('row', { name: new RegExp(newSku) })).toContainText('New product');
    // What the new one will be, as the file was read.
    await expect(dryRun.getByRole('row', { name: new RegExp(newSku) })).toContainText('price: 45.50');
    // The file sets a product's stock: orders since the export would be overwritten, and it says so.
    await expect(page.getByTestId('stock-warning')).toContainText('The file sets the stock of 1 product to its numbers.');
    await screenshots(page, 'products-import-dry-run');
    // Nothing was written by the dry run.
    expect(((await (await page.request.get(`/api/tools/${tool.id}`)).json()) as Tool).available).toBe(40);

    // A double click imports once: the summary is the import's, not a second run's "nothing changed".
    await page.getByRole('button', { name: 'Import 2 products' }).dblclick();
    await expect(page.getByRole('heading', { name: 'Import done' })).toBeVisible();
    await expect(page.getByText('Imported: 1 new, 1 updated.')).toBeVisible();
    await expect(page.getByText('Imported: 0 new, 0 updated.')).toHaveCount(0);
    const after = (await (await page.request.get(`/api/tools/${tool.id}`)).json()) as Tool;
    expect(after).toMatchObject({ available: 55, priceCents: 11900, priceBreaks: [{ minQuantity: 10, unitPriceCents: 10900 }] });
    await screenshots(page, 'products-import-done');

    // Prices alone, from a sheet with a column of its own: the stock stays, the extra column is named and left out.
    await file.setInputFiles({
      name: 'prices.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`sku,price,Buyer notes\r\n${sku},118.00,cheaper\r\n`),
    });
    await page.getByRole('button', { name: 'Check the file' }).click();
    await expect(page.getByTestId('ignored-columns')).toHaveText('Left out, not columns of the store: "Buyer notes".');
    await expect(page.getByTestId('stock-warning')).toHaveCount(0);
    await page.getByRole('button', { name: 'Import 1 product' }).click();
    await expect(page.getByRole('heading', { name: 'Import done' })).toBeVisible();
    expect((await (await page.request.get(`/api/tools/${tool.id}`)).json()) as Tool).toMatchObject({ available: 55, priceCents: 11800 });

    // The stock history: the import's restock on top of the initial stock, by the admin.
    await page.getByRole('link', { name: 'Back to Manage Products' }).click();
    await page.getByRole('link', { name: 'Stock history of Bulk Impact Driver' }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/products/${tool.id}/stock$`));
    await expect(page.getByRole('heading', { name: 'Stock history: Bulk Impact Driver' })).toBeVisible();
    const rows = page.locator('table tbody tr');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('Restock');
    await expect(rows.first()).toContainText('CSV import');
    await expect(rows.first()).toContainText('+15');
    await expect(rows.nth(1)).toContainText('Initial stock');
    await expect(rows.nth(1)).toContainText('+40');
    await expect(page.getByText('Held by unpaid orders')).toBeVisible();
    await screenshots(page, 'products-stock-history');

    // A demo tool's first stock was put there by the store itself, not by an account.
    const demo = await toolBySku(page.request, 'TF-CWS-12');
    await page.goto(`/dashboard/products/${demo.id}/stock`);
    const more = page.getByRole('button', { name: 'Load more' });
    while (await more.isVisible()) {
      const count = await rows.count();
      await more.click();
      await expect.poll(() => rows.count()).toBeGreaterThan(count);
    }
    await expect(rows.last()).toContainText('Initial stock');
    await expect(rows.last()).toContainText('The store');

    // On a phone: one card per change, nothing wider than the screen.
    await page.goto(`/dashboard/products/${tool.id}/stock`);
    await page.setViewportSize({ width: 375, height: 800 });
    const cards = page.getByRole('list', { name: 'Stock changes, newest first' }).getByRole('listitem');
    await expect(cards).toHaveCount(2);
    await expect(cards.first()).toContainText('+15');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
