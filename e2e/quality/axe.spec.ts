import { appendFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { adminAccount, expect, newAccount, signIn, test } from '../fixtures.ts';
import { baseURL } from '../env.ts';
import { writeSection } from './performance-doc.ts';

/**
 * axe on every page and every dialog, as a visitor, a customer and an admin, at 375 px and
 * 1280 px (the two projects): no serious or critical violation of WCAG 2.2 A/AA or axe's best
 * practices. The pages checked and what axe found go to docs/performance.md.
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * What each audit found, one JSON line per page, kept in a file: Playwright starts a new worker
 * after a failed test, so memory would only hold the last test's pages.
 */
function findingsFile(testInfo: TestInfo): string {
  return path.join(testInfo.project.outputDir, `axe-${testInfo.project.name}.jsonl`);
}

interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[]; html: string; failureSummary?: string }[];
}

/** Waits for the page to settle: no request in flight, no spinner, fonts and images in. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"], .loading-spinner').first())
    .toBeHidden({ timeout: 15_000 })
    .catch(() => undefined);
  await page.evaluate(() => document.fonts.ready);
}

async function audit(page: Page, name: string): Promise<void> {
  await settle(page);
  const { violations } = (await new AxeBuilder({ page }).withTags(TAGS).analyze()) as { violations: AxeViolation[] };
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const file = findingsFile(test.info());
  mkdirSync(path.dirname(file), { recursive: true });
  appendFileSync(file, `${JSON.stringify({ name, serious: bad.map((v) => v.id), minor: violations.length - bad.length })}\n`);
  writeReport(test.info());
  const described = bad.map(
    (v) => `${v.impact} ${v.id} (${v.help}): ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join(' | ')}`,
  );
  expect.soft(described, `${name}: serious or critical axe violations`).toEqual([]);
}

/** Opens a dialog with `trigger`, audits the page with it open, then closes it with Escape. */
async function auditDialog(page: Page, name: string, trigger: Locator): Promise<void> {
  await trigger.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // The modal fades and scales in (daisyUI: about 0.3 s): audit what a person sees once it
  // has settled, not a half-transparent frame of the animation, which reads as low contrast.
  // (Its own, finite ones: elsewhere a spinner's animation never finishes.)
  await dialog.evaluate((element) =>
    Promise.all(
      element
        .getAnimations({ subtree: true })
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished),
    ),
  );
  await audit(page, name);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

async function firstToolId(page: Page): Promise<number> {
  const res = await page.request.get('/api/tools?limit=1');
  return ((await res.json()) as { items: { id: number }[] }).items[0]!.id;
}

