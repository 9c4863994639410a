import { formatCents } from '@toolsify/shared/money';
import type { Stats } from '@toolsify/shared/stats';
import { compactCents, formatDay, formatLongDay, labelledIndexes, moneyTicks } from '../utils/chart-scale.ts';
import { ChartFigure } from './chart-figure.tsx';
import { ChartTable } from './chart-table.tsx';

type Day = Stats['revenue']['byDay'][number];

const orders = (n: number) => `${n} paid ${n === 1 ? 'order' : 'orders'}`;

/** One sentence that says what the chart shows: the total and the best day. */
function summaryOf(days: readonly Day[]): string {
  const total = days.reduce((sum, d) => sum + d.revenueCents, 0);
  if (total === 0) return 'No revenue in this range.';
  const best = days.reduce((top, d) => (d.revenueCents > top.revenueCents ? d : top));
  const paid = days.reduce((sum, d) => sum + d.orders, 0);
  return `${formatCents(total)} from ${orders(paid)}; the best day was ${formatLongDay(best.day)} with ${formatCents(best.revenueCents)}.`;
}

/**
 * Revenue per day as bars (an SVG drawn at the width it is shown), with a title and a
 * description for assistive technology and the figures as a table under it.
 */
export function RevenueChart({ days }: { days: readonly Day[] }) {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return null;
  const title = `Revenue per day, ${formatDay(first.day)} to ${formatDay(last.day)}`;
  const table = (
    <ChartTable summary="Revenue per day as a table" caption={title}>
      <thead>
        <tr>
          <th scope="col">Day (UTC)</th>
          <th scope="col" className="text-right">
            Paid orders
          </th>
          <th scope="col" className="text-right">
            Revenue
          </th>
        </tr>
      </thead>
      <tbody>
        {days.map((d) => (
          <tr key={d.day}>
            <th scope="row" className="font-normal">
              <time dateTime={d.day}>{formatLongDay(d.day)}</time>
            </th>
            <td className="text-right tabular-nums">{d.orders}</td>
            <td className="text-right tabular-nums">{formatCents(d.revenueCents)}</td>
          </tr>
        ))}
      </tbody>
    </ChartTable>
  );

  return (
    <ChartFigure title={title} description={summaryOf(days)} height={(width) => (width < 480 ? 200 : 260)} table={table}>
      {({ width, height }) => {
        const margin = { top: 10, right: 12, bottom: 28, left: 50 };
        const plotW = Math.max(10, width - margin.left - margin.right);
        const plotH = height - margin.top - margin.bottom;
        const levels = moneyTicks(Math.max(0, ...days.map((d) => d.revenueCents)));
        const top = levels.at(-1) ?? 1;
        const y = (cents: number) => margin.top + plotH - (cents / top) * plotH;
        const band = plotW / days.length;
        const barW = Math.max(1, Math.min(36, band * 0.7));
        const labelled = labelledIndexes(days.length, Math.floor(plotW / 64));
        return (
          <>
            {levels.map((tick) => (
              <g key={tick}>
                <line
                  x1={margin.left}
                  x2={width - margin.right}
                  y1={y(tick)}
                  y2={y(tick)}
                  className="stroke-base-300"
                  strokeDasharray={tick === 0 ? undefined : '3 4'}
                />
                <text x={margin.left - 8} y={y(tick)} dy="0.32em" textAnchor="end" className="fill-base-content/60 text-[11px]">
                  {compactCents(tick)}
                </text>
              </g>
            ))}
            {days.map((d, i) =>
              d.revenueCents > 0 ? (
                <rect
                  key={d.day}
                  x={margin.left + i * band + (band - barW) / 2}
                  y={y(d.revenueCents)}
                  width={barW}
                  height={Math.max(1, margin.top + plotH - y(d.revenueCents))}
                  rx={Math.min(3, barW / 3)}
                  className="fill-primary transition-colors hover:fill-secondary"
                >
                  <title>{`${formatDay(d.day)}: ${formatCents(d.revenueCents)} from ${orders(d.orders)}`}</title>
                </rect>
              ) : null,
            )}
            {labelled.map((i) => {
              const day = days[i];
              if (!day) return null;
              const center = margin.left + i * band + band / 2;
              // The last label ends at the chart's edge rather than running past it.
              const atEdge = center + 22 > width;
              return (
                <text
                  key={day.day}
                  x={atEdge ? width - 2 : center}
                  y={height - 8}
                  textAnchor={atEdge ? 'end' : 'middle'}
                  className="fill-base-content/60 text-[11px]"
                >
                  {formatDay(day.day)}
                </text>
              );
            })}
          </>
        );
      }}
    </ChartFigure>
  );
}
