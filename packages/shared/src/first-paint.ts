/**
 * First paint without an API round trip (issue 17, item 5): the HTML of `/`, `/home` and
 * `/tools/{id}` carries, in `<script type="application/json" id="toolsify-data">`, the answers
 * the page would otherwise fetch at start, each under the API path it comes from, exactly as
 * that path answers: `{ "/api/tools?limit=6": {...}, "/api/config": {...} }`. The web app reads
 * them into its query cache before its first render.
 */

/** The id of the data script element. */
export const FIRST_PAINT_SCRIPT_ID = 'toolsify-data';

/** How many newest tools the home page shows (spec section 9). */
export const HOME_NEWEST_TOOLS = 6;

/**
 * The home page's banner image, its largest element on a phone: the HTML of `/` and `/home` asks
 * for it at once (a preload), not only once the app has rendered the banner.
 */
export const HOME_HERO_IMAGE = '/images/hero-delivery.svg';

/** The API paths whose answers the HTML may carry, as the web app fetches them. */
export const firstPaintPaths = {
  newestTools: (limit: number) => `/api/tools?limit=${limit}`,
  tool: (id: number) => `/api/tools/${id}`,
  config: '/api/config',
} as const;

/**
 * Serialized JSON made safe inside a `<script>` element: no `</script>` or `<!--` can end or
 * bend it (every `<`, `>` and `&` is a \u escape, which only a JSON string can hold, so the value
 * is unchanged), and no U+2028 or U+2029 line separator stays raw.
 */
export function escapeJsonForScript(json: string): string {
  return json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The data script for these answers (path, serialized JSON), escaped for the script context. */
export function firstPaintScript(answers: ReadonlyArray<readonly [path: string, json: string]>): string {
  const body = `{${answers.map(([path, json]) => `${JSON.stringify(path)}:${json}`).join(',')}}`;
  return `<script type="application/json" id="${FIRST_PAINT_SCRIPT_ID}">${escapeJsonForScript(body)}</script>`;
}
