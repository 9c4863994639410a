// Saved lists: a buyer saves the cart under a name, finds it in My Lists, puts it back in the
// cart in one click (a tool no longer sold is left out and said), and deletes it.
import { addOwnTool, adminAccount, expect, newAccount, signIn, signInRequest, test, toolBySku } from '../fixtures.ts';
import { baseURL } from '../env.ts';
import { screenshots } from '../screenshots.ts';

const cartLines = (page: import('@playwright/test').Page) => page.getByTestId('cart-line');

test('a cart saved as a list goes back in the cart from My Lists, without a tool no longer sold; a name is used once', async ({
  page,
  playwright,
}) => {
  await signIn(page, newAccount('lists'));
  const tape = await toolBySku(page.request, 'TF-TM8');
  const admin = await playwright.request.newContext({ baseURL });
  await signInRequest(admin, adminAccount());
  const doomed = await addOwnTool(admin, { name: `List Clamp ${Date.now()}`, available: 500, minimum: 5, priceCents: 990 });
  const lines = [
    { toolId: tape.id, quantity: tape.minimum },
    { toolId: doomed.id, quantity: 20 },
  ];
  expect((await page.request.put('/api/cart', { data: { lines } })).status()).toBe(200);

  await page.goto('/cart');
  await expect(cartLines(page)).toHaveCount(2);
  const name = page.getByLabel(/Save these lines as a list/);
  await name.fill('Site kit');
  // A double click saves once, and says so (not "You already have a list named...").
  await page.getByRole('button', { name: 'Save list' }).dblclick();
  await expect(page.getByText('Saved as "Site kit": My Lists puts it back in the cart.')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'You already have a list' })).toHaveCount(0);
  await expect(name).toHaveValue('');
  // The same name again, in another case: said under the field, nothing saved.
  await name.fill('SITE KIT');
  await page.getByRole('button', { name: 'Save list' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'You already have a list named "SITE KIT"' })).toBeVisible();

  // The cart is emptied; the tool made for this spec leaves the catalog.
  expect((await page.request.put('/api/cart', { data: { lines: [] } })).status()).toBe(200);
  expect((await admin.delete(`/api/tools/${doomed.id}`)).status()).toBe(204);
  await admin.dispose();

  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My Lists' }).click();
  await expect(page).toHaveURL(/\/dashboard\/lists$/);
  const list = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Site kit' }) });
  await expect(list).toContainText('2 lines');
  await list.getByText('Show the lines').click();
  await expect(list).toContainText(tape.name);
  await expect(list).toContainText(`${doomed.name} (${doomed.sku}): no longer sold (left out when added)`);
  await screenshots(page, 'my-lists');

  await list.getByRole('button', { name: 'Add Site kit to the cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText('Site kit: 1 line added to your cart.')).toBeVisible();
  await expect(page.getByText(`No longer sold, not added: ${doomed.name} (${doomed.sku}).`)).toBeVisible();
  await expect(cartLines(page)).toHaveCount(1);
  await expect(cartLines(page)).toContainText(tape.name);

  // Deleted after a confirmation.
  await page.goto('/dashboard/lists');
  await page.getByRole('button', { name: 'Delete Site kit' }).click();
  await page.getByRole('dialog', { name: 'Delete Site kit?' }).getByRole('button', { name: 'Delete list' }).click();
  await expect(page.getByText('You have no lists yet.')).toBeVisible();
});
