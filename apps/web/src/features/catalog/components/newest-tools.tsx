import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { ToolPage } from '@toolsify/shared/tools';
import { Icon } from '../../../components/ui/icon.tsx';
import { SectionHeading } from '../../../components/ui/section-heading.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { ProductCard } from './product-card.tsx';
import { formatCount } from '@toolsify/shared/money';

/**
 * The products section: the newest tools in 1, 2 or 3 columns by width, or a clear message
 * with Retry when the list could not load, or an empty state for an empty catalog. The page
 * shows the full-screen spinner while the first answer is on its way.
 */
export function NewestTools({ query }: { query: UseQueryResult<ToolPage> }) {
  return (
    <section id="tools" aria-labelledby="tools-heading" className="mx-auto max-w-7xl px-4 py-16 sm:py-20">
      <SectionHeading id="tools-heading" eyebrow="Fresh from the factory" title="Our newest tools">
        Priced per unit and sold by minimum order quantity, straight from our warehouse.
      </SectionHeading>
      {query.isError ? (
        <RetryAlert
          title="We could not load our tools."
          error={query.error}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : query.data && query.data.items.length === 0 ? (
        <div className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-box border border-dashed border-base-300 p-10 text-center">
          <Icon name="boxes" className="h-10 w-10 text-base-content/40" />
          <p className="text-lg font-semibold">No tools in the catalog yet</p>
          <p className="text-sm text-base-content/70">New stock is on its way. Please check back soon, or send us a message below.</p>
        </div>
      ) : (
        <>
          <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3" aria-label="Newest tools">
            {query.data?.items.map((tool, index) => (
              <li key={tool.id}>
                <ProductCard tool={tool} eager={index < 3} />
              </li>
            ))}
          </ul>
          <div className="mt-10 flex justify-center">
            <Link href="/tools" className="btn btn-outline btn-primary">
              See all tools
              {query.data?.total !== undefined && ` (${formatCount(query.data.total)}${query.data.totalIsLowerBound ? '+' : ''})`}
              <Icon name="arrowRight" className="h-5 w-5" />
            </Link>
          </div>
        </>
      )}
    </section>
  );
}
