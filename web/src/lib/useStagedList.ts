import { useEffect, useState } from 'react';
import { afterNextPaint } from './useAfterFirstPaint';

/**
 * The items to draw: the first `first` at once, all of them from the task after the next paint
 * (issue 16). Preact draws a render in one task, so a page whose answer brings a dozen cards
 * blocked the main thread for the whole list; the cards a screen shows come first and the rest,
 * below the fold, a task later. Only an answer that arrives after the page was drawn is staged: a
 * list already there when the page mounts (from the cache, back to the page) is drawn whole, so
 * the reader's scroll position finds it. Once the whole list was drawn, later answers (more pages,
 * other filters) are drawn whole.
 */
export function useStagedList<T>(items: readonly T[], first: number): readonly T[] {
  const [whole, setWhole] = useState(() => items.length > 0);
  const staged = !whole && items.length > first;
  useEffect(() => (staged ? afterNextPaint(() => setWhole(true)) : undefined), [staged]);
  return staged ? items.slice(0, first) : items;
}
