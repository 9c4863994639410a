import { formatCents, formatCount } from '@toolsify/shared/money';
import { largestOrderable, nextBreakNudge, nudgeMessage, priceTiers, type Pricing, type QuantityRules } from '@toolsify/shared/pricing';

type PricedTool = Pricing & QuantityRules;

const range = (from: number, to: number | null) =>
  to === null ? `${formatCount(from)}+` : from === to ? formatCount(from) : `${formatCount(from)}–${formatCount(to)}`;

/**
 * A tool's volume prices: each tier's quantities, unit price and saving against the base
 * price, the row that prices `quantity` highlighted. Nothing for a tool without breaks.
 */
export function PriceTable({ tool, quantity }: { tool: PricedTool; quantity?: number | undefined }) {
  if (tool.priceBreaks.length === 0) return null;
  const tiers = priceTiers(tool, tool);
  return (
    <div className="overflow-x-auto rounded-box border border-base-300">
      <table className="table table-sm [&_:is(th,td)]:px-2 sm:[&_:is(th,td)]:px-3" data-testid="price-table">
        <caption className="px-3 pt-2 text-left text-sm font-semibold">Volume pricing</caption>
        <thead>
          <tr>
            <th scope="col">Quantity</th>
            <th scope="col" className="text-right">
              Unit price
            </th>
            <th scope="col" className="text-right">
              Saving
            </th>
          </tr>
        </thead>
        <tbody>
          {tiers.map((tier) => {
            const applies = quantity !== undefined && quantity >= tier.from && (tier.to === null || quantity <= tier.to);
            return (
              <tr
                key={tier.from}
                className={applies ? 'bg-primary/10 font-semibold' : undefined}
                aria-current={applies ? 'true' : undefined}
              >
                <td>
                  {range(tier.from, tier.to)} pieces
                  {applies && (
                    <span className="badge badge-primary badge-sm mt-1 block w-fit whitespace-nowrap sm:mt-0 sm:ml-2 sm:inline-flex">
                      Your price
                    </span>
                  )}
                </td>
                <td className="text-right tabular-nums">{formatCents(tier.unitPriceCents)}</td>
                <td className="text-right tabular-nums">
                  {tier.savingCents > 0 ? (
                    <>
                      {formatCents(tier.savingCents)} <span className="whitespace-nowrap">({tier.savingPercent}%)</span>
                    </>
                  ) : (
                    <>
                      <span aria-hidden="true">—</span>
                      <span className="sr-only">No saving</span>
                    </>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The next break, when it is near: the exact figures and a button that orders that many. Never
 * past the stock or the maximum (nextBreakNudge).
 */
export function PriceNudge({ tool, quantity, onChoose }: { tool: PricedTool; quantity: number; onChoose: (quantity: number) => void }) {
  const nudge = nextBreakNudge(tool, quantity);
  if (!nudge) return null;
  return (
    <div className="alert alert-info alert-soft flex flex-col items-start gap-2 sm:flex-row sm:items-center" data-testid="price-nudge">
      <p className="text-sm">{nudgeMessage(nudge)}</p>
      <button type="button" className="btn btn-sm btn-primary shrink-0" onClick={() => onChoose(nudge.quantity)}>
        Order {formatCount(nudge.quantity)}
      </button>
    </div>
  );
}

export { lowestPriceLine } from '../utils/lowest-price-line.ts';

/** "Minimum 24, up to 960 pieces, in packs of 24" */
export function quantityHint(tool: PricedTool): string {
  const largest = largestOrderable(tool);
  const packs = (tool.packSize ?? 1) > 1 ? `, in packs of ${tool.packSize}` : '';
  return `Minimum ${formatCount(tool.minimum)}, up to ${formatCount(largest)} pieces${packs}`;
}
