import type { Page, Request } from '@playwright/test';
import type { Tool } from '@toolsify/shared/tools';
import { adminAccount, expect, signInRequest, test } from '../fixtures.ts';
import { baseURL } from '../env.ts';

/**
 * First paint without an API round trip (issue 17, item 5): the HTML of / and /tools/{id}
 * carries the tools, so the products and the tool paint before (and without) any request to
 * /api/tools; the data script is read once and removed.
 */

/** Every request to /api/tools... the page makes, from now on. */
function toolRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/tools')) seen.push(request);
  });
  return seen;
}

test('the home page paints its products with no request to /api/tools', async ({ page }) => {
  const requests = toolRequests(page);
  const html = await page.request.get('/');
  expect(await html.text()).toContain('<script type="application/json" id="toolsify-data">');

  await page.goto('/');
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  expect(
    requests.map((r) => r.url()),
    'requests to /api/tools before the cards showed',
  ).toEqual([]);
  await expect(page.getByTestId('product-card')).toHaveCount(6);
  // Nor just after: the answers are fresh, not fetched again at once; the script is gone.
  await page.waitForLoadState('networkidle');
  expect(
    requests.map((r) => r.url()),
    'requests to /api/tools after the first paint',
  ).toEqual([]);
  await expect(page.locator('#toolsify-data')).toHaveCount(0);

  // /home is the same page.
  await page.goto('/home');
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(requests.map((r) => r.url())).toEqual([]);
});

/**
 * The home page's first screen comes in its HTML (docs/decisions/017): it shows with no script
 * at all, and the app, started once it has painted, takes that markup over as its own first
 * render would have drawn it (React reports any difference as an error) and answers from then on.
 */
test("the home page's first screen is in its HTML, and the app takes it over without a difference", async ({ browser, page }) => {
  const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
  const bare = await noScript.newPage();
  await bare.goto('/');
  await expect(bare.getByRole('heading', { level: 1, name: 'Toolsify Manufacturer LTD.' })).toBeVisible();
  await expect(bare.getByTestId('product-card')).toHaveCount(6);
  const first = bare.getByTestId('product-card').first();
  await expect(first.getByRole('link').first()).toHaveAttribute('href', /^\/tools\/\d+$/);
  await expect(bare.getByRole('link', { name: 'Browse tools' })).toHaveAttribute('href', '/tools');
  await noScript.close();

  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  // The app is running: the phone menu opens and closes, and the cards are still the server's.
  const menu = page.getByRole('button', { name: 'Open menu' });
  await expect(async () => {
    await menu.click();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true', { timeout: 1_000 });
  }).toPass();
  await page.getByRole('button', { name: 'Close menu' }).click();
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByTestId('product-card')).toHaveCount(6);
  await page.waitForLoadState('networkidle');
  expect(problems, 'console errors and warnings (a hydration mismatch is one)').toEqual([]);
});

test("a tool's page paints the tool with no request to /api/tools", async ({ page }) => {
  const listed = (await (await page.request.get('/api/tools?limit=1')).json()) as { items: Tool[] };
  const tool = listed.items[0]!;
  const requests = toolRequests(page);
  await page.goto(`/tools/${tool.id}`);
  await expect(page.getByRole('link', { name: /^Purchase / })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(tool.name);
  await page.waitForLoadState('networkidle');
  expect(requests.map((r) => r.url())).toEqual([]);
});

test('a tool named </script><script>... stays text: nothing in the data script runs', async ({ page, playwright }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const marker = `fp${Date.now().toString(36)}`;
  const name = `</script><script>window.xssRan='${marker}';alert(1)</script>Breakout drill`;
  const admin = await playwright.request.newContext({ baseURL });
  await signInRequest(admin, adminAccount());
  const created = await admin.post('/api/tools', {
    headers: { origin: baseURL },
    data: {
      name,
      sku: `FP-${Date.now()}`,
      description: 'Line\u2028separator <!-- not a comment --> & more',
      img: '/images/tools/impact-driver.svg',
      available: 50,
      minimum: 1,
      priceCents: 999,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const tool = (await created.json()) as Tool;
  await admin.dispose();

  for (const url of ['/', `/tools/${tool.id}`]) {
    await page.goto(url);
    await expect(page.getByText(name, { exact: true }).first(), url).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { xssRan?: string }).xssRan), url).toBeUndefined();
    // Only the build's own scripts (the home page's loader, a tool page's JSON-LD) are in the document.
    const scripts = await page
      .locator('script')
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('type') ?? n.getAttribute('src') ?? 'inline classic'));
    expect(
      scripts.filter((t) => t !== 'module' && t !== 'application/ld+json' && t !== '/start-after-paint.js'),
      url,
    ).toEqual([]);
  }
  expect(dialogs).toEqual([]);
});
