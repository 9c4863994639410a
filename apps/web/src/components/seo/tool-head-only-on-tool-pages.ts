import { useEffect } from 'react';

/** The head elements of a tool's page, the server's (first load) or the page's own. */
export const TOOL_HEAD = '[data-page-head="tool"]';

/**
 * The head the server wrote for a tool's page stays only while a tool's page is shown: a
 * visitor may leave before that page has even loaded its code (App calls this on every page).
 */
export function useToolHeadOnlyOnToolPages(location: string) {
  useEffect(() => {
    if (/^\/tools\/[^/]+$/.test(location)) return;
    for (const element of document.head.querySelectorAll(TOOL_HEAD)) element.remove();
  }, [location]);
}
