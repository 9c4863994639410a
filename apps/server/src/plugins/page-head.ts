import type { HeadElement } from '@toolsify/shared/tool-page-head';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function renderElement(element: HeadElement, page: string): string {
  const attributes = Object.entries(element.attributes)
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
    .join('');
  // The page's own elements, marked with the page they are for: the app takes them away when it
  // shows another page (useServerHeadOnItsPage), and a tool's page replaces them with its own.
  const mark = ` data-page-head="${escapeHtml(page)}"`;
  if (element.tag === 'script') return `<script${attributes}${mark}>${element.text}</script>`;
  return `<${element.tag}${attributes}${mark} />`;
}

/**
 * The app shell (index.html) with a page's head: its title and description in place of the
 * store's, and its elements in place of the shell's page-specific ones (`data-page-head`), so
 * a crawler or a link preview that runs no script sees the page as it is. Every value is
 * escaped; the JSON-LD comes escaped for a script element (jsonForScript).
 */
export function withPageHead(
  shell: string,
  head: { title: string; description: string; elements: HeadElement[] },
  /** Which page the elements are for: `tool` (any tool's page) or the page's path. */
  page = 'tool',
): string {
  return shell
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(head.title)}</title>`)
    .replace(/<meta\s+name="description"[^>]*>/, `<meta name="description" content="${escapeHtml(head.description)}" />`)
    .replace(/\s*<meta\b[^>]*\bdata-page-head\b[^>]*>/g, '')
    .replace('</head>', `${head.elements.map((e) => `    ${renderElement(e, page)}\n`).join('')}  </head>`);
}
