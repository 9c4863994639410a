import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import type { Order } from '@toolsify/shared/orders';
import { addOwnTool, adminAccount, expect, newAccount, signIn, signInRequest, test, toolBySku, type Account } from '../fixtures.ts';
import { baseURL } from '../env.ts';
import { screenshots } from '../screenshots.ts';

/**
 * Finding orders (issue 16, items 1 and 2) and My Orders' "Show cancelled" (issue 18, item 4):
 * a buyer of their own places three orders (one cancelled), then the admin finds them in Manage
 * All Orders by search, status and tool, with the filters in the URL, and exports what they show.
 */

/** The tables render as cards on phones and as a table on wide screens: pick the visible one. */
const visible = (locator: Locator) => locator.filter({ visible: true });
const rowOf = (page: Page, order: Order) => visible(page.getByTestId(`order-${order.id}`));

interface Fixture {
  buyer: Account;
  /** Hammers, PO ...-A; wrenches, PO ...-B; both tools, cancelled by the buyer. */
  hammers: Order;
  wrenches: Order;
  cancelled: Order;
  stamp: string;
}

async function placeOrders(playwright: {
  request: { newContext: (o: { baseURL: string }) => Promise<APIRequestContext> };
}): Promise<Fixture> {
  const buyer = newAccount('finder');
  const request = await playwright.request.newContext({ baseURL });
  await signInRequest(request, buyer);
  const hammer = await toolBySku(request, 'TF-CH16');
  const wrench = await toolBySku(request, 'TF-AW250');
  const stamp = Date.now().toString(36).toUpperCase();
  const place = async (lines: Array<[number, number]>, poNumber?: string) => {
    const res = await request.post('/api/orders', {
      data: { lines: lines.map(([toolId, quantity]) => ({ toolId, quantity })), phone: '+1 555 0100', address: '9 Dock Road', poNumber },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as Order;
  };
  const hammers = await place([[hammer.id, hammer.minimum]], `PO-${stamp}-A`);
  const wrenches = await place([[wrench.id, wrench.minimum]], `PO-${stamp}-B`);
  const cancelled = await place([
    [hammer.id, hammer.minimum],
    [wrench.id, wrench.minimum],
  ]);
  expect((await request.delete(`/api/orders/${cancelled.id}`)).status()).toBe(200);
  await request.dispose();
  return { buyer, hammers, wrenches, cancelled, stamp };
}

/** An RFC 4180 file as rows of cells (the export's own quoting: quoted fields, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += c;
  }
  return rows;
}

test.describe('Manage All Orders: find and export', () => {
  test('the search and the status live in the URL, Back undoes one, and an order number or a link with days finds the orders', async ({
    page,
    playwright,
  }) => {
    const fx = await placeOrders(playwright);
    const words = fx.buyer.email.split('@')[0]!;
    await signIn(page, adminAccount());
    await page.goto('/dashboard/manage');
    await expect(page.getByRole('heading', { name: 'Manage All Orders' })).toBeVisible();

    // Typing searches after a pause; the focus stays in the box.
    const search = page.getByRole('searchbox', { name: 'Search orders' });
    await search.click();
    await search.pressSequentially(words, { delay: 20 });
    await expect(page).toHaveURL(new RegExp(`[?&]q=${words}`));
    await expect(search).toBeFocused();
    await expect(rowOf(page, fx.hammers)).toBeVisible();
    await expect(rowOf(page, fx.wrenches)).toBeVisible();
    // A cancelled order shows only under its status.
    await expect(rowOf(page, fx.cancelled)).toHaveCount(0);
    await expect(page.getByTestId('orders-shown')).toHaveText('2 orders found');
    await screenshots(page, 'manage-orders-search');

    // A status: a new history entry; the cancelled order says who cancelled it.
    await page.getByLabel('Status').selectOption('cancelled');
    await expect(page).toHaveURL(/status=cancelled/);
    await expect(rowOf(page, fx.cancelled)).toBeVisible();
    await expect(rowOf(page, fx.hammers)).toHaveCount(0);
    await expect(rowOf(page, fx.cancelled).getByTestId('order-cancellation')).toContainText('Cancelled by the buyer on');

    // Back: the search alone again, the box still holding it.
    await page.goBack();
    await expect(page).not.toHaveURL(/status=/);
    await expect(page.getByLabel('Status')).toHaveValue('');
    await expect(search).toHaveValue(words);
    await expect(rowOf(page, fx.wrenches)).toBeVisible();

    // An order number finds its order; a link with the days of today (UTC) finds both open ones.
    await search.fill(`#${fx.hammers.id}`);
    await expect(rowOf(page, fx.hammers)).toBeVisible();
    await expect(page.getByTestId('orders-shown')).toHaveText('1 order found');
    const today = new Date().toISOString().slice(0, 10);
    await page.goto(`/dashboard/manage?q=PO-${fx.stamp}&from=${today}&to=${today}`);
    await expect(rowOf(page, fx.hammers)).toBeVisible();
    await expect(rowOf(page, fx.wrenches)).toBeVisible();
    await expect(page.getByLabel('Placed from')).toHaveValue(today);
  });

  test('a tool picked by its SKU stays after a reload, Export CSV downloads what the filters show, and nothing found offers Clear filters', async ({
    page,
    playwright,
  }) => {
    const fx = await placeOrders(playwright);
    await signIn(page, adminAccount());
    await page.goto(`/dashboard/manage?q=${fx.buyer.email.split('@')[0]}`);
    await expect(rowOf(page, fx.hammers)).toBeVisible();

    // A tool, picked from the catalog by its SKU.
    const toolBox = page.getByRole('combobox', { name: 'Tool' });
    await toolBox.fill('TF-AW250');
    await page.getByRole('option', { name: /Adjustable Wrench 250 mm/ }).click();
    await expect(page).toHaveURL(/toolId=\d+/);
    await expect(page.getByTestId('tool-filter-chip')).toContainText('Adjustable Wrench 250 mm (TF-AW250)');
    await expect(rowOf(page, fx.wrenches)).toBeVisible();
    await expect(rowOf(page, fx.hammers)).toHaveCount(0);

    // A reload shows the same: the URL holds it all.
    await page.reload();
    await expect(page.getByTestId('tool-filter-chip')).toContainText('TF-AW250');
    await expect(rowOf(page, fx.wrenches)).toBeVisible();
    await expect(page.getByTestId('orders-shown')).toHaveText('1 order found');
    await screenshots(page, 'manage-orders-filtered');

    // Export CSV: the rows the filters show (one order, one line), as a spreadsheet reads them.
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync((await file.path())!, 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(text.slice(1));
    expect(header?.slice(0, 3)).toEqual(['Order number', 'Placed at (UTC)', 'Paid at (UTC)']);
    const column = (name: string) => header!.indexOf(name);
    expect(
      rows.map((row) => [row[column('Order number')], row[column('PO number')], row[column('SKU')], row[column('Buyer email')]]),
    ).toEqual([[String(fx.wrenches.id), `PO-${fx.stamp}-B`, 'TF-AW250', fx.buyer.email]]);

    // Nothing found: what to try, and Clear filters back to every order.
    await page.getByTestId('tool-filter-chip').getByRole('button', { name: 'Clear the tool filter' }).click();
    await expect(page).not.toHaveURL(/toolId=/);
    const search = page.getByRole('searchbox', { name: 'Search orders' });
    await search.fill('no-such-order-anywhere');
    await expect(page.getByTestId('orders-no-match')).toContainText('No orders match “no-such-order-anywhere”');
    await screenshots(page, 'manage-orders-no-match');
    await page.getByTestId('orders-no-match').getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/dashboard\/manage$/);
    await expect(search).toHaveValue('');
  });

  test('on a phone the filters stack, nothing sticks out sideways, and search works', async ({ page, playwright }) => {
    const fx = await placeOrders(playwright);
    await page.setViewportSize({ width: 375, height: 800 });
    await signIn(page, adminAccount());
    await page.goto(`/dashboard/manage?q=PO-${fx.stamp}`);
    await expect(rowOf(page, fx.hammers)).toBeVisible();
    await expect(rowOf(page, fx.wrenches)).toBeVisible();
    for (const name of ['Status', 'Placed from', 'Placed to']) await expect(page.getByLabel(name)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Export CSV' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.getByLabel('Status').selectOption('cancelled');
    await expect(page.getByTestId('orders-no-match')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  test('a day is typed into Placed from key by key, as a person types it: the field keeps each key and the filter applies once the day is whole', async ({
    page,
  }) => {
    await signIn(page, adminAccount());
    await page.goto('/dashboard/manage');
    const from = page.getByLabel('Placed from');
    await from.click();
    // The browser's own order of the parts (en-US: month, day, year), typed as digits.
    await page.keyboard.type('12012026', { delay: 30 });
    await expect(page).toHaveURL(/[?&]from=2026-12-01/);
    await expect(from).toHaveValue('2026-12-01');
  });

  test('the tool filter names a tool taken out of the catalog by the name and SKU it was sold under, and finds its orders', async ({
    page,
    playwright,
  }) => {
    const admin = await playwright.request.newContext({ baseURL });
    await signInRequest(admin, adminAccount());
    const tool = await addOwnTool(admin, { name: 'Retired Rivet Gun', available: 20, minimum: 1, priceCents: 900 });
    const buyer = await playwright.request.newContext({ baseURL });
    await signInRequest(buyer, newAccount('retired'));
    const placed = await buyer.post('/api/orders', {
      data: { lines: [{ toolId: tool.id, quantity: 2 }], phone: '+1 555 0100', address: '9 Dock Road' },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const order = (await placed.json()) as Order;
    // Deleting the tool cancels its unpaid order; the order keeps the tool's line.
    expect((await admin.delete(`/api/tools/${tool.id}`)).status()).toBe(204);
    await Promise.all([admin.dispose(), buyer.dispose()]);

    await signIn(page, adminAccount());
    await page.goto(`/dashboard/manage?toolId=${tool.id}&status=cancelled`);
    await expect(page.getByTestId('tool-filter-chip')).toContainText(`Retired Rivet Gun (${tool.sku}), no longer sold`);
    await expect(rowOf(page, order)).toBeVisible();
  });

  test('a start day after the end day moves the end to it (and an end before the start, the start): the fields show the range applied', async ({
    page,
  }) => {
    await signIn(page, adminAccount());
    await page.goto('/dashboard/manage?to=2026-12-01');
    const from = page.getByLabel('Placed from');
    const to = page.getByLabel('Placed to');
    await from.fill('2026-12-05');
    await expect(page).toHaveURL(/\?from=2026-12-05&to=2026-12-05$/);
    await expect(from).toHaveValue('2026-12-05');
    await expect(to).toHaveValue('2026-12-05');
    await to.fill('2026-11-20');
    await expect(page).toHaveURL(/\?from=2026-11-20&to=2026-11-20$/);
    await expect(from).toHaveValue('2026-11-20');
    // A link the wrong way round opens the range it means.
    await page.goto('/dashboard/audit?from=2026-12-05&to=2026-12-01');
    await expect(page.getByLabel('From', { exact: true })).toHaveValue('2026-12-01');
    await expect(page.getByLabel('To', { exact: true })).toHaveValue('2026-12-05');
    await expect(page.getByText('We could not load the audit log.')).toHaveCount(0);
    await page.getByLabel('From', { exact: true }).fill('2026-12-09');
    await expect(page).toHaveURL(/from=2026-12-09&to=2026-12-09/);
    await expect(page.getByLabel('To', { exact: true })).toHaveValue('2026-12-09');
  });

  test("an admin's cancel can give the buyer a reason, which the buyer's order and My Orders show", async ({
    page,
    playwright,
    browser,
  }) => {
    const fx = await placeOrders(playwright);
    await signIn(page, adminAccount());
    await page.goto(`/dashboard/manage?q=PO-${fx.stamp}-B`);
    await rowOf(page, fx.wrenches)
      .getByRole('button', { name: `Cancel order #${fx.wrenches.id}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this order?' });
    // Near its limit the field says how much is left (it takes no more past it).
    await dialog.getByLabel('Reason for the buyer (optional)').fill('x'.repeat(170));
    await expect(dialog.getByTestId('reason-length')).toHaveText('170 of 200 characters');
    await dialog.getByLabel('Reason for the buyer (optional)').fill('Out of stock until March');
    await expect(dialog.getByTestId('reason-length')).toHaveCount(0);
    await screenshots(page, 'cancel-with-reason');
    await dialog.getByRole('button', { name: 'Yes, cancel order' }).click();
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, fx.wrenches)).toHaveCount(0);

    const buyer = await browser.newPage();
    await signIn(buyer, fx.buyer);
    await buyer.goto('/dashboard/orders?cancelled=show');
    await expect(visible(buyer.getByTestId(`order-${fx.wrenches.id}`)).getByTestId('order-cancellation')).toContainText(
      'Cancelled by the store on',
    );
    await expect(visible(buyer.getByTestId(`order-${fx.wrenches.id}`)).getByTestId('order-cancellation')).toContainText(
      'Out of stock until March',
    );
    await buyer.close();
  });

  test("a buyer's own cancel asks no reason", async ({ page, playwright }) => {
    const fx = await placeOrders(playwright);
    await signIn(page, fx.buyer);
    await page.goto(`/dashboard/orders/${fx.hammers.id}`);
    await page.getByRole('button', { name: 'Cancel order', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this order?' });
    await expect(dialog.getByRole('button', { name: 'Keep order' })).toBeFocused();
    await expect(dialog.getByRole('textbox')).toHaveCount(0);
  });

  test('is for admins: a customer gets no orders and no export', async ({ page }) => {
    await signIn(page, newAccount('nosy'));
    const res = await page.request.get('/api/orders/export.csv');
    expect(res.status()).toBe(403);
  });
});

test.describe('My Orders: Show cancelled', () => {
  for (const width of [375, 1280]) {
    test(`shows cancelled orders only when asked, with who cancelled them and when (${width} px)`, async ({ page, playwright }) => {
      const fx = await placeOrders(playwright);
      await page.setViewportSize({ width, height: 900 });
      await signIn(page, fx.buyer);
      await page.goto('/dashboard/orders');
      await expect(rowOf(page, fx.hammers)).toBeVisible();
      await expect(rowOf(page, fx.cancelled)).toHaveCount(0);
      // The deadline says its time zone (the emails give it in UTC).
      await expect(rowOf(page, fx.hammers).getByTestId('order-expiry')).toHaveText(
        /^Pay by .+ \d{1,2}:\d{2} [AP]M (UTC|GMT[+-][\d:]+) or it is cancelled\.$/,
      );

      const toggle = page.getByLabel('Show cancelled');
      await toggle.check();
      await expect(page).toHaveURL(/cancelled=show/);
      await expect(rowOf(page, fx.cancelled)).toBeVisible();
      await expect(rowOf(page, fx.cancelled).getByTestId('order-cancellation')).toContainText('Cancelled by you on');

      // Cancelling with the cancelled orders shown: the row stays, cancelled by you.
      await rowOf(page, fx.wrenches)
        .getByRole('button', { name: `Cancel order #${fx.wrenches.id}` })
        .click();
      await page.getByRole('dialog').getByRole('button', { name: 'Yes, cancel order' }).click();
      await expect(rowOf(page, fx.wrenches).getByTestId('order-cancellation')).toContainText('Cancelled by you on');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshots(page, 'my-orders-show-cancelled', [width]);

      // Export CSV: the orders listed, cancelled ones too while shown, a row per line; hers only.
      const download = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Export CSV' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^my-orders-\d{4}-\d{2}-\d{2}\.csv$/);
      const [header, ...exported] = parseCsv(readFileSync((await file.path())!, 'utf8').slice(1));
      // A new buyer's three orders: the cancelled one has two lines.
      expect(exported.map((row) => Number(row[0]))).toEqual([fx.cancelled.id, fx.cancelled.id, fx.wrenches.id, fx.hammers.id]);
      expect(new Set(exported.map((row) => row[header!.indexOf('Buyer email')]))).toEqual(new Set([fx.buyer.email]));

      // Off again: only the open ones.
      await toggle.uncheck();
      await expect(page).not.toHaveURL(/cancelled=show/);
      await expect(rowOf(page, fx.cancelled)).toHaveCount(0);
      await expect(rowOf(page, fx.wrenches)).toHaveCount(0);
      await expect(rowOf(page, fx.hammers)).toBeVisible();
    });
  }
});

test.describe('My Orders: search and filters', () => {
  for (const width of [375, 1280]) {
    test(`a buyer finds their orders by PO number and SKU, narrows them by status, a link keeps it, and exports what is found (${width} px)`, async ({
      page,
      playwright,
    }) => {
      const fx = await placeOrders(playwright);
      await page.setViewportSize({ width, height: 900 });
      await signIn(page, fx.buyer);
      await page.goto('/dashboard/orders');
      await expect(rowOf(page, fx.hammers)).toBeVisible();
      const search = page.getByRole('searchbox', { name: 'Search orders' });
      await expect(search).toHaveAttribute('placeholder', 'Order #, PO, tool, SKU');

      // By PO number: typing searches after a pause, keeping the focus.
      await search.fill(`po-${fx.stamp.toLowerCase()}-b`);
      await expect(page).toHaveURL(new RegExp(`q=po-${fx.stamp.toLowerCase()}-b`, 'i'));
      await expect(rowOf(page, fx.wrenches)).toBeVisible();
      await expect(rowOf(page, fx.hammers)).toHaveCount(0);
      await expect(search).toBeFocused();
      await expect(page.getByTestId('orders-shown')).toHaveText('1 order found');

      // By SKU, with the cancelled ones shown: the cancelled two-line order has a hammer too.
      await search.fill('TF-CH16');
      await expect(rowOf(page, fx.wrenches)).toHaveCount(0);
      await expect(rowOf(page, fx.hammers)).toBeVisible();
      await page.getByLabel('Show cancelled').check();
      await expect(rowOf(page, fx.cancelled)).toBeVisible();
      // A status narrows it; the buyer's own words for it.
      const status = page.getByLabel('Status');
      await expect(status.locator('option')).toHaveText(['All', 'Unpaid', 'Paid', 'Shipped', 'Cancelled']);
      await status.selectOption('cancelled');
      await expect(rowOf(page, fx.hammers)).toHaveCount(0);
      await expect(rowOf(page, fx.cancelled)).toBeVisible();
      // The chosen status decides alone, and the toggle says what it shows.
      await expect(page.getByLabel('Show cancelled')).toBeChecked();
      await expect(page.getByLabel('Show cancelled')).toBeDisabled();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshots(page, 'my-orders-filtered', [width]);

      // A reload (or a shared link) shows the same.
      await page.reload();
      await expect(search).toHaveValue('TF-CH16');
      await expect(status).toHaveValue('cancelled');
      await expect(rowOf(page, fx.cancelled)).toBeVisible();

      // Export CSV: what the filters find, hers only.
      const download = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Export CSV' }).click();
      const [header, ...exported] = parseCsv(readFileSync((await (await download).path())!, 'utf8').slice(1));
      expect(exported.map((row) => Number(row[0]))).toEqual([fx.cancelled.id, fx.cancelled.id]);
      expect(new Set(exported.map((row) => row[header!.indexOf('Buyer email')]))).toEqual(new Set([fx.buyer.email]));

      // Nothing found says so, and Clear filters brings every order back (Show cancelled stays as chosen).
      await search.fill('no such order at all');
      await expect(page.getByTestId('orders-no-match')).toContainText('No orders match “no such order at all”');
      await page.getByTestId('orders-no-match').getByRole('button', { name: 'Clear filters' }).click();
      await expect(search).toHaveValue('');
      await expect(page).toHaveURL(/\/dashboard\/orders\?cancelled=show$/);
      await expect(rowOf(page, fx.wrenches)).toBeVisible();
      await expect(rowOf(page, fx.cancelled)).toBeVisible();
    });
  }
});
