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

const W = 640;
const H = 200;
const PAD = { top: 16, right: 16, bottom: 28, left: 44 };

/**
 * A small hand-made SVG line chart (no chart library: a few dozen lines beat 100 kB). Colours come
 * from the theme's text colours (currentColor), so it reads in light and dark themes. The SVG is
 * hidden from screen readers, which get the same numbers as a table (also a disclosure for
 * everyone who prefers numbers).
 */
export function LineChart({ title, points, valueLabel, dateLabel, invert = false, tableLabel, testId }: Props) {
  const tableId = useId();
  if (points.length === 0) return null;
  const values = points.map((p) => p.value);
  let min = Math.min(...values);
  let max = Math.max(...values);
  if (min === max) {
    min -= invert ? 0 : 10;
    max += invert ? 1 : 10;
  }
  if (invert) min = Math.max(1, Math.min(min, 1));
  const x = (i: number) => PAD.left + (points.length === 1 ? (W - PAD.left - PAD.right) / 2 : (i * (W - PAD.left - PAD.right)) / (points.length - 1));
  const y = (v: number) => {
    const t = (v - min) / (max - min);
    return invert ? PAD.top + t * (H - PAD.top - PAD.bottom) : H - PAD.bottom - t * (H - PAD.top - PAD.bottom);
  };
  const path = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ');
  const ticks = invert ? [min, Math.round((min + max) / 2), max] : [min, (min + max) / 2, max].map(Math.round);
  return (
    <figure className="w-full" data-testid={testId}>
      <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full text-muted" aria-hidden="true" focusable="false" data-testid={testId && `${testId}-svg`}>
        {[...new Set(ticks)].map((v) => (
          <g key={v}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} stroke="currentColor" strokeOpacity={0.25} strokeDasharray="4 4" />
            <text x={PAD.left - 6} y={y(v) + 4} textAnchor="end" fontSize={12} fill="currentColor">
              {v}
            </text>
          </g>
        ))}
        <text x={x(0)} y={H - 8} fontSize={12} fill="currentColor" textAnchor={points.length === 1 ? 'middle' : 'start'}>
          {points[0].label}
        </text>
        {points.length > 1 && (
          <text x={x(points.length - 1)} y={H - 8} fontSize={12} fill="currentColor" textAnchor="end">
            {points[points.length - 1].label}
          </text>
        )}
        <path d={path} fill="none" className="text-brand" stroke="currentColor" strokeWidth={2.5} strokeLinejoin="round" strokeLinecap="round" />
        {points.length <= 40 &&
          points.map((p, i) => <circle key={i} cx={x(i)} cy={y(p.value)} r={3.5} className="text-brand" fill="currentColor" />)}
      </svg>
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
