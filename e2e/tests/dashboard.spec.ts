import type { Page } from '@playwright/test';
import { formatCents } from '@toolsify/shared/money';
import type { Stats } from '@toolsify/shared/stats';
import type { ManagedTool, ManagedToolPage } from '@toolsify/shared/tools';
import { adminAccount, expect, newAccount, signIn, test } from '../fixtures.ts';
import { screenshots } from '../screenshots.ts';

/** The UTC day `days` before today (the dashboard counts days in UTC). */
const utcDay = (daysBack = 0) => new Date(Date.now() - daysBack * 86_400_000).toISOString().slice(0, 10);

async function stats(page: Page, from: string, to: string): Promise<Stats> {
  const res = await page.request.get(`/api/stats?from=${from}&to=${to}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as Stats;
}

/** Screenshots at this test's width only (the screenshots project), then back to that width. */
async function shoot(page: Page, name: string, width: number) {
  await screenshots(page, name, [width]);
  await page.setViewportSize({ width, height: 900 });
}

/** Nothing on the page is wider than the window (no sideways scrolling on a phone). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const width of [375, 1280]) {
  test.describe(`Sales dashboard at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("shows the demo store's figures, keeps the range in the URL, and every chart has a title and a table", async ({ page }) => {
      const chunks: string[] = [];
      page.on('response', (res) => {
        if (res.url().includes('/assets/')) chunks.push(res.url());
      });
      await signIn(page, adminAccount());
      await page.goto('/dashboard');
      const overview = page.getByTestId('sales-dashboard');
      await expect(overview.getByRole('heading', { name: 'Sales overview' })).toBeVisible();
      // The admin's index still has My Profile, under the overview.
      await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
      // The charts are a chunk of their own, loaded on this page.
      expect(chunks.some((url) => /sales-dashboard-[\w-]+\.js$/.test(url))).toBe(true);

      // The last 30 days by default: the figures are the API's (the demo data has paid orders).
      const month = await stats(page, utcDay(29), utcDay());
      expect(month.revenue.paidOrders).toBeGreaterThan(0);
      const figures = page.getByTestId('stats-figures');
      await expect(figures).toContainText(formatCents(month.revenue.totalCents));
      await expect(figures).toContainText(`from ${month.revenue.paidOrders} paid orders`);
      await expect(figures).toContainText(formatCents(month.revenue.averageOrderCents ?? 0));
      await expect(figures).toContainText(`${month.lowStockTools} tool`);

      // Every chart is an image with a name and a description, drawn as SVG.
      const revenue = page.getByRole('img', { name: /^Revenue per day/ });
      await expect(revenue).toBeVisible();
      await expect(revenue).toHaveAccessibleDescription(new RegExp(`^${formatCents(month.revenue.totalCents).replace('$', '\\$')} from`));
      const bars = revenue.locator('rect');
      await expect(bars).toHaveCount(month.revenue.byDay.filter((d) => d.revenueCents > 0).length);
      await expect(page.getByRole('img', { name: /^Top \d+ tools by revenue$/ })).toBeVisible();
      await expect(page.getByRole('img', { name: 'Orders placed in the range, by status' })).toBeVisible();
      await expect(page.getByRole('img', { name: 'Unpaid orders by age' })).toBeVisible();
      // The demo tools have categories: the month's revenue by category, most first.
      const byCategory = page.getByRole('img', { name: 'Revenue by category' });
      await expect(byCategory).toBeVisible();
      const leading = month.byCategory[0];
      expect(leading?.category).toBeTruthy();
      const prefix = `${leading?.category}: ${formatCents(leading?.revenueCents ?? 0)}`;
      await expect(byCategory).toHaveAccessibleDescription(new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
      for (const chart of await page.locator('[data-testid="sales-dashboard"] svg[role="img"]').all()) {
        expect(await chart.evaluate((svg) => svg.querySelector(':scope > title')?.textContent?.length ?? 0)).toBeGreaterThan(0);
        const box = await chart.boundingBox();
        expect(box?.width ?? 0).toBeLessThanOrEqual(width);
      }
      await expectNoSidewaysScroll(page);
      await shoot(page, 'dashboard-sales', width);

      // The table alternative has every day of the range.
      await page.getByText('Revenue per day as a table').click();
      const table = page.getByRole('table', { name: /^Revenue per day/ });
      await expect(table.locator('tbody tr')).toHaveCount(30);
      // Its three columns fit the panel, on a phone too: no sideways scroll inside it.
      expect(await table.evaluate((t) => t.scrollWidth - (t.parentElement?.clientWidth ?? 0))).toBeLessThanOrEqual(0);
      const top = month.topTools[0];
      if (top) {
        await page.getByText('Top tools as a table').click();
        await expect(page.getByRole('table', { name: 'Top tools by revenue' }).locator('tbody tr').first()).toContainText(top.name);
      }
      // The top buyers (the demo's trade accounts), most revenue first; each opens their orders.
      const buyer = month.topBuyers[0];
      expect(buyer).toBeTruthy();
      const buyers = page.getByRole('img', { name: /^Top \d+ buyers by revenue$/ });
      await expect(buyers).toBeVisible();
      await expect(buyers).toHaveAccessibleDescription(
        `${buyer?.company ?? buyer?.name} leads with ${formatCents(buyer?.revenueCents ?? 0)} from ${buyer?.orders} order${buyer?.orders === 1 ? '' : 's'}.`,
      );

      // 7 days: a new URL, the figures of that range.
      await page.getByRole('button', { name: '7 days' }).click();
      await expect(page).toHaveURL(/\/dashboard\?range=7$/);
      await expect(page.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
      const week = await stats(page, utcDay(6), utcDay());
      await expect(figures).toContainText(formatCents(week.revenue.totalCents));
      await expect(revenue.locator('rect')).toHaveCount(week.revenue.byDay.filter((d) => d.revenueCents > 0).length);
      await expect(table.locator('tbody tr')).toHaveCount(7);

      // A custom range: checked before it is asked for, then held in the URL.
      await page.getByRole('button', { name: 'Custom' }).click();
      await page.getByLabel('From', { exact: true }).fill(utcDay(3));
      await page.getByLabel('To', { exact: true }).fill(utcDay(10));
      await page.getByRole('button', { name: 'Apply' }).click();
      await expect(page.getByText('The end date is before the start date.')).toBeVisible();
      await expect(page).toHaveURL(/\?range=7$/);
      await page.getByLabel('From', { exact: true }).fill(utcDay(20));
      await page.getByRole('button', { name: 'Apply' }).click();
      await expect(page).toHaveURL(new RegExp(`\\?from=${utcDay(20)}&to=${utcDay(10)}$`));
      const custom = await stats(page, utcDay(20), utcDay(10));
      await expect(figures).toContainText(formatCents(custom.revenue.totalCents));
      await expect(table.locator('tbody tr')).toHaveCount(11);
      await expectNoSidewaysScroll(page);
      await shoot(page, 'dashboard-sales-custom', width);

      // Back returns to the range before; a reload keeps it.
      await page.goBack();
      await expect(page).toHaveURL(/\?range=7$/);
      await expect(page.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
      await page.reload();
      await expect(page.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
      await expect(figures).toContainText(formatCents(week.revenue.totalCents));

      // A top buyer's name opens their orders in Manage All Orders.
      const weekBuyer = week.topBuyers[0];
      if (weekBuyer) {
        await page.getByText('Top buyers as a table').click();
        await page
          .getByRole('table', { name: 'Top buyers by revenue' })
          .getByRole('link', { name: weekBuyer.company ?? weekBuyer.name })
          .click();
        await expect(page).toHaveURL(
          new RegExp(
            `/dashboard/manage\\?q=${encodeURIComponent(weekBuyer.email).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}&from=${week.from}&to=${week.to}$`,
          ),
        );
        await expect(page.getByRole('searchbox', { name: 'Search orders' })).toHaveValue(weekBuyer.email);
        await page.goBack();
      }

      // The low-stock figure leads to the Low stock view.
      await page.getByRole('link', { name: 'See the Low stock list' }).click();
      await expect(page).toHaveURL(/\/dashboard\/products\?view=low$/);
      const low = (await (await page.request.get('/api/tools/manage?lowStock=true&limit=100')).json()) as ManagedToolPage;
      expect(low.items.length).toBeGreaterThan(0);
      for (const tool of low.items)
        await expect(page.getByTestId(`product-${tool.id}`).filter({ visible: true })).toContainText('Low stock');
    });

    test('a customer has no sales overview and never downloads its charts', async ({ page }) => {
      const chunks: string[] = [];
      page.on('response', (res) => chunks.push(res.url()));
      await signIn(page, newAccount('no-stats'));
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Sales overview' })).toHaveCount(0);
      expect(chunks.filter((url) => /sales-dashboard|\/api\/stats/.test(url))).toEqual([]);
      expect((await page.request.get('/api/stats')).status()).toBe(403);
    });
  });
}

test.describe('Low stock', () => {
  test('an admin sets the alert in Add a Product and Edit; the Low stock view and the dashboard follow', async ({ page }) => {
    await signIn(page, adminAccount());
    const before = (await (await page.request.get('/api/tools/manage?lowStock=true&limit=1')).json()) as ManagedToolPage;

    // Add a Product with an alert above its stock: it is low at once.
    await page.goto('/dashboard/add');
    const name = `E2E Pipe Cutter ${Date.now()}`;
    await page.getByLabel('Image link').fill('/images/tools/hacksaw.svg');
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('SKU').fill(`E2E-PC-${Date.now()}`);
    await page.getByLabel('Description').fill('Cuts copper pipe up to 42 mm.');
    await page.getByLabel('Available Quantity').fill('40');
    await page.getByLabel('Minimum Quantity').fill('5');
    await page.getByLabel('Price per unit ($)').fill('18.00');
    await page.getByLabel('Low-stock alert (pieces)').fill('-3');
    await expect(page.getByText('Low-stock alert cannot be negative')).toBeVisible();
    await page.getByLabel('Low-stock alert (pieces)').fill('50');
    await page.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.getByText('Product successfully added.')).toBeVisible();

    const added = ((await (await page.request.get('/api/tools/manage?limit=100')).json()) as ManagedToolPage).items.find(
      (t) => t.name === name,
    ) as ManagedTool;
    expect(added).toMatchObject({ available: 40, lowStockThreshold: 50 });

    await page.goto('/dashboard/products?view=low');
    await expect(page.getByRole('button', { name: /Low stock/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: /Low stock/ })).toContainText(String(before.lowStockCount + 1));
    const row = page.getByTestId(`product-${added.id}`).filter({ visible: true });
    await expect(row).toContainText('Low stock');
    await expect(row).toContainText('50');
    await screenshots(page, 'products-low-stock');

    // Edit: an alert under the stock takes it off the list; the dashboard counts one fewer.
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${name}` });
    await expect(dialog.getByLabel('Low-stock alert (pieces)')).toHaveValue('50');
    await dialog.getByLabel('Low-stock alert (pieces)').fill('10');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText(`${name} is updated`)).toBeVisible();
    await expect(page.getByTestId(`product-${added.id}`)).toHaveCount(0);
    await page.getByRole('button', { name: 'All products' }).click();
    await expect(page).toHaveURL(/\/dashboard\/products\??$/);
    const listed = page.getByTestId(`product-${added.id}`).filter({ visible: true });
    await expect(listed).not.toContainText('Low stock');
    await expect(listed).toContainText('10');

    const now = await stats(page, utcDay(29), utcDay());
    expect(now.lowStockTools).toBe(before.lowStockCount);
    await page.goto('/dashboard');
    await expect(page.getByTestId('stats-figures')).toContainText(`${now.lowStockTools} tool`);
  });
});
