import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { formatCents, formatCount } from '@toolsify/shared/money';
import { poLabel, type Order } from '@toolsify/shared/orders';
import { OrderStatus, type OrderViewer } from './order-status.tsx';
import { dateFormat } from '../../../lib/date-format.ts';

export interface OrdersTableProps {
  orders: Order[];
  /** customer: My Orders (unit price); admin: Manage All Orders (buyer, date). */
  viewer: OrderViewer;
  caption: string;
  onCancel?: (order: Order) => void;
  onShip?: (order: Order) => void;
  /** My Orders: puts the order's lines in the cart again (a column of its own, after the status). */
  onOrderAgain?: (order: Order) => void;
  busyOrderId?: number | null;
}

interface Column {
  header: string;
  cell: (order: Order) => ReactNode;
  numeric?: boolean;
}

const orderCell: Column = {
  header: 'Order',
  cell: (o) => (
    <span className="flex flex-col">
      <Link
        href={`~/dashboard/orders/${o.id}`}
        className="link link-primary inline-flex min-h-6 items-center self-end font-semibold lg:self-start"
        aria-label={`Order #${o.id}: details`}
      >
        #{o.id}
      </Link>
      {o.poNumber && <span className="font-mono text-xs text-base-content/70">{poLabel(o.poNumber)}</span>}
      {o.invoiceNumber && (
        <a
          href={`/api/orders/${o.id}/invoice.pdf`}
          download
          className="link inline-flex min-h-6 items-center self-end text-xs lg:self-start"
          aria-label={`Download invoice ${o.invoiceNumber} (PDF)`}
        >
          Invoice
        </a>
      )}
      <span className="whitespace-nowrap text-xs text-base-content/60">{dateFormat.format(new Date(o.createdAt))}</span>
    </span>
  ),
};
const buyerCell: Column = {
  header: 'Buyer',
  cell: (o) => (
    <span className="flex min-w-[10rem] flex-col">
      <span className="font-medium">{o.buyerName}</span>
      {o.buyerCompany && <span className="text-sm">{o.buyerCompany}</span>}
      <span className="text-xs text-base-content/60 [overflow-wrap:anywhere]">{o.buyer}</span>
    </span>
  ),
};
const toolCell: Column = { header: 'Tool', cell: (o) => <span className="font-medium">{o.tool}</span> };
const quantityCell: Column = { header: 'Quantity', cell: (o) => formatCount(o.quantity), numeric: true };
const unitPriceCell: Column = {
  header: 'Unit price',
  cell: (o) =>
    o.unitPriceCents === null ? <span className="text-base-content/70">{o.lines.length} prices</span> : formatCents(o.unitPriceCents),
  numeric: true,
};
const shipToCell: Column = {
  header: 'Ship to',
  cell: (o) => (
    <span className="flex min-w-[10rem] max-w-[16rem] flex-col text-sm">
      <span className="line-clamp-2 whitespace-pre-line [overflow-wrap:anywhere]" title={o.address}>
        {o.address}
      </span>
      <span className="text-xs text-base-content/60">{o.phone}</span>
    </span>
  ),
};
const totalCell: Column = {
  header: 'Total',
  cell: (o) => <span className="font-semibold">{formatCents(o.totalCents)}</span>,
  numeric: true,
};

/** My Orders: number, tool, quantity, unit price, total, where it goes. Manage All Orders: number, buyer, tool, quantity, total, where it goes. */
const customerColumns = [orderCell, toolCell, quantityCell, unitPriceCell, totalCell, shipToCell];
const adminColumns = [orderCell, buyerCell, toolCell, quantityCell, totalCell, shipToCell];

/**
 * Orders as a table on wide screens and as stacked cards on phones (no sideways scrolling).
 * The status column comes from the shared order status rule.
 */
export function OrdersTable({ orders, viewer, caption, onCancel, onShip, onOrderAgain, busyOrderId = null }: OrdersTableProps) {
  const again = (order: Order) =>
    onOrderAgain && (
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        onClick={() => onOrderAgain(order)}
        aria-label={`Order again: order #${order.id}`}
      >
        Order again
      </button>
    );
  const status = (order: Order) => (
    <OrderStatus order={order} viewer={viewer} onCancel={onCancel} onShip={onShip} busy={busyOrderId === order.id} />
  );
  const columns = viewer === 'admin' ? adminColumns : customerColumns;

  return (
    <>
      <ul className="flex flex-col gap-3 lg:hidden" aria-label={caption}>
        {orders.map((order) => (
          <li key={order.id} className="card border border-base-300 bg-base-100 shadow-sm" data-testid={`order-${order.id}`}>
            <div className="card-body gap-3 p-4">
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                {columns.map((column) => (
                  <div key={column.header} className="contents">
                    <dt className="text-base-content/60">{column.header}</dt>
                    <dd className="min-w-0 text-right">{column.cell(order)}</dd>
                  </div>
                ))}
              </dl>
              <div className="border-t border-base-300 pt-3">{status(order)}</div>
              {onOrderAgain && <div className="-mt-1 flex justify-end">{again(order)}</div>}
            </div>
          </li>
        ))}
      </ul>

      <div className="hidden overflow-x-auto rounded-box border border-base-300 bg-base-100 lg:block">
        <table className="table table-sm">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col" className={column.numeric ? 'text-right' : undefined}>
                  {column.header}
                </th>
              ))}
              <th scope="col">Status</th>
              {onOrderAgain && (
                <th scope="col">
                  <span className="sr-only">Order again</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => (
              <tr key={order.id} className="hover:bg-base-200/50" data-testid={`order-${order.id}`}>
                {columns.map((column) => (
                  <td key={column.header} className={column.numeric ? 'text-right tabular-nums' : undefined}>
                    {column.cell(order)}
                  </td>
                ))}
                <td>{status(order)}</td>
                {onOrderAgain && <td className="text-right">{again(order)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
