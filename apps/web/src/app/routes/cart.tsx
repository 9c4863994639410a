import { hasNoPrice, toolHasNoPriceMessage } from '@toolsify/shared/payments';
import { useEffect, useEffectEvent, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'wouter';
import { toast } from 'react-hot-toast';
import { formatCents, formatCount } from '@toolsify/shared/money';
import { checkQuantity, quantityField } from '@toolsify/shared/orders';
import { largestOrderable, lineCostCents, nextBreakNudge, nudgeMessage, unitPriceFor } from '@toolsify/shared/pricing';
import { focusWhenDrawn } from '../../lib/focus.ts';
import { MAX_CART_LINES, type CartLine } from '@toolsify/shared/cart-lines';
import type { Tool } from '@toolsify/shared/tools';
import { Spinner } from '../../components/ui/spinner.tsx';
import { usePageMeta } from '../../components/seo/use-page-meta.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { TYPING_PAUSE_MS } from '../../lib/use-typed-search.ts';
import { isCartChanged, useCart } from '../../features/cart/api/cart.ts';
import { QuickOrder } from '../../features/cart/components/quick-order.tsx';
import { CheckoutForm } from '../../features/cart/components/checkout-form.tsx';
import { goneToolName, lookupToolIds } from '../../features/cart/api/lookup-tools.ts';
import { SaveListForm } from '../../features/lists/components/save-list-form.tsx';
import { QuantityStepper } from '../../features/orders/components/quantity-stepper.tsx';

/** A cart line with its tool as it is today: gone (deleted), or its price and what is wrong. */
interface PricedLine {
  line: CartLine;
  tool: Tool | null;
  /** The tool's name; for a tool no longer sold, the name and SKU it was sold under. */
  name: string;
  loading: boolean;
  problem: string | null;
  /** With a quantity over the stock: how many can be ordered now (whole packs, within the rules). */
  orderableNow: number | null;
}

/** A quantity as typed: NaN while the field is empty, the number otherwise (maybe not a whole one). */
const typedQuantity = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** What is wrong with a quantity as typed in a cart line (empty, not a whole number, more than any order takes); null: none. */
function typedProblem(text: string): string | null {
  if (text.trim() === '') return 'Enter a quantity';
  const checked = quantityField.safeParse(typedQuantity(text));
  return checked.success ? null : (checked.error.issues[0]?.message ?? 'Enter a quantity');
}

/**
 * A line's quantity field. What is typed is shown as typed (the field can be emptied to type a
 * new number) and saved once the typing pauses or the field is left, if it is a quantity an
 * order can carry; one that is not (empty, 2.5, more than any order takes) is named under the
 * field, not saved, and kept when the field is left, and the line tells the cart (`onInvalid`)
 * so the checkout waits: what the buyer sees is what is ordered. The − and + buttons save at once.
 */
function LineQuantity({
  line,
  tool,
  onSave,
  onInvalid,
}: {
  line: CartLine;
  tool: Tool;
  onSave: (quantity: number) => void;
  onInvalid: (toolId: number, invalid: boolean) => void;
}) {
  /** The text being typed; null: the field shows the saved quantity. */
  const [typed, setTyped] = useState<string | null>(null);
  const problem = typed === null ? null : typedProblem(typed);
  const valid = typed !== null && problem === null ? typedQuantity(typed) : null;
  const unsaved = valid !== null && valid !== line.quantity ? valid : null;
  const saveTyped = useEffectEvent((quantity: number) => onSave(quantity));
  useEffect(() => {
    if (unsaved === null) return;
    const timer = setTimeout(() => saveTyped(unsaved), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [unsaved]);
  const tell = useEffectEvent((invalid: boolean) => onInvalid(line.toolId, invalid));
  const invalid = problem !== null;
  useEffect(() => {
    tell(invalid);
    return () => tell(false);
  }, [invalid]);
  return (
    <QuantityStepper
      id={`cart-quantity-${line.toolId}`}
      // "Quantity" to the eye (the line's name is beside it), "Quantity of <tool>" to a screen reader.
      label={
        <>
          Quantity<span className="sr-only"> of {tool.name}</span>
        </>
      }
      hint={
        <>
          Minimum {formatCount(tool.minimum)}
          {tool.packSize > 1 && <>, in packs of {formatCount(tool.packSize)}</>}
        </>
      }
      step={tool.packSize}
      min={tool.minimum}
      max={Math.max(tool.minimum, largestOrderable(tool))}
      error={problem ?? undefined}
      quantity={typed === null ? line.quantity : typedQuantity(typed)}
      onQuantity={(quantity) => {
        setTyped(null);
        onSave(quantity);
      }}
      value={typed ?? line.quantity}
      onChange={(event) => setTyped(event.target.value)}
      onBlur={() => {
        if (unsaved !== null) onSave(unsaved);
        // A quantity that cannot be saved stays, named, until it is put right.
        if (problem === null) setTyped(null);
      }}
    />
  );
}

/**
 * `/cart`: the lines gathered for one order, with today's prices and rules applied live (the
 * steppers move by the pack size), the order total, Quick order, and Checkout. A line whose
 * tool was deleted or whose stock fell below its quantity is flagged, never silently changed.
 */
export default function CartPage() {
  usePageMeta({ title: 'Cart' });
  const cart = useCart();
  const [, navigate] = useLocation();
  // Today's tools for the lines, in one request: a line whose tool the answer leaves out is no longer sold.
  const ids = cart.lines.map((line) => line.toolId);
  const tools = useQuery({
    queryKey: [...queryKeys.tools, 'cart', ids],
    queryFn: async () => ({ asked: new Set(ids), found: await lookupToolIds(ids) }),
    enabled: ids.length > 0,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
  const priced: PricedLine[] = cart.lines.map((line) => {
    // The previous answer stays while a new one loads: a line it did not ask about is loading, not gone.
    const asked = tools.data?.asked.has(line.toolId) ?? false;
    const tool = tools.data?.found.live.get(line.toolId) ?? null;
    const failed = !asked && tools.isError;
    const check = tool && tool.available > 0 ? checkQuantity(line.quantity, tool) : null;
    const problem =
      asked && !tool
        ? 'This tool is no longer sold. Remove it to check out.'
        : tool
          ? tool.available === 0
            ? 'Out of Stock'
            : hasNoPrice(tool)
              ? toolHasNoPriceMessage
              : (check?.message ?? null)
          : failed
            ? 'Could not load this tool.'
            : null;
    const largest = tool && check?.kind === 'above-available' ? largestOrderable(tool) : 0;
    return {
      line,
      tool,
      name: tool?.name ?? goneToolName(tools.data?.found, line.toolId),
      loading: !asked && !failed,
      problem,
      orderableNow: largest > 0 ? largest : null,
    };
  });
  // Lines whose quantity field holds what cannot be saved (empty, 2.5): the checkout waits for them.
  const [invalidFields, setInvalidFields] = useState<ReadonlySet<number>>(() => new Set());
  const markInvalid = (toolId: number, invalid: boolean) =>
    setInvalidFields((current) => {
      if (current.has(toolId) === invalid) return current;
      const next = new Set(current);
      if (invalid) next.add(toolId);
      else next.delete(toolId);
      return next;
    });
  // A line whose field holds what cannot be saved counts for nothing until it is put right: its
  // saved quantity is not what the buyer sees.
  const counts = (p: PricedLine) => p.tool !== null && !p.problem && !invalidFields.has(p.line.toolId);
  const total = priced.reduce((sum, p) => sum + (p.tool && counts(p) ? lineCostCents(p.tool, p.line.quantity) : 0), 0);
  const flagged = priced.filter((p) => p.problem).length;
  // The first line to put right (flagged, or a field that cannot be saved): where the phone bar takes the buyer.
  const firstToFix = priced.find((p) => p.problem || invalidFields.has(p.line.toolId))?.line.toolId;
  const loading = priced.some((p) => p.loading) || !cart.ready;

  // One toast however many changes failed (offline, each click would add its own).
  const notSaved = (error: unknown) =>
    toast.error(isCartChanged(error) && error instanceof Error ? error.message : 'Could not save the cart.', { id: 'cart-not-saved' });
  const setQuantity = (toolId: number, quantity: number) =>
    void cart.save(cart.lines.map((line) => (line.toolId === toolId ? { ...line, quantity } : line))).catch(notSaved);
  const remove = (toolId: number) => void cart.save(cart.lines.filter((line) => line.toolId !== toolId)).catch(notSaved);
  const addLines = async (lines: CartLine[]) => {
    const { left } = await cart.add(lines);
    toast.success(
      left.length > 0
        ? `Added; ${left.length === 1 ? '1 line' : `${left.length} lines`} did not fit (a cart holds ${MAX_CART_LINES}).`
        : 'Added to the cart.',
    );
  };

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold text-primary">Cart</h1>
      {!cart.ready ? (
        <Spinner label="Loading the cart" />
      ) : cart.lines.length === 0 ? (
        <div className="card border border-base-300 bg-base-100 p-6 text-center">
          <p>Your cart is empty.</p>
          <Link href="/tools" className="btn btn-primary mx-auto mt-4">
            Browse tools
          </Link>
        </div>
      ) : (
        <section aria-labelledby="cart-lines-title" className="card border border-base-300 bg-base-100 shadow-sm">
          <div className="card-body gap-4">
            <h2 id="cart-lines-title" className="card-title text-lg">
              {cart.lines.length === 1 ? '1 line' : `${cart.lines.length} lines`}
            </h2>
            <ul className="flex flex-col divide-y divide-base-300">
              {priced.map(({ line, tool, name, problem, orderableNow }) => (
                <li
                  key={line.toolId}
                  id={`cart-line-${line.toolId}`}
                  tabIndex={-1}
                  // The quantity and amount columns the same width on every line: the steppers line up.
                  className="grid scroll-mt-20 gap-3 py-4 sm:grid-cols-[minmax(0,1fr)_13rem_8rem] sm:items-start"
                  data-testid="cart-line"
                >
                  <div className="min-w-0">
                    {tool ? (
                      <Link href={`/tools/${tool.id}`} className="font-semibold hover:text-primary hover:underline">
                        {tool.name}
                      </Link>
                    ) : (
                      <span className="font-semibold [overflow-wrap:anywhere]">{name}</span>
                    )}
                    {tool && <p className="font-mono text-xs text-base-content/70">{tool.sku}</p>}
                    {tool && !problem && (
                      <p className="text-sm text-base-content/80">{formatCents(unitPriceFor(tool, line.quantity))} each</p>
                    )}
                    {tool && !problem && (
                      <BreakNudge tool={tool} quantity={line.quantity} onTake={(quantity) => setQuantity(line.toolId, quantity)} />
                    )}
                    {problem && (
                      <p className="mt-1 text-sm font-medium text-error" role="status">
                        {problem}
                      </p>
                    )}
                    {orderableNow !== null && (
                      <p className="text-sm text-base-content/80">Up to {formatCount(orderableNow)} can be ordered now.</p>
                    )}
                  </div>
                  {tool ? (
                    <LineQuantity
                      line={line}
                      tool={tool}
                      onSave={(quantity) => setQuantity(line.toolId, quantity)}
                      onInvalid={markInvalid}
                    />
                  ) : (
                    <span className="text-sm">{formatCount(line.quantity)} pieces</span>
                  )}
                  <div className="flex items-center justify-between gap-3 sm:flex-col sm:items-end">
                    <span className="text-lg font-semibold tabular-nums">
                      {tool && !problem && !invalidFields.has(line.toolId) ? formatCents(lineCostCents(tool, line.quantity)) : '—'}
                    </span>
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm text-error"
                      onClick={() => remove(line.toolId)}
                      aria-label={`Remove ${name}`}
                    >
                      Remove
                    </button>
                  </div>
                </li>
              ))}
            </ul>
            <p className="flex items-baseline justify-between border-t border-base-300 pt-4 text-lg">
              {/* With a line to change, the total is of the others (none: nothing to total). */}
              <span className="font-semibold">{firstToFix !== undefined ? 'Total of the lines that can be ordered' : 'Order total'}</span>
              <strong className="text-2xl" data-testid="cart-total">
                {loading ? '…' : firstToFix !== undefined && total === 0 ? '—' : formatCents(total)}
              </strong>
            </p>
            {flagged > 0 && (
              <p className="text-sm text-error">
                {flagged === 1 ? 'One line needs a change' : `${flagged} lines need a change`} before you can check out.
              </p>
            )}
            {flagged === 0 && invalidFields.size > 0 && (
              <p className="text-sm text-error">Put right the quantity named in red before you check out.</p>
            )}
            {cart.signedIn && <SaveListForm lines={cart.lines} />}
          </div>
        </section>
      )}

      {/* The checkout first (on a phone, right under the lines), Quick order beside it; alone (an empty cart), the page's width. */}
      <div className={`grid items-start gap-6 ${cart.lines.length > 0 ? 'lg:grid-cols-2' : ''}`}>
        {cart.lines.length > 0 &&
          (cart.signedIn ? (
            <div id={CHECKOUT_ID} className="scroll-mt-20">
              <CheckoutForm
                // Each line with the unit price shown for it: the server refuses the order if a price changed since.
                lines={priced.map(({ line, tool }) =>
                  tool ? { ...line, expectedUnitPriceCents: unitPriceFor(tool, line.quantity) } : line,
                )}
                lineNames={priced.map(({ name }) => name)}
                disabled={flagged > 0 || loading || invalidFields.size > 0}
                onLinesRefused={() => void tools.refetch()}
                onPlaced={async (orderId) => {
                  // The order is placed: on to paying it, even if the cart changed elsewhere meanwhile and keeps its lines.
                  await cart.save([]).catch(() => undefined);
                  navigate(`/dashboard/payment/${orderId}`);
                }}
              />
            </div>
          ) : (
            <div className="card border border-base-300 bg-base-100 p-6 text-center">
              <p>Log in to check out. Your cart is kept and joins your account.</p>
              <Link href="/login?from=/cart" className="btn btn-primary mx-auto mt-4">
                Login
              </Link>
            </div>
          ))}
        <QuickOrder cartLines={cart.lines} onAdd={addLines} />
      </div>
      {cart.signedIn && cart.lines.length > 0 && (
        <CheckoutBar total={loading ? '…' : firstToFix !== undefined && total === 0 ? '—' : formatCents(total)} toFix={firstToFix} />
      )}
    </div>
  );
}

const CHECKOUT_ID = 'checkout';

/**
 * On a phone, a long cart puts the checkout thousands of pixels down: while it is below the
 * screen, a bar at the bottom gives the total and takes the buyer to it (the phone field); while a
 * line must be put right first (`toFix`), it takes them to that line instead.
 */
function CheckoutBar({ total, toFix }: { total: string; toFix: number | undefined }) {
  const [below, setBelow] = useState(false);
  useEffect(() => {
    const checkout = document.getElementById(CHECKOUT_ID);
    if (!checkout) return;
    const observer = new IntersectionObserver(([entry]) => {
      if (entry) setBelow(!entry.isIntersecting && entry.boundingClientRect.top > 0);
    });
    observer.observe(checkout);
    return () => observer.disconnect();
  }, []);
  if (!below) return null;
  return (
    <div
      className="fixed inset-x-0 bottom-0 z-30 flex items-center justify-between gap-3 border-t border-base-300 bg-base-100 px-4 py-3 shadow-lg lg:hidden"
      data-testid="checkout-bar"
    >
      <span className="text-sm">
        {/* As the page says it: with a line to put right, the total is of the others. */}
        {toFix === undefined ? 'Order total' : 'Total of the others'} <strong className="text-base tabular-nums">{total}</strong>
      </span>
      {toFix === undefined ? (
        <a
          href={`#${CHECKOUT_ID}`}
          className="btn btn-primary btn-sm"
          onClick={(event) => {
            event.preventDefault();
            document.getElementById(CHECKOUT_ID)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
            focusWhenDrawn(() => document.getElementById('checkout-phone'), 30, { preventScroll: true });
          }}
        >
          Checkout
        </a>
      ) : (
        <a
          href={`#cart-line-${toFix}`}
          className="btn btn-outline btn-error btn-sm"
          onClick={(event) => {
            event.preventDefault();
            const line = document.getElementById(`cart-line-${toFix}`);
            line?.scrollIntoView({ behavior: 'smooth', block: 'start' });
            line?.focus({ preventScroll: true });
          }}
        >
          A line to put right
        </a>
      )}
    </div>
  );
}

/**
 * A price break within reach of the line (nextBreakNudge, as on the tool's page): its price
 * and a button that takes the line to it.
 */
function BreakNudge({ tool, quantity, onTake }: { tool: Tool; quantity: number; onTake: (quantity: number) => void }) {
  const nudge = nextBreakNudge(tool, quantity);
  if (!nudge) return null;
  return (
    <p className="mt-1 flex flex-wrap items-center gap-x-2 text-sm text-green-800" data-testid="cart-line-nudge">
      <span>{nudgeMessage(nudge)}</span>
      <button
        type="button"
        className="btn btn-link btn-xs px-0"
        onClick={() => {
          onTake(nudge.quantity);
          // The button goes with the nudge: the keyboard goes on from the line's quantity.
          focusWhenDrawn(() => document.getElementById(`cart-quantity-${tool.id}`));
        }}
      >
        Add {formatCount(nudge.addPieces)} more<span className="sr-only"> {tool.name}</span>
      </button>
    </p>
  );
}
