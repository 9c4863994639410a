/**
 * The paths the web app has a page for (its routes, apps/web/src/app/app.tsx; a route added there
 * belongs here too, which a test of the server checks). Any other path is the app's not-found
 * page, and the server answers it with a 404 so that search engines do not index it as a page
 * (a "soft 404"). The dashboard answers its own unknown children.
 */
const appPages: readonly RegExp[] = [
  /^\/$/,
  /^\/home$/,
  /^\/tools$/,
  /^\/tools\/[^/]+$/,
  /^\/cart$/,
  /^\/portfolio$/,
  /^\/blogs$/,
  /^\/login$/,
  /^\/signup$/,
  /^\/reset-password$/,
  /^\/purchase\/[^/]+$/,
  /^\/dashboard(\/.*)?$/,
];

/** Whether the web app has a page at `path` (no query string). */
export function isAppPage(path: string): boolean {
  return appPages.some((page) => page.test(path));
}
