import { useId, type ReactNode } from 'react';
import { useElementWidth } from '../hooks/use-element-width.ts';

/**
 * A chart's frame: an SVG drawn at the width it is shown (so a phone keeps readable text instead
 * of a shrunken picture), named by a title and a description for assistive technology, and the
 * same figures as a table under it. `children` draws the chart for the width it is given.
 */
export function ChartFigure({
  title,
  description,
  height,
  initialWidth,
  table,
  children,
}: {
  title: string;
  description: string;
  height: number | ((width: number) => number);
  /** The width to draw at before the element is measured. */
  initialWidth?: number;
  table: ReactNode;
  children: (size: { width: number; height: number }) => ReactNode;
}) {
  const id = useId();
  const [ref, width] = useElementWidth<HTMLDivElement>(initialWidth);
  const h = typeof height === 'function' ? height(width) : height;
  return (
    <figure className="flex flex-col gap-3">
      <div ref={ref} className="w-full">
        <svg
          width={width}
          height={h}
          viewBox={`0 0 ${width} ${h}`}
          role="img"
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-desc`}
          className="block"
        >
          <title id={`${id}-title`}>{title}</title>
          <desc id={`${id}-desc`}>{description}</desc>
          {children({ width, height: h })}
        </svg>
      </div>
      {table}
    </figure>
  );
}
