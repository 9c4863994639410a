/// <reference lib="dom" />
// The public storefront: home (every spec string, product card states, loading, failure and
// empty states, the contact form), portfolio, blogs, the not-found page, navigation by
// keyboard, the home page's JavaScript budget, and full-page screenshots at three widths.
import { get } from 'node:http';
import type { Page, Request } from '@playwright/test';
import { formatCents } from '@toolsify/shared/money';
import type { Tool } from '@toolsify/shared/tools';
import type { Review } from '@toolsify/shared/reviews';
import { expect, test } from '../fixtures.ts';
import { screenshotAsIs } from '../screenshots.ts';

const isToolsList = (url: string) => new URL(url).pathname === '/api/tools';

/**
 * The home page as it starts without the tools in its HTML (as in development), so the app
 * fetches them and a test can hold, fail or replace that request. With the data (the normal
 * case, first-paint.spec.ts) the products paint with no request at all.
 */
async function withoutFirstPaintData(page: Page): Promise<void> {
  await page.route(
    (url) => url.pathname === '/' || url.pathname === '/home',
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const html = await (await route.fetch()).text();
      expect(html, 'the home page carries its first-paint data').toContain('id="toolsify-data"');
      await route.fulfill({
        contentType: 'text/html; charset=utf-8',
        body: html.replace(/<script type="application\/json" id="toolsify-data">[^<]*<\/script>/, ''),
      });
    },
  );
}

/** Scrolls through the page so lazy images and the contact form load, then waits for them. */
async function loadWholePage(page: Page) {
  await page.evaluate(async () => {
    // 'instant': the page scrolls smoothly for people, which would make these jumps lag behind.
    for (let y = 0; y < document.documentElement.scrollHeight; y += 400) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    // The last step may stop short of the bottom (the page grows as its sections load): end there.
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
    await new Promise((resolve) => setTimeout(resolve, 40));
  });
  // A section that arrived after the pass (its data or code came late) may hold lazy images
  // still off screen, and Chromium starts a lazy image only when it sees it near the screen,
  // which a quick pass may miss: every image is asked for now (eager), then each must settle.
  // Settled is loaded or failed (a tool another test made may point at a picture that is gone:
  // waiting for it to load would wait for ever); an image with no box on the page (in a hidden
  // part) is not waited for. Polled on a timer, and a failure names the images still pending.
  const pendingImages = () =>
    page.evaluate(() => {
      for (const img of document.images) if (img.loading === 'lazy') img.loading = 'eager';
      return [...document.images].filter((img) => !img.complete && img.getClientRects().length > 0).map((img) => img.currentSrc || img.src);
    });
  await expect.poll(pendingImages, { timeout: 20_000, message: 'every image on the page has loaded or failed' }).toEqual([]);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
}

/** The home page loads what lies below the products as the visitor scrolls: go there. */
async function revealLowerSections(page: Page) {
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
  await expect(page.getByRole('heading', { name: 'Stay connected with us' })).toBeAttached();
}

async function sectionTop(page: Page, name: string | RegExp, level = 2): Promise<number> {
  const box = await page.getByRole('heading', { name, level }).boundingBox();
  if (!box) throw new Error(`heading ${String(name)} is not visible`);
  return box.y;
}

