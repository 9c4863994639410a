/// <reference lib="dom" />
// Ship-to addresses: a buyer keeps the job sites they ship to on My Profile (added, edited, a
// label used once, removed after a confirmation), and checkout's Ship to fills the phone and
// address with the one chosen; the order keeps that address.
import { messages } from '@toolsify/shared/messages';
import type { Order } from '@toolsify/shared/orders';
import type { ShipToAddress } from '@toolsify/shared/addresses';
import { addOwnTool, adminAccount, expect, newAccount, signIn, signInRequest, test } from '../fixtures.ts';
import { baseURL } from '../env.ts';
import { screenshots } from '../screenshots.ts';

const warehouse = { label: 'Main warehouse', phone: '+44 113 496 0000', address: '12 Mill Road, Leeds LS1 4AB' };
const site = { label: 'Site 14', phone: '+44 113 496 0114', address: 'Plot 14, Kirkstall Forge, Leeds LS5 3BT' };
const profile = { phone: '+44 20 7946 0000', address: '1 Dock Road, London E16 1AA' };

/** A tool of the spec's own, in stock: what its orders take is nobody else's. */
async function ownTool(playwright: import('@playwright/test').PlaywrightWorkerArgs['playwright'], name: string) {
  const admin = await playwright.request.newContext({ baseURL });
  await signInRequest(admin, adminAccount());
  const tool = await addOwnTool(admin, { name: `${name} ${Date.now()}`, available: 500, minimum: 1, priceCents: 1_250 });
  await admin.dispose();
  return tool;
}

const noSideScroll = (page: import('@playwright/test').Page) => page.evaluate(() => document.documentElement.scrollWidth);

