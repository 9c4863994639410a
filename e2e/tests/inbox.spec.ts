import type { APIRequestContext, Page } from '@playwright/test';
import type { ContactMessagePage } from '@toolsify/shared/contact';
import { adminAccount, expect, latestMail, newAccount, signIn, test } from '../fixtures.ts';
import { ADMIN_EMAIL, baseURL } from '../env.ts';
import { screenshots } from '../screenshots.ts';

/** Issue 18, item 7: Contact Us messages land in the admins' Inbox, with the unread count in the admin menu. */

const headers = { origin: baseURL };

/** Marks every Inbox message read (other specs write through Contact Us too), so this spec's count starts at 0. */
async function readEverything(request: APIRequestContext): Promise<void> {
  let cursor: number | null = null;
  do {
    const res = await request.get(`/api/contact/messages?limit=100${cursor === null ? '' : `&cursor=${cursor}`}`);
    expect(res.status(), await res.text()).toBe(200);
    const page = (await res.json()) as ContactMessagePage;
    for (const message of page.items) {
      if (message.readAt === null) expect((await request.post(`/api/contact/messages/${message.id}/read`, { headers })).status()).toBe(200);
    }
    cursor = page.nextCursor;
  } while (cursor !== null);
}

const menuLink = (page: Page) => page.getByRole('navigation', { name: 'Dashboard', exact: true }).getByRole('link', { name: /^Inbox/ });

