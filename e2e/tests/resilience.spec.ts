import type { APIRequestContext, Page } from '@playwright/test';
import type { Order } from '@toolsify/shared/orders';
import type { Tool } from '@toolsify/shared/tools';
import type { UserPage } from '@toolsify/shared/users';
import { adminAccount, expect, newAccount, signIn, signInRequest, test, verificationLink } from '../fixtures.ts';
import { chromiumArgs, chromiumPath } from '../browser.ts';
import { baseURL } from '../env.ts';
import { screenshots } from '../screenshots.ts';

/**
 * Issue 18, items 1 and 2: a failed load never leaves a blank page; opening a dialog does not
 * move the page; toasts stay below the navigation bar; focus follows page changes and payments.
 *
 * Playwright starts headless Chromium with --hide-scrollbars, where a scrollbar takes no room
 * and no layout shift could ever be seen: this file's browser shows them, as people's do.
 */
test.use({ launchOptions: { executablePath: await chromiumPath(), args: chromiumArgs, ignoreDefaultArgs: ['--hide-scrollbars'] } });

const main = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** A lazily loaded page's code, by the name Vite gives its chunk (`/assets/<name>-<hash>.js`). */
const chunk = (name: string) => (url: URL) => new RegExp(`^/assets/${name}-[\\w-]+\\.js$`).test(url.pathname);