for (const width of [375, 1280]) {
  test(`at ${width} px: a buyer keeps ship-to addresses on My Profile, ships an order to one from checkout, and removes one`, async ({
    page,
    playwright,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const tool = await ownTool(playwright, 'Ship-to Spirit Level');
    await signIn(page, newAccount('ship-to'));
    const put = await page.request.put('/api/me/profile', {
      data: { ...profile, education: '', linkedin: '' },
      headers: { origin: baseURL },
    });
    expect(put.status(), await put.text()).toBe(200);

    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Ship-to addresses' })).toBeVisible();
    await expect(page.getByText('None yet.')).toBeVisible();
    const add = page.getByRole('button', { name: 'Add a ship-to address' });
    const form = page.getByTestId('ship-to-form');

    // Keyboard only: the form opens on its first field, Escape closes it and the focus goes back.
    await add.focus();
    await page.keyboard.press('Enter');
    await expect(form.getByLabel('Label', { exact: true })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(form).toHaveCount(0);
    await expect(add).toBeFocused();

    // Two addresses; each field checked as checkout checks it.
    for (const [n, entry] of [warehouse, site].entries()) {
      await add.click();
      await form.getByLabel('Label', { exact: true }).fill(entry.label);
      await form.getByLabel('Phone', { exact: true }).fill(n === 0 ? 'call the site' : entry.phone);
      await form.getByLabel('Address', { exact: true }).fill(entry.address);
      await form.getByRole('button', { name: 'Add address' }).click();
      if (n === 0) {
        await expect(form.getByText('Provide a valid phone number')).toBeVisible();
        await form.getByLabel('Phone', { exact: true }).fill(entry.phone);
        await form.getByRole('button', { name: 'Add address' }).click();
      }
      await expect(page.getByText(`${entry.label} is added to your ship-to addresses.`)).toBeVisible();
      await expect(page.getByRole('button', { name: `Edit ${entry.label}` })).toBeFocused();
    }
    const cards = page.getByTestId('ship-to-addresses').getByRole('listitem');
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0)).toContainText(warehouse.label);
    await expect(cards.nth(0)).toContainText(warehouse.phone);
    await expect(cards.nth(0)).toContainText(warehouse.address);

    // Edited in place.
    const moved = 'Plot 14A, Kirkstall Forge, Leeds LS5 3BT';
    await page.getByRole('button', { name: `Edit ${site.label}` }).click();
    await expect(form.getByLabel('Address', { exact: true })).toHaveValue(site.address);
    await form.getByLabel('Address', { exact: true }).fill(moved);
    await form.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByText(`${site.label} is saved.`)).toBeVisible();
    await expect(cards.filter({ hasText: site.label })).toContainText(moved);

    // A label the buyer uses already, in another case: refused under the field, nothing added.
    await add.click();
    await form.getByLabel('Label', { exact: true }).fill('MAIN WAREHOUSE');
    await form.getByLabel('Phone', { exact: true }).fill(site.phone);
    await form.getByLabel('Address', { exact: true }).fill('3 Canal Wharf, Leeds');
    await form.getByRole('button', { name: 'Add address' }).click();
    await expect(form.getByText('You already have an address labelled "MAIN WAREHOUSE"')).toBeVisible();
    await expect(form.getByLabel('Label', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('Label', { exact: true })).toBeFocused();
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(cards).toHaveCount(2);
    expect(await noSideScroll(page)).toBeLessThanOrEqual(width);
    await screenshots(page, 'addresses', [width]);
    // The screenshots leave the window at 1280 px: back to this test's width.
    await page.setViewportSize({ width, height: 900 });

    // Checkout: Ship to fills the phone and address, My Profile's puts the profile's back.
    expect((await page.request.put('/api/cart', { data: { lines: [{ toolId: tool.id, quantity: 2 }] } })).status()).toBe(200);
    await page.goto('/cart');
    const shipTo = page.getByLabel('Ship to');
    const phone = page.getByLabel('Phone', { exact: true });
    const address = page.getByLabel('Address', { exact: true });
    await expect(shipTo).toHaveValue('');
    await expect(phone).toHaveValue(profile.phone);
    await expect(address).toHaveValue(profile.address);
    await expect(shipTo.getByRole('option')).toHaveText(["My Profile's address", warehouse.label, site.label]);
    await shipTo.selectOption({ label: site.label });
    await expect(phone).toHaveValue(site.phone);
    await expect(address).toHaveValue(moved);
    await shipTo.selectOption({ label: "My Profile's address" });
    await expect(address).toHaveValue(profile.address);
    await shipTo.selectOption({ label: site.label });
    await expect(address).toHaveValue(moved);
    // Changed by hand, the choice says so; put back, it is the site again.
    await address.fill(`${moved}, gate 2`);
    await expect(shipTo.locator('option:checked')).toHaveText('As typed below');
    await address.fill(moved);
    await expect(shipTo.locator('option:checked')).toHaveText(site.label);
    // One of the buyer's addresses: nothing to save.
    await expect(page.getByLabel('Keep these as a job site for later orders')).toHaveCount(0);
    expect(await noSideScroll(page)).toBeLessThanOrEqual(width);
    await page.getByRole('button', { name: 'Place order and pay' }).click();
    await expect(page).toHaveURL(/\/dashboard\/payment\/\d+$/);
    const orderId = Number(page.url().split('/').pop());
    expect((await (await page.request.get(`/api/orders/${orderId}`)).json()) as Order).toMatchObject({
      phone: site.phone,
      address: moved,
    });
    await page.goto(`/dashboard/orders/${orderId}`);
    await expect(page.getByText(moved, { exact: true })).toBeVisible();
    await expect(page.getByText(site.phone, { exact: true })).toBeVisible();

    // The purchase page of one tool: the same Ship to, and the buyer's PO number.
    await page.goto(`/purchase/${tool.id}`);
    await expect(page.getByLabel('Ship to')).toHaveValue('');
    await page.getByLabel('Ship to').selectOption({ label: warehouse.label });
    await expect(page.getByLabel('Phone', { exact: true })).toHaveValue(warehouse.phone);
    await page.getByLabel('PO number (optional)').fill('PO-SITE-77');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByText(messages.orderPlaced)).toBeVisible();
    const mine = (await (await page.request.get('/api/orders/mine?limit=1')).json()) as { items: Order[] };
    expect(mine.items[0]).toMatchObject({ poNumber: 'PO-SITE-77', phone: warehouse.phone, address: warehouse.address });

    // Removed after a confirmation; the focus goes on to Add.
    await page.goto('/dashboard');
    await page.getByRole('button', { name: `Remove ${site.label}` }).click();
    await page
      .getByRole('dialog', { name: `Remove ${site.label}?` })
      .getByRole('button', { name: 'Remove address' })
      .click();
    await expect(page.getByText(`${site.label} is removed.`)).toBeVisible();
    await expect(cards).toHaveCount(1);
    await expect(cards).toContainText(warehouse.label);
    await expect(add).toBeFocused();
    // The order keeps the address it was shipped to.
    expect(((await (await page.request.get(`/api/orders/${orderId}`)).json()) as Order).address).toBe(moved);
  });
}

