import { Link, useParams } from 'wouter';
import { canBeOrdered } from '@toolsify/shared/orderable';
import { Spinner } from '../../components/ui/spinner.tsx';
import { usePageMeta } from '../../components/seo/use-page-meta.ts';
import { useToolHead } from '../../components/seo/use-tool-head.ts';
import { usePurchaseTool } from '../../features/orders/api/get-tool.ts';
import { ToolSummary } from '../../features/orders/components/tool-summary.tsx';
import { ToolPriceCalculator } from '../../features/catalog/components/tool-price-calculator.tsx';
import BackInStock from '../../features/catalog/components/back-in-stock.tsx';
import { LoadError } from '../../features/orders/components/load-error.tsx';
import { parseToolId } from '../../features/catalog/utils/tool-id.ts';
import { ApiError } from '../../lib/api-client.ts';
import NotFoundPage from './not-found.tsx';

/**
 * `/tools/:id`: a tool's public page (anyone may read it; Purchase asks a visitor to log in).
 * The server sends its title, description, canonical link, Open Graph tags and JSON-LD in the
 * HTML; this page keeps them in the head while it is shown. Unknown or deleted: not found.
 */
export default function ToolPage() {
  const params = useParams<{ id: string }>();
  const id = parseToolId(params.id);
  const tool = usePurchaseTool(id);
  usePageMeta(tool.data ? { title: tool.data.name, description: tool.data.description.slice(0, 160) } : {});
  useToolHead(tool.data);

  if (id === null || (tool.isError && tool.error instanceof ApiError && tool.error.status === 404)) return <NotFoundPage />;
  if (tool.isError) {
    return (
      <section className="mx-auto max-w-xl px-4 py-16">
        <LoadError message={`Could not load this tool: ${tool.error.message}`} onRetry={() => void tool.refetch()} />
      </section>
    );
  }
  if (tool.isPending) return <Spinner label="Loading the tool" />;

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8 sm:py-12">
      <nav aria-label="Breadcrumb" className="breadcrumbs text-sm">
        <ul>
          <li>
            <Link href="/">Home</Link>
          </li>
          <li>
            <Link href="/tools">Tools</Link>
          </li>
          {/* The category is kept whole (up to its width) and the tool's name is cut first: the link back is the useful part. */}
          {tool.data.category && (
            <li className="min-w-0 shrink-0">
              <Link
                href={`/tools?${new URLSearchParams({ category: tool.data.category }).toString()}`}
                className="block max-w-[8rem] truncate sm:max-w-xs"
              >
                {tool.data.category}
              </Link>
            </li>
          )}
          {/* A long name is cut on a phone (its heading says it whole). */}
          <li aria-current="page" className="min-w-0">
            <span className="block max-w-[11rem] truncate sm:max-w-md">{tool.data.name}</span>
          </li>
        </ul>
      </nav>
      <ToolSummary tool={tool.data}>
        {!canBeOrdered(tool.data) && <BackInStock tool={tool.data} variant="page" />}
        <div className="mt-2 border-t border-base-300 pt-4">
          <ToolPriceCalculator tool={tool.data} />
        </div>
      </ToolSummary>
    </div>
  );
}
