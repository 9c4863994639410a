import type { ReactNode } from 'react';
import { clip } from '../utils/chart-scale.ts';
import { ChartFigure } from './chart-figure.tsx';

/** The colours a bar may take (whole class names, so Tailwind finds them). */
const toneClass = {
  primary: 'fill-primary',
  accent: 'fill-accent',
  warning: 'fill-warning',
  success: 'fill-success',
  info: 'fill-info',
  error: 'fill-error',
  muted: 'fill-base-content/35',
} as const;
export type BarTone = keyof typeof toneClass;

export interface BarItem {
  key: string;
  label: string;
  value: number;
  /** The value as the chart writes it ("3 orders", "$1,200.00"). */
  valueLabel: string;
  tone: BarTone;
}

const ROW = 42;
/** About how wide a character of the 13 px labels is, to cut a long name before the value. */
const CHAR_PX = 7.2;

/**
 * Horizontal bars, one row each: the label and its value on a line, the bar under it (13 px
 * text at any width); `table` is the same figures as a table.
 */
export function BarListChart({
  title,
  description,
  items,
  table,
}: {
  title: string;
  description: string;
  items: readonly BarItem[];
  table: ReactNode;
}) {
  const max = Math.max(0, ...items.map((item) => item.value));
  return (
    <ChartFigure title={title} description={description} height={items.length * ROW} initialWidth={320} table={table}>
      {({ width }) =>
        items.map((item, i) => {
          const top = i * ROW;
          const room = Math.floor((width - item.valueLabel.length * CHAR_PX - 12) / CHAR_PX);
          const barWidth = max > 0 && item.value > 0 ? Math.max(3, (item.value / max) * width) : 0;
          return (
            <g key={item.key}>
              <text x={0} y={top + 15} className="fill-base-content text-[13px]">
                {clip(item.label, Math.max(4, room))}
              </text>
              <text x={width} y={top + 15} textAnchor="end" className="fill-base-content/70 text-[13px] font-medium tabular-nums">
                {item.valueLabel}
              </text>
              <rect x={0} y={top + 22} width={width} height={10} rx={5} className="fill-base-200" />
              {barWidth > 0 && (
                <rect x={0} y={top + 22} width={barWidth} height={10} rx={5} className={toneClass[item.tone]}>
                  <title>{`${item.label}: ${item.valueLabel}`}</title>
                </rect>
              )}
            </g>
          );
        })
      }
    </ChartFigure>
  );
}
