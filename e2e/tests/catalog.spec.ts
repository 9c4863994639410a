/// <reference lib="dom" />
// The catalog: search from the navbar, filters and sort held in the URL (Back, reload), the
// empty and failed states, a tool's public page with its JSON-LD, and the sitemap.
import type { ToolPage } from '@toolsify/shared/tools';
import { addOwnTool, adminAccount, expect, signInRequest, test } from '../fixtures.ts';
import { baseURL } from '../env.ts';
import { screenshots } from '../screenshots.ts';

const names = (page: import('@playwright/test').Page) => page.getByTestId('product-card').getByRole('heading').allInnerTexts();

test.describe('catalog', () => {
  test('searches from the navbar: the words go to /tools, matching tools show, the count says how many', async ({ page, request }) => {
    await page.goto('/');
    const search = page.getByRole('search', { name: 'Search tools' }).getByRole('searchbox');
    await search.fill('GRIND');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/tools\?q=GRIND$/);
    await expect(page.getByRole('heading', { name: 'Results for "GRIND"', level: 1 })).toBeVisible();
    const expected = (await (await request.get('/api/tools?q=GRIND')).json()) as ToolPage;
    expect(expected.items.map((t) => t.name)).toContain('Angle Grinder 115 mm');
    await expect.poll(() => names(page)).toEqual(expected.items.map((t) => t.name));
    await expect(page.getByTestId('result-count')).toHaveText(`${expected.total} ${expected.total === 1 ? 'tool' : 'tools'}`);
    // The catalog's own box holds the words; the navbar's is not repeated on this page.
    await expect(page.getByRole('searchbox', { name: 'Search tools' })).toHaveValue('GRIND');
    await expect(page.getByRole('search', { name: 'Search tools' })).toHaveCount(1);
  });

  test("on a tablet, the navbar's search icon opens the catalog with the keyboard in its search box; other links focus the heading", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    await page.goto('/');
    await page.getByRole('link', { name: 'Search tools' }).click();
    await expect(page).toHaveURL(/\/tools$/);
    await expect(page.getByRole('searchbox', { name: 'Search tools' })).toBeFocused();
    await page.keyboard.type('grind');
    await expect(page).toHaveURL(/\/tools\?q=grind$/);
    // A link that asks for nothing: the new page's heading, as before.
    await page.getByRole('link', { name: 'Blogs' }).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  });

  test("a card in the catalog adds the tool's minimum order to the cart in one click; the home page's cards keep Purchase alone", async ({
    page,
    request,
  }) => {
    const tape = ((await (await request.get('/api/tools?q=TF-TM8')).json()) as ToolPage).items.find((t) => t.sku === 'TF-TM8')!;
    await page.goto('/tools?q=TF-TM8');
    const card = page.getByTestId('product-card').filter({ hasText: tape.name });
    await card.getByRole('button', { name: `Add to cart: ${tape.minimum.toLocaleString('en-US')} of ${tape.name}` }).click();
    await expect(page.getByText('Added to the cart.')).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('toolsify.cart') ?? '[]') as unknown))
      .toEqual([{ toolId: tape.id, quantity: tape.minimum }]);
    await page.goto('/');
    await expect(
      page
        .getByTestId('product-card')
        .first()
        .getByRole('link', { name: /^Purchase / }),
    ).toBeVisible();
    await expect(page.getByTestId('product-card').getByRole('button', { name: /^Add to cart/ })).toHaveCount(0);
  });

  test('Load more takes the keyboard to the first tool it added (Tab from the button, under the list, would skip them)', async ({
    page,
    playwright,
  }) => {
    const admin = await playwright.request.newContext({ baseURL });
    await signInRequest(admin, adminAccount());
    const stamp = Date.now().toString(36);
    const made = [];
    for (let n = 1; n <= 26; n += 1) {
      made.push(await addOwnTool(admin, { name: `Focusprobe ${stamp} ${n}`, available: 10, minimum: 1, priceCents: 1_000 + n }));
    }
    try {
      await page.goto(`/tools?q=focusprobe+${stamp}&sort=price_asc`);
      await expect(page.getByTestId('product-card')).toHaveCount(24);
      await page.getByRole('button', { name: 'Load more tools' }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('product-card')).toHaveCount(26);
      const added = page.getByTestId('product-card').nth(24);
      await expect(added).toContainText(`Focusprobe ${stamp} 25`);
      await expect(added.getByRole('heading').getByRole('link')).toBeFocused();
    } finally {
      // Gone again, so later specs see the store's newest tools as before.
      for (const tool of made) await admin.delete(`/api/tools/${tool.id}`);
      await admin.dispose();
    }
  });

  test('finds a word inside a tool name: "saw" finds the Jigsaw and the Hacksaw after the Circular Saw', async ({ page, request }) => {
    await page.goto('/tools');
    await page.getByRole('searchbox', { name: 'Search tools' }).fill('saw');
    await expect(page).toHaveURL(/\/tools\?q=saw$/);
    const expected = (await (await request.get('/api/tools?q=saw')).json()) as ToolPage;
    const found = expected.items.map((t) => t.name);
    // After the tools whose name has a word starting "saw" (the demo's, and any an earlier spec added).
    expect(found).toEqual(expect.arrayContaining(['Circular Saw 185 mm', 'Jigsaw 650 W', 'Hacksaw 300 mm']));
    expect(found.indexOf('Jigsaw 650 W')).toBeGreaterThan(found.indexOf('Circular Saw 185 mm'));
    expect(found.indexOf('Hacksaw 300 mm')).toBeGreaterThan(found.indexOf('Circular Saw 185 mm'));
    await expect.poll(() => names(page)).toEqual(found);
    await expect(page.getByTestId('result-count')).toHaveText(`${expected.total} tools`);
  });

  test('a plural finds the singular; a misspelt search offers the one that finds tools, and a SKU typed without dashes its SKU', async ({
    page,
  }) => {
    await page.goto('/tools?q=pliers');
    await expect(page.getByTestId('product-card').filter({ hasText: 'Locking Pliers 250 mm' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search tools' }).fill('hacksaws');
    await expect(page.getByTestId('product-card').filter({ hasText: 'Hacksaw 300 mm' })).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search tools' }).fill('angle grnder');
    await expect(page.getByText('No tools match "angle grnder"')).toBeVisible();
    await screenshots(page, 'catalog-did-you-mean');
    await page.getByTestId('did-you-mean').getByRole('link', { name: 'angle grinder' }).click();
    await expect(page).toHaveURL(/\/tools\?q=angle\+grinder$/);
    await expect(page.getByRole('searchbox', { name: 'Search tools' })).toHaveValue('angle grinder');
    await expect(page.getByTestId('product-card').first()).toContainText('Angle Grinder 115 mm');
    // Back: the misspelt search again, as typed.
    await page.goBack();
    await expect(page.getByRole('searchbox', { name: 'Search tools' })).toHaveValue('angle grnder');

    await page.goto('/tools?q=TFDD182A');
    await page.getByTestId('did-you-mean').getByRole('link', { name: 'TF-DD18-2A' }).click();
    await expect(page.getByTestId('product-card').first()).toContainText('Cordless Drill Driver 18V');
  });

  test("browses one category, in the URL with the other filters; a tool's page links back to its category", async ({ page, request }) => {
    await page.goto('/tools');
    const category = page.getByRole('combobox', { name: 'Category' });
    await expect(category.locator('option', { hasText: /^Power tools \(\d+\)$/ })).toHaveCount(1);
    await category.selectOption('Power tools');
    await expect(page).toHaveURL(/\/tools\?category=Power\+tools$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Power tools');
    const power = (await (await request.get('/api/tools?category=Power%20tools&limit=24')).json()) as ToolPage;
    expect(power.items.length).toBeGreaterThan(0);
    expect(power.items.every((t) => t.category === 'Power tools')).toBe(true);
    await expect.poll(() => names(page)).toEqual(power.items.map((t) => t.name));
    await screenshots(page, 'catalog-category');

    // With words: within the category only.
    await page.getByRole('searchbox', { name: 'Search tools' }).fill('18v');
    await expect(page).toHaveURL(/\/tools\?q=18v&category=Power\+tools$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for "18v" in Power tools');
    // Words found only in other categories: how many, and one click to search them all.
    const hammers = (await (await request.get('/api/tools?q=hammer')).json()) as ToolPage;
    expect(hammers.items.some((t) => t.category === 'Power tools')).toBe(false);
    await page.getByRole('searchbox', { name: 'Search tools' }).fill('hammer');
    await expect(page.getByTestId('in-all-categories')).toHaveText(
      `${hammers.total === 1 ? '1 tool matches' : `${hammers.total} tools match`} in all categories. Search all categories`,
    );
    await screenshots(page, 'catalog-in-all-categories');
    await page.getByTestId('in-all-categories').getByRole('link', { name: 'Search all categories' }).click();
    await expect(page).toHaveURL(/\/tools\?q=hammer$/);
    await expect.poll(() => names(page)).toEqual(hammers.items.map((t) => t.name));
    // A part number typed without its dashes, in a category it is not in: the suggestion searches them all.
    await page.goto('/tools?q=TFDD182A&category=Hand+tools');
    await expect(page.getByTestId('did-you-mean')).toHaveText('Did you mean TF-DD18-2A in all categories?');
    await page.getByTestId('did-you-mean').getByRole('link', { name: 'TF-DD18-2A' }).click();
    await expect(page).toHaveURL(/\/tools\?q=TF-DD18-2A$/);
    await expect(page.getByTestId('product-card').first()).toContainText('Cordless Drill Driver 18V');
    await category.selectOption('Power tools');
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect(category).toHaveValue('');

    // A tool's page: its category in the breadcrumb, and in its JSON-LD.
    const drill = power.items.find((t) => t.sku === 'TF-DD18-2A');
    if (!drill) throw new Error('the demo drill is not a power tool');
    await page.goto(`/tools/${drill.id}`);
    const product = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}') as {
      category?: string;
    };
    expect(product.category).toBe('Power tools');
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Power tools' }).click();
    await expect(page).toHaveURL(/\/tools\?category=Power\+tools$/);
    await expect(category).toHaveValue('Power tools');
  });

  test('keeps search, stock filter and sort in the URL: typing keeps focus, reload and Back show the same result', async ({
    page,
    request,
  }) => {
    await page.goto('/tools');
    await expect(page.getByRole('heading', { name: 'All tools', level: 1 })).toBeVisible();
    await page.getByRole('checkbox', { name: 'In stock only' }).check();
    await expect(page).toHaveURL(/\/tools\?inStock=true$/);
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price_asc');
    await expect(page).toHaveURL(/\/tools\?inStock=true&sort=price_asc$/);
    const byPrice = (await (await request.get('/api/tools?inStock=true&sort=price_asc&limit=24')).json()) as ToolPage;
    await expect.poll(() => names(page)).toEqual(byPrice.items.map((t) => t.name));

    // Typing searches after a pause; the focus stays in the box.
    const box = page.getByRole('searchbox', { name: 'Search tools' });
    await box.click();
    await box.pressSequentially('wrench', { delay: 30 });
    await expect(page).toHaveURL(/\/tools\?q=wrench&inStock=true&sort=price_asc$/);
    await expect(box).toBeFocused();
    const wrenches = (await (await request.get('/api/tools?q=wrench&inStock=true&sort=price_asc')).json()) as ToolPage;
    expect(wrenches.items.length).toBeGreaterThan(1);
    await expect.poll(() => names(page)).toEqual(wrenches.items.map((t) => t.name));
    await screenshots(page, 'catalog-search');

    await page.reload();
    await expect.poll(() => names(page)).toEqual(wrenches.items.map((t) => t.name));
    await expect(box).toHaveValue('wrench');
    await expect(page.getByRole('checkbox', { name: 'In stock only' })).toBeChecked();
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price_asc');

    await page.goBack();
    await expect(page).toHaveURL(/\/tools\?inStock=true&sort=price_asc$/);
    await expect(box).toHaveValue('');
    await expect.poll(() => names(page)).toEqual(byPrice.items.map((t) => t.name));
    await page.goBack();
    await expect(page).toHaveURL(/\/tools\?inStock=true$/);
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('newest');
  });

  test('a price range is typed as a whole: nothing moves between its two boxes, and a minimum above the maximum is named', async ({
    page,
  }) => {
    await page.goto('/tools?minPrice=1000&maxPrice=4000');
    const min = page.getByLabel('Min price ($)');
    const max = page.getByLabel('Max price ($)');
    await expect(min).toHaveValue('10');
    await min.fill('50');
    await min.press('Tab');
    await expect(max).toBeFocused();
    // Still the range of the URL: 50 to 40 is not applied, nor swapped under the buyer's fingers.
    await expect(page).toHaveURL(/\/tools\?minPrice=1000&maxPrice=4000$/);
    await expect(page.getByText('The minimum is above the maximum.')).toBeVisible();
    await expect(min).toHaveValue('50');
    await expect(max).toHaveValue('40');
    await max.fill('100');
    await expect(page.getByText('The minimum is above the maximum.')).toHaveCount(0);
    // Leaving the range applies it.
    await max.press('Tab');
    await expect(page).toHaveURL(/\/tools\?minPrice=5000&maxPrice=10000$/);
    await expect(min).toHaveValue('50');
    await expect(max).toHaveValue('100');
  });

  test('punctuation alone has nothing to search for: it says so and lists every tool', async ({ page }) => {
    await page.goto(`/tools?q=${encodeURIComponent('%!!')}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('All tools');
    await expect(page.getByTestId('nothing-to-search')).toHaveText('"%!!" has no letters or digits to search for: every tool is listed.');
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('newest');
    await expect(page.getByRole('combobox', { name: 'Sort by' }).locator('option[value="relevance"]')).toHaveCount(0);
    await expect(page.getByTestId('product-card').first()).toBeVisible();
  });

  test('a long search keeps its heading to two lines on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const long = 'heavy duty cordless angle grinder with brushless motor '.repeat(3).trim();
    await page.goto(`/tools?q=${encodeURIComponent(long)}`);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(`Results for "${long}"`);
    const lineHeight = await heading.evaluate((h) => parseFloat(getComputedStyle(h).lineHeight));
    expect((await heading.boundingBox())?.height ?? 0).toBeLessThanOrEqual(2 * lineHeight + 1);
  });

  test('filters by price in dollars, and says so when nothing matches, with a way out', async ({ page, request }) => {
    await page.goto('/tools');
    await page.getByLabel('Min price ($)').fill('20');
    await page.getByLabel('Max price ($)').fill('50');
    await page.getByLabel('Max price ($)').press('Enter');
    await expect(page).toHaveURL(/\/tools\?minPrice=2000&maxPrice=5000$/);
    const inRange = (await (await request.get('/api/tools?minPrice=2000&maxPrice=5000&limit=24')).json()) as ToolPage;
    await expect.poll(() => names(page)).toEqual(inRange.items.map((t) => t.name));

    await page.getByRole('searchbox', { name: 'Search tools' }).fill('no-such-tool-anywhere');
    await expect(page.getByText('No tools match "no-such-tool-anywhere"')).toBeVisible();
    await screenshots(page, 'catalog-empty');
    await page.getByRole('button', { name: 'Clear filters' }).last().click();
    await expect(page).toHaveURL(/\/tools$/);
    await expect(page.getByLabel('Min price ($)')).toHaveValue('');
    await expect(page.getByRole('searchbox', { name: 'Search tools' })).toHaveValue('');
    // The button went with the filters: the keyboard goes on from the search box, not the page's top.
    await expect(page.getByRole('searchbox', { name: 'Search tools' })).toBeFocused();
    const all = (await (await request.get('/api/tools?limit=24')).json()) as ToolPage;
    await expect(page.getByTestId('product-card')).toHaveCount(all.items.length);
    await screenshots(page, 'catalog');
  });

  test('a failed load says so and Retry loads it', async ({ page }) => {
    let fail = true;
    await page.route(
      (url) => url.pathname === '/api/tools',
      (route) =>
        fail
          ? route.fulfill({ status: 503, json: { error: { code: 'SERVICE_UNAVAILABLE', message: 'Down for a moment' } } })
          : route.fallback(),
    );
    await page.goto('/tools?q=drill');
    await expect(page.getByText('We could not load the tools.')).toBeVisible();
    fail = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByTestId('product-card').first()).toBeVisible();
  });

  test("a tool's page: name, SKU, price, stock, Purchase; its head carries title, canonical link and JSON-LD", async ({
    page,
    request,
  }) => {
    const { items } = (await (await request.get('/api/tools?q=TF-AG115-850')).json()) as ToolPage;
    const tool = items[0];
    expect(tool?.sku).toBe('TF-AG115-850');
    if (!tool) return;

    // The server's HTML already has the head (for crawlers that run no script).
    const html = await (await request.get(`/tools/${tool.id}`)).text();
    expect(html).toContain(`<title>${tool.name} | Toolsify Manufacturer LTD.</title>`);
    expect(html).toContain('"@type":"Product"');

    // From the catalog (found by its SKU: other specs' tools may be newer): the card's name links to the page.
    await page.goto(`/tools?q=${tool.sku}`);
    await page.getByRole('heading', { name: tool.name }).getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/tools/${tool.id}$`));
    await expect(page.getByRole('heading', { name: tool.name, level: 1 })).toBeVisible();
    await expect(page.getByTestId('tool-sku')).toHaveText(tool.sku);
    await expect(page).toHaveTitle(`${tool.name} | Toolsify Manufacturer LTD.`);

    for (const how of ['after a navigation', 'on a fresh load'] as const) {
      if (how === 'on a fresh load') await page.reload();
      const jsonLd = page.locator('script[type="application/ld+json"]');
      await expect(jsonLd, how).toHaveCount(1);
      const product = JSON.parse((await jsonLd.textContent()) ?? 'null') as Record<string, unknown>;
      expect(product, how).toMatchObject({
        '@type': 'Product',
        name: tool.name,
        sku: tool.sku,
        offers: {
          '@type': 'Offer',
          price: (tool.priceCents / 100).toFixed(2),
          priceCurrency: 'USD',
          availability: tool.available > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        },
      });
      await expect(page.locator('link[rel="canonical"]'), how).toHaveAttribute('href', new RegExp(`/tools/${tool.id}$`));
      await expect(page.locator('meta[property="og:title"]'), how).toHaveAttribute('content', tool.name);
    }
    await expect(page.getByRole('heading', { name: tool.name, level: 1 })).toBeVisible();
    await screenshots(page, 'tool-page');

    // Leaving the page takes its head with it, also when the page is left before the tool has loaded.
    await page.getByRole('link', { name: 'Tools', exact: true }).first().click();
    await expect(page.getByRole('heading', { name: 'All tools', level: 1 })).toBeVisible();
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
    // The catalog's own head, as the server writes it, goes too when the visitor moves on.
    await page.goto('/tools');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/tools$/);
    await page.getByTestId('product-card').first().getByRole('heading').getByRole('link').click();
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/tools\/\d+$/);

    // Purchase asks a visitor to log in first (the spec's purchase page is private).
    await page.goto(`/tools/${tool.id}`);
    await page.getByRole('link', { name: `Purchase ${tool.name}` }).click();
    await expect(page).toHaveURL(/\/login/);
  });

  test("an unknown tool's page is the spec's not-found page", async ({ page }) => {
    const res = await page.goto('/tools/999999');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Oops! May be you lost your path!!!' })).toBeVisible();
  });

  test('the sitemap lists every page and live tool, and robots.txt names it', async ({ request }) => {
    const { items } = (await (await request.get('/api/tools?limit=100')).json()) as ToolPage;
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()['content-type']).toContain('application/xml');
    const locs = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '').pathname);
    expect(locs).toEqual(expect.arrayContaining(['/', '/tools', '/blogs', '/portfolio', ...items.map((t) => `/tools/${t.id}`)]));
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toMatch(/^Sitemap: http.*\/sitemap\.xml$/m);
  });
});
