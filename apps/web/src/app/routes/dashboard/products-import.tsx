import { useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { toast } from 'react-hot-toast';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, toolCsvColumns, type ImportResult, type ImportRowResult } from '@toolsify/shared/tools-bulk';
import { useOneAtATime } from '../../../lib/use-one-at-a-time.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { importProducts, PRODUCTS_EXPORT_URL, useImportProducts } from '../../../features/products/api/tools-bulk.ts';
import { formatCount } from '@toolsify/shared/money';
import { Icon } from '../../../components/ui/icon.tsx';

const actionLabels: Record<ImportRowResult['action'], string> = {
  create: 'New product',
  update: 'Update',
  unchanged: 'Unchanged',
  error: 'Error',
};
const actionBadges: Record<ImportRowResult['action'], string> = {
  create: 'badge-success',
  update: 'badge-info',
  unchanged: 'badge-ghost',
  error: 'badge-error',
};
const fieldLabels: Record<string, string> = {
  name: 'name',
  sku: 'SKU',
  description: 'description',
  img: 'image',
  priceCents: 'price',
  minimum: 'minimum',
  priceBreaks: 'price breaks',
  packSize: 'pack size',
  maxPerOrder: 'maximum',
  lowStockThreshold: 'low-stock alert',
  category: 'category',
};

/** What a row does, in words: the changed fields and the stock move. */
function RowDetails({ row }: { row: ImportRowResult }) {
  if (row.action === 'error') {
    return (
      <ul className="space-y-0.5 text-error">
        {row.errors.map((issue) => (
          <li key={issue.column + issue.message}>
            <span className="font-mono text-xs">{issue.column}</span>: {issue.message}
          </li>
        ))}
      </ul>
    );
  }
  const parts: string[] = [];
  if (row.action === 'create') parts.push(`${formatCount(row.stockDelta)} in stock`);
  if (row.action === 'update' && row.stockDelta !== 0) {
    parts.push(row.stockDelta > 0 ? `Restock +${formatCount(row.stockDelta)}` : `Correction ${formatCount(row.stockDelta)}`);
  }
  if (row.diff.length === 0) return <span className="text-base-content/80">{parts.join(' · ') || '—'}</span>;
  // A new product: what it will be (name, price, rules), read as the file was understood.
  if (row.action === 'create') {
    return (
      <ul className="space-y-0.5 text-base-content/80" data-testid="import-diff">
        {row.diff.map((field) => (
          <li key={field.field} className="[overflow-wrap:anywhere]">
            <span className="font-medium">{fieldLabels[field.field] ?? field.field}</span>: {shortCell(field.to)}
          </li>
        ))}
        <li>{parts.join(' · ')}</li>
      </ul>
    );
  }
  // Each change from and to, as the file writes it: checked before the import is confirmed.
  return (
    <ul className="space-y-0.5 text-base-content/80" data-testid="import-diff">
      {row.diff.map((change) => (
        <li key={change.field} className="[overflow-wrap:anywhere]">
          <span className="font-medium">{fieldLabels[change.field] ?? change.field}</span>:{' '}
          <del className="text-base-content/60">{shortCell(change.from)}</del>
          <Icon name="arrow-right" className="mx-1 inline h-3.5 w-3.5 align-[-2px]" />
          <span className="sr-only"> to </span>
          <ins className="no-underline">{shortCell(change.to)}</ins>
        </li>
      ))}
      {parts.length > 0 && <li>{parts.join(' · ')}</li>}
    </ul>
  );
}

