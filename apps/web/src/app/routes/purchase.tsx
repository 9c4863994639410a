import { Link, useParams, useSearch } from 'wouter';
import { canBeOrdered } from '@toolsify/shared/orderable';
import { useMe } from '../../features/auth/api/get-me.ts';
import { useProfile } from '../../features/profile/api/get-profile.ts';
import { useMyAddresses } from '../../features/addresses/api/addresses.ts';
import { usePurchaseTool } from '../../features/orders/api/get-tool.ts';
import { PurchaseForm } from '../../features/orders/components/purchase-form.tsx';
import { ToolSummary } from '../../features/orders/components/tool-summary.tsx';
import BackInStock from '../../features/catalog/components/back-in-stock.tsx';
import { ToolUnavailable } from '../../features/orders/components/tool-unavailable.tsx';
import { LoadError } from '../../features/orders/components/load-error.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { parseToolId } from '../../features/catalog/utils/tool-id.ts';

/** /purchase/:id: the tool, then the order form (signed in). */
export default function PurchasePage() {
  const params = useParams<{ id: string }>();
  const id = parseToolId(params.id);
  // The quantity chosen on the tool's page, if any (the form checks it against the tool).
  const chosen = Number(new URLSearchParams(useSearch()).get('quantity') ?? Number.NaN);
  const chosenQuantity = Number.isSafeInteger(chosen) ? chosen : undefined;
  const me = useMe();
  const tool = usePurchaseTool(id);
  // The saved profile prefills phone and address; without one the fields start empty.
  const profile = useProfile({ enabled: Boolean(me.data) });
  // The ship-to addresses too (Ship to above the fields), so the form does not move under a buyer typing; a failure goes on without them.
  const addresses = useMyAddresses({ enabled: Boolean(me.data) });
  const addressesPending = Boolean(me.data) && addresses.isPending && addresses.failureCount === 0;

  if (id === null) return <ToolUnavailable />;
  if (tool.isError) {
    if (tool.error instanceof ApiError && tool.error.status === 404) return <ToolUnavailable />;
    return (
      <section className="mx-auto max-w-xl px-4 py-16">
        <LoadError message={`Could not load this tool: ${tool.error.message}`} onRetry={() => void tool.refetch()} />
      </section>
    );
  }
  if (tool.isPending || me.isPending || (me.data && profile.isPending) || addressesPending) return <Spinner label="Loading the tool" />;

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-8 sm:py-12">
      <ToolSummary tool={tool.data}>{!canBeOrdered(tool.data) && <BackInStock tool={tool.data} variant="page" />}</ToolSummary>
      {me.data ? (
        <PurchaseForm
          // A new form when the tool changes, so the quantity starts again at its minimum.
          key={tool.data.id}
          tool={tool.data}
          account={{ name: me.data.name, email: me.data.email }}
          defaults={{ phone: profile.data?.phone ?? '', address: profile.data?.address ?? '' }}
          quantity={chosenQuantity}
        />
      ) : (
        <div className="card border border-base-300 bg-base-100 p-6 text-center">
          <p>Please log in to place an order.</p>
          <Link href="/login" className="btn btn-primary mx-auto mt-4">
            Login
          </Link>
        </div>
      )}
    </div>
  );
}
