import { Icon } from '../../../components/ui/icon.tsx';

/** "Verified buyer": the reviewer has a paid order in this store (computed by the server). */
export function VerifiedBadge() {
  return (
    <span className="badge badge-sm gap-1 border-success/40 bg-success/10 text-success-content" data-testid="verified-buyer">
      <Icon name="shield" className="h-3.5 w-3.5 text-success" />
      <span className="text-base-content">Verified buyer</span>
    </span>
  );
}