/** A cell as the dry run shows it: empty named, a long text (a description) cut. */
function shortCell(text: string): string {
  if (text === '') return '(empty)';
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

function Summary({ result }: { result: ImportResult }) {
  const figure = (label: string, value: number, tone = '') => (
    <div className="stat px-4 py-3">
      <div className="stat-title">{label}</div>
      <div className={`stat-value text-2xl ${tone}`}>{formatCount(value)}</div>
    </div>
  );
  return (
    <div className="stats stats-vertical w-full border border-base-300 bg-base-100 min-[480px]:stats-horizontal">
      {figure('New', result.created, 'text-success')}
      {figure('Updated', result.updated, 'text-info')}
      {figure('Unchanged', result.unchanged)}
      {figure('Errors', result.errors, result.errors > 0 ? 'text-error' : '')}
    </div>
  );
}

/** Rows of the dry run: a table on wide screens, a card per row on phones. */
function RowList({ rows }: { rows: ImportRowResult[] }) {
  return (
    <>
      <ul className="flex flex-col gap-2 md:hidden" aria-label="Rows of the file">
        {rows.map((row) => (
          <li key={row.row} className="rounded-box border border-base-300 bg-base-100 p-3 text-sm">
            <div className="mb-1 flex items-center justify-between gap-2">
              <span className="font-mono text-xs break-all">
                Line {row.row} · {row.sku || '(no SKU)'}
              </span>
              <span className={`badge badge-sm ${actionBadges[row.action]}`}>{actionLabels[row.action]}</span>
            </div>
            <RowDetails row={row} />
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-box border border-base-300 bg-base-100 md:block">
        <table className="table table-sm">
          <caption className="sr-only">What the import does with each row of the file</caption>
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">SKU</th>
              <th scope="col">Action</th>
              <th scope="col">Details</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.row} className={row.action === 'error' ? 'bg-error/5' : undefined}>
                <td className="tabular-nums">{row.row}</td>
                <td className="font-mono text-xs break-all">{row.sku || '(no SKU)'}</td>
                <td>
                  <span className={`badge badge-sm whitespace-nowrap ${actionBadges[row.action]}`}>{actionLabels[row.action]}</span>
                </td>
                <td>
                  <RowDetails row={row} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** Which rows of the dry run are listed. */
type RowView = 'error' | 'change' | 'unchanged' | 'all';

const inView: Record<RowView, (row: ImportRowResult) => boolean> = {
  error: (row) => row.action === 'error',
  change: (row) => row.action === 'create' || row.action === 'update',
  unchanged: (row) => row.action === 'unchanged',
  all: () => true,
};

/** Rows listed at first, and added by each "Show more": a file may hold thousands. */
const ROWS_PER_STEP = 100;

/**
 * The dry run, row by row, a hundred at a time: the rows with errors first when there are any
 * (what must be fixed), else the new and updated ones (what the import will change), with the
 * others a click away. A file of 10,000 rows with 3 errors shows those 3.
 */
function DryRunRows({ result }: { result: ImportResult }) {
  const [view, setView] = useState<RowView>(result.errors > 0 ? 'error' : result.created + result.updated > 0 ? 'change' : 'all');
  const [shown, setShown] = useState(ROWS_PER_STEP);
  const rows = result.rows.filter(inView[view]);
  const counts: Record<RowView, number> = {
    error: result.errors,
    change: result.created + result.updated,
    unchanged: result.unchanged,
    all: result.rows.length,
  };
  const tab = (value: RowView, label: string) =>
    (counts[value] > 0 || value === 'all') && (
      <button
        key={value}
        type="button"
        aria-pressed={view === value}
        className={`btn btn-sm join-item ${view === value ? 'btn-primary' : 'btn-outline border-base-300'}`}
        onClick={() => {
          setView(value);
          setShown(ROWS_PER_STEP);
        }}
      >
        {label} ({formatCount(counts[value])})
      </button>
    );
  return (
    <div className="flex flex-col gap-3">
      <div role="group" aria-label="Rows to show" className="join join-vertical min-[480px]:join-horizontal">
        {tab('error', 'Errors')}
        {tab('change', 'New and updated')}
        {tab('unchanged', 'Unchanged')}
        {tab('all', 'All rows')}
      </div>
      <RowList rows={rows.slice(0, shown)} />
      {rows.length > ROWS_PER_STEP && (
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <span role="status">
            Showing {formatCount(Math.min(shown, rows.length))} of {formatCount(rows.length)} rows
          </span>
          {shown < rows.length && (
            <button type="button" className="btn btn-outline btn-sm" onClick={() => setShown(shown + ROWS_PER_STEP)}>
              Show {formatCount(Math.min(ROWS_PER_STEP, rows.length - shown))} more
            </button>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * Manage Products > Import / export CSV: download every product, or upload a file. The file is
 * checked first (a dry run: what each row would do, nothing written); Import writes it all in
 * one go, or nothing if a row has an error.
 */
export default function ImportProductsPage() {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [checking, setChecking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [dryRun, setDryRun] = useState<ImportResult | null>(null);
  /** Each check of a file starts its rows' view afresh. */
  const [checks, setChecks] = useState(0);
  const [done, setDone] = useState<ImportResult | null>(null);
  const runImport = useImportProducts();

  const check = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setDryRun(null);
    setDone(null);
    if (!file) return setProblem('Choose a CSV file first.');
    if (file.size > IMPORT_MAX_BYTES) return setProblem(`The file must be ${IMPORT_MAX_BYTES / 1024 / 1024} MB or smaller.`);
    setChecking(true);
    try {
      setDryRun(await importProducts(file, true));
      setChecks((n) => n + 1);
    } catch (error) {
      const fields = error instanceof ApiError ? Object.values(error.fields) : [];
      setProblem(fields[0] ?? (error instanceof Error ? error.message : String(error)));
    } finally {
      setChecking(false);
    }
  };

  const oneAtATime = useOneAtATime();
  const confirm = () => {
    if (!file) return;
    // A double click imports once (the second would find every row unchanged and say so).
    oneAtATime(async () => {
      try {
        const result = await runImport.mutateAsync(file);
        setDone(result);
        setDryRun(null);
        toast.success(`Imported: ${result.created} new, ${result.updated} updated.`);
      } catch (error) {
        setProblem(error instanceof Error ? error.message : String(error));
      }
    });
  };

  const changes = dryRun ? dryRun.created + dryRun.updated : 0;
  // Products the file changes the stock of: the file's numbers replace what orders have taken since it was exported.
  const stockSet = dryRun ? dryRun.rows.filter((row) => row.action === 'update' && row.stockDelta !== 0).length : 0;

  return (
    <section aria-labelledby="import-heading" className="flex flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-sm">
            <Link href="/products" className="link">
              Manage Products
            </Link>{' '}
            <span aria-hidden="true">›</span>
          </p>
          <h2 id="import-heading" className="text-2xl font-bold text-primary">
            Import and export products
          </h2>
          <p className="text-base-content/70">Update the catalog from a spreadsheet: rows match tools by SKU.</p>
        </div>
        <a href={PRODUCTS_EXPORT_URL} download className="btn btn-outline btn-sm">
          Export CSV
        </a>
      </header>

      <form onSubmit={(event) => void check(event)} className="card border border-base-300 bg-base-100">
        <div className="card-body gap-4">
          <label htmlFor={inputId} className="flex w-full flex-col gap-1">
            <span className="label-text mb-1 font-medium">CSV file</span>
            <input
              id={inputId}
              type="file"
              accept=".csv,text/csv"
              className="file-input file-input-bordered w-full max-w-md"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setDryRun(null);
                setDone(null);
                setProblem(null);
              }}
            />
          </label>
          <p className="text-sm text-base-content/70">
            Columns: <span className="font-mono text-xs break-words">{toolCsvColumns.join(', ')}</span>. Price in dollars; price breaks as{' '}
            <span className="font-mono text-xs">10:11.50;50:10.00</span>; stock is the number to have (the difference is recorded as a
            restock or a correction; pieces held by unpaid orders stay held); an empty max_per_order, low_stock_alert or category is none.
            Only sku is required: a column left out keeps each product's value (a file of sku and price changes prices alone), a new product
            needs name, description, image, price, stock and minimum, and other columns are left out. At most {formatCount(IMPORT_MAX_ROWS)}{' '}
            rows and 5 MB, saved as CSV UTF-8 (as Export CSV writes it).
          </p>
          {problem && (
            <p role="alert" className="alert alert-error alert-soft text-sm">
              {problem}
            </p>
          )}
          <div>
            <button type="submit" className="btn btn-primary btn-sm" disabled={checking || !file}>
              {checking && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
              Check the file
            </button>
          </div>
        </div>
      </form>

      {dryRun && (
        <section aria-labelledby="dry-run-heading" className="flex flex-col gap-4">
          <h3 id="dry-run-heading" className="text-lg font-semibold">
            What the import will do
          </h3>
          <Summary result={dryRun} />
          {dryRun.ignoredColumns.length > 0 && (
            <p className="alert alert-info alert-soft text-sm" data-testid="ignored-columns">
              Left out, not columns of the store: {dryRun.ignoredColumns.map((name) => `"${name}"`).join(', ')}.
            </p>
          )}
          {stockSet > 0 && (
            <p className="alert alert-warning alert-soft text-sm" data-testid="stock-warning">
              The file sets the stock of {formatCount(stockSet)} {stockSet === 1 ? 'product' : 'products'} to its numbers. Orders placed
              since the file was exported are not in them: to change prices or other fields only, leave the stock column out.
            </p>
          )}
          <DryRunRows key={checks} result={dryRun} />
          {dryRun.errors > 0 ? (
            <p role="alert" className="alert alert-warning alert-soft text-sm">
              Fix the rows with errors and check the file again: nothing is imported while a row has an error.
            </p>
          ) : (
            <div className="flex flex-wrap items-center gap-3">
              <button type="button" className="btn btn-primary" onClick={confirm} disabled={runImport.isPending || changes === 0}>
                {runImport.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
                Import {formatCount(changes)} {changes === 1 ? 'product' : 'products'}
              </button>
              {changes === 0 && <span className="text-sm text-base-content/70">Every row is as the catalog has it already.</span>}
            </div>
          )}
        </section>
      )}

      {done && (
        <section aria-labelledby="done-heading" role="status" className="flex flex-col gap-3">
          <h3 id="done-heading" className="text-lg font-semibold text-success">
            Import done
          </h3>
          <Summary result={done} />
          <p>
            <Link href="/products" className="link link-primary">
              Back to Manage Products
            </Link>
          </p>
        </section>
      )}
    </section>
  );
}
