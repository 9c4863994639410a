// Starts the store's app once the first screen the server sent in the HTML has painted, its
// images included (docs/decisions/017), so the app's code never delays that paint nor takes a
// phone's bandwidth from the stylesheet and the banner. The app's module is `data-app`, the
// modules it imports at once `data-preload` (fetched beside it, not one after the other).
(() => {
  const script = document.currentScript;
  const app = script && script.dataset.app;
  if (!app) return;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of (script.dataset.preload || '').split(' ').filter(Boolean)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    import(app);
  };
  // After the next frame has painted; a hidden tab paints no frames, so it starts at once.
  const afterPaint = () =>
    document.visibilityState === 'hidden' ? start() : requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start)));
  if (document.readyState === 'complete') afterPaint();
  else addEventListener('load', afterPaint, { once: true });
  // An image that never finishes loading does not hold the app back for long, nor does a
  // visitor who acts before it starts (a link still works as a link, the search box as a form).
  setTimeout(start, 3000);
  for (const type of ['pointerdown', 'keydown', 'focusin']) addEventListener(type, start, { once: true, capture: true, passive: true });
})();
