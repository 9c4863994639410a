import type { Tool } from './tools.ts';

/** The store's name, as page titles and link previews show it. */
export const SITE_NAME = 'Toolsify Manufacturer LTD.';

/** One element of a page's head: a meta, a link or the JSON-LD script. */
export type HeadElement =
  | { tag: 'meta'; attributes: { property?: string; name?: string; content: string } }
  | { tag: 'link'; attributes: { rel: string; href: string } }
  | { tag: 'script'; attributes: { type: 'application/ld+json' }; text: string };

/** A description for search results and link previews: one line, at most 160 characters. */
export function shortDescription(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= 160 ? line : `${line.slice(0, 157).trimEnd()}...`;
}

const absolute = (origin: string, url: string) => (url.startsWith('/') ? `${origin}${url}` : url);

/** "48.50": schema.org prices are plain decimal numbers. */
const decimalPrice = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/**
 * The head of a tool's public page, the same whether the server writes it into the HTML (for
 * crawlers and link previews) or the page sets it after a navigation in the browser: title,
 * description, canonical URL, Open Graph tags and schema.org Product/Offer JSON-LD.
 * `origin` is the store's public address (PUBLIC_URL), without a trailing slash.
 */
export function toolPageHead(tool: Tool, origin: string): { title: string; description: string; elements: HeadElement[] } {
  const url = `${origin}/tools/${tool.id}`;
  const image = absolute(origin, tool.img);
  const description = shortDescription(tool.description);
  const product = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: tool.name,
    sku: tool.sku,
    description: tool.description,
    image: [image],
    url,
    brand: { '@type': 'Brand', name: 'Toolsify' },
    ...(tool.category ? { category: tool.category } : {}),
    offers: {
      '@type': 'Offer',
      url,
      price: decimalPrice(tool.priceCents),
      priceCurrency: 'USD',
      availability: tool.available > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      eligibleQuantity: { '@type': 'QuantitativeValue', minValue: tool.minimum, unitText: 'pieces' },
      seller: { '@type': 'Organization', name: SITE_NAME },
    },
  };
  return {
    title: `${tool.name} | ${SITE_NAME}`,
    description,
    elements: [
      { tag: 'link', attributes: { rel: 'canonical', href: url } },
      { tag: 'meta', attributes: { property: 'og:type', content: 'product' } },
      { tag: 'meta', attributes: { property: 'og:title', content: tool.name } },
      { tag: 'meta', attributes: { property: 'og:description', content: description } },
      { tag: 'meta', attributes: { property: 'og:url', content: url } },
      { tag: 'meta', attributes: { property: 'og:image', content: image } },
      { tag: 'meta', attributes: { name: 'twitter:card', content: 'summary' } },
      { tag: 'script', attributes: { type: 'application/ld+json' }, text: jsonForScript(product) },
    ],
  };
}

/** JSON safe inside a <script> element: no "</script>" or "<!--" can end or bend it. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The heads of the store's public pages that are the same for everyone (the catalog without a
 * search, the blog): the server writes them into the HTML, for crawlers and link previews, and
 * the pages set the same title and description in the browser.
 */
export const publicPageHeads = {
  '/tools': {
    title: 'All tools',
    description: 'Every tool in the Toolsify catalog: search by name or SKU, filter by stock and price, and order in bulk.',
  },
  '/blogs': {
    title: 'Blogs',
    description: 'Short answers on React performance, state, prototypal inheritance, setting state and searching products.',
  },
} as const;

/** A public page's head (publicPageHeads) with its canonical URL and Open Graph tags. */
export function publicPageHead(
  path: keyof typeof publicPageHeads,
  origin: string,
): { title: string; description: string; elements: HeadElement[] } {
  const { title, description } = publicPageHeads[path];
  const url = `${origin}${path}`;
  return {
    title: `${title} | ${SITE_NAME}`,
    description,
    elements: [
      { tag: 'link', attributes: { rel: 'canonical', href: url } },
      { tag: 'meta', attributes: { property: 'og:type', content: 'website' } },
      { tag: 'meta', attributes: { property: 'og:title', content: title } },
      { tag: 'meta', attributes: { property: 'og:description', content: description } },
      { tag: 'meta', attributes: { property: 'og:url', content: url } },
    ],
  };
}
