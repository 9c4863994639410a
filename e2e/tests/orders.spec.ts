import type { APIRequestContext } from '@playwright/test';
import type { Order } from '@toolsify/shared/orders';
import type { Tool } from '@toolsify/shared/tools';
import { addOwnTool, adminAccount, expect, newAccount, signIn, signInRequest, test } from '../fixtures.ts';
import { messages } from '@toolsify/shared/messages';
import { baseURL } from '../env.ts';
import { screenshots } from '../screenshots.ts';

async function tools(request: APIRequestContext): Promise<Tool[]> {
  // Tools that can be ordered: another spec's tool may have no price yet.
  const res = await request.get('/api/tools?limit=100&minPrice=1');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { items: Tool[] }).items;
}

async function toolById(request: APIRequestContext, id: number): Promise<Tool> {
  return (await (await request.get(`/api/tools/${id}`)).json()) as Tool;
}

async function placeViaApi(request: APIRequestContext, toolId: number, quantity: number): Promise<Order> {
  const res = await request.post('/api/orders', { data: { toolId, quantity, phone: '+1 555 010 2030', address: '9 Harbour Way' } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Order;
}

/** Pays an order the way the payment page does with the sandbox gateway; answers the transaction id. */
async function payViaSandbox(request: APIRequestContext, orderId: number): Promise<string> {
  const intent = await request.post(`/api/orders/${orderId}/payment-intent`);
  expect(intent.status(), await intent.text()).toBe(200);
  const { paymentIntentId, clientSecret } = (await intent.json()) as { paymentIntentId: string; clientSecret: string };
  const card = await request.post('/api/payments/sandbox/confirm', {
    data: { paymentIntentId, clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' },
  });
  expect(card.status(), await card.text()).toBe(200);
  const confirmed = await request.post(`/api/orders/${orderId}/payment/confirm`, { data: { paymentIntentId } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const order = (await (await request.get(`/api/orders/${orderId}`)).json()) as Order;
  expect(order.status).toBe('paid');
  return order.transactionId!;
}

/** A visible element (the order tables render as cards on phones and as a table on wide screens). */
const visible = <T extends { filter: (o: { visible: boolean }) => T }>(locator: T) => locator.filter({ visible: true });

test.describe('ordering', () => {
  test('a customer places an order, sees it in My Orders, cancels it, and the stock comes back', async ({ page }) => {
    const account = newAccount('orders');
    await signIn(page, account);
    const tool = (await tools(page.request)).find((t) => t.name.startsWith('Bench Vise'))!;
    expect(tool.available).toBeGreaterThan(tool.minimum * 2);

    await page.goto(`/purchase/${tool.id}`);
    await expect(page.getByRole('heading', { name: tool.name })).toBeVisible();
    await expect(page.getByText(`Available Quantity: ${tool.available} Pieces`)).toBeVisible();
    await expect(page.getByText(tool.description)).toBeVisible();
    await expect(page.getByRole('img', { name: tool.name })).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue(account.name);
    await expect(page.getByLabel('Name')).not.toBeEditable();
    await expect(page.getByLabel('Email')).toHaveValue(account.email);
    await expect(page.getByLabel('Email')).not.toBeEditable();
    const quantity = page.getByLabel('Quantity');
    await expect(quantity).toHaveValue(String(tool.minimum));
    const placeOrder = page.getByRole('button', { name: 'Place Order' });

    // The quantity rule, with the spec's words, disables Place Order either way.
    await quantity.fill(String(tool.minimum - 1));
    await expect(page.getByText("You cant't place order below than minimum quantity")).toBeVisible();
    await expect(placeOrder).toBeDisabled();
    await quantity.fill(String(tool.available + 1));
    await expect(page.getByText("You cant't place order more than available quantity")).toBeVisible();
    await expect(placeOrder).toBeDisabled();

    // Phone and address are required.
    const ordered = tool.minimum + 5;
    await quantity.fill(String(ordered));
    await expect(placeOrder).toBeEnabled();
    await placeOrder.click();
    await expect(page.getByText('Phone is Required')).toBeVisible();
    await expect(page.getByText('Address is Required')).toBeVisible();

    await page.getByLabel('Phone').fill('+1 555 010 2030');
    await page.getByLabel('Address').fill('12 Main St, Springfield');
    await screenshots(page, 'orders-purchase');
    await placeOrder.click();
    await expect(page.getByText('Order is placed successfully!!')).toBeVisible();
    // The form resets, the quantity returns to the minimum, and the shown stock drops.
    await expect(quantity).toHaveValue(String(tool.minimum));
    await expect(page.getByLabel('Phone')).toHaveValue('');
    await expect(page.getByLabel('Address')).toHaveValue('');
    await expect(page.getByText(`Available Quantity: ${tool.available - ordered} Pieces`)).toBeVisible();
    expect((await toolById(page.request, tool.id)).available).toBe(tool.available - ordered);

    const mine = ((await (await page.request.get('/api/orders/mine')).json()) as { items: Order[] }).items;
    expect(mine).toHaveLength(1);
    const order = mine[0]!;
    expect(order).toMatchObject({ toolId: tool.id, quantity: ordered, buyer: account.email, status: 'unpaid' });

    await page.goto('/dashboard/orders');
    await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();
    const row = visible(page.getByTestId(`order-${order.id}`));
    await expect(row).toContainText(tool.name);
    await expect(row).toContainText(String(ordered));
    // Where it goes, in the row (issue 18: orders show their delivery address and phone).
    await expect(row).toContainText('12 Main St, Springfield');
    await expect(row).toContainText('+1 555 010 2030');
    await expect(row.getByRole('link', { name: `Pay for order #${order.id}` })).toHaveAttribute('href', `/dashboard/payment/${order.id}`);
    // The e2e server expires unpaid orders after 72 hours (UNPAID_ORDER_TTL_HOURS) and says so.
    await expect(page.getByText('Unpaid orders are cancelled after 3 days, and their pieces go back in stock.')).toBeVisible();
    await screenshots(page, 'orders-my-orders');

    // Cancel asks first; "Keep order" changes nothing. Opening the dialog does not shift the
    // page sideways (the scrollbar's room is kept): the bar's right edge stays to the pixel.
    await page.setViewportSize({ width: 1280, height: 500 }); // a page taller than the window
    const barRight = () => page.locator('header nav').evaluate((el) => el.getBoundingClientRect().right);
    const before = await barRight();
    await row.getByRole('button', { name: `Cancel order #${order.id}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this order?' });
    await expect(dialog).toBeVisible();
    expect(await barRight()).toBe(before);
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(dialog.getByRole('button', { name: 'Keep order' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(row).toBeVisible();

    await row.getByRole('button', { name: `Cancel order #${order.id}` }).click();
    // A double click cancels once, and says so (not "already cancelled").
    await dialog.getByRole('button', { name: 'Yes, cancel order' }).dblclick();
    await expect(page.getByText(`Order #${order.id} is cancelled.`)).toBeVisible();
    await expect(page.getByText(/already cancelled/)).toHaveCount(0);
    // The toast stays top-right, below the navigation bar (never over Dashboard or Sign Out).
    // (Polled: the toast slides in from above, so it is higher while it enters.)
    const barBottom = (await page.locator('header').first().boundingBox())?.height ?? 0;
    const toast = page.getByText(`Order #${order.id} is cancelled.`);
    await expect.poll(async () => (await toast.boundingBox())?.y ?? 0).toBeGreaterThanOrEqual(barBottom);
    await expect(page.getByTestId(`order-${order.id}`)).toHaveCount(0);
    // Its Cancel button is gone with it: the focus goes to the page's heading, not the top of the page.
    await expect(page.getByRole('heading', { name: 'My Orders' })).toBeFocused();
    await expect(page.getByText('You have no open orders.')).toBeVisible();

    await page.goto(`/purchase/${tool.id}`);
    await expect(page.getByText(`Available Quantity: ${tool.available} Pieces`)).toBeVisible();
  });

  test("the dashboard's menu moves the focus to the page it opens", async ({ page }) => {
    await signIn(page, newAccount('focus'));
    // A slow network: the page's code arrives after the dashboard's frame has rendered, and the
    // focus must still go to the page's own heading, not the frame's.
    await page.route(/\/assets\/orders-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.goto('/dashboard');
    const menu = page.getByRole('navigation', { name: 'Dashboard', exact: true });
    await menu.getByRole('link', { name: 'My Orders' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'My Orders' })).toBeFocused();
    await menu.getByRole('link', { name: 'Add a Review' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Add a Review' })).toBeFocused();
  });

  test('phone and address come from the saved profile', async ({ page }) => {
    const account = newAccount('profiled');
    await signIn(page, account);
    const put = await page.request.put('/api/me/profile', {
      data: { phone: '+44 20 7946 0000', education: '', linkedin: '', address: '1 Dock Road, London' },
      headers: { origin: baseURL },
    });
    expect(put.status(), await put.text()).toBe(200);
    const tool = (await tools(page.request)).find((t) => t.available > t.minimum)!;
    await page.goto(`/purchase/${tool.id}`);
    await expect(page.getByLabel('Phone')).toHaveValue('+44 20 7946 0000');
    await expect(page.getByLabel('Address')).toHaveValue('1 Dock Road, London');
  });

  test("an out-of-stock tool shows the red 'Out of Stock' and cannot be ordered", async ({ page }) => {
    await signIn(page, newAccount('oos'));
    const tool = (await tools(page.request)).find((t) => t.available === 0)!;
    await page.goto(`/purchase/${tool.id}`);
    const label = page.getByTestId('tool-stock').getByText('Out of Stock');
    await expect(label).toBeVisible();
    await expect(label).toHaveClass(/text-error/);
    await expect(page.getByRole('button', { name: 'Place Order' })).toBeDisabled();
  });

  test('an unknown tool says it is not available instead of spinning', async ({ page }) => {
    await signIn(page, newAccount('lost'));
    for (const id of ['999999', 'abc']) {
      await page.goto(`/purchase/${id}`);
      await expect(page.getByRole('heading', { name: 'This tool is not available' })).toBeVisible();
      await expect(page.getByRole('status')).toHaveCount(0);
    }
  });

  test('a refused order shows "Fail to place order" with the reason', async ({ page, browser }) => {
    const account = newAccount('late');
    await signIn(page, account);
    const tool = (await tools(page.request)).find((t) => t.name.startsWith('Circular Saw'))!;
    await page.goto(`/purchase/${tool.id}`);
    await page.getByLabel('Phone').fill('+1 555 010 2030');
    await page.getByLabel('Address').fill('12 Main St');
    await page.getByLabel('Quantity').fill(String(tool.available));

    // Someone else buys first: the page's stock is now stale.
    const rival = await browser.newContext({ baseURL });
    await signInRequest(rival.request, newAccount('rival'));
    const res = await rival.request.post('/api/orders', {
      data: { toolId: tool.id, quantity: tool.minimum, phone: '+1 555 000 1111', address: 'Elsewhere 1' },
    });
    expect(res.status()).toBe(201);
    await rival.close();

    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByText('Fail to place order')).toBeVisible();
    await expect(page.getByText("You cant't place order more than available quantity").first()).toBeVisible();
    // The page learnt the new stock (one refetch).
    await expect(page.getByText(`Available Quantity: ${tool.available - tool.minimum} Pieces`)).toBeVisible();
  });

  test('a price raised while the purchase page is open refuses the order with the new price, and the page shows it', async ({
    page,
    playwright,
  }) => {
    const admin = await playwright.request.newContext({ baseURL });
    await signInRequest(admin, adminAccount());
    const tool = await addOwnTool(admin, { name: 'Repriced Bench Grinder', available: 40, minimum: 2, priceCents: 1_000 });
    await signIn(page, newAccount('repriced'));
    await page.goto(`/purchase/${tool.id}`);
    await page.getByLabel('Phone').fill('+1 555 010 2030');
    await page.getByLabel('Address').fill('12 Main St');
    await expect(page.getByText('Total: $20.00')).toBeVisible();
    expect((await admin.patch(`/api/tools/${tool.id}`, { data: { priceCents: 1_250 } })).status()).toBe(200);
    await admin.dispose();

    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByText('Fail to place order')).toBeVisible();
    await expect(page.getByText('The price is now $12.50 each, not $10.00. Check the new total and place the order again.')).toBeVisible();
    // The page read the tool again: the total is today's, and the order goes at it.
    await expect(page.getByText('Total: $25.00')).toBeVisible();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByText(messages.orderPlaced)).toBeVisible();
    const mine = (await (await page.request.get('/api/orders/mine')).json()) as { items: Order[] };
    expect(mine.items.map((o) => o.totalCents)).toEqual([2_500]);
  });

  test('the admin sees every order with buyer and status: cancels an unpaid one, ships a paid one', async ({ page, browser }) => {
    const buyer = newAccount('customer');
    const customer = await browser.newContext({ baseURL });
    await signInRequest(customer.request, buyer);
    const all = await tools(customer.request);
    const unpaidTool = all.find((t) => t.name.startsWith('Socket Set'))!;
    const paidTool = all.find((t) => t.name.startsWith('Jigsaw'))!;
    const unpaid = await placeViaApi(customer.request, unpaidTool.id, unpaidTool.minimum);
    const paid = await placeViaApi(customer.request, paidTool.id, paidTool.minimum);
    const transactionId = await payViaSandbox(customer.request, paid.id);

    // The customer sees 'Paid' and the transaction id.
    const customerPage = await customer.newPage();
    await customerPage.goto('/dashboard/orders');
    const paidRow = visible(customerPage.getByTestId(`order-${paid.id}`));
    await expect(paidRow).toContainText('Paid');
    await expect(paidRow).toContainText(transactionId);
    await expect(paidRow.getByRole('button', { name: /Cancel/ })).toHaveCount(0);
    await expect(paidRow.getByRole('link', { name: /Pay/ })).toHaveCount(0);

    await signIn(page, adminAccount());
    await page.goto('/dashboard/manage');
    await expect(page.getByRole('heading', { name: 'Manage All Orders' })).toBeVisible();
    const row = visible(page.getByTestId(`order-${unpaid.id}`));
    await expect(row).toContainText(buyer.email);
    await expect(row).toContainText(buyer.name);
    await expect(row).toContainText(unpaidTool.name);
    await expect(row).toContainText('Unpaid');
    await expect(row.getByRole('button', { name: `Shipment for order #${unpaid.id}` })).toHaveCount(0);
    const pending = visible(page.getByTestId(`order-${paid.id}`));
    await expect(pending).toContainText('Pending');
    await expect(pending).toContainText(transactionId);
    await expect(pending.getByRole('button', { name: `Cancel order #${paid.id}` })).toHaveCount(0);
    await screenshots(page, 'orders-manage');

    // Shipment opens a dialog (where it goes, an optional carrier and tracking number); confirmed without them.
    await pending.getByRole('button', { name: `Shipment for order #${paid.id}` }).click();
    await page
      .getByRole('dialog', { name: `Ship order #${paid.id}` })
      .getByRole('button', { name: 'Confirm shipment' })
      .click();
    await expect(page.getByText(`Order #${paid.id} is marked as shipped.`)).toBeVisible();
    await expect(pending).toContainText('Shipped');
    await expect(pending.getByRole('button', { name: /Shipment/ })).toHaveCount(0);

    await row.getByRole('button', { name: `Cancel order #${unpaid.id}` }).click();
    await page.getByRole('dialog', { name: 'Cancel this order?' }).getByRole('button', { name: 'Yes, cancel order' }).click();
    await expect(page.getByText(`Order #${unpaid.id} is cancelled.`)).toBeVisible();
    await expect(page.getByTestId(`order-${unpaid.id}`)).toHaveCount(0);
    expect((await toolById(page.request, unpaidTool.id)).available).toBe(unpaidTool.available);

    await customerPage.reload();
    await expect(visible(customerPage.getByTestId(`order-${paid.id}`))).toContainText('Shipped');
    await expect(customerPage.getByTestId(`order-${unpaid.id}`)).toHaveCount(0);
    await customer.close();
  });
});