test.describe('home page', () => {
  test('shows every section in the spec order with the spec strings, on / and /home', async ({ page, request }) => {
    const newest = (await (await request.get('/api/tools?limit=6')).json()) as { items: Tool[] };
    const reviews = (await (await request.get('/api/reviews?limit=3')).json()) as Review[];
    const config = (await (await request.get('/api/config')).json()) as { trainingSiteUrl: string };

    for (const url of ['/', '/home']) {
      await page.goto(url);
      // Banner: heading, tagline and an image.
      await expect(page.getByRole('heading', { level: 1, name: 'Toolsify Manufacturer LTD.' })).toBeVisible();
      await expect(page.getByText('Get Your Most Wanted tools easily. Our Delivery team are always available to reach you.')).toBeVisible();
      await expect(page.getByRole('img', { name: /delivery truck/i })).toBeVisible();
      await expect(page).toHaveTitle('Toolsify Manufacturer LTD.');

      // The 6 newest tools, newest first.
      const cards = page.getByTestId('product-card');
      await expect(cards).toHaveCount(6);
      await expect(cards.getByRole('heading', { level: 3 })).toHaveText(newest.items.map((t) => t.name));
      await revealLowerSections(page);

      // Business summary.
      const summary = page.getByRole('region', { name: 'Millions of businesses trust us' });
      for (const [value, label] of [
        ['100+', 'Countries'],
        ['1M+', 'Happy Clients'],
        ['5K+', 'Reviews'],
        ['$120M', 'Annual Revenue'],
      ] as const) {
        await expect(summary.getByText(value, { exact: true })).toBeVisible();
        await expect(summary.getByText(label, { exact: true })).toBeVisible();
      }
      await expect(summary.getByText('Be Happy to deal with us.')).toBeVisible();

      // Testimonials: the 3 newest reviews with picture, name, note and 'N Stars'.
      const testimonials = page.getByTestId('testimonial');
      await expect(testimonials).toHaveCount(3);
      for (const [i, review] of reviews.entries()) {
        const card = testimonials.nth(i);
        // A review without a picture shows the default avatar.
        await expect(card.getByRole('img', { name: review.name })).toHaveAttribute('src', review.img || '/images/avatars/default.svg');
        await expect(card.getByText(review.name, { exact: true })).toBeVisible();
        await expect(card.getByText(review.note)).toBeVisible();
        await expect(card.getByText(`${review.rating} Stars`, { exact: true })).toBeVisible();
      }

      // Packages: section 9's names, prices and features; Book Now opens the training site safely.
      const packages = page.getByRole('region', { name: 'Choose your package' });
      const expected = [
        {
          name: 'Basic',
          price: '$300',
          statement: 'Lower-rate bundle',
          features: ['Three product categories', 'Good products for the home', 'Occasion support', 'Well managed'],
        },
        { name: 'Standard', price: '$800', statement: 'Special package', features: ['Win lottery'] },
        { name: 'Premium', price: '$1,200', statement: 'Storing products for exporting', features: ['Win lottery', 'Get one free'] },
      ];
      for (const pkg of expected) {
        const card = packages.getByRole('article', { name: pkg.name });
        await expect(card.getByText(pkg.price, { exact: true })).toBeVisible();
        await expect(card.getByText(pkg.statement)).toBeVisible();
        for (const feature of pkg.features) await expect(card.getByText(feature, { exact: true })).toBeVisible();
        const book = card.getByRole('link', { name: /Book Now/ });
        await expect(book).toHaveAttribute('href', config.trainingSiteUrl);
        await expect(book).toHaveAttribute('target', '_blank');
        await expect(book).toHaveAttribute('rel', /noopener/);
        await expect(book).toHaveAttribute('rel', /noreferrer/);
      }
      await expect(packages.getByRole('article', { name: 'Basic' }).getByText('Win lottery')).toHaveCount(0);

      // Contact Us.
      await expect(page.getByRole('heading', { name: 'Stay connected with us' })).toBeVisible();
      await expect(page.getByPlaceholder('Email Address')).toBeVisible();
      await expect(page.getByPlaceholder('Subject', { exact: true })).toBeVisible();
      await expect(page.getByPlaceholder('Your message')).toHaveAttribute('rows', '6');
      await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();

      // The spec's order: banner, products, summary, testimonials, packages, two further sections, contact.
      const order = [
        (await page.getByRole('heading', { level: 1, name: 'Toolsify Manufacturer LTD.' }).boundingBox())!.y,
        await sectionTop(page, 'Our newest tools'),
        await sectionTop(page, 'Millions of businesses trust us'),
        await sectionTop(page, 'What our clients say'),
        await sectionTop(page, 'Choose your package'),
        await sectionTop(page, 'Why buy in bulk from us'),
        await sectionTop(page, 'How ordering works'),
        await sectionTop(page, 'Stay connected with us'),
      ];
      expect(order).toEqual([...order].sort((a, b) => a - b));
    }
  });

  test('product cards show price, minimum, stock or a red Out of Stock, and Purchase either way', async ({ page, request }) => {
    const all = ((await (await request.get('/api/tools?limit=100')).json()) as { items: Tool[] }).items;
    const newest = all.slice(0, 6);
    // The demo data's Impact Driver 18V is out of stock and among the 6 newest on a fresh store.
    const soldOut = all.find((t) => t.name === 'Impact Driver 18V' && t.available === 0) ?? all.find((t) => t.available === 0);
    const inStock = newest.find((t) => t.available > 0);
    expect(soldOut, 'the demo data has an out-of-stock tool').toBeDefined();
    expect(inStock).toBeDefined();
    if (!newest.some((t) => t.id === soldOut!.id)) {
      // Other specs on this server added newer tools: show the real sold-out tool among them.
      await withoutFirstPaintData(page);
      await page.route(
        (url) => isToolsList(url.href),
        (route) =>
          route.fulfill({ json: { items: [soldOut, ...newest.filter((t) => t.id !== soldOut!.id).slice(0, 5)], nextCursor: null } }),
      );
    }

    await page.goto('/');
    for (const tool of [soldOut!, inStock!]) {
      const card = page.getByRole('article', { name: tool.name });
      await expect(card.getByRole('img', { name: tool.name })).toHaveAttribute('src', tool.img);
      await expect(card.getByText(tool.description)).toBeVisible();
      await expect(card.getByText(formatCents(tool.priceCents), { exact: true })).toBeVisible();
      await expect(card.getByText('Price per unit')).toBeVisible();
      await expect(card.getByText('Minimum order')).toBeVisible();
      await expect(card.getByText(`${tool.minimum} Pieces`)).toBeVisible();
      await expect(card.getByRole('link', { name: `Purchase ${tool.name}` })).toHaveAttribute('href', `/purchase/${tool.id}`);
    }

    const soldOutCard = page.getByRole('article', { name: soldOut!.name });
    const label = soldOutCard.getByTestId('stock');
    await expect(label).toHaveText('Out of Stock');
    const color = await label.evaluate((el) => getComputedStyle(el).color);
    const [r = 0, g = 0, b = 0] = (color.match(/[\d.]+/g) ?? []).map(Number);
    expect(r, `Out of Stock is red (${color})`).toBeGreaterThan(150);
    expect(r).toBeGreaterThan(g * 2);
    expect(r).toBeGreaterThan(b * 2);
    await expect(soldOutCard.getByText(/Available Quantity/)).toHaveCount(0);

    const inStockCard = page.getByRole('article', { name: inStock!.name });
    await expect(inStockCard.getByTestId('stock')).toHaveText(`Available Quantity: ${inStock!.available} Pieces`);

    // Purchase needs a signed-in buyer: a visitor is taken to Login, to come back afterwards.
    await soldOutCard.getByRole('link', { name: /Purchase/ }).click();
    await expect(page).toHaveURL(new RegExp(`/login\\?from=%2Fpurchase%2F${soldOut!.id}$`));
  });

  test('shows only the full-screen spinner until the list answers, and fetches it once', async ({ page }) => {
    await withoutFirstPaintData(page);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const listRequests: Request[] = [];
    page.on('request', (r) => {
      if (isToolsList(r.url())) listRequests.push(r);
    });
    await page.route(
      (url) => isToolsList(url.href),
      async (route) => {
        await held;
        await route.continue();
      },
    );

    await page.goto('/');
    const spinner = page.getByRole('status').filter({ hasText: 'Loading the store' });
    await expect(spinner).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Toolsify Manufacturer LTD.' })).toHaveCount(0);
    const box = (await spinner.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(page.viewportSize()!.height);

    release();
    await expect(page.getByTestId('product-card')).toHaveCount(6);
    await expect(spinner).toHaveCount(0);
    // The spec's list looped; ours must stay at one request once the page has settled.
    await page.waitForLoadState('networkidle');
    expect(listRequests).toHaveLength(1);
  });

  test('a failed load shows a clear message with Retry, and Retry recovers', async ({ page }) => {
    await withoutFirstPaintData(page);
    test.setTimeout(60_000);
    let fail = true;
    await page.route(
      (url) => isToolsList(url.href),
      async (route) => {
        if (fail)
          await route.fulfill({
            status: 503,
            json: { error: { code: 'SERVICE_UNAVAILABLE', message: 'The service is not available right now.' } },
          });
        else await route.continue();
      },
    );
    await page.goto('/');
    // TanStack Query retries 3 times (1 s, 2 s, 4 s) before giving up.
    const alert = page.getByRole('alert').filter({ hasText: 'We could not load our tools.' });
    await expect(alert).toBeVisible({ timeout: 20_000 });
    await expect(alert).toContainText('The service is not available right now.');
    await expect(page.getByRole('heading', { level: 1, name: 'Toolsify Manufacturer LTD.' })).toBeVisible();

    fail = false;
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByTestId('product-card')).toHaveCount(6);
    await expect(alert).toHaveCount(0);
  });

  test('an empty catalog shows an empty state, not a spinner', async ({ page }) => {
    await withoutFirstPaintData(page);
    await page.route(
      (url) => isToolsList(url.href),
      (route) => route.fulfill({ json: { items: [], nextCursor: null } }),
    );
    await page.goto('/');
    await expect(page.getByText('No tools in the catalog yet')).toBeVisible();
    await expect(page.getByTestId('product-card')).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'Loading the store' })).toHaveCount(0);
  });

  test('links to a section further down (/#contact, Talk to our sales team) land on it; Browse tools opens the catalog', async ({
    page,
  }) => {
    await page.goto('/#contact');
    await expect(page.getByRole('heading', { name: 'Stay connected with us' })).toBeInViewport();

    await page.goto('/');
    await page.getByRole('link', { name: 'Talk to our sales team' }).click();
    await expect(page.getByRole('heading', { name: 'Stay connected with us' })).toBeInViewport();
    // And the keyboard with it: the form's first field has the focus.
    await expect(page.getByRole('form', { name: 'Contact us' }).getByLabel('Email')).toBeFocused();
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await page.getByRole('link', { name: 'Browse tools' }).click();
    await expect(page).toHaveURL(/\/tools$/);
    await expect(page.getByRole('heading', { name: 'All tools', level: 1 })).toBeVisible();
  });

  test('every demo tool image and reviewer picture exists as an SVG', async ({ request }) => {
    const { items } = (await (await request.get('/api/tools?limit=100')).json()) as { items: Tool[] };
    const reviews = (await (await request.get('/api/reviews?limit=50')).json()) as Review[];
    // The demo data's pictures live in the repository (uploads and https links are other specs').
    const paths = [
      ...items.map((t) => t.img),
      ...reviews.map((r) => r.img),
      '/images/hero-delivery.svg',
      '/images/avatars/default.svg',
      '/favicon.svg',
    ].filter((p) => p.startsWith('/images/') || p === '/favicon.svg');
    expect(paths.filter((p) => p.startsWith('/images/tools/')).length).toBeGreaterThanOrEqual(12);
    for (const p of new Set(paths)) {
      const res = await request.get(p);
      expect(res.status(), p).toBe(200);
      expect(res.headers()['content-type'], p).toContain('image/svg+xml');
      expect((await res.body()).length, `${p} stays small`).toBeLessThan(8_000);
    }
  });
});

