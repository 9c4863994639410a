import type { ServiceDeps } from '../../lib/service-deps.ts';
import { findCategoryNames, findSitemapEntries, maxToolId } from './tools.repository.ts';

/** The site's public pages besides the tools (the storefront's own routes). */
export const SITEMAP_PAGES = ['/', '/tools', '/blogs', '/portfolio'];
/** The sitemap protocol's limit of URLs in one file. */
export const SITEMAP_MAX_URLS = 50_000;

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

function urlset(urls: Array<{ loc: string; lastmod?: string }>): string {
  const body = urls
    .map(({ loc, lastmod }) => `<url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

type SitemapDeps = Pick<ServiceDeps, 'db' | 'config'>;

/**
 * The public pages besides the tools: the storefront's routes, then the catalog of each category
 * of the live tools (`/tools?category=Power+tools`, as the catalog writes its address), at most as
 * many as one file holds.
 */
async function pagePaths(deps: SitemapDeps, perFile: number): Promise<string[]> {
  const categories = (await findCategoryNames(deps.db)).sort((a, b) => a.localeCompare(b, 'en-US'));
  const catalogs = categories.map((category) => `/tools?${new URLSearchParams({ category }).toString()}`);
  return [...SITEMAP_PAGES, ...catalogs].slice(0, perFile);
}

/**
 * `/sitemap.xml`. A store whose pages (its routes, its categories' catalogs and its tools) fit in one file (`perFile` URLs, the protocol's 50,000)
 * gets one urlset. A bigger one gets a sitemap index of files of its tools by id range
 * (`/sitemap/tools-1.xml` holds ids 1 to perFile...), each within the limit however many
 * tools were deleted, and a file of the other pages.
 */
export async function sitemap(deps: SitemapDeps, perFile = SITEMAP_MAX_URLS): Promise<string> {
  const origin = deps.config.PUBLIC_URL.replace(/\/$/, '');
  const top = await maxToolId(deps.db);
  const pages = await pagePaths(deps, perFile);
  if (top + pages.length <= perFile) {
    const tools = await findSitemapEntries(deps.db, 0, perFile);
    return urlset([
      ...pages.map((page) => ({ loc: `${origin}${page}` })),
      ...tools.map((t) => ({ loc: `${origin}/tools/${t.id}`, lastmod: t.updatedAt })),
    ]);
  }
  const files = ['/sitemap/pages.xml'];
  for (let n = 1; (n - 1) * perFile < top; n += 1) files.push(`/sitemap/tools-${n}.xml`);
  const body = files.map((file) => `<sitemap><loc>${escapeXml(`${origin}${file}`)}</loc></sitemap>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`;
}

/** `/sitemap/pages.xml`: the pages that are not tools. */
export async function sitemapPages(deps: SitemapDeps, perFile = SITEMAP_MAX_URLS): Promise<string> {
  const origin = deps.config.PUBLIC_URL.replace(/\/$/, '');
  return urlset((await pagePaths(deps, perFile)).map((page) => ({ loc: `${origin}${page}` })));
}

/** `/sitemap/tools-N.xml`: the live tools with ids from (N-1) x perFile + 1 to N x perFile. */
export async function sitemapTools(deps: SitemapDeps, n: number, perFile = SITEMAP_MAX_URLS): Promise<string | undefined> {
  const top = await maxToolId(deps.db);
  if (n < 1 || (n - 1) * perFile >= Math.max(top, 1)) return undefined;
  const origin = deps.config.PUBLIC_URL.replace(/\/$/, '');
  const tools = await findSitemapEntries(deps.db, (n - 1) * perFile, perFile, n * perFile);
  return urlset(tools.map((t) => ({ loc: `${origin}/tools/${t.id}`, lastmod: t.updatedAt })));
}

/** `/robots.txt`: everything public may be crawled; the dashboard and the API not; the sitemap. */
export function robotsTxt(deps: Pick<ServiceDeps, 'config'>): string {
  const origin = deps.config.PUBLIC_URL.replace(/\/$/, '');
  return `User-agent: *\nAllow: /\nDisallow: /dashboard\nDisallow: /purchase/\nDisallow: /api/\n\nSitemap: ${origin}/sitemap.xml\n`;
}
