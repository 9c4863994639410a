import { expect, test } from '../fixtures.ts';

test('the store opens', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Toolsify Manufacturer LTD.' })).toBeVisible();
});
