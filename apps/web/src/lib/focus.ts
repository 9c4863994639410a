/**
 * Focuses what `find` finds once React (or a part loaded on demand) has drawn it: tried at once,
 * then on each of the next `frames` animation frames. `preventScroll` when something else brings
 * it into view (a link's own scroll to its section).
 */
export function focusWhenDrawn(find: () => HTMLElement | null | undefined, frames = 30, options?: FocusOptions): void {
  const element = find();
  if (element) element.focus(options);
  else if (frames > 0) requestAnimationFrame(() => focusWhenDrawn(find, frames - 1, options));
}

/**
 * The heading that names the page now shown: a dashboard page's own heading (inside
 * `[data-page-content]`), else the page's h1. Null while the page is still loading.
 */
export function shownPageHeading(root: ParentNode = document): HTMLElement | null {
  // In the dashboard, its page's own heading once that page has loaded (never the frame's h1).
  const content = root.querySelector<HTMLElement>('main [data-page-content]');
  if (content) return content.querySelector<HTMLElement>('h2, h1');
  return root.querySelector<HTMLElement>('main h1');
}

/** The heading of the page's content (focusable for the purpose if it is not already): where the focus goes when what had it is gone. */
export function pageHeading(): HTMLElement | null {
  // A dashboard page still loading: its frame's heading.
  const heading = shownPageHeading() ?? document.querySelector<HTMLElement>('main h1');
  if (heading && !heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  return heading;
}

/**
 * The history state a link passes (wouter's `state`) to have the page it opens focus one of
 * its fields instead of its heading: `{ focus: id }`, see useFocusPageHeading.
 */
export const focusOnArrival = (id: string): { focus: string } => ({ focus: id });

/** The id of the field the current history entry asks to be focused on arrival (focusOnArrival), if any. */
export function arrivalFocusId(): string | undefined {
  const state: unknown = history.state;
  return state && typeof state === 'object' && 'focus' in state && typeof state.focus === 'string' ? state.focus : undefined;
}