test.describe('admin Inbox', () => {
  test('a visitor writes through Contact Us; the admin sees it unread with the badge, opens it, marks it unread and replies by email', async ({
    page,
    browser,
  }) => {
    const admin = await browser.newPage({ baseURL });
    await signIn(admin, adminAccount());
    await readEverything(admin.request);

    // A visitor sends the home page's Contact Us form. The sender's words are text, whitespace and all.
    const stamp = Date.now().toString(36);
    const email = `visitor-${stamp}@example.com`;
    const subject = `Quote for 300 drills <b>${stamp}</b>`;
    const longWord = `https://example.com/${'very-long-path-'.repeat(12)}end`;
    const body = `Hello,\n\n  We need 300 cordless drills delivered to Leeds.\n  Price list: ${longWord}\n\nThanks, <i>Sam</i><img src=x onerror="window.xssRan=1">`;
    await page.goto('/');
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
    await expect(page.getByRole('heading', { name: 'Stay connected with us' })).toBeAttached();
    const form = page.getByRole('form', { name: 'Contact us' });
    await form.scrollIntoViewIfNeeded();
    await expect(form).toHaveAttribute('data-ready', 'true');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Subject').fill(subject);
    await form.getByLabel('Message').fill(body);
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Thank you! Your message has been sent.')).toBeVisible();

    // The admins are emailed, with a link to this message in the Inbox.
    let inboxLink: string | undefined;
    await expect
      .poll(() => {
        const mail = latestMail(ADMIN_EMAIL);
        if (mail?.subject !== `New message from ${email}`) return undefined;
        return (inboxLink = mail.links.find((l) => /\/dashboard\/inbox\?id=\d+$/.test(l)));
      })
      .toBeTruthy();

    // The admin menu shows Inbox with one unread.
    await admin.goto('/dashboard');
    await expect(menuLink(admin)).toHaveText('Inbox1 unread message');
    await expect(menuLink(admin).getByTestId('menu-badge')).toBeVisible();
    await menuLink(admin).click();
    await expect(admin).toHaveURL(/\/dashboard\/inbox$/);
    await expect(admin.getByRole('heading', { name: 'Inbox', level: 2 })).toBeFocused();
    const rows = admin.getByTestId('inbox-message');
    const row = rows.first(); // newest first
    await expect(row).toContainText(email);
    await expect(row).toContainText(subject);
    await expect(row).toHaveAttribute('data-unread', 'true');
    await expect(row.getByText('New', { exact: true })).toBeVisible();
    await expect(admin.getByTestId('inbox-unread')).toHaveText('1 unread');
    await expect(row.locator('b, i, img')).toHaveCount(0); // never markup
    await screenshots(admin, 'inbox-unread');

    // Opening it shows the whole message, whitespace kept, and marks it read: the badge goes.
    const opener = row.getByRole('button', { name: new RegExp(email.replace(/[.]/g, '\\.')) });
    await expect(opener).toHaveAttribute('aria-expanded', 'false');
    await opener.click();
    await expect(opener).toHaveAttribute('aria-expanded', 'true');
    const text = row.getByTestId('message-text');
    await expect(text).toBeVisible();
    expect(await text.evaluate((el) => el.textContent)).toBe(body);
    expect(await text.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe('pre-wrap');
    await expect(row.locator('b, i, img')).toHaveCount(0);
    expect(await admin.evaluate(() => (window as unknown as { xssRan?: number }).xssRan)).toBeUndefined();
    await expect(row).toHaveAttribute('data-unread', 'false');
    await expect(row.getByText('New', { exact: true })).toHaveCount(0);
    await expect(menuLink(admin)).toHaveText('Inbox');
    await expect(admin.getByTestId('menu-badge')).toHaveCount(0);
    await expect(admin.getByTestId('inbox-unread')).toHaveText('All messages read');
    // Read on the server too.
    const stored = ((await (await admin.request.get('/api/contact/messages?limit=1')).json()) as ContactMessagePage).items[0];
    expect(stored?.readAt).not.toBeNull();

    // Reply by email: a mailto link to the sender with "Re: subject".
    const reply = row.getByRole('link', { name: 'Reply by email' });
    const href = (await reply.getAttribute('href')) ?? '';
    const mailto = new URL(href);
    expect(mailto.protocol).toBe('mailto:');
    expect(decodeURIComponent(mailto.pathname)).toBe(email);
    expect(mailto.searchParams.get('subject')).toBe(`Re: ${subject}`);

    // Mark as unread: bold and counted again.
    await row.getByRole('button', { name: 'Mark as unread' }).click();
    await expect(row).toHaveAttribute('data-unread', 'true');
    await expect(row.getByRole('button', { name: 'Mark as read' })).toBeEnabled(); // saved
    await expect(menuLink(admin)).toHaveText('Inbox1 unread message');
    await screenshots(admin, 'inbox-open');

    // By keyboard: the row's button closes and opens it with Enter.
    await opener.focus();
    await admin.keyboard.press('Enter');
    await expect(opener).toHaveAttribute('aria-expanded', 'false');
    await expect(text).toBeHidden();
    await admin.keyboard.press('Enter');
    await expect(opener).toHaveAttribute('aria-expanded', 'true');
    await expect(row).toHaveAttribute('data-unread', 'false');

    // The email's link opens that message in the Inbox, read, on a phone too.
    expect((await admin.request.delete(`/api/contact/messages/${stored?.id}/read`, { headers })).status()).toBe(200);
    await admin.setViewportSize({ width: 375, height: 800 });
    await admin.goto(inboxLink!);
    const linked = admin.locator(`#message-${stored?.id}`);
    await expect(linked.getByRole('button', { expanded: true })).toBeVisible();
    await expect(linked.getByTestId('message-text')).toBeInViewport();
    await expect(linked).toHaveAttribute('data-unread', 'false');
    await expect(admin.getByRole('button', { name: /^Dashboard menu/ })).toHaveText('Dashboard menu');
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await admin.close();
  });

  test('pages with Load more, shows an empty Inbox and a failed load with Retry', async ({ page }) => {
    await signIn(page, adminAccount());
    // 21 messages: one more than a page.
    const stamp = Date.now().toString(36);
    for (let n = 1; n <= 21; n += 1) {
      const res = await page.request.post('/api/contact', {
        data: { email: `bulk-${stamp}@example.com`, message: `Bulk ${stamp} #${n}` },
        headers,
      });
      expect(res.status()).toBe(201);
    }
    await page.goto('/dashboard/inbox');
    const rows = page.getByTestId('inbox-message');
    await expect(rows).toHaveCount(20);
    await expect(rows.first()).toContainText(`Bulk ${stamp} #21`);
    await expect(rows.first()).toContainText('(no subject)');
    await page.getByRole('button', { name: 'Load more' }).click();
    // The oldest of the 21 was on the next page.
    await expect(page.getByText(`Bulk ${stamp} #1`, { exact: true })).toBeVisible();
    expect(await rows.count()).toBeGreaterThan(20);
    await readEverything(page.request);

    // A failed load says so and offers Retry.
    const list = /\/api\/contact\/messages\?limit=20/;
    await page.route(list, (route) =>
      route.fulfill({ status: 503, json: { error: { code: 'SERVICE_UNAVAILABLE', message: 'Down for a moment' } } }),
    );
    await page.goto('/dashboard/inbox');
    const alert = page.getByRole('alert').filter({ hasText: 'We could not load the Inbox.' });
    await expect(alert).toBeVisible({ timeout: 20_000 });
    await page.unroute(list);
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(rows.first()).toBeVisible();

    // Nothing yet: says so.
    await page.route(list, (route) => route.fulfill({ json: { items: [], nextCursor: null, unread: 0 } }));
    await page.goto('/dashboard/inbox');
    await expect(page.getByText('No messages yet')).toBeVisible();
    await screenshots(page, 'inbox-empty');
  });

  test('is for admins: a customer has no Inbox in the menu, no messages from the API, and is sent away from the page', async ({ page }) => {
    await signIn(page, newAccount('nosy'));
    expect((await page.request.get('/api/contact/messages')).status()).toBe(403);
    await page.goto('/dashboard');
    await expect(page.getByRole('link', { name: 'My Orders' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: /^Inbox/ })).toHaveCount(0);
    await page.goto('/dashboard/inbox');
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByText('That page is for admins. Please log in with an admin account.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Inbox' })).toHaveCount(0);
  });
});