test.describe('contact form', () => {
  test('validates with the shared rules and sends nothing while invalid', async ({ page }) => {
    const posts: Request[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/contact')) posts.push(r);
    });
    await page.goto('/');
    await revealLowerSections(page);
    const form = page.getByRole('form', { name: 'Contact us' });
    await form.scrollIntoViewIfNeeded();
    await expect(form).toHaveAttribute('data-ready', 'true');

    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByText('Email is Required')).toBeVisible();
    await expect(form.getByText('Please write a message')).toBeVisible();
    await expect(form.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

    await form.getByLabel('Email').fill('not-an-email');
    await expect(form.getByText('Provide a valid Email')).toBeVisible(); // re-validates on change
    await form.getByLabel('Message').fill('Hello');
    await expect(form.getByText('Please write a message')).toHaveCount(0);
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByText('Provide a valid Email')).toBeVisible();
    expect(posts).toHaveLength(0);
  });

  test('stores a valid message, confirms with a toast and clears the form', async ({ page }) => {
    await page.goto('/');
    await revealLowerSections(page);
    const form = page.getByRole('form', { name: 'Contact us' });
    await form.scrollIntoViewIfNeeded();
    await expect(form).toHaveAttribute('data-ready', 'true');
    await form.getByLabel('Email').fill('buyer@example.com');
    await form.getByLabel('Subject').fill('Quote for 500 drills');
    await form.getByLabel('Message').fill('Please send a quote for 500 cordless drills, delivered to Leeds.');
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/contact') && r.request().method() === 'POST'),
      form.getByRole('button', { name: 'Submit' }).click(),
    ]);
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toEqual({
      email: 'buyer@example.com',
      subject: 'Quote for 500 drills',
      message: 'Please send a quote for 500 cordless drills, delivered to Leeds.',
    });
    await expect(page.getByText('Thank you! Your message has been sent.')).toBeVisible();
    await expect(form.getByLabel('Email')).toHaveValue('');
    await expect(form.getByLabel('Message')).toHaveValue('');
    // Ready for another message, from its first field (Send, disabled while it was sent, had dropped the focus).
    await expect(form.getByLabel('Email')).toBeFocused();
  });

  test('shows the server’s refusal (e.g. too many messages) without losing what was typed', async ({ page }) => {
    await page.route('**/api/contact', (route) =>
      route.fulfill({
        status: 429,
        json: { error: { code: 'RATE_LIMITED', message: 'Too many attempts. Please wait a while and try again.' } },
      }),
    );
    await page.goto('/');
    await revealLowerSections(page);
    const form = page.getByRole('form', { name: 'Contact us' });
    await form.scrollIntoViewIfNeeded();
    await expect(form).toHaveAttribute('data-ready', 'true');
    await form.getByLabel('Email').fill('buyer@example.com');
    await form.getByLabel('Message').fill('Hello again');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByRole('alert')).toHaveText('Too many attempts. Please wait a while and try again.');
    await expect(form.getByLabel('Message')).toHaveValue('Hello again');
  });

  test('what a visitor types before the form code arrives is kept, in the same field', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/contact-form-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    await revealLowerSections(page);
    const form = page.getByRole('form', { name: 'Contact us' });
    const email = form.getByLabel('Email');
    await email.click();
    await page.keyboard.type('buyer@');
    await expect(form).not.toHaveAttribute('data-ready', 'true');
    release();
    await expect(form).toHaveAttribute('data-ready', 'true');
    await expect(email).toBeFocused();
    await page.keyboard.type('example.com');
    await expect(email).toHaveValue('buyer@example.com');
  });
});

