import type { Page } from '@playwright/test';
import type { Tool } from '@toolsify/shared/tools';
import { adminAccount, expect, newAccount, signIn, signInRequest, test } from '../fixtures.ts';
import { baseURL } from '../env.ts';

/**
 * Stored XSS: a product name, a product description, a reviewer's name and a review's text
 * that carry markup show as text wherever the store shows them, and nothing in them runs.
 */
const marker = `x${Date.now().toString(36)}`;
const toolName = `<script>window.xssRan='${marker}'</script>Evil drill`;
const toolDescription = `<img src=x onerror="window.xssRan='${marker}'">A description with markup`;
const reviewerName = `<img src=x onerror="window.xssRan='${marker}'">Mallory`;
const reviewNote = `<script>window.xssRan='${marker}'</script>Loved it <b>bold</b>`;

/** Nothing ran: no flag set, no alert, no element made from the payloads. */
async function expectInert(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { xssRan?: string }).xssRan)).toBeUndefined();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(page.locator('main script, main b')).toHaveCount(0);
}

test('markup in product names, descriptions and reviews shows as text and never runs', async ({ page, playwright }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });

  // The admin adds the product (in a cookie jar of its own).
  const admin = await playwright.request.newContext({ baseURL });
  await signInRequest(admin, adminAccount());
  const created = await admin.post('/api/tools', {
    headers: { origin: baseURL },
    data: {
      name: toolName,
      sku: `XSS-${Date.now()}`,
      description: toolDescription,
      img: '/images/tools/impact-driver.svg',
      available: 500,
      minimum: 5,
      priceCents: 1999,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const tool = (await created.json()) as Tool;
  expect(tool.name).toBe(toolName);

  // A customer whose name carries markup reviews the store.
  await signIn(page, { ...newAccount('xss'), name: reviewerName });
  const review = await page.request.post('/api/reviews', { headers: { origin: baseURL }, data: { rating: 5, img: '', note: reviewNote } });
  expect(review.status(), await review.text()).toBe(201);

  // Home: the newest tools and the latest reviews.
  await page.goto('/');
  const card = page.getByRole('article').filter({ hasText: 'Evil drill' }).first();
  await expect(card).toBeVisible();
  await expect(card.getByText(toolName, { exact: true })).toBeVisible();
  await expect(card.getByText(toolDescription, { exact: true })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  // The note shows in quotation marks: “...”.
  await expect(page.getByText(reviewNote)).toBeVisible();
  await expect(page.getByText(reviewerName, { exact: true }).first()).toBeVisible();
  await expectInert(page);

  // The tool's public page, whose head the server writes (title, description, JSON-LD).
  await page.goto(`/tools/${tool.id}`);
  await expect(page.getByRole('heading', { name: toolName })).toBeVisible();
  await expect(page).toHaveTitle(`${toolName} | Toolsify Manufacturer LTD.`);
  await expectInert(page);
  // The catalog's search for it.
  await page.goto(`/tools?q=${encodeURIComponent('Evil drill')}`);
  await expect(page.getByRole('article').filter({ hasText: toolName }).first()).toBeVisible();
  await expectInert(page);

  // The purchase page of that tool.
  await page.goto(`/purchase/${tool.id}`);
  await expect(page.getByRole('heading', { name: toolName })).toBeVisible();
  await expect(page.getByText(toolDescription, { exact: true })).toBeVisible();
  await expectInert(page);

  // The admin's product list, and the delete confirmation that names it.
  await page.context().clearCookies();
  await signIn(page, adminAccount());
  await page.goto('/dashboard/products');
  await expect(page.getByText(toolName, { exact: true }).filter({ visible: true }).first()).toBeVisible();
  await page
    .getByRole('button', { name: `Delete ${toolName}` })
    .filter({ visible: true })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toContainText(toolName);
  await expectInert(page);
  await page.keyboard.press('Escape');

  expect(dialogs).toEqual([]);
  await admin.dispose();
});
