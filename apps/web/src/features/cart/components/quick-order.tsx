import { useState, type ChangeEvent } from 'react';
import { formatCents, formatCount } from '@toolsify/shared/money';
import { checkQuantity } from '@toolsify/shared/orders';
import { lineCostCents } from '@toolsify/shared/pricing';
import { MAX_QUICK_ORDER_LINES, parseQuickOrder, skuKey, type CartLine, type QuickOrderRow } from '@toolsify/shared/cart-lines';
import type { Tool } from '@toolsify/shared/tools';
import { lookupSkus } from '../api/lookup-tools.ts';
import { rowsOfCsv } from '../utils/quick-order-csv.ts';
import { focusWhenDrawn } from '../../../lib/focus.ts';

/** A checked quick-order line: the tool it found and its price, or what is wrong. */
interface CheckedRow {
  row: number;
  text: string;
  tool: Tool | null;
  quantity: number;
  /** Pieces of the tool the cart holds already: the line adds to them. */
  inCart: number;
  problem: string | null;
  /** A later line of a tool an earlier line has: its pieces were added to that line (its row). */
  joinedTo?: number;
}

const MAX_FILE_BYTES = 256 * 1024;

/** What stops a quantity of a tool (the rules of the purchase form), with the figure it is held to. */
function ruleProblem(quantity: number, tool: Tool): string | null {
  const problem = checkQuantity(quantity, tool);
  if (!problem) return null;
  if (problem.kind === 'below-minimum') return `${problem.message} (minimum ${formatCount(tool.minimum)})`;
  if (problem.kind === 'above-available') return `${problem.message} (${formatCount(tool.available)} in stock)`;
  return problem.message;
}

/**
 * Quick order: paste `SKU quantity` lines (as copied from a spreadsheet) or upload a CSV of
 * `sku,quantity`, up to 200 lines. Each line is checked against today's tools and rules and
 * shown (found, price, or the problem) before anything is added; the valid lines go to the
 * cart in one click.
 */