async function placeOrder(request: APIRequestContext): Promise<Order> {
  const tools = ((await (await request.get('/api/tools?limit=100')).json()) as { items: Tool[] }).items;
  const tool = tools.find((t) => t.available >= t.minimum + 10 && t.packSize === 1 && t.priceBreaks.length === 0);
  if (!tool) throw new Error('no plain tool with stock in the demo data');
  const res = await request.post('/api/orders', {
    data: { toolId: tool.id, quantity: tool.minimum, phone: '+1 555 010 2030', address: '9 Harbour Way' },
    headers: { origin: baseURL },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Order;
}

test.describe('a failed load is never a blank page', () => {
  test('a dashboard page whose code cannot be fetched keeps the bar and offers Retry, on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await signIn(page, newAccount('offline'));
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
    // The network drops as the buyer opens My Orders.
    const ordersChunk = chunk('orders');
    await page.route(ordersChunk, (route) => route.abort('internetdisconnected'));
    await page.goto('/dashboard/orders');
    const title = page.getByRole('heading', { level: 1, name: 'This page could not be loaded' });
    await expect(title).toBeVisible();
    await expect(page.getByText('Check your connection and try again.')).toBeVisible();
    await expect(main(page).getByRole('button', { name: 'Open menu' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await screenshots(page, 'resilience-chunk-failed');

    // Back online: Retry loads the page the buyer asked for.
    await page.unroute(ordersChunk);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page).toHaveURL('/dashboard/orders');
    await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();
    await expect(title).toHaveCount(0);
  });

  test('a page that throws while rendering shows the same frame and message, not white; Retry recovers', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    // A page's code that throws as it renders (a deploy that replaced it with one that breaks).
    const blogsChunk = chunk('blogs');
    await page.route(blogsChunk, (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: `export default function Broken() { throw new TypeError("Cannot read properties of undefined (reading 'title')"); }`,
      }),
    );
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/');
    await main(page).getByRole('link', { name: 'Blogs' }).click();
    const title = page.getByRole('heading', { level: 1, name: 'Something went wrong on this page' });
    await expect(title).toBeVisible();
    await expect(main(page).getByRole('link', { name: 'Home', exact: true })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    // Announced and focused as the page's heading is.
    await expect(page.getByRole('alert').filter({ has: title })).toBeVisible();
    await expect(title).toBeFocused();
    await expect(page.getByRole('link', { name: 'Home', exact: true }).last()).toHaveAttribute('href', '/');
    await screenshots(page, 'resilience-render-error');

    await page.unroute(blogsChunk);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Blogs' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('an error in the frame itself (an answer of an unexpected shape) shows a plain frame with the message, not white', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await signIn(page, newAccount('frame'));
    // The navigation bar's cart count reads the server cart: here it answers without its lines.
    await page.route('**/api/cart', (route) =>
      route.request().method() === 'GET' ? route.fulfill({ contentType: 'application/json', body: '{}' }) : route.fallback(),
    );
    await page.goto('/');
    const title = page.getByRole('heading', { level: 1, name: 'Something went wrong on this page' });
    await expect(title).toBeVisible();
    const frame = main(page);
    for (const link of ['Home', 'Tools', 'portfolio', 'Blogs']) {
      await expect(frame.getByRole('link', { name: link, exact: true })).toBeVisible();
    }
    await expect(frame.getByRole('link', { name: /Toolsify/ })).toHaveAttribute('href', '/');
    // Nothing sticks out sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshots(page, 'resilience-frame-error');

    await page.unroute('**/api/cart');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Toolsify Manufacturer LTD.' })).toBeVisible();
    await expect(page.getByTestId('cart-link').filter({ visible: true })).toHaveCount(1);
  });
});

test.describe('layout and focus', () => {
  test('opening a dialog does not move the page sideways, to the pixel', async ({ page, playwright }) => {
    await signIn(page, adminAccount());
    // Someone to make an admin: the Make Admin confirmation is the dialog opened.
    const someone = newAccount('shift');
    const context = await playwright.request.newContext({ baseURL });
    await signInRequest(context, someone);
    // Only a verified address may be made an admin: its link opened.
    await context.get(await verificationLink(someone.email), { maxRedirects: 0 });
    await context.dispose();
    const users = (await (await page.request.get('/api/users?limit=100')).json()) as UserPage;
    const target = users.items.find((u) => u.email === someone.email);
    if (!target) throw new Error('the new account is not listed');

    // A window shorter than the page, so the page has a scrollbar that a dialog could take away.
    await page.setViewportSize({ width: 1280, height: 420 });
    await page.goto('/dashboard/users');
    const heading = page.getByRole('heading', { level: 2, name: 'All Users' });
    await expect(heading).toBeVisible();
    const scrollbar = await page.evaluate(() => window.innerWidth - document.documentElement.clientWidth);
    expect(scrollbar, 'the browser shows a scrollbar that takes room').toBeGreaterThan(0);

    const boxes = async () => {
      const bar = await page.locator('header nav').first().boundingBox();
      const title = await heading.boundingBox();
      return {
        barRight: (bar?.x ?? 0) + (bar?.width ?? 0),
        headingX: title?.x ?? 0,
      };
    };
    const before = await boxes();
    const row = page.getByTestId(`user-${target.id}`).filter({ visible: true });
    await row.getByRole('button', { name: 'Make Admin' }).click();
    const dialog = page.getByRole('dialog', { name: `Make ${someone.name} an admin?` });
    await expect(dialog).toBeVisible();
    const during = await boxes();
    // 0 px: the heading and the bar stay where they were. Without the kept scrollbar room the
    // bar's right edge moves by the scrollbar's width (15 px here) as the dialog locks the page.
    expect(during.headingX - before.headingX).toBe(0);
    expect(during.barRight - before.barRight).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect((await boxes()).headingX).toBe(before.headingX);
  });

  for (const width of [375, 1280]) {
    test(`a toast shows top-right below the navigation bar, never over Dashboard or Sign Out (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await signIn(page, newAccount('toast'));
      await page.goto('/dashboard');
      await page.getByLabel('Phone').fill('+44 113 496 0000');
      await page.getByLabel('Address').fill('12 Mill Road, Leeds');
      await page.getByRole('button', { name: 'Update Profile' }).click();
      const toast = page.getByText('Profile Updated');
      await expect(toast).toBeVisible();
      const bar = (await page.locator('header').first().boundingBox())!;
      // It slides in from above: wait for it to settle below the bar.
      await expect.poll(async () => (await toast.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(bar.y + bar.height);
      const box = (await toast.boundingBox())!;
      // Top-right: its right edge near the window's, and in the right half at desktop widths.
      const clientWidth = await page.evaluate(() => document.documentElement.clientWidth);
      expect(clientWidth - (box.x + box.width)).toBeLessThan(60);
      if (width >= 768) {
        expect(box.x + box.width / 2).toBeGreaterThan(width / 2);
        for (const control of [main(page).getByRole('link', { name: 'Dashboard' }), main(page).getByRole('button', { name: 'Sign Out' })]) {
          const c = (await control.boundingBox())!;
          const overlaps = box.x < c.x + c.width && c.x < box.x + box.width && box.y < c.y + c.height && c.y < box.y + box.height;
          expect(overlaps).toBe(false);
        }
      }
    });
  }

  test('after each page change the focus is on the new page’s heading (not on the first load), also from the phone menu', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/blogs');
    await expect(page.getByRole('heading', { level: 1, name: 'Blogs' })).toBeVisible();
    // The first load starts at the top of the document, as any page does.
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);

    await main(page).getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'portfolio', exact: true }).filter({ visible: true }).click();
    await expect(page).toHaveURL('/portfolio');
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toBeFocused();
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    // Back goes back to the page before, and its heading takes the focus too.
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Blogs' })).toBeFocused();
  });

  test('after a payment that does not go through, the focus is on why', async ({ page }) => {
    await signIn(page, newAccount('declined-focus'));
    const order = await placeOrder(page.request);
    await page.goto(`/dashboard/payment/${order.id}`);
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByLabel('Expiry (MM/YY)').fill('1240');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    const error = page.getByTestId('payment-error');
    await expect(error).toHaveText('Your card was declined.');
    await expect(error).toBeFocused();

    // A second try that succeeds moves the focus to the result.
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await expect(page.getByTestId('payment-success')).toBeFocused();
  });
});
