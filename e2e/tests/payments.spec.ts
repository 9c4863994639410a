import type { APIRequestContext, Page } from '@playwright/test';
import { formatCents } from '@toolsify/shared/money';
import type { Order } from '@toolsify/shared/orders';
import type { Tool } from '@toolsify/shared/tools';
import { adminAccount, expect, newAccount, signIn, test } from '../fixtures.ts';
import { baseURL } from '../env.ts';
import { screenshots } from '../screenshots.ts';

async function toolWithStock(request: APIRequestContext, minimumPieces: number): Promise<Tool> {
  // Tools that can be ordered: another spec's tool may have no price yet.
  const res = await request.get('/api/tools?limit=100&minPrice=1');
  expect(res.ok()).toBe(true);
  const tools = ((await res.json()) as { items: Tool[] }).items;
  const tool = tools.find((t) => t.available >= t.minimum + minimumPieces);
  if (!tool) throw new Error('no tool with enough stock in the demo data');
  return tool;
}

async function placeViaApi(request: APIRequestContext, tool: Tool): Promise<Order> {
  const res = await request.post('/api/orders', {
    data: { toolId: tool.id, quantity: tool.minimum, phone: '+1 555 010 2030', address: '9 Harbour Way' },
    headers: { origin: baseURL },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Order;
}

async function orderById(request: APIRequestContext, id: number): Promise<Order> {
  return (await (await request.get(`/api/orders/${id}`)).json()) as Order;
}

/** The visible copy of an order row (the tables render as cards on phones and a table on wide screens). */
const orderRow = (page: Page, id: number) => page.getByTestId(`order-${id}`).filter({ visible: true });

async function fillCard(page: Page, cardNumber: string) {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM/YY)').fill('1240');
  await page.getByLabel('CVC').fill('123');
}

test.describe('payments (sandbox gateway)', () => {
  test('a customer pays with 4242 4242 4242 4242; My Orders shows Paid with the id; the admin ships it', async ({ page, browser }) => {
    const account = newAccount('pay');
    await signIn(page, account);
    const tool = await toolWithStock(page.request, 10);
    const order = await placeViaApi(page.request, tool);
    const total = formatCents(order.totalCents);

    // From My Orders, Pay leads to the payment page.
    await page.goto('/dashboard/orders');
    await orderRow(page, order.id)
      .getByRole('link', { name: `Pay for order #${order.id}` })
      .click();
    await expect(page).toHaveURL(`/dashboard/payment/${order.id}`);

    // The order as the server has it: tool, quantity x unit price = total.
    await expect(page.getByRole('heading', { name: tool.name })).toBeVisible();
    await expect(page.getByText(`${order.quantity} × ${formatCents(order.unitPriceCents ?? 0)} = ${total}`)).toBeVisible();
    await expect(page.getByTestId('payment-total')).toHaveText(total);
    await expect(page.getByText('Test mode — no money moves')).toBeVisible();
    const pay = page.getByRole('button', { name: `Pay ${total}` });
    await expect(pay).toBeEnabled();

    // The inputs format as typed.
    await fillCard(page, '4242424242424242');
    await expect(page.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
    await expect(page.getByLabel('Expiry (MM/YY)')).toHaveValue('12/40');
    await screenshots(page, 'payment');

    await pay.click();
    await expect(page.getByText('Congrats! Your payment is successful')).toBeVisible();
    await expect(page.getByTestId('payment-success')).toBeFocused();
    const transactionId = (await page.getByTestId('transaction-id').textContent())!;
    expect(transactionId).toMatch(/^pi_sandbox_[0-9a-f]{24}$/);
    await expect(pay).toBeDisabled();
    await screenshots(page, 'payment-success');
    // The way on to the order (and its invoice, made with the payment) as well as to the list.
    await expect(page.getByRole('link', { name: 'View the order and its invoice' })).toHaveAttribute(
      'href',
      `/dashboard/orders/${order.id}`,
    );

    // The server agrees: paid, with the intent id as the transaction id.
    expect(await orderById(page.request, order.id)).toMatchObject({ status: 'paid', paid: true, transactionId });

    // My Orders shows 'Paid' with the transaction id, and no Pay or Cancel any more.
    await page.getByRole('link', { name: 'Back to My Orders' }).click();
    await expect(page).toHaveURL('/dashboard/orders');
    const mine = orderRow(page, order.id);
    await expect(mine).toContainText('Paid');
    await expect(mine).toContainText(transactionId);
    await expect(mine.getByRole('link', { name: /Pay for order/ })).toHaveCount(0);
    await expect(mine.getByRole('button', { name: /Cancel order/ })).toHaveCount(0);

    // The admin sees 'Pending' with the id and a Shipment button, and ships it.
    const admin = await browser.newContext({ baseURL });
    const adminPage = await admin.newPage();
    await signIn(adminPage, adminAccount());
    await adminPage.goto('/dashboard/manage');
    const pending = orderRow(adminPage, order.id);
    await expect(pending).toContainText('Pending');
    await expect(pending).toContainText(transactionId);
    await pending.getByRole('button', { name: `Shipment for order #${order.id}` }).click();
    await adminPage
      .getByRole('dialog', { name: `Ship order #${order.id}` })
      .getByRole('button', { name: 'Confirm shipment' })
      .click();
    await expect(pending).toContainText('Shipped');
    await expect(pending.getByRole('button', { name: /Shipment/ })).toHaveCount(0);
    expect((await orderById(adminPage.request, order.id)).status).toBe('shipped');
    await admin.close();
  });

  test('a double click on Pay, or a second tab paying an order already paid, ends in the success, never in an error', async ({
    page,
    context,
  }) => {
    await signIn(page, newAccount('pay-twice'));
    const order = await placeViaApi(page.request, await toolWithStock(page.request, 10));
    const total = formatCents(order.totalCents);
    // The second tab opens the payment before the first pays.
    const other = await context.newPage();
    await other.goto(`/dashboard/payment/${order.id}`);
    await expect(other.getByRole('button', { name: `Pay ${total}` })).toBeEnabled();

    await page.goto(`/dashboard/payment/${order.id}`);
    await fillCard(page, '4242424242424242');
    await page.getByRole('button', { name: `Pay ${total}` }).dblclick();
    await expect(page.getByTestId('payment-success')).toBeVisible();
    await expect(page.getByTestId('payment-error')).toHaveCount(0);
    const transactionId = await page.getByTestId('transaction-id').textContent();

    await fillCard(other, '4242424242424242');
    await other.getByRole('button', { name: `Pay ${total}` }).click();
    await expect(other.getByTestId('payment-success')).toBeVisible();
    await expect(other.getByTestId('transaction-id')).toHaveText(transactionId!);
    await expect(other.getByTestId('payment-error')).toHaveCount(0);
    expect((await orderById(page.request, order.id)).status).toBe('paid');

    // Paid, not shipped: the order's page says how to change or cancel it, and the link gets there.
    await page.goto(`/dashboard/orders/${order.id}`);
    await expect(page.getByTestId('order-change-note')).toHaveText(
      `To change or cancel this order before it ships, contact us with its number, #${order.id}.`,
    );
    await page.getByTestId('order-change-note').getByRole('link', { name: 'contact us' }).click();
    await expect(page).toHaveURL(/\/#contact$/);
    await expect(page.locator('#contact-email')).toBeVisible();
  });

  test('a declined card shows the red message under the form and the order stays unpaid', async ({ page }) => {
    await signIn(page, newAccount('declined'));
    const tool = await toolWithStock(page.request, 10);
    const order = await placeViaApi(page.request, tool);
    await page.goto(`/dashboard/payment/${order.id}`);

    // The shared card checks speak before anything is sent.
    const pay = page.getByRole('button', { name: /^Pay \$/ });
    await pay.click();
    await expect(page.getByText('Your card number is incomplete.')).toBeVisible();
    await page.getByLabel('Card number').fill('4242 4242 4242 4241');
    await expect(page.getByText('Your card number is invalid.')).toBeVisible();

    await fillCard(page, '4000 0000 0000 0002');
    await pay.click();
    const error = page.getByTestId('payment-error');
    await expect(error).toHaveText('Your card was declined.');
    expect(await error.evaluate((el) => el.classList.contains('text-error'))).toBe(true);
    await expect(page.getByText('Congrats! Your payment is successful')).toHaveCount(0);
    await expect(pay).toBeEnabled();
    await screenshots(page, 'payment-declined');
    expect(await orderById(page.request, order.id)).toMatchObject({ status: 'unpaid', paid: false, transactionId: null });
    // Another card refused before it is sent: its own problem is said, the decline of the last one no longer.
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('0120');
    await pay.click();
    await expect(page.getByText("Your card's expiration date is in the past.")).toBeVisible();
    await expect(error).toHaveCount(0);

    // Still the buyer's to pay (or cancel) in My Orders.
    await page.goto('/dashboard/orders');
    await expect(orderRow(page, order.id).getByRole('link', { name: `Pay for order #${order.id}` })).toBeVisible();
  });
});