export function QuickOrder({ cartLines, onAdd }: { cartLines: readonly CartLine[]; onAdd: (lines: CartLine[]) => Promise<void> }) {
  const [text, setText] = useState('');
  const [checked, setChecked] = useState<CheckedRow[] | null>(null);
  const [note, setNote] = useState<string | null>(null);
  /** The name of the file the checked lines came from; null: typed or pasted in the box. */
  const [fileName, setFileName] = useState<string | null>(null);
  /** The box's text as it was checked (the lines kept after adding are its, even if the box was edited since). */
  const [checkedText, setCheckedText] = useState('');
  /** After adding: what became of the lines that could not be added. */
  const [kept, setKept] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const check = async ({ rows, tooMany }: { rows: QuickOrderRow[]; tooMany: boolean }, file: string | null = null) => {
    setBusy(true);
    setFileName(file);
    setKept(null);
    setNote(tooMany ? `Only the first ${MAX_QUICK_ORDER_LINES} lines were read.` : null);
    try {
      // A line that could not be read but has a SKU is looked up too, to name its tool.
      const skus = [...new Set(rows.flatMap((row) => (row.sku ? [row.sku] : [])))];
      // Found by the SKU as typed, in any case, or without its punctuation ("TFDD182A": the store's one tool that reads so).
      const found = await lookupSkus(skus);
      const exact = new Map(found.map((tool) => [tool.sku.toLowerCase(), tool]));
      const byKey = new Map(found.map((tool) => [skuKey(tool.sku), tool]));
      const tools = { get: (sku: string) => exact.get(sku) ?? byKey.get(skuKey(sku)) };
      // A SKU on several lines (a sheet split by job site) is one line of all their pieces, the first's.
      const firstRowOf = new Map<number, number>();
      const totalOf = new Map<number, number>();
      const rowsOf = new Map<number, number[]>();
      for (const row of rows) {
        if (!('quantity' in row)) continue;
        const tool = tools.get(row.sku.toLowerCase());
        if (!tool) continue;
        if (!firstRowOf.has(tool.id)) firstRowOf.set(tool.id, row.row);
        totalOf.set(tool.id, (totalOf.get(tool.id) ?? 0) + row.quantity);
        rowsOf.set(tool.id, [...(rowsOf.get(tool.id) ?? []), row.row]);
      }
      const inCart = new Map(cartLines.map((line) => [line.toolId, line.quantity]));
      setChecked(
        rows.map((row): CheckedRow => {
          if ('problem' in row) {
            const named = row.sku ? (tools.get(row.sku.toLowerCase()) ?? null) : null;
            return { row: row.row, text: row.text, tool: named, quantity: 0, inCart: 0, problem: row.problem };
          }
          const tool = tools.get(row.sku.toLowerCase()) ?? null;
          const line = { row: row.row, text: `${row.sku} ${row.quantity}`, tool, quantity: row.quantity, inCart: 0 };
          if (!tool) return { ...line, problem: 'No tool has this SKU' };
          const first = firstRowOf.get(tool.id) ?? row.row;
          if (first !== row.row) return { ...line, problem: null, joinedTo: first };
          const quantity = totalOf.get(tool.id) ?? row.quantity;
          // A tool in the cart already gets these pieces added to its line: the rules are the sum's.
          const held = inCart.get(tool.id) ?? 0;
          const rule = ruleProblem(held + quantity, tool);
          // The lines of one tool are judged together: a refusal says so ("Lines 2 and 5 together, 125: ...").
          const together = rowsOf.get(tool.id) ?? [];
          const joined =
            together.length > 1
              ? `Lines ${together.slice(0, -1).join(', ')} and ${together.at(-1)} together, ${formatCount(quantity)}`
              : null;
          const reason =
            rule && held > 0
              ? `${joined ? `${joined}, with` : 'With'} the ${formatCount(held)} in your cart: ${rule}`
              : rule && joined
                ? `${joined}: ${rule}`
                : rule;
          const problem = tool.available === 0 ? 'Out of Stock' : reason;
          return { ...line, quantity, inCart: held, problem };
        }),
      );
    } catch (error) {
      setChecked(null);
      setNote(`Could not check the lines: ${error instanceof Error ? error.message : 'please try again'}.`);
    } finally {
      setBusy(false);
    }
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      setChecked(null);
      setNote('The file is too large: a quick order reads at most 200 lines (256 KB).');
      return;
    }
    const content = await file.text();
    if (content.includes('\u0000')) {
      setChecked(null);
      setNote('This file is not a CSV text file.');
      return;
    }
    await check(rowsOfCsv(content), file.name);
  };

  const valid = (checked ?? []).filter((row) => row.tool && !row.problem && row.joinedTo === undefined);
  /** A later line of a tool goes (and stays) with the line it joined. */
  const joinedTo = (row: CheckedRow) => (checked ?? []).find((other) => other.row === row.joinedTo);

  const add = async () => {
    setBusy(true);
    try {
      await onAdd(valid.map((row) => ({ toolId: row.tool?.id ?? 0, quantity: row.quantity })));
      const left = (checked ?? []).filter((row) => {
        const line = row.joinedTo === undefined ? row : joinedTo(row);
        return line !== undefined && !valid.includes(line);
      });
      const count = left.length === 1 ? 'The line' : `The ${formatCount(left.length)} lines`;
      setNote(null);
      if (fileName !== null) {
        // A file's lines that could not be added stay listed with their problems, to correct in the
        // file; the box keeps what was typed there.
        setChecked(left.length > 0 ? left : null);
        setKept(
          left.length === 0 ? null : `${count} of ${fileName} that could not be added ${left.length === 1 ? 'is' : 'are'} listed below.`,
        );
      } else {
        // Typed lines that could not be added stay in the box, as typed, to correct and check again.
        const typed = checkedText.split(/\r\n|\r|\n/);
        setChecked(null);
        setText(left.map((row) => typed[row.row - 1] ?? row.text).join('\n'));
        setKept(
          left.length === 0
            ? null
            : `${count} that could not be added ${left.length === 1 ? 'is' : 'are'} in the box: correct ${left.length === 1 ? 'it' : 'them'} and check again.`,
        );
      }
      // The Add button is gone: the keyboard goes on from the box.
      focusWhenDrawn(() => document.getElementById('quick-order-text'));
    } catch (error) {
      setNote(`Could not add the lines to the cart: ${error instanceof Error ? error.message : 'please try again'}.`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card border border-base-300 bg-base-100 shadow-sm" aria-labelledby="quick-order-title">
      <div className="card-body gap-4">
        <h2 id="quick-order-title" className="card-title text-lg">
          Quick order
        </h2>
        <p className="text-sm text-base-content/70">
          Paste lines of a SKU and a quantity, one per line (spaces, tabs, commas or semicolons between them, as copied from a spreadsheet),
          or upload a CSV file with <code>sku,quantity</code> columns (under a header, other columns may be there too). Up to{' '}
          {MAX_QUICK_ORDER_LINES} lines.
        </p>
        <label className="flex flex-col gap-1" htmlFor="quick-order-text">
          <span className="text-sm font-medium">SKUs and quantities</span>
          <textarea
            id="quick-order-text"
            className="textarea w-full font-mono"
            rows={5}
            placeholder={'TF-AG115-850 80\nTF-CH16 500'}
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-describedby={kept ? 'quick-order-kept' : undefined}
          />
        </label>
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="button"
            className="btn btn-outline btn-sm"
            disabled={busy || text.trim() === ''}
            onClick={() => {
              setCheckedText(text);
              void check(parseQuickOrder(text));
            }}
          >
            Check lines
          </button>
          {/* The file box is hidden: its label is the button, and shows the keyboard's focus (peer). */}
          <input
            id="quick-order-file"
            type="file"
            accept=".csv,text/csv,text/plain"
            className="peer sr-only"
            onChange={(event) => void onFile(event)}
          />
          <label
            className="btn btn-ghost btn-sm peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary"
            htmlFor="quick-order-file"
          >
            Upload a CSV file
          </label>
          {busy && <span className="loading loading-spinner loading-sm" aria-label="Checking the lines" />}
        </div>
        {kept && (
          <p id="quick-order-kept" role="status" className="text-sm">
            {kept}
          </p>
        )}
        {note && (
          <p role="alert" className="text-sm text-error">
            {note}
          </p>
        )}
        {checked && (
          <>
            {fileName !== null && (
              <p className="text-sm text-base-content/70">
                Lines of <span className="font-medium [overflow-wrap:anywhere] text-base-content">{fileName}</span>
              </p>
            )}
            <ul
              className="flex flex-col divide-y divide-base-300 rounded-box border border-base-300"
              aria-label="Checked lines"
              data-testid="quick-order-rows"
            >
              {checked.length === 0 && <li className="p-3 text-sm">No lines to read.</li>}
              {checked.map((row) => (
                <li key={row.row} className="flex flex-col gap-1 p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
                  <span className="min-w-0">
                    <span className="text-base-content/60">Line {row.row}: </span>
                    {row.tool ? <span className="font-medium">{row.tool.name}</span> : <span className="font-mono">{row.text}</span>}
                    {row.tool && <span className="ml-1 font-mono text-xs text-base-content/70">{row.tool.sku}</span>}
                  </span>
                  {row.joinedTo !== undefined ? (
                    <span className="text-base-content/70">
                      {formatCount(row.quantity)} added to line {row.joinedTo}
                    </span>
                  ) : row.problem ? (
                    <span className="font-medium text-error">{row.problem}</span>
                  ) : (
                    row.tool && (
                      <span className="tabular-nums">
                        {row.inCart > 0 && `${formatCount(row.quantity)} more, with the ${formatCount(row.inCart)} in your cart: `}
                        {formatCount(row.inCart + row.quantity)} = {formatCents(lineCostCents(row.tool, row.inCart + row.quantity))}
                      </span>
                    )
                  )}
                </li>
              ))}
            </ul>
            {valid.length > 0 ? (
              <button type="button" className="btn btn-primary btn-sm self-start" disabled={busy} onClick={() => void add()}>
                Add {valid.length === 1 ? '1 line' : `${valid.length} lines`} to the cart
              </button>
            ) : (
              // After an add, the note above says why these lines stayed.
              checked.length > 0 &&
              kept === null && (
                <p className="text-sm">
                  {fileName === null
                    ? 'None of these lines can be added: correct them above and check again.'
                    : 'None of these lines can be added: correct the file and upload it again.'}
                </p>
              )
            )}
          </>
        )}
      </div>
    </section>
  );
}