test('checkout saves a new phone and address as a ship-to address under a label, once the order is placed', async ({
  page,
  playwright,
}) => {
  const tool = await ownTool(playwright, 'Ship-to Chalk Line');
  await signIn(page, newAccount('ship-to-save'));
  const made = await page.request.post('/api/me/addresses', { data: warehouse, headers: { origin: baseURL } });
  expect(made.status(), await made.text()).toBe(201);
  expect((await page.request.put('/api/cart', { data: { lines: [{ toolId: tool.id, quantity: 1 }] } })).status()).toBe(200);

  await page.goto('/cart');
  await page.getByLabel('Phone', { exact: true }).fill(site.phone);
  await page.getByLabel('Address', { exact: true }).fill(site.address);
  await page.getByLabel('Keep these as a job site for later orders').check();
  const label = page.getByLabel('Label', { exact: true });
  // A label the buyer uses already is refused before the order is placed.
  await label.fill('main warehouse');
  await page.getByRole('button', { name: 'Place order and pay' }).click();
  await expect(page.getByText('You already have an address labelled "main warehouse"')).toBeVisible();
  await expect(label).toBeFocused();
  expect(((await (await page.request.get('/api/orders/mine')).json()) as { items: unknown[] }).items).toHaveLength(0);

  await label.fill(site.label);
  await page.getByRole('button', { name: 'Place order and pay' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\/\d+$/);
  await expect
    .poll(async () => ((await (await page.request.get('/api/me/addresses')).json()) as { items: ShipToAddress[] }).items)
    .toMatchObject([warehouse, site]);
});

test("a buyer with My Profile's address and no ship-to addresses yet is offered to keep another as a job site; a first order is not", async ({
  page,
  playwright,
}) => {
  const tool = await ownTool(playwright, 'Ship-to Plumb Bob');
  await signIn(page, newAccount('ship-to-first'));
  expect((await page.request.put('/api/cart', { data: { lines: [{ toolId: tool.id, quantity: 1 }] } })).status()).toBe(200);
  await page.goto('/cart');
  const keep = page.getByLabel('Keep these as a job site for later orders');
  // A first order (nothing saved anywhere): only My Profile is offered.
  await page.getByLabel('Phone', { exact: true }).fill(site.phone);
  await page.getByLabel('Address', { exact: true }).fill(site.address);
  await expect(page.getByLabel('Save these to My Profile for my next orders')).toBeChecked();
  await expect(keep).toHaveCount(0);

  const put = await page.request.put('/api/me/profile', {
    data: { ...profile, education: '', linkedin: '' },
    headers: { origin: baseURL },
  });
  expect(put.status(), await put.text()).toBe(200);
  await page.reload();
  await page.getByLabel('Address', { exact: true }).fill(site.address);
  await keep.check();
  await page.getByLabel('Label', { exact: true }).fill(site.label);
  await page.getByRole('button', { name: 'Place order and pay' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\/\d+$/);
  await expect
    .poll(async () => ((await (await page.request.get('/api/me/addresses')).json()) as { items: ShipToAddress[] }).items)
    .toMatchObject([{ label: site.label, phone: profile.phone, address: site.address }]);
});
