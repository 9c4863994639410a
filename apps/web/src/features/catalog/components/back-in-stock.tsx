import { useEffect, useEffectEvent, useSyncExternalStore } from 'react';
import { toast } from 'react-hot-toast';
import { Link, useSearchParams } from 'wouter';
import type { Tool } from '@toolsify/shared/tools';
import { useMe } from '../../auth/api/get-me.ts';
import { currentPath, loginPathFor } from '../../auth/components/require-user.tsx';
import { useMyStockAlerts, useSetStockAlert } from '../api/stock-alerts.ts';

/** The words of "Email me when it is back", on the product cards, the tool's page and the purchase page. */
export const stockAlertLabels = {
  subscribe: 'Email me when it is back',
  subscribed: "We'll email you when it is back",
  unsubscribe: 'Stop',
} as const;

export type BackInStockVariant = 'card' | 'page';

const buttonClass: Record<BackInStockVariant, string> = {
  card: 'btn btn-ghost btn-sm gap-1 px-2 text-primary',
  page: 'btn btn-outline btn-primary gap-2 self-start',
};

function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M6 9a6 6 0 0 1 12 0c0 5 2 6.5 2 6.5H4S6 14 6 9M10 19a2 2 0 0 0 4 0" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

const subscribeToNothing = () => () => {};
const isClient = () => true;
const isServer = () => false;

/** The query parameter that carries a visitor's "Email me when it is back" through logging in: the tool's id. */
const ASKED_PARAM = 'stockAlert';

/** This page's path and query, with the tool a visitor asked to be emailed about. */
function pathAsking(toolId: number): string {
  const url = new URL(currentPath(), window.location.origin);
  url.searchParams.set(ASKED_PARAM, String(toolId));
  return url.pathname + url.search;
}

/**
 * "Email me when it is back" on a tool that cannot be ordered, beside the spec's stock line (which
 * stays, as does Purchase). A signed-in buyer subscribes with one click and sees that they will be
 * emailed (with Stop); a visitor is sent to log in and comes back here, subscribed.
 */
export default function BackInStock({ tool, variant }: { tool: Pick<Tool, 'id' | 'name'>; variant: BackInStockVariant }) {
  const me = useMe();
  // The first screen's HTML is rendered on the server, which knows no session: until the app has
  // taken the page over, render as it did (a hydration mismatch otherwise), then by the session.
  const hydrated = useSyncExternalStore(subscribeToNothing, isClient, isServer);
  const signedIn = hydrated && Boolean(me.data);
  const alerts = useMyStockAlerts(signedIn);
  const setAlert = useSetStockAlert();
  const [searchParams, setSearchParams] = useSearchParams();
  const label = `${stockAlertLabels.subscribe}: ${tool.name}`;
  const asked = searchParams.get(ASKED_PARAM) === String(tool.id);
  const subscribed = alerts.data?.toolIds.includes(tool.id) ?? false;
  const change = (subscribe: boolean) =>
    setAlert.mutate({ toolId: tool.id, subscribe }, { onError: (error) => toast.error(error.message, { id: `stock-alert-${tool.id}` }) });

  // Back from logging in for this tool's alert: set it (once), and take the question off the URL.
  const answerAsked = useEffectEvent(() => {
    if (!alerts.data?.toolIds.includes(tool.id)) change(true);
    setSearchParams(
      (params) => {
        params.delete(ASKED_PARAM);
        return params;
      },
      { replace: true },
    );
  });
  useEffect(() => {
    if (asked && signedIn && alerts.isSuccess) answerAsked();
  }, [asked, signedIn, alerts.isSuccess]);

  if (hydrated && me.isSuccess && !signedIn) {
    return (
      <Link href={loginPathFor(pathAsking(tool.id))} className={buttonClass[variant]} aria-label={`${label} (log in first)`}>
        <BellIcon />
        {stockAlertLabels.subscribe}
      </Link>
    );
  }

  return (
    <div className="flex min-h-8 flex-wrap items-center gap-x-2 gap-y-1" aria-live="polite">
      {subscribed ? (
        <>
          <span className="flex items-center gap-1 text-sm font-medium text-success" data-testid="stock-alert-on">
            <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
              <path d="M5 12.5l4.5 4.5L19 7.5" />
            </svg>
            {stockAlertLabels.subscribed}
          </span>
          <button
            type="button"
            className="btn btn-link btn-xs px-0 text-base-content/70"
            onClick={() => change(false)}
            disabled={setAlert.isPending}
            aria-label={`Stop the back-in-stock email for ${tool.name}`}
          >
            {stockAlertLabels.unsubscribe}
          </button>
        </>
      ) : (
        <button
          type="button"
          className={buttonClass[variant]}
          onClick={() => change(true)}
          disabled={!signedIn || alerts.isPending || setAlert.isPending}
          aria-label={label}
        >
          {setAlert.isPending ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : <BellIcon />}
          {stockAlertLabels.subscribe}
        </button>
      )}
    </div>
  );
}
