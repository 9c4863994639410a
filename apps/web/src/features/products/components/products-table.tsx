import { Link } from 'wouter';
import { formatCents, formatCount } from '@toolsify/shared/money';
import { messages } from '@toolsify/shared/messages';
import { isLowStock, type ManagedTool } from '@toolsify/shared/tools';

export interface ProductsTableProps {
  tools: ManagedTool[];
  onEdit: (tool: ManagedTool) => void;
  onDelete: (tool: ManagedTool) => void;
}

function Stock({ tool }: { tool: ManagedTool }) {
  return (
    // Cards on phones read from the left, the table's column from the right.
    <span className="inline-flex flex-col items-start gap-1 whitespace-nowrap md:items-end">
      {tool.available === 0 ? (
        <span className="font-semibold text-error">{messages.outOfStock}</span>
      ) : (
        <span className="tabular-nums">{formatCount(tool.available)}</span>
      )}
      {isLowStock(tool) && <span className="badge badge-warning badge-soft badge-sm font-medium">Low stock</span>}
    </span>
  );
}

/** The low-stock alert: the stock at or under which the tool is low. */
function Alert({ tool }: { tool: ManagedTool }) {
  return tool.lowStockThreshold === null ? (
    <span className="text-base-content/50">
      <span aria-hidden="true">—</span>
      <span className="sr-only">None</span>
    </span>
  ) : (
    <span className="tabular-nums">{formatCount(tool.lowStockThreshold)}</span>
  );
}

/** The product's category under its name, when it has one. */
function Category({ tool }: { tool: ManagedTool }) {
  return (
    tool.category !== null && (
      <p className="text-xs text-base-content/60 [overflow-wrap:anywhere]">
        <span className="sr-only">Category: </span>
        {tool.category}
      </p>
    )
  );
}

function Actions({ tool, onEdit, onDelete }: { tool: ManagedTool } & Omit<ProductsTableProps, 'tools'>) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Link href={`/products/${tool.id}/stock`} className="btn btn-sm btn-ghost" aria-label={`Stock history of ${tool.name}`}>
        Stock history
      </Link>
      <button type="button" className="btn btn-sm" onClick={() => onEdit(tool)} aria-label={`Edit ${tool.name}`}>
        Edit
      </button>
      <button type="button" className="btn btn-sm btn-error btn-outline" onClick={() => onDelete(tool)} aria-label={`Delete ${tool.name}`}>
        Delete
      </button>
    </div>
  );
}

function Thumb({ tool, size }: { tool: ManagedTool; size: number }) {
  return (
    <img
      src={tool.img}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      className="shrink-0 rounded-field bg-base-200 object-cover ring-1 ring-base-300"
      style={{ width: size, height: size }}
    />
  );
}

/** Manage Products: image, name (and category), SKU, price, available (low or not), minimum, low-stock alert and the actions; cards on phones. */
export function ProductsTable({ tools, onEdit, onDelete }: ProductsTableProps) {
  return (
    <>
      <ul className="flex flex-col gap-3 md:hidden" aria-label="Products">
        {tools.map((tool) => (
          <li key={tool.id} className="card border border-base-300 bg-base-100 shadow-sm" data-testid={`product-${tool.id}`}>
            <div className="card-body gap-3 p-4">
              <div className="flex items-center gap-3">
                <Thumb tool={tool} size={56} />
                <div className="min-w-0 [overflow-wrap:anywhere]">
                  <p className="font-semibold leading-snug">{tool.name}</p>
                  <p className="font-mono text-xs text-base-content/70">
                    <span className="sr-only">SKU </span>
                    {tool.sku}
                  </p>
                  <Category tool={tool} />
                </div>
              </div>
              <dl className="grid grid-cols-2 gap-2 rounded-box bg-base-200 p-3 text-sm min-[400px]:grid-cols-4">
                <div>
                  <dt className="text-base-content/60">Price</dt>
                  <dd className="font-semibold">{formatCents(tool.priceCents)}</dd>
                </div>
                <div>
                  <dt className="text-base-content/60">Available</dt>
                  <dd>
                    <Stock tool={tool} />
                  </dd>
                </div>
                <div>
                  <dt className="text-base-content/60">Minimum</dt>
                  <dd className="tabular-nums">{formatCount(tool.minimum)}</dd>
                </div>
                <div>
                  <dt className="text-base-content/60">Alert at</dt>
                  <dd>
                    <Alert tool={tool} />
                  </dd>
                </div>
              </dl>
              <Actions tool={tool} onEdit={onEdit} onDelete={onDelete} />
            </div>
          </li>
        ))}
      </ul>

      <div className="hidden overflow-x-auto rounded-box border border-base-300 bg-base-100 md:block">
        <table className="table">
          <caption className="sr-only">Products</caption>
          <thead>
            <tr>
              <th scope="col">Image</th>
              <th scope="col">Name</th>
              <th scope="col">SKU</th>
              <th scope="col" className="text-right">
                Price
              </th>
              <th scope="col" className="text-right">
                Available
              </th>
              <th scope="col" className="text-right">
                Minimum
              </th>
              <th scope="col" className="text-right">
                Alert at
              </th>
              <th scope="col" className="text-right">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {tools.map((tool) => (
              <tr key={tool.id} className="hover:bg-base-200/50" data-testid={`product-${tool.id}`}>
                <td>
                  <Thumb tool={tool} size={48} />
                </td>
                <td>
                  <span className="font-medium">{tool.name}</span>
                  <Category tool={tool} />
                </td>
                <td className="font-mono text-sm whitespace-nowrap">{tool.sku}</td>
                <td className="text-right tabular-nums">{formatCents(tool.priceCents)}</td>
                <td className="text-right">
                  <Stock tool={tool} />
                </td>
                <td className="text-right tabular-nums">{formatCount(tool.minimum)}</td>
                <td className="text-right">
                  <Alert tool={tool} />
                </td>
                <td>
                  <Actions tool={tool} onEdit={onEdit} onDelete={onDelete} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
