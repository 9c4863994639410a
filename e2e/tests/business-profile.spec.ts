import { adminAccount, expect, newAccount, signIn, test, toolBySku } from '../fixtures.ts';
import { screenshots } from '../screenshots.ts';

/** Issue 18, item 8: My Profile adds an optional company name and tax / VAT number. */
test.describe('business profile', () => {
  test('My Profile saves an optional company name and tax / VAT number beside the spec fields; an order page shows them, by when to pay, and cancels; an admin finds the order by the company', async ({
    page,
    browser,
  }) => {
    await signIn(page, newAccount('business'));
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
    // The spec's fields are all still there.
    for (const label of ['Phone', 'Education', 'LinkedIn link', 'Address'])
      await expect(page.getByLabel(label, { exact: true })).toBeVisible();
    const company = page.getByLabel('Company name');
    const taxId = page.getByLabel('Tax / VAT number');
    await expect(company).toHaveValue('');
    await expect(taxId).toHaveValue('');

    const save = page.getByRole('button', { name: 'Update Profile' });
    await taxId.fill('GB<123>');
    await save.click();
    await expect(page.getByText('Provide a valid tax / VAT number')).toBeVisible();
    await expect(taxId).toHaveAttribute('aria-invalid', 'true');

    // Where invoices go besides the buyer's own inbox: an email address, or nothing.
    const invoiceEmail = page.getByLabel('Also email invoices to (optional)');
    await expect(invoiceEmail).toHaveValue('');
    await invoiceEmail.fill('accounts payable');
    await save.click();
    await expect(page.getByText('Provide a valid email address, such as ap@yourcompany.com')).toBeVisible();
    await expect(invoiceEmail).toHaveAttribute('aria-invalid', 'true');
    await invoiceEmail.fill('ap@millroadjoinery.example');

    await company.fill('Mill Road Joinery Ltd');
    await taxId.fill('GB 123 456 789');
    await page.getByLabel('Phone', { exact: true }).fill('+44 113 496 0000');
    await page.getByLabel('Address', { exact: true }).fill('12 Mill Road, Leeds');
    await save.click();
    await expect(page.getByText('Profile Updated')).toBeVisible();
    await screenshots(page, 'business-profile');

    await page.reload();
    await expect(page.getByLabel('Company name')).toHaveValue('Mill Road Joinery Ltd');
    await expect(page.getByLabel('Tax / VAT number')).toHaveValue('GB 123 456 789');
    await expect(page.getByLabel('Also email invoices to (optional)')).toHaveValue('ap@millroadjoinery.example');

    // An order placed now carries them, and its page says so. Checkout says so before.
    const hammer = await toolBySku(page.request, 'TF-CH16');
    expect((await page.request.put('/api/cart', { data: { lines: [{ toolId: hammer.id, quantity: hammer.minimum }] } })).status()).toBe(
      200,
    );
    await page.goto('/cart');
    await expect(page.getByTestId('checkout-invoiced-to')).toHaveText(
      'Invoiced to Mill Road Joinery Ltd, tax / VAT number GB 123 456 789. Change it in My Profile.',
    );
    const placed = await page.request.post('/api/orders', {
      data: { lines: [{ toolId: hammer.id, quantity: hammer.minimum }], phone: '+44 113 496 0000', address: '12 Mill Road, Leeds' },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const orderId = ((await placed.json()) as { id: number }).id;

    // An admin finds it by the company, which Manage All Orders shows under the buyer.
    const admin = await (await browser.newContext()).newPage();
    await signIn(admin, adminAccount());
    await admin.goto(`/dashboard/manage?q=${encodeURIComponent('road joinery')}`);
    const row = admin.getByRole('row').filter({ hasText: `#${orderId}` });
    await expect(row).toContainText('Mill Road Joinery Ltd');
    await admin.context().close();

    await page.goto(`/dashboard/orders/${orderId}`);
    await expect(page).toHaveTitle(`Order #${orderId} | Toolsify Manufacturer LTD.`);
    await expect(page.getByTestId('order-company')).toHaveText('Mill Road Joinery Ltd');
    await expect(page.getByText('Tax / VAT number: GB 123 456 789')).toBeVisible();

    // Unpaid: the page says by when to pay, and the order can be cancelled from it.
    await expect(page.getByTestId('order-expiry')).toContainText('Pay by');
    await screenshots(page, 'order-page-unpaid');
    await page.getByRole('button', { name: 'Cancel order' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, cancel order' }).click();
    await expect(page.getByTestId('order-history')).toContainText('Cancelled by the buyer');
    await expect(page.getByTestId('order-expiry')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  });
});
