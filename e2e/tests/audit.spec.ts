import type { AuditPage } from '@toolsify/shared/audit';
import type { Tool } from '@toolsify/shared/tools';
import { adminAccount, expect, signIn, test } from '../fixtures.ts';
import { screenshots } from '../screenshots.ts';

test.describe('audit log', () => {
  test('shows what an admin changed, filters by action and target in the URL, and Back restores the filter', async ({ page }) => {
    await signIn(page, adminAccount());
    // An admin action to find: a new product, then a price change and a restock.
    const sku = `AUD-${Date.now().toString(36).toUpperCase()}`;
    const created = await page.request.post('/api/tools', {
      data: {
        name: 'Audit Torque Wrench',
        sku,
        description: 'Click-type torque wrench, 40-200 Nm.',
        img: '/images/tools/impact-driver.svg',
        available: 80,
        minimum: 4,
        priceCents: 8900,
      },
    });
    expect(created.status()).toBe(201);
    const tool = (await created.json()) as Tool;
    expect((await page.request.patch(`/api/tools/${tool.id}`, { data: { priceCents: 8450 } })).status()).toBe(200);
    expect((await page.request.patch(`/api/tools/${tool.id}`, { data: { stock: { delta: 120, reason: 'restock' } } })).status()).toBe(200);

    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Audit Log' }).first().click();
    await expect(page).toHaveURL(/\/dashboard\/audit$/);
    await expect(page.getByRole('heading', { name: 'Audit Log' })).toBeVisible();
    const rows = page.locator('table tbody tr');
    await expect(rows.first()).toContainText('Restocked product');
    await expect(rows.first()).toContainText(`Audit Torque Wrench (${sku})`);
    await expect(rows.first()).toContainText('Stock: 80');
    await expect(rows.first()).toContainText('200');
    await expect(rows.nth(1)).toContainText('Edited product');
    await expect(rows.nth(1)).toContainText('Price: $89.00');
    await expect(rows.nth(1)).toContainText('$84.50');

    await page.getByLabel('Action').selectOption('tool.update');
    await expect(page).toHaveURL(/action=tool\.update/);
    await expect(rows.first()).toContainText('Edited product');
    await expect(page.locator('table tbody tr', { hasText: 'Restocked product' })).toHaveCount(0);

    await page.getByLabel('Target').fill(sku);
    await expect(page).toHaveURL(new RegExp(`q=${sku}`));
    await expect(rows).toHaveCount(1);
    await screenshots(page, 'audit-log');

    await page.getByLabel('Target').fill('no such target anywhere');
    await expect(page.getByText('No admin action matches these filters')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/dashboard\/audit$/);
    // Back restores the filters; a search refined by typing replaces its entry (as the catalog's does).
    await page.goBack();
    await expect(page).toHaveURL(/q=no/);
    await expect(page.getByLabel('Target')).toHaveValue('no such target anywhere');
    await page.goBack();
    await expect(page).toHaveURL(/\?action=tool\.update$/);
    await expect(page.getByLabel('Target')).toHaveValue('');
    await expect(rows.first()).toContainText('Edited product');

    // Read-only: there is no route that changes it.
    const page1 = (await (await page.request.get('/api/audit?limit=1')).json()) as AuditPage;
    expect((await page.request.delete(`/api/audit/${page1.items[0]!.id}`)).status()).toBe(404);
  });
});
