/// <reference lib="dom" />
// Bulk pricing as buyers and admins use it: the volume price table with the row that applies,
// the live unit price and total, the pack stepper, the next-break nudge and its button, an
// order charged at the tier price, and the admin's price-break rows.
import type { Order } from '@toolsify/shared/orders';
import type { Tool, ToolPage } from '@toolsify/shared/tools';
import { adminAccount, expect, newAccount, signIn, test, toolBySku } from '../fixtures.ts';
import { screenshotAsIs, screenshots } from '../screenshots.ts';

const yourRow = (page: import('@playwright/test').Page) => page.getByTestId('price-table').locator('tr[aria-current="true"]');

test.describe('bulk pricing', () => {
  for (const width of [375, 1280]) {
    test(`the tool page at ${width} px: price table, live total, packs, the nudge, and Purchase with the quantity`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      // Angle Grinder: $32.90 from 40, $30.90 from 80, $28.90 from 200, in packs of 10.
      const tool = await toolBySku(page.request, 'TF-AG115-850');
      expect(tool).toMatchObject({ priceCents: 3290, minimum: 40, packSize: 10 });

      await page.goto('/tools?q=TF-AG115-850');
      await expect(page.getByTestId('product-card').filter({ hasText: tool.name }).getByTestId('price-from')).toHaveText(
        'From $28.90 at 200+ pieces',
      );

      await page.goto(`/tools/${tool.id}`);
      const table = page.getByTestId('price-table');
      await expect(table.getByRole('row')).toHaveCount(4);
      await expect(yourRow(page)).toContainText('40–79 pieces');
      await expect(table).toContainText('$2.00 (6%)');
      const quantity = page.getByLabel('Quantity', { exact: true });
      await expect(quantity).toHaveValue('40');
      // Other specs order grinders too: the largest quantity is today's stock, in whole packs.
      const largest = Math.floor(tool.available / 10) * 10;
      await expect(page.getByText(`Minimum 40, up to ${largest.toLocaleString('en-US')} pieces, in packs of 10`)).toBeVisible();

      await quantity.fill('70');
      await expect(page.getByTestId('tool-total')).toHaveText('70 × $32.90 = $2,303.00');
      const nudge = page.getByTestId('price-nudge');
      await expect(nudge).toContainText(
        "Add 10 more pieces and every piece costs $30.90: the order costs $169.00 more but you save $160.00 against 80 at today's price.",
      );
      if (width === 1280) await screenshots(page, 'pricing-tool-page');
      await nudge.getByRole('button', { name: 'Order 80' }).click();
      await expect(quantity).toHaveValue('80');
      await expect(yourRow(page)).toContainText('80–199 pieces');
      await expect(page.getByTestId('tool-total')).toHaveText('80 × $30.90 = $2,472.00');
      await expect(nudge).toHaveCount(0);

      // The buttons move by a pack; a quantity off the packs names the two nearest.
      await page.getByRole('button', { name: 'One pack of 10 more' }).click();
      await expect(quantity).toHaveValue('90');
      await quantity.fill('85');
      await expect(page.getByText('Sold in packs of 10: choose 80 or 90.')).toBeVisible();
      await expect(yourRow(page)).toHaveCount(0);
      await quantity.press('ArrowUp');
      await expect(quantity).toHaveValue('90');
      await expect(page.getByRole('link', { name: `Purchase ${tool.name}` })).toHaveAttribute('href', `/purchase/${tool.id}?quantity=90`);
      // Nothing sticks out sideways on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  }

  test('an order placed from the nudge is charged the tier price, computed by the server', async ({ page }) => {
    const account = newAccount('bulk');
    await signIn(page, account);
    const tool = await toolBySku(page.request, 'TF-AG115-850');
    await page.goto(`/purchase/${tool.id}?quantity=150`);
    const quantity = page.getByLabel('Quantity', { exact: true });
    await expect(quantity).toHaveValue('150');
    await expect(yourRow(page)).toContainText('80–199 pieces');
    await expect(page.getByTestId('unit-price')).toHaveText('150 × $30.90');
    await page.getByTestId('price-nudge').getByRole('button', { name: 'Order 200' }).click();
    await expect(quantity).toHaveValue('200');
    await expect(yourRow(page)).toContainText('200+ pieces');
    await expect(page.getByText('Total: $5,780.00')).toBeVisible();
    await page.getByLabel('Phone').fill('+1 555 010 2030');
    await page.getByLabel('Address').fill('12 Main St, Springfield');
    await screenshots(page, 'pricing-purchase');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByText('Order is placed successfully!!')).toBeVisible();
    const mine = ((await (await page.request.get('/api/orders/mine')).json()) as { items: Order[] }).items;
    expect(mine[0]).toMatchObject({ toolId: tool.id, quantity: 200, unitPriceCents: 2890, totalCents: 578_000 });
  });

  test('an admin sets pack size, maximum and price breaks, with the rule on each field, and edits them', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
    });
    await signIn(page, adminAccount());
    await page.goto('/dashboard/add');
    const name = `E2E Hex Key Set ${Date.now()}`;
    // An image the store serves: the product shows on the home page of later specs.
    await page.getByLabel('Image link').fill('/images/tools/hacksaw.svg');
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('SKU').fill(`E2E-HK-${Date.now()}`);
    await page.getByLabel('Description').fill('Nine hex keys in a holder.');
    // A field the admin has not reached is not flagged while they type another that bears on it.
    await page.getByLabel('Available Quantity').fill('1200');
    await page.getByLabel('Pack size').fill('1');
    await expect(page.getByText('Minimum Quantity must be 1 or longer')).toHaveCount(0);
    await page.getByLabel('Minimum Quantity').fill('30');
    await page.getByLabel('Price per unit ($)').fill('12.50');
    await page.getByLabel('Pack size').fill('12');
    await expect(page.getByText('Minimum must be a whole number of packs of 12')).toBeVisible();
    await page.getByLabel('Minimum Quantity').fill('24');
    await expect(page.getByText('Minimum must be a whole number of packs of 12')).toHaveCount(0);
    await page.getByLabel('Maximum per order').fill('600');

    await page.getByRole('button', { name: 'Add a price break' }).click();
    await page.getByRole('button', { name: 'Add a price break' }).click();
    const rows = page.getByTestId('price-break-row');
    await expect(rows).toHaveCount(2);
    await expect(page.getByLabel('From (pieces), break 1')).toHaveValue('48');
    await page.getByLabel('From (pieces), break 2').fill('36');
    await expect(page.getByText('Each price break must start above the one before')).toBeVisible();
    await page.getByRole('button', { name: 'Sort by quantity' }).click();
    await expect(page.getByLabel('From (pieces), break 1')).toHaveValue('36');
    await page.getByLabel('From (pieces), break 2').fill('120');
    await page.getByLabel('Unit price ($)').first().fill('13');
    await expect(page.getByText('A price break must be lower than the price')).toBeVisible();
    await page.getByLabel('Unit price ($)').first().fill('11.90');
    await page.getByLabel('Unit price ($)').nth(1).fill('10.50');
    await screenshots(page, 'pricing-admin-add');
    await page.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.getByText('Product successfully added.')).toBeVisible();
    // The form is empty again for the next product, with nothing for the browser to complain of.
    for (const box of ['Available Quantity', 'Minimum Quantity', 'Price per unit ($)']) await expect(page.getByLabel(box)).toHaveValue('');
    expect(warnings.filter((text) => text.includes('NaN'))).toEqual([]);

    const tools = ((await (await page.request.get('/api/tools?limit=5')).json()) as ToolPage).items;
    const saved = tools.find((t) => t.name === name)!;
    expect(saved).toMatchObject({
      minimum: 24,
      packSize: 12,
      maxPerOrder: 600,
      priceBreaks: [
        { minQuantity: 36, unitPriceCents: 1190 },
        { minQuantity: 120, unitPriceCents: 1050 },
      ],
    });

    // Edit: remove the first break and clear the maximum.
    await page.goto('/dashboard/products');
    const row = page.getByTestId(`product-${saved.id}`).filter({ visible: true });
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${name}` });
    await expect(dialog.getByTestId('price-break-row')).toHaveCount(2);
    // Prices read with their cents, as the admin typed them (a number input set from 12.5 shows "12.5").
    await expect(dialog.getByLabel('Price per unit ($)')).toHaveValue('12.50');
    await expect(dialog.getByLabel('Unit price ($), break 1')).toHaveValue('11.90');
    await expect(dialog.getByLabel('Unit price ($), break 2')).toHaveValue('10.50');
    // The dialog scrolls inside itself: a shot of the window at the breaks, on a phone.
    await page.setViewportSize({ width: 375, height: 812 });
    await dialog.getByTestId('price-break-row').last().scrollIntoViewIfNeeded();
    await screenshotAsIs(page, 'pricing-admin-edit-breaks-375', { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 900 });
    await dialog.getByRole('button', { name: 'Remove price break 1' }).click();
    await dialog.getByLabel('Maximum per order').fill('');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText(`${name} is updated`)).toBeVisible();
    expect((await (await page.request.get(`/api/tools/${saved.id}`)).json()) as Tool).toMatchObject({
      maxPerOrder: null,
      priceBreaks: [{ minQuantity: 120, unitPriceCents: 1050 }],
    });
  });
});
