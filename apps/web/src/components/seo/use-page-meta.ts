import { useEffect } from 'react';

const SITE = 'Toolsify Manufacturer LTD.';

/**
 * Sets the page's <title> ("Blogs | Toolsify Manufacturer LTD.") and meta description while
 * the page is shown, and puts the site's own back when it goes. No title: the home page.
 */
export function usePageMeta({ title, description }: { title?: string; description?: string }) {
  useEffect(() => {
    document.title = title ? `${title} | ${SITE}` : SITE;
    const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    const previous = meta?.content;
    if (meta && description) meta.content = description;
    return () => {
      document.title = SITE;
      if (meta && previous !== undefined) meta.content = previous;
    };
  }, [title, description]);
}
