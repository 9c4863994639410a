import { useEffect } from 'react';

/**
 * The head elements the server wrote for a page (`data-page-head`: `tool` for any tool's page,
 * else the page's path, such as `/tools`) stay only while that page is shown: a visitor may
 * leave before the page has even loaded its code (App calls this on every page). The shell's
 * own (an empty `data-page-head`) stay.
 */
export function useServerHeadOnItsPage(location: string) {
  useEffect(() => {
    const onToolPage = /^\/tools\/[^/]+$/.test(location);
    for (const element of document.head.querySelectorAll<HTMLElement>('[data-page-head]:not([data-page-head=""])')) {
      const page = element.dataset.pageHead;
      if (page === location || (page === 'tool' && onToolPage)) continue;
      element.remove();
    }
  }, [location]);
}
