import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { escapeJsonForScript, firstPaintScript } from '@toolsify/shared/first-paint';
import { FIRST_PAINT_FRESH_MS, seedFromFirstPaintData } from './first-paint-data.ts';
import { queryKeys } from './query-keys.ts';

/** A document holding one #toolsify-data element with this text (what the browser's parser gives). */
function documentWith(text: string | null) {
  let removed = 0;
  const element = { textContent: text, remove: () => (removed += 1) };
  return {
    doc: { getElementById: (id: string) => (id === 'toolsify-data' && removed === 0 ? (element as unknown as HTMLElement) : null) },
    removed: () => removed,
  };
}

/** The script's text as the server writes it (escaped), which the browser hands back as is. */
const scriptText = (answers: [string, unknown][]) =>
  /^<script[^>]*>(.*)<\/script>$/s.exec(firstPaintScript(answers.map(([p, v]) => [p, JSON.stringify(v)] as const)))?.[1] ?? '';

const page = { items: [{ id: 3, name: '</script><script>alert(1)</script>' }], nextCursor: null, total: 1 };
const config = {
  googleEnabled: false,
  payments: { gateway: 'sandbox', publishableKey: null },
  trainingSiteUrl: 'x',
  unpaidOrderTtlHours: 72,
};
const tool = { id: 7, name: 'Drill\u2028X' };

describe('seedFromFirstPaintData', () => {
  it('puts each answer under the query key its page reads, fresh, and removes the element', () => {
    const client = new QueryClient();
    const { doc, removed } = documentWith(
      scriptText([
        ['/api/tools?limit=6', page],
        ['/api/config', config],
        ['/api/tools/7', tool],
      ]),
    );
    expect(seedFromFirstPaintData(client, doc)).toBe(3);
    expect(removed()).toBe(1);
    expect(client.getQueryData(queryKeys.newestTools(6))).toEqual(page);
    expect(client.getQueryData(queryKeys.config)).toEqual(config);
    expect(client.getQueryData(queryKeys.tool(7))).toEqual(tool);
    // Read once: a second call finds nothing.
    expect(seedFromFirstPaintData(client, doc)).toBe(0);
    // Not refetched at once: an observer with the page's own options finds it fresh.
    const observer = new QueryObserver(client, { queryKey: queryKeys.newestTools(6), queryFn: () => Promise.reject(new Error('fetched')) });
    expect(observer.getCurrentResult().isStale).toBe(false);
    expect(observer.getCurrentResult().status).toBe('success');
    const state = client.getQueryState(queryKeys.newestTools(6));
    expect(Date.now() - (state?.dataUpdatedAt ?? 0)).toBeLessThan(FIRST_PAINT_FRESH_MS);
  });

  it('ignores what is malformed: not JSON, not an object, unknown paths, answers of the wrong shape', () => {
    for (const text of ['{', '', null, '[1,2]', '"text"', 'null']) {
      const client = new QueryClient();
      const { doc, removed } = documentWith(text);
      expect(seedFromFirstPaintData(client, doc), String(text)).toBe(0);
      expect(removed(), String(text)).toBe(1);
      expect(client.getQueryCache().getAll(), String(text)).toHaveLength(0);
    }
    const client = new QueryClient();
    const { doc } = documentWith(
      JSON.stringify({
        '/api/tools?limit=6': { items: 'nope' },
        '/api/tools?limit=50': page,
        '/api/config': [],
        '/api/tools/7': { ...tool, id: 8 },
        '/api/me': { id: 'u1' },
        '/api/tools/8': { id: 8, name: 'Saw' },
      }),
    );
    expect(seedFromFirstPaintData(client, doc)).toBe(1);
    expect(
      client
        .getQueryCache()
        .getAll()
        .map((q) => q.queryKey),
    ).toEqual([queryKeys.tool(8)]);
  });

  it('does nothing on a page without the element', () => {
    const client = new QueryClient();
    expect(seedFromFirstPaintData(client, { getElementById: () => null })).toBe(0);
  });
});

describe('escapeJsonForScript', () => {
  it('leaves no character that could end or bend a script element, and the JSON means the same', () => {
    const value = { name: '</script><script>alert(1)</script> <!-- & \u2028\u2029 >' };
    const escaped = escapeJsonForScript(JSON.stringify(value));
    expect(escaped).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(escaped)).toEqual(value);
  });
});
