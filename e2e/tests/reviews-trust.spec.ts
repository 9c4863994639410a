import type { Tool } from '@toolsify/shared/tools';
import { adminAccount, expect, newAccount, signIn, signInRequest, test } from '../fixtures.ts';
import { baseURL } from '../env.ts';
import { screenshots } from '../screenshots.ts';

/** Issue 18, item 9: star ratings, "Verified buyer", and admins hiding a review from the testimonials. */
test.describe('reviews that can be trusted', () => {
  test('a paying buyer picks stars by keyboard, gets the Verified buyer badge; an admin hides and shows the review', async ({
    page,
    browser,
  }) => {
    const buyer = newAccount('verified');
    await signIn(page, buyer);
    const headers = { origin: baseURL };
    // A paid order makes the buyer verified.
    const tools = ((await (await page.request.get('/api/tools?limit=100')).json()) as { items: Tool[] }).items;
    const tool = tools.find((t) => t.available > t.minimum * 2)!;
    const placed = await page.request.post('/api/orders', {
      data: { toolId: tool.id, quantity: tool.minimum, phone: '+1 555 010 2030', address: '9 Harbour Way' },
      headers,
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const orderId = ((await placed.json()) as { id: number }).id;
    const intent = await page.request.post(`/api/orders/${orderId}/payment-intent`, { headers });
    const { paymentIntentId, clientSecret } = (await intent.json()) as { paymentIntentId: string; clientSecret: string };
    await page.request.post('/api/payments/sandbox/confirm', {
      data: { paymentIntentId, clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' },
      headers,
    });
    const confirmed = await page.request.post(`/api/orders/${orderId}/payment/confirm`, { data: { paymentIntentId }, headers });
    expect(confirmed.status(), await confirmed.text()).toBe(200);

    await page.goto('/dashboard/review');
    const rating = page.getByRole('radiogroup', { name: 'Rating (1 to 5)' });
    await expect(rating.getByRole('radio', { name: '5 Stars: Excellent' })).toBeChecked();
    // Arrow keys move between the stars, as in any radio group.
    await rating.getByRole('radio', { name: '5 Stars: Excellent' }).focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(rating.getByRole('radio', { name: '3 Stars: Good' })).toBeChecked();
    await expect(page.getByTestId('rating-label')).toHaveText('3 Stars: Good');
    await screenshots(page, 'review-stars');
    const note = `Verified and paid ${Date.now()}`;
    await page.getByLabel('Review', { exact: true }).fill(note);
    await page.getByRole('button', { name: 'Add Review' }).click();
    await expect(page.getByText('Your Review is successfully added.')).toBeVisible();

    await page.goto('/#testimonials');
    await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
    const card = page.getByTestId('testimonial').filter({ hasText: note });
    await expect(card).toContainText('3 Stars');
    await expect(card.getByTestId('verified-buyer')).toHaveText('Verified buyer');
    await screenshots(page, 'review-verified-home');

    // A reviewer without a paid order has no badge.
    const other = await browser.newContext({ baseURL });
    await signInRequest(other.request, newAccount('unverified'));
    const plainNote = `Just browsing ${Date.now()}`;
    expect((await other.request.post('/api/reviews', { data: { rating: 2, note: plainNote }, headers })).status()).toBe(201);
    await page.reload();
    await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
    const plainCard = page.getByTestId('testimonial').filter({ hasText: plainNote });
    await expect(plainCard).toBeVisible();
    await expect(plainCard.getByTestId('verified-buyer')).toHaveCount(0);
    await other.close();

    // The admin hides the unverified review: it leaves the testimonials; shows it again: it is back.
    const admin = await browser.newPage({ baseURL });
    await signIn(admin, adminAccount());
    await admin.goto('/dashboard/reviews');
    await expect(admin.getByRole('heading', { name: 'Reviews', level: 2 })).toBeVisible();
    const row = admin.getByTestId('admin-review').filter({ hasText: plainNote });
    await expect(admin.getByTestId('admin-review').filter({ hasText: note }).getByTestId('verified-buyer')).toBeVisible();
    await row.getByRole('button', { name: /^Hide the review by/ }).click();
    await expect(row.getByText('Hidden', { exact: true })).toBeVisible();
    // Saved: the button is back (not the pending one) before the picture.
    await expect(row.getByRole('button', { name: /^Show the review by/ })).toBeEnabled();
    await screenshots(admin, 'admin-reviews');

    await page.reload();
    await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
    await expect(page.getByTestId('testimonial').filter({ hasText: note })).toBeVisible();
    await expect(page.getByTestId('testimonial').filter({ hasText: plainNote })).toHaveCount(0);

    await row.getByRole('button', { name: /^Show the review by/ }).click();
    await expect(row.getByText('Hidden', { exact: true })).toHaveCount(0);
    await page.reload();
    await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
    await expect(page.getByTestId('testimonial').filter({ hasText: plainNote })).toBeVisible();
    await admin.close();
  });
});
