/**
 * The ladder as a pyramid: row k (1-based) holds k players, so position 1 sits alone at the top,
 * positions 2–3 below it, 4–6 below them, and the last row holds whoever is left. Pure maths, so
 * the Bracket tab and its keyboard moves can be tested without rendering.
 */

/** The row (1-based) of a position in the pyramid: the smallest k with k(k+1)/2 ≥ position. */
export function rowOf(position: number): number {
  return Math.ceil((Math.sqrt(8 * position + 1) - 1) / 2);
}

/** The first position of row k. */
export const rowStart = (row: number) => (row * (row - 1)) / 2 + 1;

/** The positions 1…count laid out in rows of 1, 2, 3 … (the last row may be shorter). */
export function pyramidRows(count: number): number[][] {
  const rows: number[][] = [];
  for (let row = 1; rowStart(row) <= count; row++) {
    const start = rowStart(row);
    const end = Math.min(count, start + row - 1);
    rows.push(Array.from({ length: end - start + 1 }, (_, i) => start + i));
  }
  return rows;
}

/**
 * Whether the player at `from` may challenge the one at `to` when challenges reach `range`
 * places above or below (0: anyone). Mirrors the server's ladder.CanChallenge.
 */
export function canChallenge(range: number, from: number, to: number): boolean {
  if (from === to || from <= 0 || to <= 0) return false;
  return range === 0 || Math.abs(from - to) <= range;
}

/** The positions `from` may challenge, as an inclusive span within 1…count (none alone in a ladder). */
export function challengeSpan(range: number, from: number, count: number): { first: number; last: number } | null {
  if (count < 2) return null;
  if (range === 0) return { first: 1, last: count };
  return { first: Math.max(1, from - range), last: Math.min(count, from + range) };
}

export type BracketKey = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown' | 'Home' | 'End';

/**
 * Where a key moves the focus from `position`. Left/Right step one place (crossing rows, as
 * reading order does); Up/Down go to the row above or below keeping the place in the row (the
 * last one when that row is shorter). In a rungs list (`pyramid` false) Up/Down step one place.
 */
export function moveFocus(position: number, key: BracketKey, count: number, pyramid: boolean): number {
  const clamp = (p: number) => Math.min(count, Math.max(1, p));
  switch (key) {
    case 'Home':
      return 1;
    case 'End':
      return count;
    case 'ArrowLeft':
      return clamp(position - 1);
    case 'ArrowRight':
      return clamp(position + 1);
  }
  if (!pyramid) return clamp(key === 'ArrowUp' ? position - 1 : position + 1);
  const row = rowOf(position);
  const index = position - rowStart(row);
  const target = key === 'ArrowUp' ? row - 1 : row + 1;
  if (target < 1 || rowStart(target) > count) return position;
  return clamp(rowStart(target) + Math.min(index, target - 1));
}

/** The pyramid reads well from this many players; fewer fit a rungs list better. */
export const PYRAMID_FROM = 10;
