import { useEffect } from 'react';
import { Spinner } from '../../components/ui/spinner.tsx';
import { LazyWhenNear } from '../../components/ui/lazy-when-near.tsx';
import { usePageMeta } from '../../components/seo/use-page-meta.ts';
import { useNewestTools } from '../../features/catalog/api/get-newest-tools.ts';
import { useStoreConfig } from '../../lib/store-config.ts';
import { Banner } from '../../features/catalog/components/banner.tsx';
import { NewestTools } from '../../features/catalog/components/newest-tools.tsx';
import { useLatestReviews } from '../../features/reviews/api/get-reviews.ts';

const loadLowerSections = () => import('./home-lower-sections.tsx');

/** Sections inside the lazily loaded part that a link may point at (/#contact). */
const LOWER_ANCHORS = ['testimonials', 'packages', 'why-us', 'how-to-order', 'contact'];

/**
 * `/` and `/home`, in the spec's order: banner, newest tools, then (home-lower-sections.tsx)
 * business summary, testimonials, packages, two further sections and Contact Us. Only the
 * full-screen spinner shows until the tool list has answered. What lies below the products
 * loads as the visitor scrolls toward it, which keeps the first download small
 * (DESIGN.md decision 9; `npm test` checks the budget).
 */
export function HomePage() {
  usePageMeta({});
  const tools = useNewestTools();
  // Ask for the lower sections' data now, in parallel with the tools, so it is ready when
  // they appear (the sections read the same cache entries: one request each).
  useLatestReviews();
  useStoreConfig();

  const ready = !tools.isPending;
  useEffect(() => {
    // A link such as /#tools: the section exists only once the page has rendered.
    if (!ready || !window.location.hash) return;
    document.getElementById(decodeURIComponent(window.location.hash.slice(1)))?.scrollIntoView();
  }, [ready]);

  if (!ready) return <Spinner fullScreen label="Loading the store" />;

  return (
    <>
      <Banner />
      <NewestTools query={tools} />
      <LazyWhenNear load={loadLowerSections} anchors={LOWER_ANCHORS} label="More about Toolsify" />
    </>
  );
}
