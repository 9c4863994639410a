import { auditActionLabels, type AuditEvent } from '@toolsify/shared/audit';
import { formatCents, formatCount } from '@toolsify/shared/money';
import { EmailText } from '../../../components/ui/email-text.tsx';
import { dateTimeFormat as when } from '../../../lib/date-format.ts';

/** A field's name as a person reads it: priceCents -> "Price". */
const fieldLabels: Record<string, string> = {
  role: 'Role',
  status: 'Status',
  name: 'Name',
  email: 'Email',
  sku: 'SKU',
  description: 'Description',
  img: 'Image',
  priceCents: 'Price',
  available: 'Stock',
  minimum: 'Minimum order',
  priceBreaks: 'Price breaks',
  packSize: 'Pack size',
  maxPerOrder: 'Maximum per order',
  lowStockThreshold: 'Low-stock threshold',
  category: 'Category',
  carrier: 'Carrier',
  trackingNumber: 'Tracking number',
  reason: 'Reason',
  refunded: 'Refunded',
  refundId: 'Refund id',
  creditNote: 'Credit note',
  finishedBy: 'Finished by',
};

function show(field: string, value: unknown): string {
  if (value === null || value === undefined) return '(none)';
  if (field === 'priceCents' && typeof value === 'number') return formatCents(value);
  if (field === 'priceBreaks' && Array.isArray(value)) {
    if (value.length === 0) return '(none)';
    return value
      .map((b: { minQuantity: number; unitPriceCents: number }) => `${formatCount(b.minQuantity)}+ at ${formatCents(b.unitPriceCents)}`)
      .join(', ');
  }
  if (typeof value === 'number') return formatCount(value);
  if (typeof value === 'string') return value.length > 80 ? `${value.slice(0, 79)}…` : value;
  return JSON.stringify(value);
}

/** The changed fields of one action: "Price: $15.00 → $14.00", or every field of a creation or deletion. */
function Changes({ event }: { event: AuditEvent }) {
  const fields = [...new Set([...Object.keys(event.before ?? {}), ...Object.keys(event.after ?? {})])];
  if (fields.length === 0) return <span className="text-base-content/60">No field changed</span>;
  return (
    <ul className="space-y-0.5">
      {fields.map((field) => (
        <li key={field} className="[overflow-wrap:anywhere]">
          <span className="text-base-content/70">{fieldLabels[field] ?? field}: </span>
          {event.before && event.after ? (
            <>
              <del className="text-base-content/60">{show(field, event.before[field])}</del>
              <span aria-hidden="true"> → </span>
              <span className="sr-only"> changed to </span>
              <ins className="no-underline font-medium">{show(field, event.after[field])}</ins>
            </>
          ) : (
            <span>{show(field, (event.after ?? event.before)?.[field])}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The audit log: a table on wide screens, a card per action on phones. */
export function AuditTable({ events }: { events: AuditEvent[] }) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-box border border-base-300 bg-base-100 md:block">
        <table className="table table-sm">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">Action</th>
              <th scope="col">Target</th>
              <th scope="col">Changes</th>
            </tr>
          </thead>
          <tbody>
            {events.map((event) => (
              <tr key={event.id} className="align-top">
                <td className="whitespace-nowrap">
                  <time dateTime={event.at}>{when.format(new Date(event.at))}</time>
                </td>
                <td className="min-w-48 [overflow-wrap:anywhere]">
                  {event.actor.email ? <EmailText email={event.actor.email} /> : 'A removed admin'}
                </td>
                <td className="whitespace-nowrap">
                  <span className="badge badge-ghost badge-sm">{auditActionLabels[event.action]}</span>
                </td>
                <td className="max-w-56 [overflow-wrap:anywhere]">{event.target.label}</td>
                <td className="max-w-md text-sm">
                  <Changes event={event} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="space-y-3 md:hidden">
        {events.map((event) => (
          <li key={event.id} className="rounded-box border border-base-300 bg-base-100 p-4 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="badge badge-ghost badge-sm">{auditActionLabels[event.action]}</span>
              <time dateTime={event.at} className="text-xs text-base-content/70">
                {when.format(new Date(event.at))}
              </time>
            </div>
            <p className="mt-2 font-medium break-words">{event.target.label}</p>
            <p className="text-xs [overflow-wrap:anywhere] text-base-content/70">
              by {event.actor.email ? <EmailText email={event.actor.email} /> : 'a removed admin'}
            </p>
            <div className="mt-2">
              <Changes event={event} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
