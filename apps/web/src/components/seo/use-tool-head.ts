import { useEffect } from 'react';
import type { Tool } from '@toolsify/shared/tools';
import { toolPageHead } from '@toolsify/shared/tool-page-head';

/** Head elements that belong to the page shown (the server marks its own the same way). */
const PAGE_HEAD = 'data-page-head';
/** Those of a tool's page, the server's (first load) or the page's own. */
const TOOL_HEAD = `[${PAGE_HEAD}="tool"]`;

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
      // The site's own elements come back; another tool's (the server's first render) do not.
      document.head.append(...replaced.filter((node) => !node.matches(TOOL_HEAD)));
    };
  }, [tool]);
}

/**
 * The head the server wrote for a tool's page stays only while a tool's page is shown: a
 * visitor may leave before that page has even loaded its code (App calls this on every page).
 */
export function useToolHeadOnlyOnToolPages(location: string) {
  useEffect(() => {
    if (/^\/tools\/[^/]+$/.test(location)) return;
    for (const element of document.head.querySelectorAll(TOOL_HEAD)) element.remove();
  }, [location]);
}
