import type { ReactNode } from 'react';

/**
 * A chart's figures as a table, behind a disclosure under the chart: the same numbers for a
 * screen reader, a keyboard user or anyone who wants them exact.
 */
export function ChartTable({ summary, caption, children }: { summary: string; caption: string; children: ReactNode }) {
  return (
    <details className="rounded-field border border-base-300 text-sm">
      <summary className="cursor-pointer select-none px-3 py-2 font-medium text-primary hover:bg-base-200">{summary}</summary>
      <div className="max-h-80 overflow-auto border-t border-base-300">
        <table className="table table-sm table-pin-rows [&_:is(th,td)]:px-2 sm:[&_:is(th,td)]:px-3 [&_thead_th]:whitespace-normal">
          <caption className="sr-only">{caption}</caption>
          {children}
        </table>
      </div>
    </details>
  );
}
