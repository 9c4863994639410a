import type { ReactNode } from 'react';
import { Link, useLocation, useRouter, useSearchParams } from 'wouter';
import { formatCents, formatCount } from '@toolsify/shared/money';
import type { OrderStatus } from '@toolsify/shared/orders';
import type { Stats } from '@toolsify/shared/stats';
import { Icon, type IconName } from '../../../components/ui/icon.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useStats } from '../api/get-stats.ts';
import { formatRange } from '../utils/chart-scale.ts';
import { rangeOf, searchOf, selectionFrom, type StatsSelection } from '../utils/stats-range.ts';
import { BarListChart, type BarItem, type BarTone } from './bar-list-chart.tsx';
import { ChartTable } from './chart-table.tsx';
import { RangePicker } from './range-picker.tsx';
import { RevenueChart } from './revenue-chart.tsx';

const count = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`;

const statusRows: ReadonlyArray<{ status: OrderStatus; label: string; tone: BarTone }> = [
  { status: 'unpaid', label: 'Unpaid', tone: 'warning' },
  { status: 'paid', label: 'Paid, to ship', tone: 'primary' },
  { status: 'shipped', label: 'Shipped', tone: 'success' },
  { status: 'cancelled', label: 'Cancelled', tone: 'muted' },
];

const ageRows: ReadonlyArray<{ key: keyof Stats['unpaidByAge']; label: string; tone: BarTone }> = [
  { key: 'underOneDay', label: 'Under 1 day', tone: 'info' },
  { key: 'oneToThreeDays', label: '1 to 3 days', tone: 'warning' },
  { key: 'overThreeDays', label: 'Over 3 days', tone: 'error' },
];

/** One headline figure. */
function Figure({
  icon,
  label,
  value,
  detail,
  className = '',
  valueClassName = 'text-lg sm:text-2xl lg:text-lg 2xl:text-2xl',
}: {
  icon: IconName;
  label: string;
  value: string;
  detail: ReactNode;
  className?: string;
  valueClassName?: string;
}) {
  return (
    <div className={`flex min-w-0 flex-col gap-1 rounded-box border border-base-300 bg-base-100 p-3 sm:p-4 ${className}`}>
      <p className="flex items-center gap-2 text-sm font-medium text-base-content/70">
        <Icon name={icon} className="h-4 w-4 shrink-0 text-accent" />
        {label}
      </p>
      <p className={`font-bold tabular-nums text-base-content [overflow-wrap:anywhere] ${valueClassName}`}>{value}</p>
      <p className="text-xs text-base-content/60">{detail}</p>
    </div>
  );
}

/** A titled panel around a chart. */
function Panel({ id, title, lead, children }: { id: string; title: string; lead?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex min-w-0 flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-4 sm:p-5">
      <header>
        <h3 id={id} className="text-lg font-semibold text-base-content">
          {title}
        </h3>
        {lead && <p className="text-sm text-base-content/60">{lead}</p>}
      </header>
      {children}
    </section>
  );
}

function Figures({ stats }: { stats: Stats }) {
  const placed = Object.values(stats.ordersByStatus).reduce((sum, n) => sum + n, 0);
  const unpaid = Object.values(stats.unpaidByAge);
  const unpaidOrders = unpaid.reduce((sum, b) => sum + b.orders, 0);
  const unpaidCents = unpaid.reduce((sum, b) => sum + b.totalCents, 0);
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-5" data-testid="stats-figures">
      <Figure
        icon="dollar"
        label="Revenue"
        value={formatCents(stats.revenue.totalCents)}
        detail={`from ${count(stats.revenue.paidOrders, 'paid order')}`}
        className="col-span-2 lg:col-span-1"
        valueClassName="text-2xl lg:text-lg 2xl:text-2xl"
      />
      <Figure
        icon="card"
        label="Average order"
        value={stats.revenue.averageOrderCents === null ? '–' : formatCents(stats.revenue.averageOrderCents)}
        detail="per paid order"
      />
      <Figure
        icon="boxes"
        label="Orders placed"
        value={formatCount(placed)}
        detail={`${formatCount(stats.ordersByStatus.cancelled)} cancelled`}
      />
      <Figure icon="clock" label="Unpaid now" value={formatCount(unpaidOrders)} detail={`${formatCents(unpaidCents)} awaiting payment`} />
      <Figure
        icon="alert"
        label="Low stock"
        value={count(stats.lowStockTools, 'tool')}
        detail={
          <Link href="/products?view=low" className="link link-primary">
            See the Low stock list
          </Link>
        }
      />
    </div>
  );
}

/** The figures of a group of order lines, as the two tables of lines show them: their column heads. */
function LineFigureHeads() {
  return (
    <>
      <th scope="col" className="text-right">
        Pieces
      </th>
      <th scope="col" className="text-right">
        Orders
      </th>
      <th scope="col" className="text-right">
        Revenue
      </th>
    </>
  );
}

/** Pieces, orders and revenue of a group of order lines, as table cells. */
function LineFigureCells({ figures }: { figures: { quantity: number; orders: number; revenueCents: number } }) {
  return (
    <>
      <td className="text-right tabular-nums">{formatCount(figures.quantity)}</td>
      <td className="text-right tabular-nums">{formatCount(figures.orders)}</td>
      <td className="text-right tabular-nums">{formatCents(figures.revenueCents)}</td>
    </>
  );
}

function TopTools({ stats }: { stats: Stats }) {
  if (stats.topTools.length === 0)
    return <p className="py-6 text-center text-sm text-base-content/60">No tool was paid for in this range.</p>;
  const items: BarItem[] = stats.topTools.map((tool, i) => ({
    key: String(tool.toolId),
    label: `${i + 1}. ${tool.name}`,
    value: tool.revenueCents,
    valueLabel: formatCents(tool.revenueCents),
    tone: 'primary',
  }));
  const leader = stats.topTools[0];
  return (
    <BarListChart
      title={`Top ${stats.topTools.length} tools by revenue`}
      description={leader ? `${leader.name} leads with ${formatCents(leader.revenueCents)} from ${count(leader.quantity, 'piece')}.` : ''}
      items={items}
      table={
        <ChartTable summary="Top tools as a table" caption="Top tools by revenue">
          <thead>
            <tr>
              <th scope="col">Tool</th>
              <th scope="col">SKU</th>
              <LineFigureHeads />
            </tr>
          </thead>
          <tbody>
            {stats.topTools.map((tool) => (
              <tr key={tool.toolId}>
                <th scope="row" className="font-normal">
                  {tool.name}
                </th>
                <td className="font-mono text-xs">{tool.sku}</td>
                <LineFigureCells figures={tool} />
              </tr>
            ))}
          </tbody>
        </ChartTable>
      }
    />
  );
}

/** What the dashboard calls the tools in no category. */
const NO_CATEGORY = 'No category';

function RevenueByCategory({ stats }: { stats: Stats }) {
  if (stats.byCategory.length === 0)
    return <p className="py-6 text-center text-sm text-base-content/60">No tool was paid for in this range.</p>;
  const items: BarItem[] = stats.byCategory.map((row) => ({
    key: row.category ?? '',
    label: row.category ?? NO_CATEGORY,
    value: row.revenueCents,
    valueLabel: formatCents(row.revenueCents),
    tone: row.category === null ? 'muted' : 'accent',
  }));
  return (
    <BarListChart
      title="Revenue by category"
      description={items.map((item) => `${item.label}: ${item.valueLabel}`).join('; ')}
      items={items}
      table={
        <ChartTable summary="Revenue by category as a table" caption="Revenue by category">
          <thead>
            <tr>
              <th scope="col">Category</th>
              <LineFigureHeads />
            </tr>
          </thead>
          <tbody>
            {stats.byCategory.map((row) => (
              <tr key={row.category ?? ''}>
                <th scope="row" className="font-normal">
                  {row.category ?? NO_CATEGORY}
                </th>
                <LineFigureCells figures={row} />
              </tr>
            ))}
          </tbody>
        </ChartTable>
      }
    />
  );
}

/** A buyer as the dashboard names them: their company, else their name. */
const buyerLabel = (buyer: Stats['topBuyers'][number]) => buyer.company ?? buyer.name;

function TopBuyers({ stats }: { stats: Stats }) {
  if (stats.topBuyers.length === 0)
    return <p className="py-6 text-center text-sm text-base-content/60">No order was paid in this range.</p>;
  const items: BarItem[] = stats.topBuyers.map((buyer, i) => ({
    // By rank: a removed account's email may be a new account's too.
    key: String(i),
    label: `${i + 1}. ${buyerLabel(buyer)}`,
    value: buyer.revenueCents,
    valueLabel: formatCents(buyer.revenueCents),
    tone: 'info',
  }));
  const leader = stats.topBuyers[0];
  return (
    <BarListChart
      title={`Top ${stats.topBuyers.length} buyers by revenue`}
      description={
        leader ? `${buyerLabel(leader)} leads with ${formatCents(leader.revenueCents)} from ${count(leader.orders, 'order')}.` : ''
      }
      items={items}
      table={
        <ChartTable summary="Top buyers as a table" caption="Top buyers by revenue">
          <thead>
            <tr>
              <th scope="col">Buyer</th>
              <th scope="col" className="text-right">
                Orders
              </th>
              <th scope="col" className="text-right">
                Revenue
              </th>
            </tr>
          </thead>
          <tbody>
            {stats.topBuyers.map((buyer, i) => (
              <tr key={i}>
                <th scope="row" className="font-normal">
                  {/* Their orders placed in the range, in Manage All Orders (a whole email finds that buyer's only). */}
                  <Link
                    href={`/manage?q=${encodeURIComponent(buyer.email)}&from=${stats.from}&to=${stats.to}`}
                    className="link link-hover [overflow-wrap:anywhere]"
                  >
                    {buyerLabel(buyer)}
                  </Link>
                  <span className="block text-xs text-base-content/60 [overflow-wrap:anywhere]">
                    {buyer.company ? `${buyer.name}, ${buyer.email}` : buyer.email}
                  </span>
                </th>
                <td className="text-right tabular-nums">{formatCount(buyer.orders)}</td>
                <td className="text-right tabular-nums">{formatCents(buyer.revenueCents)}</td>
              </tr>
            ))}
          </tbody>
        </ChartTable>
      }
    />
  );
}

function OrdersByStatus({ stats }: { stats: Stats }) {
  const items: BarItem[] = statusRows.map((row) => ({
    key: row.status,
    label: row.label,
    value: stats.ordersByStatus[row.status],
    valueLabel: count(stats.ordersByStatus[row.status], 'order'),
    tone: row.tone,
  }));
  return (
    <BarListChart
      title="Orders placed in the range, by status"
      description={items.map((item) => `${item.label}: ${item.valueLabel}`).join('; ')}
      items={items}
      table={
        <ChartTable summary="Orders by status as a table" caption="Orders placed in the range, by status">
          <thead>
            <tr>
              <th scope="col">Status</th>
              <th scope="col" className="text-right">
                Orders
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.key}>
                <th scope="row" className="font-normal">
                  {item.label}
                </th>
                <td className="text-right tabular-nums">{formatCount(item.value)}</td>
              </tr>
            ))}
          </tbody>
        </ChartTable>
      }
    />
  );
}

function UnpaidByAge({ stats }: { stats: Stats }) {
  const items: BarItem[] = ageRows.map((row) => {
    const bucket = stats.unpaidByAge[row.key];
    return {
      key: row.key,
      label: row.label,
      value: bucket.orders,
      valueLabel: `${count(bucket.orders, 'order')} · ${formatCents(bucket.totalCents)}`,
      tone: row.tone,
    };
  });
  return (
    <BarListChart
      title="Unpaid orders by age"
      description={items.map((item) => `${item.label}: ${item.valueLabel}`).join('; ')}
      items={items}
      table={
        <ChartTable summary="Unpaid orders by age as a table" caption="Unpaid orders by age">
          <thead>
            <tr>
              <th scope="col">Placed</th>
              <th scope="col" className="text-right">
                Orders
              </th>
              <th scope="col" className="text-right">
                Value
              </th>
            </tr>
          </thead>
          <tbody>
            {ageRows.map((row) => (
              <tr key={row.key}>
                <th scope="row" className="font-normal">
                  {row.label} ago
                </th>
                <td className="text-right tabular-nums">{formatCount(stats.unpaidByAge[row.key].orders)}</td>
                <td className="text-right tabular-nums">{formatCents(stats.unpaidByAge[row.key].totalCents)}</td>
              </tr>
            ))}
          </tbody>
        </ChartTable>
      }
    />
  );
}

/**
 * The admin's sales overview at the top of the dashboard: the range (held in the URL), the
 * headline figures, revenue per day, the top tools, revenue by category, orders by status and
 * unpaid orders by age. Its own chunk: only an admin's dashboard index loads it.
 */
export default function SalesDashboard() {
  const [searchParams] = useSearchParams();
  const [, navigate] = useLocation();
  const { base } = useRouter();
  const selection = selectionFrom(searchParams);
  const range = rangeOf(selection);
  const stats = useStats(range);
  const select = (next: StatsSelection) => {
    // Keep what else the URL says (the dashboard's own ?verified=1, for one).
    const params = new URLSearchParams(searchParams);
    for (const key of ['range', 'from', 'to']) params.delete(key);
    for (const [key, value] of new URLSearchParams(searchOf(next))) params.set(key, value);
    const query = params.toString();
    // The page is its router's root: /dashboard?range=7, not /dashboard/?range=7.
    navigate(`~${base}${query ? `?${query}` : ''}`);
  };
  const data = stats.data;
  const updating = stats.isPlaceholderData;

  return (
    <section aria-labelledby="sales-heading" className="flex flex-col gap-5" data-testid="sales-dashboard">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 id="sales-heading" className="text-2xl font-bold text-primary">
            Sales overview
          </h2>
          <p className="text-sm text-base-content/70">
            <span data-testid="stats-range">{formatRange(range.from, range.to)}</span> · days in UTC
          </p>
        </div>
        <RangePicker key={searchOf(selection)} selection={selection} onChange={select} />
      </header>

      {stats.isPending ? (
        <Spinner label="Loading the sales figures" />
      ) : stats.isError || !data ? (
        <RetryAlert
          title="We could not load the sales figures."
          error={stats.error ?? new Error('No figures.')}
          retrying={stats.isFetching}
          onRetry={() => void stats.refetch()}
        />
      ) : (
        <div className={`flex flex-col gap-5 transition-opacity ${updating ? 'opacity-60' : ''}`} aria-busy={updating}>
          <Figures stats={data} />
          <Panel id="revenue-heading" title="Revenue per day" lead="Orders paid each day, shipped or not.">
            {data.revenue.paidOrders === 0 && <p className="text-sm text-base-content/60">No paid orders in this range yet.</p>}
            <RevenueChart days={data.revenue.byDay} />
          </Panel>
          <div className="grid gap-5 xl:grid-cols-2">
            <div className="flex min-w-0 flex-col gap-5">
              <Panel id="top-tools-heading" title="Top 10 tools by revenue" lead="From the lines of orders paid in the range.">
                <TopTools stats={data} />
              </Panel>
              <Panel
                id="categories-heading"
                title="Revenue by category"
                lead="The same lines, by the category each tool is in now (the 10 that brought the most)."
              >
                <RevenueByCategory stats={data} />
              </Panel>
            </div>
            <div className="flex min-w-0 flex-col gap-5">
              <Panel id="status-heading" title="Orders by status" lead="Orders placed in the range, by their status now.">
                <OrdersByStatus stats={data} />
              </Panel>
              <Panel id="unpaid-heading" title="Unpaid orders by age" lead="Every unpaid order now, by when it was placed.">
                <UnpaidByAge stats={data} />
              </Panel>
              <Panel
                id="buyers-heading"
                title="Top 10 buyers by revenue"
                lead="What each buyer's orders paid in the range came to; a buyer opens their orders placed in it."
              >
                <TopBuyers stats={data} />
              </Panel>
            </div>
          </div>
        </div>
      )}
    </section>
  );
}