async function placeOrder(page: Page, toolId: number): Promise<number> {
  const tool = (await (await page.request.get(`/api/tools/${toolId}`)).json()) as { minimum: number };
  const res = await page.request.post('/api/orders', {
    headers: { origin: baseURL, 'idempotency-key': `axe-${Date.now()}-${Math.random().toString(36).slice(2)}` },
    data: { toolId, quantity: tool.minimum, phone: '+1 555 0100', address: '1 Main Street, Springfield' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

test('public pages', async ({ page }, testInfo) => {
  rmSync(findingsFile(testInfo), { force: true });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Toolsify Manufacturer LTD.' })).toBeVisible();
  // The lower sections (testimonials...) load as the visitor scrolls to them.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await audit(page, 'home /');
  for (const route of ['/home', '/portfolio', '/blogs', '/login', '/signup', '/reset-password', '/no-such-page', '/cart']) {
    await page.goto(route);
    await audit(page, route);
  }
  // The catalog, a search with no result, and a tool's page.
  await page.goto('/tools?inStock=true&sort=price_asc');
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await audit(page, '/tools');
  await page.goto('/tools?q=no-such-tool-anywhere');
  await expect(page.getByText('No tools match')).toBeVisible();
  await audit(page, '/tools with no result');
  await page.goto(`/tools/${await firstToolId(page)}`);
  await expect(page.getByRole('link', { name: /^Purchase / })).toBeVisible();
  await audit(page, '/tools/:id');
  // The forms with their validation messages showing.
  await page.goto('/login');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await audit(page, '/login with errors');
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await audit(page, '/signup with errors');
});

test('customer pages and dialogs', async ({ page }) => {
  await signIn(page, newAccount('axe'));
  const toolId = await firstToolId(page);
  const unpaid = await placeOrder(page, toolId);
  await placeOrder(page, toolId);

  await page.goto(`/purchase/${toolId}`);
  await audit(page, '/purchase/:id');
  // The cart with lines, a quick order checked (one line found, one not), and checkout.
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.goto('/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await page.getByLabel('SKUs and quantities').fill('NO-SUCH-SKU 5\nTF-CH16 500');
  await page.getByRole('button', { name: 'Check lines' }).click();
  await expect(page.getByTestId('quick-order-rows')).toContainText('No tool has this SKU');
  await audit(page, '/cart (customer)');
  // The cart saved as a list: My Lists with a list, its lines shown.
  await page.getByLabel(/Save these lines as a list/).fill('Axe kit');
  await page.getByRole('button', { name: 'Save list' }).click();
  await expect(page.getByText('Saved as "Axe kit"', { exact: false })).toBeVisible();
  await page.goto('/dashboard/lists');
  await page.getByText('Show the lines').click();
  await expect(page.getByText('pieces').first()).toBeVisible();
  await audit(page, '/dashboard/lists (customer)');
  for (const route of ['/dashboard', '/dashboard/orders', '/dashboard/review', `/dashboard/payment/${unpaid}`]) {
    await page.goto(route);
    await audit(page, `${route.replace(String(unpaid), ':id')} (customer)`);
  }
  await page.goto('/dashboard/orders');
  await auditDialog(page, 'cancel order dialog (customer)', page.getByRole('button', { name: `Cancel order #${unpaid}` }));
  await dashboardMenu(page, 'dashboard menu (customer)');
});

test('admin pages and dialogs', async ({ page }) => {
  // A customer's unpaid order for Manage All Orders, and a customer to make admin.
  await signIn(page, newAccount('axe-buyer'));
  const order = await placeOrder(page, await firstToolId(page));
  await page.context().clearCookies();
  await signIn(page, adminAccount());

  const toolId = await firstToolId(page);
  for (const route of [
    '/dashboard',
    '/dashboard/users',
    '/dashboard/manage',
    '/dashboard/add',
    '/dashboard/products',
    '/dashboard/products/import',
    '/dashboard/products/categories',
    `/dashboard/products/${toolId}/stock`,
    `/dashboard/orders/${order}`,
    '/dashboard/audit',
    '/dashboard/reviews',
    '/dashboard/inbox',
  ]) {
    await page.goto(route);
    await audit(page, `${route} (admin)`);
  }
  await page.goto('/dashboard/manage');
  await auditDialog(page, 'cancel order dialog (admin)', page.getByRole('button', { name: `Cancel order #${order}` }));
  await page.goto('/dashboard/users');
  await auditDialog(page, 'remove user dialog', page.getByRole('button', { name: /^Remove User:/ }).first());
  await page.goto('/dashboard/products');
  await auditDialog(page, 'delete product dialog', page.getByRole('button', { name: /^Delete / }).first());
  await auditDialog(page, 'edit product dialog', page.getByRole('button', { name: /^Edit / }).first());
  await page.goto('/dashboard/products/categories');
  await auditDialog(page, 'remove category dialog', page.getByRole('button', { name: /^Remove / }).first());
  await page
    .getByRole('button', { name: /^Rename / })
    .first()
    .click();
  await audit(page, 'rename category form');
  await page.goto('/dashboard/add');
  await page
    .getByRole('button', { name: /add|submit/i })
    .last()
    .click();
  await audit(page, '/dashboard/add with errors');
  await dashboardMenu(page, 'dashboard menu (admin)');
});

/** On a phone the dashboard's side menu is a dialog behind a menu button. */
async function dashboardMenu(page: Page, name: string): Promise<void> {
  const viewport = page.viewportSize();
  if (!viewport || viewport.width >= 1024) return;
  await page.goto('/dashboard');
  await auditDialog(page, name, page.getByRole('button', { name: /dashboard menu/i }).first());
}

/** Rewrites this viewport's section of docs/performance.md from the findings so far. */
function writeReport(testInfo: TestInfo): void {
  const project = testInfo.project.name;
  const viewport = testInfo.project.use.viewport;
  const checked = readFileSync(findingsFile(testInfo), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { name: string; serious: string[]; minor: number });
  const lines = [
    `## axe, ${project} (${viewport ? `${viewport.width} x ${viewport.height}` : 'default'} px)`,
    '',
    `Run on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by \`npm run test:quality\`: axe-core (${TAGS.join(', ')}) on every page and dialog as a visitor, a customer and an admin.`,
    '',
    '| Page or dialog | Serious or critical | Moderate or minor |',
    '|---|---|---:|',
    ...checked.map((c) => `| ${c.name} | ${c.serious.length === 0 ? 'none' : c.serious.join(', ')} | ${c.minor} |`),
  ];
  writeSection(`axe-${project}`, lines.join('\n'));
}
