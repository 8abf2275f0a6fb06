import { useEffect, useState } from 'react';
import { afterNextPaint } from './useAfterFirstPaint';

/**
 * The items to draw: the first `first` at once, then `step` more in each task after a paint until
 * all are drawn (issue 16). Preact draws a render in one task, so a page whose answer brings two
 * dozen cards blocked the main thread for the whole list; the cards a screen shows come first and
 * the rest, below the fold, a few per task, so no task is long (Total Blocking Time) and a tap in
 * between is answered. Only an answer that arrives after the page was drawn is staged: a list
 * already there when the page mounts (from the cache, back to the page) is drawn whole, so the
 * reader's scroll position finds it. Once an answer with items was drawn whole (staged or short),
 * later answers (more pages, other filters) are drawn whole.
 */
export function useStagedList<T>(items: readonly T[], first: number, step = first): readonly T[] {
  // How many items are drawn; Infinity once an answer with items has been drawn whole.
  const [count, setCount] = useState(() => (items.length > 0 ? Infinity : first));
  const staged = count < items.length;
  const more = Math.max(1, step);
  useEffect(() => {
    if (!staged) {
      // A short answer, drawn whole at once: from now on every answer is.
      if (items.length > 0 && count !== Infinity) setCount(Infinity);
      return undefined;
    }
    return afterNextPaint(() => setCount((c) => (c + more >= items.length ? Infinity : c + more)));
  }, [staged, count, more, items.length]);
  return staged ? items.slice(0, count) : items;
}
