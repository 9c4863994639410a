/// <reference lib="dom" />
// Orders of many tools as a buyer makes them: add to cart from a tool page and the purchase
// page, a visitor's cart joining their account at login, quick order from pasted text and from
// a CSV file, checkout (one order, all lines), pay, and order again.
import { messages } from '@toolsify/shared/messages';
import type { Order } from '@toolsify/shared/orders';
import type { ToolPage } from '@toolsify/shared/tools';
import { addOwnTool, adminAccount, expect, newAccount, placeOrderViaApi, signIn, signInRequest, test, toolBySku } from '../fixtures.ts';
import { baseURL } from '../env.ts';
import { screenshots } from '../screenshots.ts';

const cartLines = (page: import('@playwright/test').Page) => page.getByTestId('cart-line');

/** Fills checkout's phone and address and clicks Place order and pay. */
async function placeFromCheckout(page: import('@playwright/test').Page): Promise<void> {
  await page.getByLabel('Phone').fill('+1 555 010 2030');
  await page.getByLabel('Address').fill('12 Main St, Springfield');
  await page.getByRole('button', { name: 'Place order and pay' }).click();
}

for (const width of [375, 1280]) {
  test(`at ${width} px: a visitor fills a cart, logs in, quick-orders more, checks out one order, pays and orders again`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const grinder = await toolBySku(page.request, 'TF-AG115-850');
    const hammer = await toolBySku(page.request, 'TF-CH16');
    const tape = await toolBySku(page.request, 'TF-TM8');
    const pliers = await toolBySku(page.request, 'TF-LP250');

    // A visitor adds 80 grinders from the tool page: the cart in the bar counts one line.
    await page.goto(`/tools/${grinder.id}`);
    await page.getByLabel('Quantity', { exact: true }).fill('80');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByText('Added to the cart.')).toBeVisible();
    const cartLink = page.getByTestId('cart-link').filter({ visible: true });
    await expect(cartLink).toHaveAccessibleName('Cart, 1 line');

    // Logging in from the cart comes back to it, and keeps it: it joins the account's cart on the server.
    const buyer = newAccount('cart');
    await signInRequest(request, buyer);
    await page.goto('/cart');
    await page.getByRole('main').getByRole('link', { name: 'Login' }).click();
    await page.getByLabel('Email').fill(buyer.email);
    await page.getByLabel('Password', { exact: true }).fill(buyer.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(cartLines(page)).toHaveCount(1);
    await expect(cartLines(page).first()).toContainText(grinder.name);
    await expect
      .poll(async () => ((await (await page.request.get('/api/cart')).json()) as { lines: unknown[] }).lines)
      .toEqual([{ toolId: grinder.id, quantity: 80 }]);

    // Quick order from pasted text: each line checked before anything is added.
    await page
      .getByLabel('SKUs and quantities')
      .fill(`sku,quantity\n${hammer.sku}\t500\n${tape.sku.toLowerCase()};250\nNO-SUCH-SKU 5\n${pliers.sku} 130`);
    await page.getByRole('button', { name: 'Check lines' }).click();
    const rows = page.getByTestId('quick-order-rows');
    await expect(rows).toContainText(hammer.name);
    await expect(rows).toContainText('No tool has this SKU');
    await expect(rows).toContainText('Sold in packs of 12: choose 120 or 132.');
    await screenshots(page, 'cart-quick-order', [width]);
    await page.getByRole('button', { name: 'Add 2 lines to the cart' }).click();
    await expect(cartLines(page)).toHaveCount(3);
    // The lines that could not be added stay in the box, as typed, to be corrected.
    await expect(page.getByLabel('SKUs and quantities')).toHaveValue(`NO-SUCH-SKU 5\n${pliers.sku} 130`);
    await expect(page.getByRole('status').filter({ hasText: 'could not be added' })).toHaveText(
      'The 2 lines that could not be added are in the box: correct them and check again.',
    );
    await expect(page.getByLabel('SKUs and quantities')).toBeFocused();

    // Quick order from a CSV file: as a decimal-comma Excel writes one (semicolons, a last newline),
    // its columns named in a header, others among them.
    await page.getByLabel('Upload a CSV file').setInputFiles({
      name: 'restock.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`"Note";"SKU";"Qty"\r\n"Site 4; shelf B";"${pliers.sku}";"240"\r\n`),
    });
    await expect(rows).toContainText(pliers.name);
    await expect(page.getByText('Lines of restock.csv')).toBeVisible();
    // Numbered as the spreadsheet numbers its rows: the header is row 1.
    await expect(rows.getByRole('listitem')).toHaveText([new RegExp(`^Line 2: ${pliers.name}`)]);
    await page.getByRole('button', { name: 'Add 1 line to the cart' }).click();
    await expect(cartLines(page)).toHaveCount(4);
    // A tool in the cart already: the line adds to it, and says what the cart's line will be.
    await page.getByLabel('SKUs and quantities').fill(`${hammer.sku} 50`);
    await page.getByRole('button', { name: 'Check lines' }).click();
    await expect(rows).toContainText(
      `50 more, with the 500 in your cart: 550 = $${((550 * 840) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
    );
    // A SKU on two lines (a sheet split by site): one line of both quantities, the second said to join it.
    await page.getByLabel('SKUs and quantities').fill(`${hammer.sku} 50\n${hammer.sku.toLowerCase()} 100`);
    await page.getByRole('button', { name: 'Check lines' }).click();
    await expect(rows.getByRole('listitem').nth(0)).toContainText('150 more, with the 500 in your cart: 650 =');
    await expect(rows.getByRole('listitem').nth(1)).toContainText('100 added to line 1');
    await expect(page.getByRole('button', { name: 'Add 1 line to the cart' })).toBeVisible();
    // Two lines refused together say so, and by how many pieces.
    await page.getByLabel('SKUs and quantities').fill(`${hammer.sku} 50\n${hammer.sku} 60`);
    await page.getByRole('button', { name: 'Check lines' }).click();
    await expect(rows.getByRole('listitem').nth(0)).toContainText(
      'Lines 1 and 2 together, 110, with the 500 in your cart: Sold in packs of 50: choose 600 or 650.',
    );
    await expect(rows.getByRole('listitem').nth(1)).toContainText('60 added to line 1');
    // A part number typed without its dashes finds its tool, shown with its SKU as the store writes it.
    await page.getByLabel('SKUs and quantities').fill(`${hammer.sku.replaceAll('-', '')} 50`);
    await page.getByRole('button', { name: 'Check lines' }).click();
    await expect(rows.getByRole('listitem')).toHaveText([new RegExp(`^Line 1: ${hammer.name}\\s*${hammer.sku}`)]);
    // A quantity that cannot be ordered says why, and its line still names the tool.
    await page.getByLabel('SKUs and quantities').fill(`${hammer.sku} -3\n${hammer.sku} abc`);
    await page.getByRole('button', { name: 'Check lines' }).click();
    await expect(rows.getByRole('listitem').nth(0)).toContainText(`Line 1: ${hammer.name}`);
    await expect(rows.getByRole('listitem').nth(0)).toContainText('The quantity must be at least 1');
    await expect(rows.getByRole('listitem').nth(1)).toContainText(`Line 2: ${hammer.name}`);
    await expect(rows.getByRole('listitem').nth(1)).toContainText('The quantity must be a whole number of pieces');
    // Lines none of which can be added say so, with no button to add nothing.
    await page.getByLabel('SKUs and quantities').fill('NO-SUCH-SKU 5');
    await page.getByRole('button', { name: 'Check lines' }).click();
    await expect(rows).toContainText('No tool has this SKU');
    await expect(page.getByText('None of these lines can be added: correct them above and check again.')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Add .* to the cart$/ })).toHaveCount(0);

    // The steppers move by packs; the totals follow today's tiers.
    const hammerLine = cartLines(page).filter({ hasText: hammer.name });
    await hammerLine.getByRole('button', { name: 'One pack of 50 more' }).click();
    await expect(hammerLine.getByRole('spinbutton')).toHaveValue('550');
    const expected = 80 * 3090 + 550 * 840 + 250 * 640 + 240 * 980;
    await expect(page.getByTestId('cart-total')).toHaveText(`$${(expected / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
    await screenshots(page, 'cart', [width]);

    // Checkout: one order of four lines, then its payment page. No company in the profile: the way to add one.
    await expect(page.getByTestId('checkout-invoiced-to')).toContainText(
      'Buying for a company? Add its name and tax / VAT number in My Profile',
    );
    await page.getByLabel('Phone').fill('+1 555 010 2030');
    await page.getByLabel('Address').fill('12 Main St, Springfield');
    await page.getByLabel('PO number (optional)').fill('PO-7731');
    // My Profile has no phone or address yet: these are saved there for the next order, unless unticked.
    await expect(page.getByLabel('Save these to My Profile for my next orders')).toBeChecked();
    await page.getByRole('button', { name: 'Place order and pay' }).click();
    await expect(page).toHaveURL(/\/dashboard\/payment\/\d+$/);
    await expect
      .poll(async () => (await (await page.request.get('/api/me/profile')).json()) as { phone: string; address: string })
      .toMatchObject({ phone: '+1 555 010 2030', address: '12 Main St, Springfield' });
    const orderId = Number(page.url().split('/').pop());
    const order = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as Order;
    expect(order).toMatchObject({ totalCents: expected, poNumber: 'PO-7731', tool: `${grinder.name} and 3 more` });
    expect(order.lines.map((l) => [l.toolId, l.quantity, l.unitPriceCents])).toEqual([
      [grinder.id, 80, 3090],
      [hammer.id, 550, 840],
      [tape.id, 250, 640],
      [pliers.id, 240, 980],
    ]);
    await expect(page.getByTestId('payment-total')).toHaveText(
      `$${(expected / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
    );
    // A PO number that says "PO" itself is not labelled twice.
    await expect(page.getByText(`Order #${orderId} · PO-7731`)).toBeVisible();
    await expect(cartLink).toHaveAccessibleName('Cart, 0 lines');

    // Pay with the sandbox's test card.
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('1240');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect.poll(async () => ((await (await page.request.get(`/api/orders/${orderId}`)).json()) as Order).status).toBe('paid');

    // My Orders: one row, its tools summarised; the order's page shows every line and the PO number.
    await page.goto('/dashboard/orders');
    const row = page.getByTestId(`order-${orderId}`).filter({ visible: true });
    await expect(row).toContainText(`${grinder.name} and 3 more`);
    await expect(row).toContainText('PO-7731');
    await expect(row).not.toContainText('PO PO-7731');
    await row.getByRole('link', { name: `Order #${orderId}: details` }).click();
    await expect(page.getByRole('heading', { name: `Order #${orderId}` })).toBeVisible();
    for (const tool of [grinder, hammer, tape, pliers]) await expect(page.getByText(tool.name, { exact: true })).toBeVisible();
    // Each line says its SKU; the number is said once, in the heading.
    await expect(page.getByText(new RegExp(`^${hammer.sku} · `))).toBeVisible();
    await expect(page.getByText(`Order #${orderId}`, { exact: true })).toHaveCount(1);
    await expect(page.getByText('PO-7731', { exact: true })).toBeVisible();
    await expect(page.getByTestId('order-history')).toContainText('Placed by the buyer');
    await expect(page.getByTestId('order-history')).toContainText('Paid by the buyer');
    const paid = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as Order;
    await expect(page.getByText(`Transaction ${paid.transactionId}`)).toBeVisible();
    await screenshots(page, 'order-detail', [width]);
    // The invoice: a PDF named by its number.
    const paidOrder = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as Order;
    expect(paidOrder.invoiceNumber).toMatch(/^INV-\d{4}-\d{6}$/);
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download invoice' }).click();
    expect((await download).suggestedFilename()).toBe(`${paidOrder.invoiceNumber}.pdf`);
    // The receipt email's invoice link, opened in a browser signed out: log in, back to the order, the PDF downloads once.
    await page.context().clearCookies();
    await page.goto(`/dashboard/orders/${orderId}?download=invoice`);
    await expect(page).toHaveURL(/\/login\?from=/);
    await page.getByLabel('Email').fill(buyer.email);
    await page.getByLabel('Password', { exact: true }).fill(buyer.password);
    const emailed = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    expect((await emailed).suggestedFilename()).toBe(`${paidOrder.invoiceNumber}.pdf`);
    await expect(page).toHaveURL(new RegExp(`/dashboard/orders/${orderId}$`));
    await expect(page.getByRole('heading', { name: `Order #${orderId}` })).toBeVisible();

    // Order again: the lines go back into the cart at today's prices.
    await page.goto('/dashboard/orders');
    await page
      .getByRole('button', { name: `Order again: order #${orderId}` })
      .filter({ visible: true })
      .click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByText(`Order #${orderId}: 4 lines added to your cart.`)).toBeVisible();
    await expect(cartLines(page)).toHaveCount(4);
  });
}

test('a cart line whose tool is gone or whose quantity no longer fits is flagged, never changed, and blocks checkout', async ({
  page,
  playwright,
}) => {
  await signIn(page, newAccount('cart-flags'));
  const vise = await toolBySku(page.request, 'TF-BV125');
  const admin = await playwright.request.newContext({ baseURL });
  await signInRequest(admin, adminAccount());
  const gone = await addOwnTool(admin, { name: 'Discontinued Rivet Set', available: 10, minimum: 1, priceCents: 500 });
  // A line of a tool deleted after it went into the cart, and one whose stock fell below its quantity.
  const lines = [
    { toolId: gone.id, quantity: 5 },
    { toolId: vise.id, quantity: vise.available + 1 },
  ];
  expect((await page.request.put('/api/cart', { data: { lines } })).status()).toBe(200);
  expect((await admin.delete(`/api/tools/${gone.id}`)).status()).toBe(204);
  await admin.dispose();
  const toolReads: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/tools\//.test(new URL(request.url()).pathname)) toolReads.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  await page.goto('/cart');
  await expect(cartLines(page)).toHaveCount(2);
  await expect(cartLines(page).first()).toContainText('This tool is no longer sold. Remove it to check out.');
  // Called by the name and SKU it was sold under, not by a number.
  await expect(cartLines(page).first()).toContainText(`Discontinued Rivet Set (${gone.sku})`);
  // Every line's tool in one request, not one a line.
  expect(toolReads).toEqual(['POST /api/tools/by-id']);
  await expect(cartLines(page).nth(1)).toContainText("You cant't place order more than available quantity");
  await expect(page.getByText('2 lines need a change before you can check out.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Place order and pay' })).toBeDisabled();
  // Nothing was changed behind the buyer's back.
  expect(((await (await page.request.get('/api/cart')).json()) as { lines: unknown }).lines).toEqual(lines);
  // Removing the gone line leaves the other flagged.
  await page.getByRole('button', { name: `Remove Discontinued Rivet Set (${gone.sku})` }).click();
  await expect(cartLines(page)).toHaveCount(1);
  await expect(page.getByText('One line needs a change before you can check out.')).toBeVisible();
  // No line can be ordered: no total of $0.00.
  await expect(page.getByText('Total of the lines that can be ordered')).toBeVisible();
  await expect(page.getByTestId('cart-total')).toHaveText('—');
});

test('a tool without a price yet says so on its page, offers no Add to cart, and flags its cart line', async ({ page, playwright }) => {
  const admin = await playwright.request.newContext({ baseURL });
  await signInRequest(admin, adminAccount());
  const unpriced = await addOwnTool(admin, { name: 'Unpriced Pipe Bender', available: 40, minimum: 1, priceCents: 0 });
  await signIn(page, newAccount('cart-unpriced'));
  await page.goto(`/tools/${unpriced.id}`);
  await expect(page.getByTestId('no-price')).toHaveText('This tool has no price yet and cannot be ordered.');
  await expect(page.getByRole('button', { name: /Add to cart/ })).toHaveCount(0);
  // A line that got into the cart anyway (added before its price was taken away) is flagged, not ordered at $0.00.
  expect((await page.request.put('/api/cart', { data: { lines: [{ toolId: unpriced.id, quantity: 2 }] } })).status()).toBe(200);
  await page.goto('/cart');
  await expect(cartLines(page).first()).toContainText('This tool has no price yet and cannot be ordered.');
  await expect(page.getByRole('button', { name: 'Place order and pay' })).toBeDisabled();
  // Out of the catalog again: other specs list the newest tools.
  expect((await admin.delete(`/api/tools/${unpriced.id}`)).status()).toBe(204);
  await admin.dispose();
});

test('a line whose stock fell after the cart was read is named when checkout is refused, then flagged', async ({ page, playwright }) => {
  // A tool of this test's own, so its stock is only ours to move.
  const admin = await playwright.request.newContext({ baseURL });
  await signInRequest(admin, adminAccount());
  const tool = await addOwnTool(admin, { name: 'Stale Cart Socket Set', available: 50, minimum: 1, priceCents: 1_000 });

  await signIn(page, newAccount('cart-stale'));
  expect((await page.request.put('/api/cart', { data: { lines: [{ toolId: tool.id, quantity: 40 }] } })).status()).toBe(200);
  await page.goto('/cart');
  await expect(cartLines(page)).toContainText('$10.00 each');
  // Another buyer takes stock while this cart is open: 30 left, the cart still shows 50.
  expect((await admin.patch(`/api/tools/${tool.id}`, { data: { stock: { delta: -20, reason: 'correction' } } })).status()).toBe(200);
  await admin.dispose();

  await placeFromCheckout(page);
  // The refusal names the tool, not "Line 1", and the cart reads the tool again and flags the line.
  await expect(page.getByRole('alert').filter({ hasText: 'Stale Cart Socket Set:' })).toContainText(
    "Stale Cart Socket Set: You cant't place order more than available quantity",
  );
  await expect(cartLines(page)).toContainText("You cant't place order more than available quantity");
  await expect(cartLines(page)).toContainText('Up to 30 can be ordered now.');
  await expect(page.getByText('One line needs a change before you can check out.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Place order and pay' })).toBeDisabled();
  await screenshots(page, 'cart-line-refused');
  // Bringing the quantity within the stock clears both, and the order goes through.
  await page.getByLabel('Quantity of Stale Cart Socket Set').fill('30');
  await expect(page.getByRole('alert').filter({ hasText: 'Stale Cart Socket Set:' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Place order and pay' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\/\d+$/);
});

test('a price raised after the cart was read refuses the checkout, names the line with its new price, and the cart shows the new total', async ({
  page,
  playwright,
}) => {
  const admin = await playwright.request.newContext({ baseURL });
  await signInRequest(admin, adminAccount());
  const tool = await addOwnTool(admin, { name: 'Repriced Torque Wrench', available: 50, minimum: 1, priceCents: 1_000 });

  await signIn(page, newAccount('cart-repriced'));
  expect((await page.request.put('/api/cart', { data: { lines: [{ toolId: tool.id, quantity: 4 }] } })).status()).toBe(200);
  await page.goto('/cart');
  await expect(page.getByTestId('cart-total')).toHaveText('$40.00');
  // The admin raises the price while the cart is open.
  expect((await admin.patch(`/api/tools/${tool.id}`, { data: { priceCents: 1_250 } })).status()).toBe(200);
  await admin.dispose();

  await placeFromCheckout(page);
  // Nothing is ordered at a price the buyer did not see: the line says what it costs now, and the cart shows it.
  await expect(page.getByRole('alert').filter({ hasText: 'Repriced Torque Wrench:' })).toHaveText(
    'Repriced Torque Wrench: The price is now $12.50 each, not $10.00.',
  );
  await expect(page.getByTestId('cart-total')).toHaveText('$50.00');
  await expect(cartLines(page)).toContainText('$12.50 each');
  expect(((await (await page.request.get('/api/orders/mine')).json()) as { items: unknown[] }).items).toHaveLength(0);
  await screenshots(page, 'cart-price-changed');
  // Placed again, at the price shown now.
  await page.getByRole('button', { name: 'Place order and pay' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\/\d+$/);
  const [order] = ((await (await page.request.get('/api/orders/mine')).json()) as { items: Order[] }).items;
  expect(order?.totalCents).toBe(5_000);
});

test('the catalog’s Add to cart never takes a line past the most one order can take: it adds what fits and says so, then nothing', async ({
  page,
  playwright,
}) => {
  const admin = await playwright.request.newContext({ baseURL });
  await signInRequest(admin, adminAccount());
  const tool = await addOwnTool(admin, { name: 'Capped Rivet Gun', available: 500, minimum: 10, priceCents: 2_000, maxPerOrder: 25 });
  await admin.dispose();

  await signIn(page, newAccount('cart-capped'));
  await page.goto(`/tools?q=${encodeURIComponent(tool.sku)}`);
  const add = page.getByRole('button', { name: 'Add to cart: 10 of Capped Rivet Gun' });
  const held = async () =>
    ((await (await page.request.get('/api/cart')).json()) as { lines: Array<{ toolId: number; quantity: number }> }).lines.find(
      (line) => line.toolId === tool.id,
    )?.quantity;
  await add.click();
  await expect(page.getByText('Added to the cart.')).toBeVisible();
  await expect.poll(held).toBe(10);
  await add.click();
  await expect.poll(held).toBe(20);
  await add.click();
  await expect(page.getByText('Added 5: your cart now holds 25 of this tool, the most one order can take.')).toBeVisible();
  await expect.poll(held).toBe(25);
  await add.click();
  await expect(page.getByText('Your cart already holds 25 of this tool, the most one order can take.')).toBeVisible();
  expect(await held()).toBe(25);
  // The cart has nothing to flag: the line is orderable as it is.
  await page.goto('/cart');
  await expect(page.getByTestId('cart-total')).toHaveText('$500.00');
  await expect(page.getByRole('button', { name: 'Place order and pay' })).toBeEnabled();

  // Another tab that read the cart before it filled: its add is capped on the cart as it is now.
  await page.request.put('/api/cart', { data: { lines: [] } });
  const stale = await page.context().newPage();
  await stale.goto(`/tools?q=${encodeURIComponent(tool.sku)}`);
  await expect(stale.getByTestId('cart-link').filter({ visible: true })).toHaveAccessibleName('Cart, 0 lines');
  await page.request.put('/api/cart', { data: { lines: [{ toolId: tool.id, quantity: 20 }] } });
  await stale.getByRole('button', { name: 'Add to cart: 10 of Capped Rivet Gun' }).click();
  await expect(stale.getByText('Added 5: your cart now holds 25 of this tool, the most one order can take.')).toBeVisible();
  expect(await held()).toBe(25);
  await stale.close();
});

test('a visitor’s cart is kept in the browser until their account’s cart holds it: a merge that fails at login is made on the next page load', async ({
  page,
}) => {
  const tape = await toolBySku(page.request, 'TF-TM8');
  await page.goto(`/tools/${tape.id}`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Added to the cart.')).toBeVisible();
  const browserCart = () => page.evaluate(() => localStorage.getItem('toolsify.cart'));
  const accountCart = async () => ((await (await page.request.get('/api/cart')).json()) as { lines: unknown[] }).lines;

  // Logged in while the network drops the cart's save.
  await page.route('**/api/cart', (route) => (route.request().method() === 'PUT' ? route.abort() : route.continue()));
  await signIn(page, newAccount('cart-merge-offline'));
  const tried = page.waitForRequest((request) => request.method() === 'PUT' && new URL(request.url()).pathname === '/api/cart');
  await page.goto('/cart');
  await tried;
  expect(await accountCart()).toEqual([]);
  expect(JSON.parse((await browserCart()) ?? '[]')).toEqual([{ toolId: tape.id, quantity: tape.minimum }]);

  // Back online: the next page load merges it, and only then is the browser's cart emptied.
  await page.unroute('**/api/cart');
  await page.reload();
  await expect(cartLines(page)).toHaveCount(1);
  await expect.poll(accountCart).toEqual([{ toolId: tape.id, quantity: tape.minimum }]);
  await expect.poll(browserCart).toBeNull();
});

test('order again leaves out a tool no longer sold and names it, and says which lines joined the cart', async ({ page, playwright }) => {
  const admin = await playwright.request.newContext({ baseURL });
  await signInRequest(admin, adminAccount());
  const kept = await addOwnTool(admin, { name: 'Again Kept Clamp', available: 500, minimum: 1, priceCents: 700 });
  const gone = await addOwnTool(admin, { name: 'Again Retired Vise', available: 500, minimum: 1, priceCents: 900 });
  await signIn(page, newAccount('cart-again'));
  const order = await placeOrderViaApi(page.request, [
    { toolId: kept.id, quantity: 10 },
    { toolId: gone.id, quantity: 5 },
  ]);
  expect((await admin.delete(`/api/tools/${gone.id}`)).status()).toBe(204);
  await admin.dispose();
  // The cart holds 3 clamps already: the order's 10 join them.
  expect((await page.request.put('/api/cart', { data: { lines: [{ toolId: kept.id, quantity: 3 }] } })).status()).toBe(200);

  await page.goto(`/dashboard/orders/${order.id}`);
  await page.getByRole('button', { name: 'Order again' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText(`No longer sold, not added: Again Retired Vise (${gone.sku}).`)).toBeVisible();
  await expect(page.getByText(`Order #${order.id}: the pieces of 1 tool your cart held already went onto its line.`)).toBeVisible();
  await expect(cartLines(page)).toHaveCount(1);
  await expect(page.getByLabel('Quantity of Again Kept Clamp')).toHaveValue('13');

  // Its page, opened by another buyer (an emailed link in a browser signed in as someone else):
  // not found, and why it may be so.
  await page.context().clearCookies();
  const other = newAccount('cart-again-other');
  await signIn(page, other);
  await page.goto(`/dashboard/orders/${order.id}`);
  await expect(page.getByRole('alert')).toContainText('This order was not found.');
  await expect(page.getByRole('alert')).toContainText(`You are signed in as ${other.email}. An order placed with another account opens`);
});

test('a line near a price break says so, and one click takes it there at the break price', async ({ page, playwright }) => {
  const admin = await playwright.request.newContext({ baseURL });
  await signInRequest(admin, adminAccount());
  const made = await admin.post('/api/tools', {
    data: {
      name: 'Nudge Test Chisel Set',
      sku: `E2E-NUDGE-${Date.now().toString(36)}`,
      description: 'Six chisels in a roll.',
      img: '/images/tools/wrench-set.svg',
      available: 1_000,
      minimum: 10,
      priceCents: 1_000,
      priceBreaks: [{ minQuantity: 100, unitPriceCents: 900 }],
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const tool = (await made.json()) as { id: number };
  await admin.dispose();
  await signIn(page, newAccount('cart-nudge'));
  expect((await page.request.put('/api/cart', { data: { lines: [{ toolId: tool.id, quantity: 80 }] } })).status()).toBe(200);
  await page.goto('/cart');
  const nudge = page.getByTestId('cart-line-nudge');
  // The tool page's words: what the line costs more, and what every piece saves.
  await expect(nudge).toContainText(
    "Add 20 more pieces and every piece costs $9.00: the order costs $100.00 more but you save $100.00 against 100 at today's price.",
  );
  await nudge.getByRole('button', { name: 'Add 20 more Nudge Test Chisel Set' }).click();
  await expect(page.getByLabel('Quantity of Nudge Test Chisel Set')).toHaveValue('100');
  // The button went with the nudge: the keyboard goes on from the line's quantity.
  await expect(page.getByLabel('Quantity of Nudge Test Chisel Set')).toBeFocused();
  await expect(cartLines(page)).toContainText('$9.00 each');
  await expect(page.getByTestId('cart-total')).toHaveText('$900.00');
  await expect(nudge).toHaveCount(0);
});

test('a quantity field emptied by a signed-in buyer holds the checkout back: no order carries a quantity the page does not show', async ({
  page,
}) => {
  await signIn(page, newAccount('cart-blank'));
  const tape = await toolBySku(page.request, 'TF-TM8');
  expect((await page.request.put('/api/cart', { data: { lines: [{ toolId: tape.id, quantity: 550 }] } })).status()).toBe(200);
  await page.goto('/cart');
  const field = page.getByLabel(`Quantity of ${tape.name}`);
  const placeOrder = page.getByRole('button', { name: 'Place order and pay' });
  await expect(placeOrder).toBeEnabled();
  await field.fill('');
  await expect(placeOrder).toBeDisabled();
  // The line counts for nothing while its field is empty: no amount, no total.
  await expect(cartLines(page).first()).toContainText('—');
  await expect(page.getByTestId('cart-total')).toHaveText('—');
  await placeOrder.click({ force: true });
  await expect(field).toHaveValue('');
  await expect(page.getByText('Enter a quantity')).toBeVisible();
  expect(((await (await page.request.get('/api/orders/mine')).json()) as { items: unknown[] }).items).toEqual([]);
  await field.fill('600');
  await expect(placeOrder).toBeEnabled();
});

test('checkout keeps a typed PO number through a reload, and tells a buyer whose email is not verified where the receipt goes', async ({
  page,
}) => {
  const account = newAccount('cart-po');
  await signIn(page, account);
  const tape = await toolBySku(page.request, 'TF-TM8');
  expect((await page.request.put('/api/cart', { data: { lines: [{ toolId: tape.id, quantity: tape.minimum }] } })).status()).toBe(200);
  await page.goto('/cart');
  await expect(page.getByTestId('checkout-unverified')).toContainText(
    `The receipt and the invoice go to ${account.email}, which is not verified yet`,
  );
  await page.getByLabel('PO number (optional)').fill('PO-RELOAD-7');
  await page.reload();
  await expect(page.getByLabel('PO number (optional)')).toHaveValue('PO-RELOAD-7');
});

test('on a phone, a long cart has a bar with the total that takes the buyer to the checkout', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, newAccount('cart-bar'));
  // Tools that can be ordered (another spec's tool may have no price yet).
  const tools = ((await (await page.request.get('/api/tools?inStock=true&minPrice=1&limit=12')).json()) as ToolPage).items;
  const lines = tools.map((tool) => ({ toolId: tool.id, quantity: tool.minimum }));
  expect((await page.request.put('/api/cart', { data: { lines } })).status()).toBe(200);
  await page.goto('/cart');
  await expect(cartLines(page)).toHaveCount(lines.length);
  const bar = page.getByTestId('checkout-bar');
  await expect(bar).toBeVisible();
  await expect(bar).toContainText(`Order total ${await page.getByTestId('cart-total').textContent()}`);
  // A line to put right first: the bar takes the buyer to it, not to a checkout that waits for it.
  const first = page.getByLabel(`Quantity of ${tools[0]!.name}`);
  await first.fill('');
  await first.blur();
  await page.evaluate(() => window.scrollTo(0, 0));
  await bar.getByRole('link', { name: 'A line to put right' }).click();
  await expect(cartLines(page).first()).toBeFocused();
  await first.fill(String(tools[0]!.minimum));
  await first.blur();
  await page.evaluate(() => window.scrollTo(0, 0));
  await bar.getByRole('link', { name: 'Checkout' }).click();
  await expect(page.getByLabel('Phone')).toBeFocused();
  await expect(bar).toBeHidden();
});

test('a cart changed in another tab is read again when this tab comes back, so the checkout sends what the other tab left', async ({
  page,
}) => {
  await signIn(page, newAccount('cart-tabs'));
  const tape = await toolBySku(page.request, 'TF-TM8');
  const vise = await toolBySku(page.request, 'TF-BV125');
  const both = [
    { toolId: tape.id, quantity: tape.minimum },
    { toolId: vise.id, quantity: vise.minimum },
  ];
  expect((await page.request.put('/api/cart', { data: { lines: both } })).status()).toBe(200);
  await page.goto('/cart');
  await expect(cartLines(page)).toHaveCount(2);
  // The other tab (the same session) removes the vise.
  expect((await page.request.put('/api/cart', { data: { lines: [both[0]] } })).status()).toBe(200);
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
  await expect(cartLines(page)).toHaveCount(1);
  await expect(cartLines(page)).toContainText(tape.name);
});

test('a tab open as a visitor learns of a sign-in made in another tab when it comes back, and shows the account’s cart', async ({
  page,
}) => {
  const tape = await toolBySku(page.request, 'TF-TM8');
  await page.goto(`/tools/${tape.id}`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Added to the cart.')).toBeVisible();
  await page.goto('/cart');
  await expect(page.getByRole('main').getByRole('link', { name: 'Login' })).toBeVisible();
  // Another tab signs in (the same browser: its cookie is this tab's too).
  await signIn(page, newAccount('cart-other-tab'));
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
  await expect(page.getByRole('button', { name: 'Place order and pay' })).toBeVisible();
  await expect(cartLines(page)).toContainText(tape.name);
  await expect
    .poll(async () => ((await (await page.request.get('/api/cart')).json()) as { lines: unknown[] }).lines)
    .toEqual([{ toolId: tape.id, quantity: tape.minimum }]);
});

test('a cart changed on another device meanwhile is never overwritten: an add joins it, a change made on the old cart is refused and the cart shown as it is', async ({
  page,
  browser,
}) => {
  const buyer = newAccount('cart-devices');
  await signIn(page, buyer);
  const other = await browser.newContext({ baseURL });
  const phone = await other.newPage();
  await signIn(phone, buyer);
  const tape = await toolBySku(page.request, 'TF-TM8');
  const vise = await toolBySku(page.request, 'TF-BV125');
  const hammer = await toolBySku(page.request, 'TF-CH16');
  // Both devices show the catalog's demo tools (their SKUs start TF; other specs add newer tools), and have read the cart.
  await page.goto('/tools?q=tf');
  await phone.goto('/tools?q=tf');
  await expect(page.getByTestId('cart-link').filter({ visible: true })).toHaveAccessibleName('Cart, 0 lines');
  await phone.getByRole('button', { name: `Add to cart: ${tape.minimum} of ${tape.name}` }).click();
  await expect(phone.getByText('Added to the cart.')).toBeVisible();
  // This device's read is older: its add joins the phone's line instead of replacing it.
  await page.getByRole('button', { name: `Add to cart: ${vise.minimum} of ${vise.name}` }).click();
  await expect(page.getByText('Added to the cart.')).toBeVisible();
  const lines = async () => ((await (await page.request.get('/api/cart')).json()) as { lines: Array<{ toolId: number }> }).lines;
  expect((await lines()).map((line) => line.toolId).sort()).toEqual([tape.id, vise.id].sort());

  // The cart page; then the phone adds the hammer, and this page (not read again) removes the tape.
  await page.goto('/cart');
  await expect(cartLines(page)).toHaveCount(2);
  await phone.goto(`/tools/${hammer.id}`);
  await phone.getByRole('button', { name: 'Add to cart' }).click();
  await expect(phone.getByText('Added to the cart.')).toBeVisible();
  await cartLines(page)
    .filter({ hasText: tape.name })
    .getByRole('button', { name: /^Remove/ })
    .click();
  await expect(page.getByText('Your cart was changed on another device or in another tab.', { exact: false })).toBeVisible();
  // Nothing lost: the phone's hammer is there, shown, and the tape stays until removed on the cart as it is.
  expect((await lines()).map((line) => line.toolId).sort()).toEqual([tape.id, vise.id, hammer.id].sort());
  await expect(cartLines(page)).toHaveCount(3);
  await screenshots(page, 'cart-changed-elsewhere');
  await cartLines(page)
    .filter({ hasText: tape.name })
    .getByRole('button', { name: /^Remove/ })
    .click();
  await expect(cartLines(page)).toHaveCount(2);
  expect((await lines()).map((line) => line.toolId).sort()).toEqual([vise.id, hammer.id].sort());
  await other.close();
});

test('a quantity is retyped in the cart: the field empties, takes the new number and saves it; a number no order can carry is named and not saved', async ({
  page,
}) => {
  const tape = await toolBySku(page.request, 'TF-TM8');
  const savedLines = () => page.evaluate(() => JSON.parse(localStorage.getItem('toolsify.cart') ?? '[]') as unknown);
  await page.goto(`/tools/${tape.id}`);
  await page.getByLabel('Quantity', { exact: true }).fill('500');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Added to the cart.')).toBeVisible();
  await page.goto('/cart');
  const field = page.getByLabel(`Quantity of ${tape.name}`);
  await expect(field).toHaveValue('500');
  // The line's rules under its stepper: why − stops where it does.
  await expect(page.getByTestId('cart-line')).toContainText(`Minimum ${tape.minimum}, in packs of ${tape.packSize}`);

  // Emptied and typed again key by key, as a buyer does: the field holds what is typed, and the
  // number is saved once the typing pauses.
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.press('Backspace');
  await expect(field).toHaveValue('');
  await field.pressSequentially('300');
  await expect(field).toHaveValue('300');
  await expect.poll(savedLines).toEqual([{ toolId: tape.id, quantity: 300 }]);
  await expect(page.getByTestId('cart-total')).toHaveText('$1,920.00');

  // Not a whole number: named under the field and not saved; left, it stays as typed, named, and
  // the cart says the checkout waits for it (what the buyer sees is what an order would carry).
  await field.fill('2.5');
  await expect(page.getByText('Quantity must be a whole number')).toBeVisible();
  await screenshots(page, 'cart-quantity-not-whole');
  await field.blur();
  await expect(field).toHaveValue('2.5');
  await expect(page.getByText('Quantity must be a whole number')).toBeVisible();
  await expect(page.getByText('Put right the quantity named in red before you check out.')).toBeVisible();
  expect(await savedLines()).toEqual([{ toolId: tape.id, quantity: 300 }]);
  // Emptied and left: the same, never the hidden saved quantity. Typed and left at once: saved without the pause.
  await field.fill('');
  await field.blur();
  await expect(field).toHaveValue('');
  await expect(page.getByText('Enter a quantity')).toBeVisible();
  await field.fill('450');
  await field.blur();
  await expect(field).toHaveValue('450');
  await expect(page.getByText('Put right the quantity named in red before you check out.')).toBeHidden();
  expect(await savedLines()).toEqual([{ toolId: tape.id, quantity: 450 }]);
  // Below the minimum (250): saved and flagged; one pack more goes up to the minimum.
  await field.fill('3');
  await field.blur();
  await expect(page.getByTestId('cart-line')).toContainText(messages.quantityBelowMinimum);
  await page.getByRole('button', { name: 'One pack of 50 more' }).click();
  await expect(field).toHaveValue('250');
  await expect.poll(savedLines).toEqual([{ toolId: tape.id, quantity: 250 }]);
});