/** The bytes the server sends for `url` to a client that accepts gzip (not decompressed). */
function gzipBytesSent(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve(bytes));
      response.on('error', reject);
    }).on('error', reject);
  });
}

test.describe('size budget', () => {
  test('/ loads at most 100 kB gzip of JavaScript before any user action, without the form libraries', async ({ page }) => {
    const pending: Promise<{ url: string; body: Buffer }>[] = [];
    // Only what arrives before any user action counts; bodies of later chunks are not read (a
    // body still being read when the test ends fails it).
    let beforeAction = true;
    page.on('response', (response) => {
      if (beforeAction && response.request().resourceType() === 'script')
        pending.push(response.body().then((body) => ({ url: response.url(), body })));
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    await expect(page.getByTestId('product-card')).toHaveCount(6);
    await page.waitForLoadState('networkidle');
    beforeAction = false;
    const scripts = await Promise.all(pending);

    expect(scripts.length).toBeGreaterThan(0);
    // Counted as the server sends them to a client that takes gzip (its precompressed files,
    // decision 018), the measure of DESIGN.md's budget and of check-bundle-size.mjs.
    const sizes = await Promise.all(scripts.map((s) => gzipBytesSent(s.url)));
    const total = sizes.reduce((sum, size) => sum + size, 0);
    expect(total, scripts.map((s, i) => `${s.url} ${sizes[i]}`).join('\n')).toBeLessThanOrEqual(100_000);
    for (const s of scripts) {
      expect(s.url, 'the sections below the products load as the visitor scrolls').not.toMatch(/home-lower-sections/);
      expect(s.url, 'the contact form is loaded only when it is needed').not.toMatch(/contact-form/);
      expect(s.body.includes('ZodError'), `${s.url} must not carry zod`).toBe(false);
      expect(s.body.includes('shouldUnregister'), `${s.url} must not carry react-hook-form`).toBe(false);
    }

    // Once the visitor scrolls down, the rest of the page and then the form's code arrive.
    const lowerChunk = page.waitForResponse(/\/assets\/home-lower-sections-[\w-]+\.js$/);
    const formChunk = page.waitForResponse(/\/assets\/contact-form-[\w-]+\.js$/);
    await revealLowerSections(page);
    await lowerChunk;
    await page.getByRole('heading', { name: 'Stay connected with us' }).scrollIntoViewIfNeeded();
    await formChunk;
  });
});

test.describe('other public pages', () => {
  test('portfolio: contact details, education, expertise and sample sites, marked as sample content', async ({ page }) => {
    await page.goto('/portfolio');
    await expect(page).toHaveTitle(`Portfolio | ${'Toolsify Manufacturer LTD.'}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const heading of ['Contact details', 'Education', 'Expertise', 'Sample sites']) {
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    await expect(page.getByRole('note')).toContainText('Sample content');
    await expect(page.getByRole('link', { name: /@/ }).first()).toHaveAttribute('href', /^mailto:/);
    const sites = page.getByRole('link', { name: /Visit site/ });
    expect(await sites.count()).toBeGreaterThanOrEqual(2);
    for (const link of await sites.all()) {
      await expect(link).toHaveAttribute('href', /^https:\/\//);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  test('blogs: five Q&A cards on the spec topics', async ({ page }) => {
    await page.goto('/blogs');
    await expect(page).toHaveTitle(`Blogs | ${'Toolsify Manufacturer LTD.'}`);
    const cards = page.getByTestId('blog-card');
    await expect(cards).toHaveCount(5);
    const questions = [
      /improve the performance of a React application/,
      /different ways to manage a state/,
      /prototypical inheritance/,
      /not set the state directly/,
      /search to find products by name/,
    ];
    for (const [i, question] of questions.entries()) {
      await expect(cards.nth(i).getByRole('heading', { level: 2 })).toHaveText(question);
      expect((await cards.nth(i).innerText()).length).toBeGreaterThan(300);
    }
  });

  test('a page whose code fails to load keeps the frame and offers Retry, which recovers', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    // The blogs page's chunk cannot be fetched (offline, or replaced by a deploy).
    const chunk = (url: URL) => /\/assets\/blogs-[\w-]+\.js$/.test(url.pathname);
    await page.route(chunk, (route) => route.abort('internetdisconnected'));
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Blogs' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'This page could not be loaded' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Home', exact: true })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    // Elsewhere the app still works, and coming back offers Retry again.
    await nav.getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Toolsify Manufacturer LTD.' })).toBeVisible();
    await nav.getByRole('link', { name: 'Blogs' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'This page could not be loaded' })).toBeVisible();
    // Once the chunk is reachable, Retry loads the page.
    await page.unroute(chunk);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page).toHaveURL('/blogs');
    await expect(page.getByRole('heading', { level: 1, name: 'Blogs' })).toBeVisible();
  });

  test('any unknown path shows the not-found page, with the way back', async ({ page }) => {
    for (const url of ['/no-such-page', '/tools/drills/extra']) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1, name: 'Oops! May be you lost your path!!!' })).toBeVisible();
      await expect(page).toHaveTitle(`Page not found | ${'Toolsify Manufacturer LTD.'}`);
    }
    await page.goto('/no-such-page');
    await page.getByRole('link', { name: 'Back to the store' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Toolsify Manufacturer LTD.' })).toBeVisible();
  });
});

test.describe('navigation bar and footer', () => {
  test('link every public page and show the footer columns and copyright on each', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);

    for (const [label, url, heading] of [
      ['portfolio', '/portfolio', /./],
      ['Blogs', '/blogs', 'Blogs'],
      ['Home', '/', 'Toolsify Manufacturer LTD.'],
    ] as const) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(url);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      // As after a full page load, the keyboard and a screen reader start at the new page's heading.
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeFocused();
      await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('aria-current', 'page');

      const footer = page.getByRole('contentinfo');
      for (const [column, links] of [
        ['Services', ['Branding', 'Design', 'Marketing', 'Advertisement']],
        ['Company', ['About us', 'Contact', 'Jobs', 'Press kit']],
        ['Legal', ['Terms of use', 'Privacy policy', 'Cookie policy']],
      ] as const) {
        const group = footer.getByRole('navigation', { name: column });
        await expect(group.getByRole('heading', { name: column })).toBeVisible();
        await expect(group.getByRole('link')).toHaveText([...links]);
      }
      await expect(footer).toContainText(
        `Copyright © ${new Date().getFullYear()} - All rights reserved by ${'Toolsify Manufacturer LTD.'}`,
      );
    }
  });

  test('on a phone the links fold into a menu that opens, closes with Escape and after a navigation', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    const close = page.getByRole('button', { name: 'Close menu' });
    await expect(close).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('link', { name: 'Blogs' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(toggle).toBeFocused();
    await expect(page.getByRole('link', { name: 'Blogs' })).toBeHidden();

    await toggle.click();
    await page.getByRole('link', { name: 'Blogs' }).click();
    await expect(page).toHaveURL('/blogs');
    await expect(page.getByRole('link', { name: 'portfolio' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});

test('the home page works by keyboard: every link, button and field is reached with Tab', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('product-card')).toHaveCount(6);
  const reached = new Set<string>();
  for (let i = 0; i < 120; i++) {
    await page.keyboard.press('Tab');
    const name = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return '';
      return `${el.tagName.toLowerCase()}:${el.getAttribute('aria-label') ?? el.getAttribute('placeholder') ?? el.textContent?.trim() ?? ''}`;
    });
    reached.add(name);
    if (name.includes('Cookie policy')) break;
  }
  const list = [...reached].join('\n');
  for (const expected of [
    'a:Home',
    'a:portfolio',
    'a:Blogs',
    'a:Login',
    'a:Browse tools',
    'a:Purchase ',
    'a:Book Now',
    'input:Email Address',
    'input:Subject',
    'textarea:Your message',
    'button:Submit',
    'a:Privacy policy',
    'a:Cookie policy',
  ]) {
    expect(list, `Tab reaches ${expected}`).toContain(expected);
  }
  // Focus is visible wherever it lands.
  await page.getByRole('link', { name: 'Browse tools' }).focus();
  const outline = await page.getByRole('link', { name: 'Browse tools' }).evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe('none');
});

test('a keyboard user cannot tab past the lower home sections while their code is on its way', async ({ page }) => {
  // The sections' chunk is held back until the visitor has pressed Tab well past where it
  // goes: without the placeholder holding focus, Tab would run on into the footer.
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/home-lower-sections-[^/]*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/');
  await expect(page.getByTestId('product-card')).toHaveCount(6);
  const placeholder = page.getByRole('region', { name: 'More about Toolsify' });
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    if (await placeholder.evaluate((el) => el === document.activeElement)) break;
  }
  await expect(placeholder).toBeFocused();
  await expect(placeholder).toHaveAttribute('aria-busy', 'true');
  for (let i = 0; i < 5; i++) await page.keyboard.press('Tab');
  await expect(placeholder, 'Tab waits while the part loads').toBeFocused();

  release();
  // Focus goes on into the part: its first link, in the business summary or below.
  await expect(placeholder).toHaveCount(0);
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest('footer') === null && document.activeElement !== document.body))
    .toBe(true);
  for (let i = 0; i < 80; i++) {
    if (await page.getByPlaceholder('Email Address').evaluate((el) => el === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(page.getByPlaceholder('Email Address')).toBeFocused();
});

test('the public pages load without errors in the console', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // A visitor's session check is a 200 (GET /api/session), so not even a 401 may show here. The
  // one 404 the browser may report is the not-found page's own (its status is a 404 on purpose).
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.location().url.endsWith('/no-such-page')) errors.push(`${m.text()} (${m.location().url})`);
  });
  for (const url of ['/', '/portfolio', '/blogs']) {
    const res = await page.goto(url, { waitUntil: 'networkidle' });
    expect(res?.status(), url).toBe(200);
  }
  expect((await page.goto('/no-such-page', { waitUntil: 'networkidle' }))?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Oops! May be you lost your path!!!' })).toBeVisible();
  expect(errors).toEqual([]);
});

test.describe('screenshots', () => {
  for (const width of [375, 768, 1280]) {
    test(`home page at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      await expect(page.getByTestId('product-card')).toHaveCount(6);
      await loadWholePage(page);
      // The form's code loads when the section comes near the screen; on a busy machine the
      // observer may report only after the quick scroll is back at the top: go to it, then back.
      // Scrolled to by the page itself, as loadWholePage does: Playwright's scrollIntoViewIfNeeded
      // first waits for the form to hold still over animation frames, and in CI that wait once
      // never ended, as the images' wait on animation frames had before it.
      const contact = page.getByRole('form', { name: 'Contact us' });
      await contact.evaluate((form) => form.scrollIntoView({ block: 'center', behavior: 'instant' }));
      await expect(contact).toHaveAttribute('data-ready', 'true');
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      await expect(page.getByTestId('testimonial')).toHaveCount(3);
      // Nothing may stick out sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshotAsIs(page, `home-${width}`);
    });
  }

  for (const url of ['/portfolio', '/blogs', '/no-such-page']) {
    for (const width of [375, 1280]) {
      test(`${url} at ${width} px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(url, { waitUntil: 'networkidle' });
        await loadWholePage(page);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await screenshotAsIs(page, `${url.slice(1)}-${width}`);
      });
    }
  }
});
