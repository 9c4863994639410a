import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { Order } from '@toolsify/shared/orders';
import type { Tool } from '@toolsify/shared/tools';
import { addOwnTool, adminAccount, expect, latestMail, newAccount, placeOrderViaApi, signIn, signInRequest, test } from '../fixtures.ts';
import { baseURL, outboxDir } from '../env.ts';
import { screenshots } from '../screenshots.ts';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Issue 18, items 3, 5 and 10: what the buyer sees after Place Order (and the question before
 * the same order again), the admin's Shipment with a carrier and tracking number, and "Email me
 * when it is back" on an out-of-stock tool.
 */

/** A tool of this spec's own (added by the admin through the API), so its stock is only ours to move. */
async function newTool(browser: Browser, fields: { name: string; available: number; minimum: number; priceCents: number }): Promise<Tool> {
  const admin = await browser.newContext({ baseURL });
  await signInRequest(admin.request, adminAccount());
  const tool = await addOwnTool(admin.request, fields);
  await admin.close();
  return tool;
}

const placeViaApi = (request: APIRequestContext, toolId: number, quantity: number): Promise<Order> =>
  placeOrderViaApi(request, [{ toolId, quantity }], '9 Harbour Way, Portsmouth');

async function payViaSandbox(request: APIRequestContext, orderId: number): Promise<void> {
  const intent = await request.post(`/api/orders/${orderId}/payment-intent`);
  expect(intent.status(), await intent.text()).toBe(200);
  const { paymentIntentId, clientSecret } = (await intent.json()) as { paymentIntentId: string; clientSecret: string };
  const card = await request.post('/api/payments/sandbox/confirm', {
    data: { paymentIntentId, clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' },
  });
  expect(card.status(), await card.text()).toBe(200);
  const confirmed = await request.post(`/api/orders/${orderId}/payment/confirm`, { data: { paymentIntentId } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
}

async function myOrders(request: APIRequestContext): Promise<Order[]> {
  return ((await (await request.get('/api/orders/mine')).json()) as { items: Order[] }).items;
}

/** Every email of the e2e outbox to `to` with this subject. */
function mailsTo(to: string, subject: string): string[] {
  let files: string[];
  try {
    files = readdirSync(outboxDir).filter((f) => f.endsWith('.eml') && f.includes(to.replace(/[^\w.@-]/g, '_')));
  } catch {
    return [];
  }
  return files.map((f) => readFileSync(path.join(outboxDir, f), 'utf8')).filter((raw) => /^Subject: (.*)$/m.exec(raw)?.[1] === subject);
}

const visible = <T extends { filter: (o: { visible: boolean }) => T }>(locator: T) => locator.filter({ visible: true });

async function fillAddress(page: Page) {
  await page.getByLabel('Phone').fill('+1 555 010 2030');
  await page.getByLabel('Address').fill('12 Main St, Springfield');
}

test.describe('after the order, the shipment and the restock', () => {
  test('after Place Order the page says what was placed, with Pay now; the same order again asks first', async ({ page, browser }) => {
    const tool = await newTool(browser, { name: `Follow-through Vise ${Date.now()}`, available: 500, minimum: 10, priceCents: 2_450 });
    const account = newAccount('placed');
    await signIn(page, account);
    await page.goto(`/purchase/${tool.id}`);
    const quantity = page.getByLabel('Quantity');
    await expect(quantity).toHaveValue('10');
    await fillAddress(page);
    await quantity.fill('12');
    await page.getByRole('button', { name: 'Place Order' }).click();

    // The spec's toast and reset, as before...
    await expect(page.getByText('Order is placed successfully!!')).toBeVisible();
    await expect(quantity).toHaveValue('10');
    await expect(page.getByLabel('Phone')).toHaveValue('');
    // ...and the page says what happened, with the way to pay it, and takes the focus there.
    const [first] = await myOrders(page.request);
    expect(first).toMatchObject({ toolId: tool.id, quantity: 12, totalCents: 29_400 });
    const placed = page.getByTestId('order-placed');
    const line = `Order #${first!.id} placed: 12 pieces of ${tool.name}, $294.00`;
    await expect(placed.getByRole('heading', { name: line })).toBeFocused();
    await expect(placed.getByRole('link', { name: 'Pay now' })).toHaveAttribute('href', `/dashboard/payment/${first!.id}`);
    await expect(placed.getByRole('link', { name: 'View my orders' })).toHaveAttribute('href', '/dashboard/orders');
    await screenshots(page, 'follow-through-order-placed');

    // The same tool in the same quantity again, within 10 minutes and unpaid: asked first.
    await fillAddress(page);
    await quantity.fill('12');
    await page.getByRole('button', { name: 'Place Order' }).click();
    const question = page.getByRole('dialog', { name: 'The same order again?' });
    await expect(question).toBeVisible();
    await expect(question).toContainText(`You already have an unpaid order of this tool (#${first!.id}). Place another?`);
    await expect(question).toContainText(`Order #${first!.id}: 12 × ${tool.name}, $294.00`);
    await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await screenshots(page, 'follow-through-duplicate-question');
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(question).toBeHidden();
    // Back on Place Order (disabled while the question was asked, it had lost the focus).
    await expect(page.getByRole('button', { name: 'Place Order' })).toBeFocused();
    expect(await myOrders(page.request)).toHaveLength(1);
    // The form kept what was typed: Place another goes on with it.
    await expect(quantity).toHaveValue('12');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Place another' }).click();
    await expect(question).toBeHidden();
    await expect.poll(async () => (await myOrders(page.request)).length).toBe(2);
    const [second] = await myOrders(page.request);
    await expect(page.getByRole('heading', { name: `Order #${second!.id} placed: 12 pieces of ${tool.name}, $294.00` })).toBeVisible();

    // Another quantity is another order: placed without a question.
    await fillAddress(page);
    await quantity.fill('15');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByText(/Order #\d+ placed: 15 pieces of/)).toBeVisible();
    await expect(question).toBeHidden();
    expect(await myOrders(page.request)).toHaveLength(3);

    // Pay now goes to the order's payment page.
    await page.getByTestId('order-placed').getByRole('link', { name: 'Pay now' }).click();
    await expect(page).toHaveURL(/\/dashboard\/payment\/\d+$/);
  });

  test('a tool name with no space to break at (a part number) wraps on a phone: the order, its payment page and its email', async ({
    page,
    browser,
  }) => {
    const long = await newTool(browser, {
      name: `HDRECIPSAWBLADESET-BIMETAL-${Date.now()}-10TPI-300MM-PACKOF25`,
      available: 100,
      minimum: 1,
      priceCents: 4_990,
    });
    const other = await newTool(browser, { name: `Follow-through Clamp ${Date.now()}`, available: 100, minimum: 1, priceCents: 990 });
    const buyer = newAccount('long-name');
    await signIn(page, buyer);
    const order = await placeOrderViaApi(page.request, [
      { toolId: long.id, quantity: 2 },
      { toolId: other.id, quantity: 1 },
    ]);
    await page.setViewportSize({ width: 375, height: 800 });
    for (const url of [`/dashboard/orders/${order.id}`, `/dashboard/payment/${order.id}`]) {
      await page.goto(url);
      await expect(page.getByText(long.name).first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), url).toBeLessThanOrEqual(375);
    }
    await expect.poll(() => latestMail(buyer.email)?.subject).toMatch(new RegExp(`^Order #${order.id} placed:`));
    const placed = await browser.newPage({ viewport: { width: 375, height: 800 } });
    await placed.setContent(/<!doctype html>[\s\S]*<\/html>/i.exec(latestMail(buyer.email)!.body)![0]);
    await expect(placed.getByText(long.name)).toBeVisible();
    expect(await placed.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await placed.close();
  });

  test('the admin ships with a carrier and tracking number; the buyer reads them on the order and in the email', async ({
    page,
    browser,
  }) => {
    const tool = await newTool(browser, { name: `Follow-through Saw ${Date.now()}`, available: 300, minimum: 5, priceCents: 1_990 });
    const buyer = newAccount('shipped');
    const customer = await browser.newContext({ baseURL });
    await signInRequest(customer.request, buyer);
    const order = await placeViaApi(customer.request, tool.id, 5);
    await payViaSandbox(customer.request, order.id);
    // The receipt fits a phone: its long transaction id wraps instead of pushing the totals off screen.
    await expect.poll(() => latestMail(buyer.email)?.subject).toMatch(new RegExp(`^Receipt for order #${order.id}:`));
    const receipt = await browser.newPage({ viewport: { width: 375, height: 800 } });
    await receipt.setContent(/<!doctype html>[\s\S]*<\/html>/i.exec(latestMail(buyer.email)!.body)![0]);
    await expect(receipt.getByText('Transaction id')).toBeVisible();
    expect(await receipt.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await receipt.close();

    await signIn(page, adminAccount());
    await page.goto('/dashboard/manage');
    const row = visible(page.getByTestId(`order-${order.id}`));
    await expect(row).toContainText('Pending');
    await row.getByRole('button', { name: `Shipment for order #${order.id}` }).click();
    const dialog = page.getByRole('dialog', { name: `Ship order #${order.id}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('ship-address')).toHaveText('9 Harbour Way, Portsmouth');
    await expect(dialog).toContainText('+1 555 010 2030');
    await expect(dialog.getByLabel('Carrier (optional)')).toBeFocused();
    // Escape changes nothing.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Pending');

    await row.getByRole('button', { name: `Shipment for order #${order.id}` }).click();
    // A tracking number with a character no carrier uses is refused under its field, before sending.
    await dialog.getByLabel('Tracking number (optional)').fill('1Z<999>');
    await dialog.getByRole('button', { name: 'Confirm shipment' }).click();
    await expect(dialog.getByText('Tracking number may hold letters, digits, spaces and . / _ - only')).toBeVisible();
    await dialog.getByLabel('Carrier (optional)').fill('DHL Express');
    await dialog.getByLabel('Tracking number (optional)').fill('JD014600003828');
    await screenshots(page, 'follow-through-ship-dialog');
    await dialog.getByRole('button', { name: 'Confirm shipment' }).click();
    await expect(page.getByText(`Order #${order.id} is marked as shipped (tracking JD014600003828).`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Shipped');
    await expect(row.getByTestId('order-shipment-line')).toHaveText('DHL Express, tracking JD014600003828');

    // The buyer's order page: the carrier and the tracking number, and the history says so.
    const customerPage = await customer.newPage();
    await customerPage.goto(`/dashboard/orders/${order.id}`);
    const shipment = customerPage.getByTestId('order-shipment');
    await expect(shipment).toContainText('DHL Express');
    await expect(shipment).toContainText('Tracking number JD014600003828');
    // A well-known carrier: a link to its own tracking page, in a new tab.
    await expect(shipment.getByRole('link', { name: /^Track the parcel/ })).toHaveAttribute(
      'href',
      'https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=JD014600003828',
    );
    await expect(customerPage.getByTestId('order-history')).toContainText('DHL Express, tracking JD014600003828');
    await screenshots(customerPage, 'follow-through-order-shipped');

    // The "shipped" email, through the outbox.
    await expect.poll(() => latestMail(buyer.email)?.subject).toBe(`Order #${order.id} has shipped`);
    const mail = latestMail(buyer.email)!;
    expect(mail.body).toContain('Carrier: DHL Express');
    expect(mail.body).toContain('Tracking number: JD014600003828');
    expect(mail.body).toContain(
      'Track it: https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=JD014600003828',
    );
    await customer.close();
  });

  test("the admin ships a paid order from the order's own page", async ({ page, browser }) => {
    const tool = await newTool(browser, { name: `Follow-through Plane ${Date.now()}`, available: 50, minimum: 1, priceCents: 2_490 });
    const customer = await browser.newContext({ baseURL });
    await signInRequest(customer.request, newAccount('shipped-from-page'));
    const order = await placeViaApi(customer.request, tool.id, 2);
    await payViaSandbox(customer.request, order.id);
    await customer.close();

    await signIn(page, adminAccount());
    await page.goto(`/dashboard/orders/${order.id}`);
    await expect(page.getByText('Pending', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Shipment' }).click();
    const dialog = page.getByRole('dialog', { name: `Ship order #${order.id}` });
    await dialog.getByLabel('Carrier (optional)').fill('UPS');
    await dialog.getByRole('button', { name: 'Confirm shipment' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('order-shipment')).toContainText('UPS');
    await expect(page.getByTestId('order-history')).toContainText('Shipped by the store');
    await expect(page.getByRole('button', { name: 'Shipment', exact: true })).toHaveCount(0);
    // The button went with the shipment: the focus is on the page's heading, not the top of the page.
    await expect(page.getByRole('heading', { name: `Order #${order.id}` })).toBeFocused();

    // A tracking number left out (or mistyped) is put right afterwards: the dialog starts with what
    // was sent, and the buyer is emailed the corrected details.
    await page.getByRole('button', { name: 'Correct shipment' }).click();
    const correction = page.getByRole('dialog', { name: `Correct the shipment of order #${order.id}` });
    await expect(correction.getByLabel('Carrier (optional)')).toHaveValue('UPS');
    await correction.getByLabel('Tracking number (optional)').fill('1Z999AA10123456784');
    await correction.getByRole('button', { name: 'Save and email the buyer' }).click();
    await expect(correction).toBeHidden();
    await expect(page.getByTestId('order-shipment')).toContainText('1Z999AA10123456784');
    await expect(page.getByRole('button', { name: 'Correct shipment' })).toBeFocused();
  });

  test('the admin refunds a paid order from its page: cancelled, stock back, and the buyer reads it and is emailed', async ({
    page,
    browser,
  }) => {
    const tool = await newTool(browser, { name: `Follow-through Chisel ${Date.now()}`, available: 40, minimum: 1, priceCents: 1_250 });
    const buyer = newAccount('refunded');
    const customer = await browser.newContext({ baseURL });
    await signInRequest(customer.request, buyer);
    const order = await placeViaApi(customer.request, tool.id, 4);
    await payViaSandbox(customer.request, order.id);

    await signIn(page, adminAccount());
    await page.goto(`/dashboard/orders/${order.id}`);
    await expect(page.getByText('Pending', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Refund order #${order.id}?` });
    await expect(dialog).toContainText('$50.00 goes back to the card');
    await expect(dialog).toContainText('The order is cancelled, its pieces go back in stock, and the buyer is emailed.');
    await expect(dialog.getByLabel('Reason for the buyer (optional)')).toBeFocused();
    await page.keyboard.type('Ordered twice by mistake');
    await screenshots(page, 'refund-dialog');
    await dialog.getByRole('button', { name: 'Refund $50.00' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Order #${order.id} is refunded and cancelled`)).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: /^Cancelled$/ })).toBeVisible();
    await expect(page.getByTestId('order-refund')).toContainText('$50.00 refunded to the card on');
    await expect(page.getByTestId('order-refund')).toContainText(/Reference re_sandbox_/);
    await expect(page.getByTestId('order-history')).toContainText('Cancelled by the store');
    await expect(page.getByTestId('order-history')).toContainText('Ordered twice by mistake');
    await expect(page.getByRole('button', { name: /^(Refund|Shipment)$/ })).toHaveCount(0);
    // The button went with the refund: the focus is on the page's heading.
    await expect(page.getByRole('heading', { name: `Order #${order.id}` })).toBeFocused();
    await expect(page.getByTestId('order-history')).toContainText(/Refunded \$50\.00 \(re_sandbox_\w+\) · Ordered twice by mistake/);
    expect(((await (await customer.request.get(`/api/tools/${tool.id}`)).json()) as Tool).available).toBe(40);
    // The audit log names what the refund made, each field by its name.
    await page.goto(`/dashboard/audit?q=${encodeURIComponent(buyer.email)}`);
    const entry = page.locator('table tbody tr', { hasText: 'Refunded and cancelled an order' });
    await expect(entry).toContainText('Refunded: (none)');
    await expect(entry).toContainText('$50.00');
    await expect(entry).toContainText(/Refund id: \(none\).*re_sandbox_/);
    await expect(entry).toContainText(/Credit note: \(none\).*CN-\d{4}-\d{6}/);

    // The buyer: the order page says what went back, and the email did.
    await expect.poll(() => latestMail(buyer.email)?.subject).toBe(`Order #${order.id} was cancelled and refunded`);
    expect(latestMail(buyer.email)!.body).toContain('We refunded the $50.00 you paid to the card you paid with');
    const customerPage = await customer.newPage();
    await customerPage.setViewportSize({ width: 375, height: 800 });
    await customerPage.goto(`/dashboard/orders/${order.id}`);
    await expect(customerPage.getByTestId('order-refund')).toContainText('$50.00 refunded to the card on');
    // The invoice stays as issued, and the credit note cancels it.
    await expect(customerPage.getByRole('link', { name: 'Download credit note' })).toHaveAttribute(
      'href',
      `/api/orders/${order.id}/credit-note.pdf`,
    );
    const creditNote = await customer.request.get(`/api/orders/${order.id}/credit-note.pdf`);
    expect(creditNote.status()).toBe(200);
    expect(creditNote.headers()['content-type']).toBe('application/pdf');
    expect((await customer.request.get(`/api/orders/${order.id}/invoice.pdf`)).status()).toBe(200);
    expect(await customerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshots(customerPage, 'refund-buyer-order');
    await customerPage.goto('/dashboard/orders?cancelled=show');
    await expect(visible(customerPage.getByTestId(`order-${order.id}`)).getByTestId('order-refund-line')).toHaveText('$50.00 refunded');
    await customer.close();
  });

  test('an out-of-stock tool keeps its red label and Purchase, and adds "Email me when it is back"; a restock emails once', async ({
    page,
    browser,
  }) => {
    const name = `Follow-through Grinder ${Date.now()}`;
    const tool = await newTool(browser, { name, available: 6, minimum: 6, priceCents: 4_200 });
    // Another buyer takes the whole stock: out of stock.
    const holder = await browser.newContext({ baseURL });
    await signInRequest(holder.request, newAccount('holder'));
    const held = await placeViaApi(holder.request, tool.id, 6);

    // A visitor is sent to log in, and back here after, with the alert set.
    const visitorAccount = newAccount('visitor');
    const made = await browser.newContext({ baseURL });
    await signInRequest(made.request, visitorAccount);
    await made.close();
    const visitor = await browser.newPage({ baseURL });
    await visitor.goto(`/tools/${tool.id}`);
    await expect(visitor.getByText('Out of Stock')).toBeVisible();
    await visitor.getByRole('link', { name: `Email me when it is back: ${name} (log in first)` }).click();
    await expect(visitor).toHaveURL(new RegExp(`/login\\?from=${encodeURIComponent(`/tools/${tool.id}?stockAlert=${tool.id}`)}$`));
    await visitor.getByLabel('Email').fill(visitorAccount.email);
    await visitor.getByLabel('Password').fill(visitorAccount.password);
    await visitor.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(visitor.getByTestId('stock-alert-on')).toHaveText("We'll email you when it is back");
    await expect(visitor).toHaveURL(new RegExp(`/tools/${tool.id}$`));
    expect(((await (await visitor.request.get('/api/me/stock-alerts')).json()) as { toolIds: number[] }).toolIds).toContain(tool.id);
    await visitor.close();

    // A signed-in buyer subscribes from the product card on the home page (the newest tools).
    const account = newAccount('waiting');
    await signIn(page, account);
    await page.goto('/');
    const card = page.getByTestId('product-card').filter({ has: page.getByRole('heading', { name }) });
    await expect(card.getByTestId('stock')).toHaveText('Out of Stock');
    await expect(card.getByRole('link', { name: `Purchase ${name}` })).toBeVisible();
    await card.getByRole('button', { name: `Email me when it is back: ${name}` }).click();
    await expect(card.getByTestId('stock-alert-on')).toHaveText("We'll email you when it is back");
    await screenshots(page, 'follow-through-back-in-stock-card');
    // It is the server's: the tool's page says so too, after a reload.
    await page.goto(`/tools/${tool.id}`);
    await expect(page.getByTestId('stock-alert-on')).toBeVisible();
    await expect(page.getByTestId('tool-stock')).toHaveText('Out of Stock');
    await screenshots(page, 'follow-through-back-in-stock-page');
    expect(((await (await page.request.get('/api/me/stock-alerts')).json()) as { toolIds: number[] }).toolIds).toContain(tool.id);

    // The held order is cancelled: the stock comes back, and the buyer gets one email.
    const cancelled = await holder.request.delete(`/api/orders/${held.id}`);
    expect(cancelled.status(), await cancelled.text()).toBe(200);
    await holder.close();
    const subject = `${name} is back in stock`;
    await expect.poll(() => mailsTo(account.email, subject).length).toBe(1);
    expect(mailsTo(account.email, subject)[0]).toContain(`/purchase/${tool.id}`);
    // Used up: the buyer waits for nothing now, and the page shows the stock.
    expect(((await (await page.request.get('/api/me/stock-alerts')).json()) as { toolIds: number[] }).toolIds).not.toContain(tool.id);
    await page.reload();
    await expect(page.getByTestId('tool-stock')).toHaveText('Available Quantity: 6 Pieces');
    await expect(page.getByRole('button', { name: /Email me when it is back/ })).toHaveCount(0);
  });

  test('a tool with fewer pieces than its minimum order cannot be ordered: it can be waited for too', async ({ page, browser }) => {
    const name = `Follow-through Sander ${Date.now()}`;
    const tool = await newTool(browser, { name, available: 30, minimum: 25, priceCents: 3_100 });
    const holder = await browser.newContext({ baseURL });
    await signInRequest(holder.request, newAccount('holder'));
    await placeViaApi(holder.request, tool.id, 25);
    await holder.close();

    await signIn(page, newAccount('short'));
    await page.goto(`/tools/${tool.id}`);
    await expect(page.getByTestId('tool-stock')).toHaveText('Available Quantity: 5 Pieces');
    await page.getByRole('button', { name: `Email me when it is back: ${name}` }).click();
    await expect(page.getByTestId('stock-alert-on')).toHaveText("We'll email you when it is back");
    expect(((await (await page.request.get('/api/me/stock-alerts')).json()) as { toolIds: number[] }).toolIds).toContain(tool.id);
  });
});
