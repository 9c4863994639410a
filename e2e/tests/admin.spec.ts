import type { APIRequestContext, Locator } from '@playwright/test';
import type { Tool } from '@toolsify/shared/tools';
import type { UserListItem, UserPage } from '@toolsify/shared/users';
import {
  addOwnTool,
  adminAccount,
  expect,
  newAccount,
  placeOrderViaApi,
  signIn,
  signInRequest,
  test,
  toolBySku,
  verificationLink,
  type Account,
} from '../fixtures.ts';
import { baseURL } from '../env.ts';
import { screenshotAsIs, screenshots } from '../screenshots.ts';

/** A real 1x1 PNG, made here, and a text file that only pretends to be one. */
const REAL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const FAKE_PNG = Buffer.from('This is plain text with a .png name. It is not an image.\n');

/** The tables render as cards on phones and as a table on wide screens: pick the visible one. */
const visible = (locator: Locator) => locator.filter({ visible: true });

async function catalog(request: APIRequestContext): Promise<Tool[]> {
  return ((await (await request.get('/api/tools?limit=100')).json()) as { items: Tool[] }).items;
}

async function userByEmail(request: APIRequestContext, email: string): Promise<UserListItem> {
  let cursor: string | null = null;
  do {
    const res = await request.get(`/api/users?limit=100${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.ok()).toBe(true);
    const page = (await res.json()) as UserPage;
    const found = page.items.find((u) => u.email === email);
    if (found) return found;
    cursor = page.nextCursor;
  } while (cursor);
  throw new Error(`no user ${email}`);
}

/** Creates an account in its own cookie jar (so the page's admin session is untouched). */
async function createAccount(
  playwright: { request: { newContext: (o: { baseURL: string }) => Promise<APIRequestContext> } },
  account: Account,
) {
  const context = await playwright.request.newContext({ baseURL });
  await signInRequest(context, account);
  return context;
}

test.describe('My Profile', () => {
  test('shows read-only name and email, saves the profile, and says Profile Updated only when phone and address are filled', async ({
    page,
  }) => {
    const account = newAccount('profile');
    await signIn(page, account);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(account.name);
    await expect(page.getByLabel('Name', { exact: true })).not.toBeEditable();
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(account.email);
    await expect(page.getByLabel('Email', { exact: true })).not.toBeEditable();
    await screenshots(page, 'admin-profile');

    const save = page.getByRole('button', { name: 'Update Profile' });
    // A LinkedIn link must be a real link.
    await page.getByLabel('LinkedIn link').fill('not a link');
    await save.click();
    await expect(page.getByText('Provide a valid URL (https://...)')).toBeVisible();

    // Only the address: saved, but not 'Profile Updated' (the spec's rule).
    await page.getByLabel('LinkedIn link').fill('https://www.linkedin.com/in/test-profile');
    await page.getByLabel('Address').fill('12 Mill Road, Leeds');
    await save.click();
    await expect(page.getByText('Saved. Add your phone and address so we can deliver your orders.')).toBeVisible();
    await expect(page.getByText('Profile Updated')).toHaveCount(0);

    await page.getByLabel('Phone').fill('+44 113 496 0000');
    await page.getByLabel('Education').fill('BSc Mechanical Engineering');
    await save.click();
    await expect(page.getByText('Profile Updated')).toBeVisible();
    // The first save's word is gone: one toast for the latest save.
    // (at once: the old toast would have stayed its 5 seconds).
    await expect(page.getByText('Saved. Add your phone and address so we can deliver your orders.')).toHaveCount(0, { timeout: 1_000 });

    // It is saved on the server: a fresh load shows it.
    await page.reload();
    await expect(page.getByLabel('Phone')).toHaveValue('+44 113 496 0000');
    await expect(page.getByLabel('Education')).toHaveValue('BSc Mechanical Engineering');
    await expect(page.getByLabel('LinkedIn link')).toHaveValue('https://www.linkedin.com/in/test-profile');
    await expect(page.getByLabel('Address')).toHaveValue('12 Mill Road, Leeds');
  });
});

test.describe('Add a Review', () => {
  test('enforces the rating and the text, adds the review, and it shows first on the home page as text', async ({ page }) => {
    const account = newAccount('reviewer');
    await signIn(page, account);
    await page.goto('/dashboard/review');
    await expect(page.getByRole('heading', { name: 'Add a Review' })).toBeVisible();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(account.name);
    await expect(page.getByLabel('Name', { exact: true })).not.toBeEditable();
    await screenshots(page, 'admin-review');

    const submit = page.getByRole('button', { name: 'Add Review' });
    // The rating is chosen as 1 to 5 stars (the server refuses anything else, see reviews.routes.test.ts).
    const rating = page.getByRole('radiogroup', { name: 'Rating (1 to 5)' });
    await expect(rating.getByRole('radio')).toHaveCount(5);
    await expect(rating.getByRole('radio', { name: '5 Stars: Excellent' })).toBeChecked();
    await submit.click();
    await expect(page.getByText('Review is Required')).toBeVisible();
    // The picture is uploaded (a link to another site is not taken): a fake image is refused.
    const picture = page.getByLabel('Picture', { exact: true });
    await picture.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: FAKE_PNG });
    await expect(page.getByText('The file must be a JPEG, PNG or WebP image.')).toBeVisible();
    await picture.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: REAL_PNG });
    await expect(page.getByTestId('review-picture-preview')).toHaveAttribute('src', /^\/uploads\/[0-9a-f-]+\.png$/);

    const note = `Bulk drills arrived early <b>not bold</b> ${Date.now()}`;
    await rating.getByRole('radio', { name: '4 Stars: Very good' }).check();
    await page.getByLabel('Review', { exact: true }).fill(note);
    await submit.click();
    await expect(page.getByText('Your Review is successfully added.')).toBeVisible();
    // The form resets for the next review.
    await expect(page.getByLabel('Review', { exact: true })).toHaveValue('');

    // The lower home sections load as the visitor scrolls toward them.
    await page.goto('/#testimonials');
    await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
    const first = page.getByTestId('testimonial').first();
    // Rendered as text: the markup shows literally, no <b> element is created.
    await expect(first).toContainText(note);
    await expect(first).toContainText(account.name);
    await expect(first).toContainText('4 Stars');
    await expect(first.locator('b')).toHaveCount(0);
    await expect(first.locator('img').first()).toHaveAttribute('src', /^\/uploads\/[0-9a-f-]+\.png$/);
  });

  test('a refused picture holds the review back until another is chosen or it is removed: never posted without it unasked', async ({
    page,
  }) => {
    await signIn(page, newAccount('reviewer-pic'));
    await page.goto('/dashboard/review');
    const note = `Sockets fit well ${Date.now()}`;
    await page.getByLabel('Review', { exact: true }).fill(note);
    await page.getByLabel('Picture', { exact: true }).setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: FAKE_PNG });
    await expect(page.getByText('The file must be a JPEG, PNG or WebP image.')).toBeVisible();
    await page.getByRole('button', { name: 'Add Review' }).click();
    await expect(
      page.getByText('The file must be a JPEG, PNG or WebP image. Choose another picture, or Remove it to post without one.'),
    ).toBeVisible();
    await expect(page.getByText('Your Review is successfully added.')).toHaveCount(0);
    const mine = async () =>
      ((await (await page.request.get('/api/reviews?limit=50')).json()) as Array<{ note: string }>).filter((r) => r.note === note);
    expect(await mine()).toEqual([]);
    // Removed: posted with the default avatar.
    await page.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('button', { name: 'Add Review' }).click();
    await expect(page.getByText('Your Review is successfully added.')).toBeVisible();
    await expect.poll(async () => (await mine()).length).toBe(1);
  });
});

test.describe('Add a Product and Manage Products', () => {
  test('validates with the spec messages, uploads a real image, refuses a fake one, adds, edits and deletes a product', async ({
    page,
    playwright,
  }) => {
    await signIn(page, adminAccount());
    await page.goto('/dashboard/add');
    await expect(page.getByRole('heading', { name: 'Add a Product' })).toBeVisible();
    await screenshots(page, 'admin-add-product');

    const submit = page.getByRole('button', { name: 'Add Product' });
    const available = page.getByLabel('Available Quantity');
    const minimum = page.getByLabel('Minimum Quantity');

    // The spec's three messages, live, each disabling Submit.
    await available.fill('0');
    await expect(page.getByText('Available Quantity must be 1 or longer')).toBeVisible();
    await expect(submit).toBeDisabled();
    await available.fill('50');
    await expect(page.getByText('Available Quantity must be 1 or longer')).toHaveCount(0);
    await minimum.fill('0');
    await expect(page.getByText('Minimum Quantity must be 1 or longer')).toBeVisible();
    await expect(submit).toBeDisabled();
    await minimum.fill('51');
    await expect(page.getByText('Minimum Quantity must be less than available quantity')).toBeVisible();
    await expect(submit).toBeDisabled();
    // Raising the stock clears the minimum's message too.
    await available.fill('60');
    await expect(page.getByText('Minimum Quantity must be less than available quantity')).toHaveCount(0);
    await expect(submit).toBeEnabled();
    await minimum.fill('10');

    // A text file named .png is refused by its content.
    const file = page.getByLabel('Upload a file');
    await file.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: FAKE_PNG });
    await expect(page.getByText('The file must be a JPEG, PNG or WebP image.')).toBeVisible();
    await expect(page.getByTestId('image-preview')).toHaveCount(0);

    // A real PNG is uploaded, previewed and used.
    await file.setInputFiles({ name: 'wrench.png', mimeType: 'image/png', buffer: REAL_PNG });
    await expect(page.getByText('Uploaded: wrench.png')).toBeVisible();
    await expect(page.getByLabel('Image link')).toHaveValue(/^\/uploads\/[0-9a-f-]+\.png$/);
    const preview = page.getByTestId('image-preview');
    await expect(preview).toBeVisible();
    await expect.poll(() => preview.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBe(1);
    const uploadedUrl = await page.getByLabel('Image link').inputValue();

    const name = `E2E Torque Wrench ${Date.now()}`;
    const sku = `E2E-TW-${Date.now()}`;
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('SKU').fill(sku);
    await page.getByLabel('Description').fill('A click-type torque wrench, 40 to 200 Nm.');
    // A category typed in another case is the store's own.
    await page.getByLabel('Category').fill('hand TOOLS');
    // A decimal comma, as a European keyboard types it, is named: never read as $2,499.
    const price = page.getByLabel('Price per unit ($)');
    await price.fill('24,99');
    await price.blur();
    await expect(price).toHaveValue('24,99');
    await expect(page.getByText('Use a point for the cents: 24.99')).toBeVisible();
    await submit.click();
    await expect(page.getByText('Product successfully added.')).toHaveCount(0);
    await price.fill('24.99');
    await expect(page.getByText('Use a point for the cents: 24.99')).toHaveCount(0);
    await submit.click();
    await expect(page.getByText('Product successfully added.')).toBeVisible();
    // The form resets.
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Image link')).toHaveValue('');
    await expect(page.getByLabel('Available Quantity')).toHaveValue('');

    const tool = (await catalog(page.request)).find((t) => t.name === name)!;
    expect(tool).toMatchObject({ sku, priceCents: 2499, available: 60, minimum: 10, img: uploadedUrl, category: 'Hand tools' });
    const served = await page.request.get(uploadedUrl);
    expect(served.headers()['content-type']).toBe('image/png');
    expect(served.headers()['cache-control']).toContain('max-age=31536000');

    // It shows first on the home page, with its uploaded image.
    await page.goto('/');
    const card = page.getByTestId('product-card').first();
    await expect(card.getByRole('heading', { name })).toBeVisible();
    await expect
      .poll(() => card.getByRole('img', { name }).evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
      .toBe(1);

    // Manage Products: edit the price and the stock.
    await page.goto('/dashboard/products');
    await expect(page.getByRole('heading', { name: 'Manage Products' })).toBeVisible();
    const row = visible(page.getByTestId(`product-${tool.id}`));
    await expect(row).toContainText(name);
    await expect(row).toContainText('$24.99');
    await expect(row).toContainText(sku);
    await screenshots(page, 'admin-products');

    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${name}` });
    await expect(dialog).toBeVisible();
    await screenshots(page, 'admin-products-edit');
    await dialog.getByLabel('Price per unit ($)').fill('19.50');
    await dialog.getByLabel('Change (+ adds, − removes)').fill('-5');
    // A restock cannot remove stock: the dialog says so.
    await expect(dialog.getByText('A restock adds stock: use a positive number, or choose correction')).toBeVisible();
    await dialog.getByLabel('Reason').selectOption('correction');
    // Another tool's SKU, in another case, is refused on the field; nothing is saved.
    await dialog.getByLabel('SKU').fill('tf-tm8');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog.getByLabel('SKU')).toHaveAccessibleDescription('This SKU is already used by another tool.');
    // Said once, under the field (not again above the buttons with the API's field name).
    await expect(dialog.getByText('This SKU is already used by another tool.')).toHaveCount(1);
    expect((await (await page.request.get(`/api/tools/${tool.id}`)).json()) as Tool).toMatchObject({ sku, priceCents: 2499 });
    await dialog.getByLabel('SKU').fill(`${sku}-B`);
    await expect(dialog.getByLabel('Category')).toHaveValue('Hand tools');
    await dialog.getByLabel('Category').fill('Torque tools');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText(`${name} is updated`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('$19.50');
    await expect(row).toContainText('55');
    expect((await (await page.request.get(`/api/tools/${tool.id}`)).json()) as Tool).toMatchObject({
      sku: `${sku}-B`,
      priceCents: 1950,
      available: 55,
      category: 'Torque tools',
    });

    // A buyer's unpaid order of it, which deleting it will cancel.
    const buyer = await playwright.request.newContext({ baseURL });
    await signInRequest(buyer, newAccount('deleted-tool-buyer'));
    await placeOrderViaApi(buyer, [{ toolId: tool.id, quantity: 10 }]);
    await buyer.dispose();

    // Delete: a confirmation first, which says what it cancels; Cancel keeps it.
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: `Delete ${name}?` });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByTestId('delete-cancels-orders')).toHaveText(
      '1 unpaid order of it will be cancelled, and their buyers emailed.',
    );
    await screenshots(page, 'admin-products-delete');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toBeVisible();

    await row.getByRole('button', { name: `Delete ${name}` }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(`${name} is deleted`)).toBeVisible();
    await expect(page.getByTestId(`product-${tool.id}`)).toHaveCount(0);

    // It left the catalog, and its purchase page says it is not available.
    expect((await catalog(page.request)).some((t) => t.id === tool.id)).toBe(false);
    expect((await page.request.get(`/api/tools/${tool.id}`)).status()).toBe(404);
    await page.goto(`/purchase/${tool.id}`);
    await expect(page.getByRole('heading', { name: /not available/i })).toBeVisible();
  });

  test('Edit changes everything the admin set: name, SKU, description, image (upload or link), price and minimum', async ({ page }) => {
    await signIn(page, adminAccount());
    const stamp = Date.now();
    const created = await page.request.post('/api/tools', {
      headers: { origin: baseURL },
      data: {
        name: `E2E Edit Saw ${stamp}`,
        sku: `E2E-ES-${stamp}`,
        description: 'Before the edit.',
        img: '/images/tools/hacksaw.svg',
        available: 80,
        minimum: 5,
        priceCents: 1200,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const tool = (await created.json()) as Tool;

    await page.goto('/dashboard/products');
    const row = visible(page.getByTestId(`product-${tool.id}`));
    await row.getByRole('button', { name: `Edit ${tool.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${tool.name}` });
    await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue(tool.name);
    await expect(dialog.getByLabel('Image link')).toHaveValue('/images/tools/hacksaw.svg');
    await expect(dialog.getByTestId('image-preview')).toHaveAttribute('src', '/images/tools/hacksaw.svg');

    const name = `E2E Edited Saw ${stamp}`;
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await dialog.getByLabel('SKU').fill(`E2E-ES2-${stamp}`);
    await dialog.getByLabel('Description').fill('After the edit.');
    await dialog.getByLabel('Price per unit ($)').fill('11.25');
    await dialog.getByLabel('Minimum Quantity').fill('10');
    // A new picture, uploaded from the dialog.
    await dialog.getByLabel('Upload a file').setInputFiles({ name: 'saw.png', mimeType: 'image/png', buffer: REAL_PNG });
    await expect(dialog.getByText('Uploaded: saw.png')).toBeVisible();
    await expect(dialog.getByLabel('Image link')).toHaveValue(/^\/uploads\/[0-9a-f-]+\.png$/);
    const uploadedUrl = await dialog.getByLabel('Image link').inputValue();
    await screenshots(page, 'admin-products-edit-all');
    // On a phone the dialog is a sheet from the bottom: the window as the admin sees it.
    await page.setViewportSize({ width: 375, height: 812 });
    await screenshotAsIs(page, 'admin-products-edit-all-375-window', { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 900 });
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText(`${name} is updated`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText(name);
    expect((await (await page.request.get(`/api/tools/${tool.id}`)).json()) as Tool).toMatchObject({
      name,
      sku: `E2E-ES2-${stamp}`,
      description: 'After the edit.',
      img: uploadedUrl,
      priceCents: 1125,
      minimum: 10,
      available: 80,
    });

    // Or a link instead of a file; a link that is not https is refused on the field.
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const again = page.getByRole('dialog', { name: `Edit ${name}` });
    await again.getByLabel('Image link').fill('http://cdn.example.com/saw.png');
    await expect(again.getByText('Image must be an uploaded file or an https:// URL')).toBeVisible();
    await again.getByLabel('Image link').fill('/images/tools/jigsaw.svg');
    await again.getByRole('button', { name: 'Save changes' }).click();
    await expect(again).toBeHidden();
    expect(((await (await page.request.get(`/api/tools/${tool.id}`)).json()) as Tool).img).toBe('/images/tools/jigsaw.svg');

    // The store shows the new name and picture.
    await page.goto(`/tools/${tool.id}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });

  test('Manage Products finds a product by SKU or name (in the URL), shows how many match, and says so when none does', async ({
    page,
  }) => {
    await signIn(page, adminAccount());
    const hammer = await toolBySku(page.request, 'TF-CH16');
    await page.goto('/dashboard/products?view=low');
    const search = page.getByLabel('Search products');
    // Typed, then applied after a pause: every product is searched, not only the low ones.
    await search.fill('tf-ch16');
    await expect(page).toHaveURL(/\/dashboard\/products\?q=tf-ch16$/);
    await expect(search).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: 'match' })).toHaveText('1 product matches “tf-ch16”, best match first.');
    const row = visible(page.getByTestId(`product-${hammer.id}`));
    await expect(row).toContainText(hammer.name);
    await expect(page.getByRole('button', { name: /^Edit / }).filter({ visible: true })).toHaveCount(1);
    await screenshots(page, 'admin-products-search');
    await row.getByRole('button', { name: `Edit ${hammer.name}` }).click();
    await expect(page.getByRole('dialog', { name: `Edit ${hammer.name}` })).toBeVisible();
    await page.keyboard.press('Escape');

    // A reload keeps the search; none found says so, and Clear search lists everything again.
    await page.goto('/dashboard/products?q=no%20such%20product%20zzqx');
    await expect(page.getByText('No product matches “no such product zzqx”.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(page).toHaveURL(/\/dashboard\/products$/);
    await expect(search).toHaveValue('');
    await expect(visible(page.getByTestId(`product-${hammer.id}`))).toBeVisible();

    // A misspelt name offers the search that finds it.
    await page.goto('/dashboard/products?q=claw%20hamer');
    await page.getByTestId('did-you-mean').getByRole('button', { name: 'claw hammer' }).click();
    await expect(page).toHaveURL(/\/dashboard\/products\?q=claw\+hammer$/);
    await expect(search).toHaveValue('claw hammer');
    await expect(visible(page.getByTestId(`product-${hammer.id}`))).toBeVisible();
    // In a category it is not in: the suggestion searches every category.
    await page.goto('/dashboard/products?q=claw%20hamer&category=Power+tools');
    await expect(page.getByTestId('did-you-mean')).toHaveText('Did you mean claw hammer in all categories?');
    await page.getByTestId('did-you-mean').getByRole('button', { name: 'claw hammer' }).click();
    await expect(page).toHaveURL(/\/dashboard\/products\?q=claw\+hammer$/);
    await expect(visible(page.getByTestId(`product-${hammer.id}`))).toBeVisible();
  });

  test('Categories: renaming one moves its products (into one the store has, joining them), removing one leaves them in none', async ({
    page,
  }) => {
    await signIn(page, adminAccount());
    const tag = Date.now().toString(36).slice(-5).toUpperCase();
    const right = `Cutters ${tag}`;
    const typo = `Cuters ${tag}`;
    const tool = { available: 20, minimum: 1, priceCents: 900 };
    const a = await addOwnTool(page.request, { ...tool, name: `Snips ${tag}`, category: typo });
    const b = await addOwnTool(page.request, { ...tool, name: `Nippers ${tag}`, category: right });

    // Manage Products says each product's category under its name.
    await page.goto(`/dashboard/products?q=${a.sku}`);
    await expect(visible(page.getByTestId(`product-${a.id}`))).toContainText(`${a.name}Category: ${typo}`);
    // And lists one category's products (in the URL).
    await page.goto('/dashboard/products');
    await page.getByRole('combobox', { name: 'Category' }).selectOption(typo);
    await expect(page).toHaveURL(new RegExp(`category=${typo.replace(' ', '\\+')}$`));
    await expect(visible(page.getByTestId(`product-${a.id}`))).toBeVisible();
    await expect(visible(page.getByTestId(`product-${b.id}`))).toHaveCount(0);
    await expect(page.locator('[data-testid^="product-"]').filter({ visible: true })).toHaveCount(1);
    await page.getByRole('link', { name: 'Categories' }).click();
    await expect(page).toHaveURL(/\/dashboard\/products\/categories$/);
    await expect(page.getByRole('heading', { name: 'Categories' })).toBeVisible();
    const rowOf = (name: string) => page.getByTestId('category-row').filter({ has: page.getByText(name, { exact: true }) });
    await expect(rowOf(typo)).toContainText('1 product');
    await screenshots(page, 'admin-categories');

    // Rename into the right one, typed in another case: the two become one, spelled as the store has it.
    await rowOf(typo)
      .getByRole('button', { name: `Rename ${typo}` })
      .click();
    const field = page.getByLabel(`New name for ${typo}`);
    await expect(field).toBeFocused();
    await field.fill('');
    await field.press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: 'Type the new name' })).toBeVisible();
    await field.fill(right.toUpperCase());
    await screenshots(page, 'admin-categories-rename');
    // Saved by a double click: renamed once, and said so.
    await page.getByRole('button', { name: 'Save' }).dblclick();
    await expect(page.getByText(`${typo} is now ${right}: 1 product.`)).toBeVisible();
    await expect(rowOf(typo)).toHaveCount(0);
    await expect(rowOf(right)).toContainText('2 products');
    await expect(page.getByRole('button', { name: `Rename ${right}` })).toBeFocused();
    expect(((await (await page.request.get(`/api/tools/${a.id}`)).json()) as Tool).category).toBe(right);

    // Its count opens the catalog on it.
    await rowOf(right)
      .getByRole('link', { name: `2 products in ${right}, in the catalog` })
      .click();
    await expect(page).toHaveURL(/\/tools\?category=/);
    expect(new URL(page.url()).searchParams.get('category')).toBe(right);
    await expect(page.getByRole('heading', { name: a.name })).toBeVisible();
    await expect(page.getByRole('heading', { name: b.name })).toBeVisible();

    // Remove: confirmed first; the products stay, in no category.
    await page.goto('/dashboard/products/categories');
    await rowOf(right)
      .getByRole('button', { name: `Remove ${right}` })
      .click();
    const confirm = page.getByRole('dialog', { name: `Remove ${right}?` });
    await expect(confirm).toContainText('Its 2 products stay in the catalog, in no category.');
    await confirm.getByRole('button', { name: 'Remove category' }).click();
    await expect(page.getByText(`${right} is removed: 2 products in no category now.`)).toBeVisible();
    await expect(rowOf(right)).toHaveCount(0);
    const after = (await (await page.request.get(`/api/tools/${b.id}`)).json()) as Tool;
    expect(after).toMatchObject({ name: b.name, category: null });
  });

  test('a customer cannot add a product through the API', async ({ playwright }) => {
    const customer = await createAccount(playwright, newAccount('sneaky'));
    const res = await customer.post('/api/tools', {
      headers: { origin: baseURL },
      data: { name: 'x', sku: 'SNEAKY-1', description: 'y', img: 'https://example.com/x.png', available: 5, minimum: 1, priceCents: 100 },
    });
    expect(res.status()).toBe(403);
    await customer.dispose();
  });
});

test.describe('All Users', () => {
  test('lists users, makes one an admin, shows Failed to make an admin on a 403, and removes a user who is signed out at once', async ({
    page,
    playwright,
  }) => {
    await signIn(page, adminAccount());
    const promoteMe = newAccount('promote');
    const removeMe = newAccount('remove');
    const promoteContext = await createAccount(playwright, promoteMe);
    const removeContext = await createAccount(playwright, removeMe);
    // Only a verified address may be made an admin: this one opens its link; the other does not.
    await promoteContext.get(await verificationLink(promoteMe.email), { maxRedirects: 0 });
    await promoteContext.dispose();
    const promoted = await userByEmail(page.request, promoteMe.email);
    const removed = await userByEmail(page.request, removeMe.email);
    const self = await userByEmail(page.request, adminAccount().email);

    await page.goto('/dashboard/users');
    await expect(page.getByRole('heading', { name: 'All Users' })).toBeVisible();
    const promoteRow = visible(page.getByTestId(`user-${promoted.id}`));
    await expect(promoteRow).toContainText(promoteMe.email);
    await expect(promoteRow).toContainText(promoteMe.name);
    // An address never verified cannot be made an admin: it says why.
    const unverifiedRow = visible(page.getByTestId(`user-${removed.id}`));
    await expect(unverifiedRow.getByRole('button', { name: `Make Admin: ${removeMe.email}` })).toBeDisabled();
    await expect(unverifiedRow).toContainText('Email not verified');
    await expect(promoteRow).not.toContainText('Email not verified');
    await screenshots(page, 'admin-users');
    // The admin's own row (the oldest account: found by its email, past the first page): a label instead of Make Admin, and no Remove.
    await page.goto(`/dashboard/users?q=${encodeURIComponent(adminAccount().email)}`);
    const selfRow = visible(page.getByTestId(`user-${self.id}`));
    await expect(selfRow.getByText('Admin', { exact: true })).toBeVisible();
    await expect(selfRow.getByRole('button')).toHaveCount(0);
    await page.goto('/dashboard/users');
    await expect(promoteRow).toContainText(promoteMe.email);

    // Found by a part of the email, in the URL; cleared, every user again.
    const search = page.getByRole('searchbox', { name: 'Search users' });
    await search.fill(promoteMe.email.split('@')[0]!.toUpperCase());
    await expect(page).toHaveURL(/[?&]q=/);
    await expect(visible(page.getByTestId(/^user-/))).toHaveCount(1);
    await expect(promoteRow).toBeVisible();
    await search.fill('');
    await expect(page).not.toHaveURL(/[?&]q=/);
    await expect(unverifiedRow).toBeVisible();

    // A 403 answer shows the spec's failure message.
    await page.route(`**/api/users/${promoted.id}/admin`, (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'FORBIDDEN', message: 'Only an admin may do that.' } }),
      }),
    );
    // Make Admin asks first; Cancel (which has the focus) changes nothing and sends nothing.
    let promoteCalls = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith(`/api/users/${promoted.id}/admin`)) promoteCalls += 1;
    });
    const promoteDialog = page.getByRole('dialog', { name: `Make ${promoteMe.name} an admin?` });
    await promoteRow.getByRole('button', { name: 'Make Admin' }).click();
    await expect(promoteDialog).toBeVisible();
    await expect(promoteDialog).toContainText(`${promoteMe.email} will see every user and every order`);
    await expect(promoteDialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await screenshots(page, 'admin-users-make-admin');
    await promoteDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(promoteDialog).toBeHidden();
    expect(promoteCalls).toBe(0);
    expect((await userByEmail(page.request, promoteMe.email)).role).toBe('user');

    await promoteRow.getByRole('button', { name: 'Make Admin' }).click();
    await promoteDialog.getByRole('button', { name: 'Make Admin' }).click();
    await expect(page.getByText('Failed to make an admin')).toBeVisible();
    await expect(promoteDialog).toBeHidden();
    await expect(promoteRow.getByRole('button', { name: 'Make Admin' })).toBeVisible();
    await page.unroute(`**/api/users/${promoted.id}/admin`);

    await promoteRow.getByRole('button', { name: 'Make Admin' }).click();
    await promoteDialog.getByRole('button', { name: 'Make Admin' }).click();
    await expect(page.getByText('Successfully made an admin')).toBeVisible();
    await expect(promoteRow.getByRole('button', { name: 'Make Admin' })).toHaveCount(0);
    await expect(promoteRow.getByText('Admin', { exact: true })).toBeVisible();
    expect((await userByEmail(page.request, promoteMe.email)).role).toBe('admin');
    expect(promoteCalls).toBe(2);
    await screenshots(page, 'admin-users-admin-row');

    // Revoke admin: another admin's role can be taken back, after a confirmation; never your own.
    await expect(selfRow.getByRole('button', { name: 'Revoke admin' })).toHaveCount(0);
    const revokeDialog = page.getByRole('dialog', { name: `Revoke ${promoteMe.name}'s admin role?` });
    await promoteRow.getByRole('button', { name: 'Revoke admin' }).click();
    await expect(revokeDialog).toBeVisible();
    await expect(revokeDialog).toContainText('keeps their account and their orders, as a customer');
    await screenshots(page, 'admin-users-revoke');
    await page.keyboard.press('Escape');
    await expect(revokeDialog).toBeHidden();
    expect((await userByEmail(page.request, promoteMe.email)).role).toBe('admin');
    await promoteRow.getByRole('button', { name: 'Revoke admin' }).click();
    await revokeDialog.getByRole('button', { name: 'Revoke admin' }).click();
    await expect(page.getByText(`${promoteMe.email} is no longer an admin`)).toBeVisible();
    await expect(promoteRow.getByRole('button', { name: 'Make Admin' })).toBeVisible();
    expect((await userByEmail(page.request, promoteMe.email)).role).toBe('user');
    // The API refuses your own role, whatever the page shows.
    const own = await page.request.delete(`/api/users/${self.id}/admin`, { headers: { origin: baseURL } });
    expect(own.status()).toBe(409);

    // Remove User: a confirmation, then the user is gone and signed out.
    expect((await removeContext.get('/api/me')).status()).toBe(200);
    const removeRow = visible(page.getByTestId(`user-${removed.id}`));
    await removeRow.getByRole('button', { name: 'Remove User' }).click();
    const confirm = page.getByRole('dialog', { name: `Remove ${removeMe.name}?` });
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText('Their unpaid orders are cancelled (the pieces go back in stock)');
    await screenshots(page, 'admin-users-remove');
    await confirm.getByRole('button', { name: 'Remove User' }).click();
    await expect(page.getByText(`${removeMe.email} was removed`)).toBeVisible();
    await expect(page.getByTestId(`user-${removed.id}`)).toHaveCount(0);
    expect((await removeContext.get('/api/me')).status()).toBe(401);
    const again = await removeContext.post('/api/auth/sign-in/email', {
      headers: { origin: baseURL },
      data: { email: removeMe.email, password: removeMe.password },
    });
    expect(again.ok()).toBe(false);
    await removeContext.dispose();
  });
});
