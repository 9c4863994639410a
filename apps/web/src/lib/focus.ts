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

/** The heading of the page's content (focusable for the purpose if it is not already): where the focus goes when what had it is gone. */
export function pageHeading(): HTMLElement | null {
  // The dashboard's page first (its frame's h1 comes before it in the document), else the page's own.
  const heading = document.querySelector<HTMLElement>('main [data-page-content] h2') ?? document.querySelector<HTMLElement>('main h1');
  if (heading && !heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  return heading;
}
