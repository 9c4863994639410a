import { useEffect } from 'react';
import type { Tool } from '@toolsify/shared/tools';
import { toolPageHead } from '@toolsify/shared/tool-page-head';

/** Head elements that belong to the page shown (the server marks its own the same way). */
const PAGE_HEAD = 'data-page-head';

/**
 * While a tool's page is shown, the head carries its canonical link, Open Graph tags and
 * JSON-LD (the server already wrote them when this page was the first one loaded); the
 * elements the page replaced come back when it goes.
 */
export function useToolHead(tool: Tool | undefined) {
  useEffect(() => {
    if (!tool) return;
    const replaced = [...document.head.querySelectorAll(`[${PAGE_HEAD}]`)];
    for (const element of replaced) element.remove();
    const added = toolPageHead(tool, window.location.origin).elements.map((element) => {
      const node = document.createElement(element.tag);
      for (const [name, value] of Object.entries(element.attributes)) node.setAttribute(name, value);
      if (element.tag === 'script') node.textContent = element.text;
      node.setAttribute(PAGE_HEAD, 'tool');
      document.head.append(node);
      return node;
    });
    return () => {
      for (const node of added) node.remove();
      // The site's own elements come back (the shell's, unmarked); another page's the server wrote do not.
      document.head.append(...replaced.filter((node) => node.getAttribute(PAGE_HEAD) === ''));
    };
  }, [tool]);
}
