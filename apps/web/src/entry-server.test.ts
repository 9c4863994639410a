import { describe, expect, it, vi } from 'vitest';
import { renderFirstScreen } from './entry-server.tsx';

const tool = (id: number, name: string) => ({
  id,
  name,
  sku: `TF-${id}`,
  description: `About ${name}`,
  img: `/images/tools/t${id}.svg`,
  priceCents: 1_000 + id,
  available: id === 2 ? 0 : 500,
  minimum: 10,
  priceBreaks: [],
  packSize: 1,
  maxPerOrder: null,
  createdAt: '2026-11-01T00:00:00.000Z',
});
const answers = {
  '/api/tools?limit=6': {
    items: [tool(1, 'Angle Grinder'), tool(2, 'Hammer Drill'), tool(3, '</script><img src=x onerror=alert(1)>')],
    nextCursor: null,
    total: 3,
  },
  '/api/config': {
    googleEnabled: false,
    payments: { gateway: 'sandbox', publishableKey: null },
    trainingSiteUrl: 'x',
    unpaidOrderTtlHours: 72,
  },
};

/**
 * The home page's first screen as the server sends it (docs/decisions/017): the app itself,
 * rendered from the answers the HTML carries, so the browser's first render (from the same
 * answers) takes it over unchanged. The e2e spec first-paint.spec.ts hydrates it in Chromium.
 */
describe('renderFirstScreen', () => {
  it('renders the bar, the banner and each newest tool from the answers, as a visitor sees them', async () => {
    const html = await renderFirstScreen('/', answers);
    expect(html).toContain('aria-label="Main"');
    expect(html).toMatch(/<h1 id="banner-heading"[^>]*>Toolsify Manufacturer LTD\.?<\/h1>/);
    for (const name of ['Angle Grinder', 'Hammer Drill']) expect(html).toContain(name);
    expect(html).toContain('href="/tools/1"');
    expect(html).toContain('TF-2');
    // Nobody is known to be signed in before the browser asks: the visitor's Login, as the
    // browser's first render shows it.
    expect(html).toContain('href="/login"');
    expect(html).not.toContain('Sign Out');
    // Not the spinner the page shows while its tools are on their way.
    expect(html).not.toContain('Loading the store');
  });

  it('escapes what a tool says', async () => {
    const html = await renderFirstScreen('/', answers);
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;');
  });

  it('renders the page at its path: the same home at /home, the spinner when the tools are missing', async () => {
    expect(await renderFirstScreen('/home', answers)).toContain('Angle Grinder');
    const without = await renderFirstScreen('/', { '/api/config': answers['/api/config'] });
    expect(without).toContain('Loading the store');
    expect(without).not.toContain('Angle Grinder');
  });

  it("renders a lazy part met for the first time whole (the out-of-stock card's back-in-stock button), not as an unfinished boundary", async () => {
    // A fresh copy of the app: its lazy parts not loaded yet, as in a server just started.
    vi.resetModules();
    const fresh = (await import('./entry-server.tsx')) as typeof import('./entry-server.tsx');
    const html = await fresh.renderFirstScreen('/', answers);
    expect(html).not.toContain('<!--$!-->');
    expect(html).toContain('Email me when it is back');
  });
});
