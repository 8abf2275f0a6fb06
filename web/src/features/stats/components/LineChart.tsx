import { useId } from 'react';

export interface ChartPoint {
  /** Shown under the first and last points and in the table. */
  label: string;
  value: number;
}

interface Props {
  /** The chart's accessible name (the table alternative repeats it as its caption). */
  title: string;
  points: ChartPoint[];
  /** Heading of the value column of the table alternative. */
  valueLabel: string;
  dateLabel: string;
  /** Positions: 1 is best, so the axis runs downwards. */
  invert?: boolean;
  /** Label of the "show as a table" toggle. */
  tableLabel: string;
  testId?: string;
}

/**
 * A small hand-made line chart (no chart library: a few dozen lines beat 100 kB). The lines are an
 * SVG stretched to the box (strokes keep their width); labels and markers are HTML placed in
 * percent, so text stays readable from a 390 px phone to a desktop. Colours come from the theme's
 * text colours (currentColor), so it reads in light and dark themes. The drawing is hidden from
 * screen readers, which get the same numbers as a table (a disclosure for everyone who prefers
 * numbers).
 */
export function LineChart({ title, points, valueLabel, dateLabel, invert = false, tableLabel, testId }: Props) {
  const tableId = useId();
  if (points.length === 0) return null;
  const values = points.map((p) => p.value);
  let min = Math.min(...values);
  let max = Math.max(...values);
  if (invert) min = 1; // positions: the axis starts at first place
  if (min === max) {
    if (invert) max += 1;
    else {
      min -= 10;
      max += 10;
    }
  }
  // x and y in percent of the plot box.
  const x = (i: number) => (points.length === 1 ? 50 : (i * 100) / (points.length - 1));
  const y = (v: number) => {
    const t = (v - min) / (max - min);
    return invert ? t * 100 : 100 - t * 100;
  };
  const path = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(2)},${y(p.value).toFixed(2)}`).join(' ');
  const ticks = [...new Set([min, Math.round((min + max) / 2), max].map(Math.round))];
  return (
    <figure className="w-full" data-testid={testId}>
      <div className="flex gap-2 text-xs text-muted" aria-hidden="true">
        <div className="relative w-10 shrink-0">
          {ticks.map((v) => (
            <span key={v} className="absolute right-0 -translate-y-1/2 tabular-nums" style={{ top: `${y(v)}%` }}>
              {v}
            </span>
          ))}
        </div>
        <div className="relative h-36 flex-1 sm:h-48">
          <svg viewBox="0 0 100 100" preserveAspectRatio="none" className="absolute inset-0 h-full w-full overflow-visible" focusable="false" data-testid={testId && `${testId}-svg`}>
            {ticks.map((v) => (
              <line key={v} x1={0} x2={100} y1={y(v)} y2={y(v)} stroke="currentColor" strokeOpacity={0.3} strokeDasharray="4 4" vectorEffect="non-scaling-stroke" />
            ))}
            <path d={path} fill="none" className="text-brand" stroke="currentColor" strokeWidth={2.5} strokeLinejoin="round" strokeLinecap="round" vectorEffect="non-scaling-stroke" />
          </svg>
          {points.length <= 40 &&
            points.map((p, i) => (
              <span key={i} className="absolute h-2 w-2 -translate-x-1/2 -translate-y-1/2 rounded-full bg-brand" style={{ left: `${x(i)}%`, top: `${y(p.value)}%` }} />
            ))}
        </div>
      </div>
      <div className="mt-2 flex justify-between pl-12 text-xs text-muted" aria-hidden="true">
        <span>{points[0].label}</span>
        {points.length > 1 && <span>{points[points.length - 1].label}</span>}
      </div>
      <figcaption className="sr-only">{title}</figcaption>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-muted hover:text-fg" aria-controls={tableId}>
          {tableLabel}
        </summary>
        <div className="mt-2 max-h-64 overflow-auto rounded-lg border border-border" tabIndex={0} role="region" aria-label={title}>
          <table id={tableId} className="w-full text-sm text-fg">
            <caption className="sr-only">{title}</caption>
            <thead className="bg-surface-2 text-xs text-muted">
              <tr>
                <th scope="col" className="px-3 py-1.5 text-left">{dateLabel}</th>
                <th scope="col" className="px-3 py-1.5 text-right">{valueLabel}</th>
              </tr>
            </thead>
            <tbody>
              {points.map((p, i) => (
                <tr key={i} className="border-t border-border">
                  <td className="px-3 py-1.5">{p.label}</td>
                  <td className="px-3 py-1.5 text-right tabular-nums">{p.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
