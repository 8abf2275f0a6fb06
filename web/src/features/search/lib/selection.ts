/**
 * The overlay's keyboard logic (WAI-ARIA combobox with a listbox popup), kept pure for tests.
 * `active` is the index of the highlighted option, -1 for none.
 */
export type SearchKeyAction =
  | { type: 'move'; active: number }
  | { type: 'open'; index: number }
  | { type: 'close' }
  | { type: 'none' };

export function searchKeyAction(key: string, active: number, count: number): SearchKeyAction {
  switch (key) {
    case 'ArrowDown':
      if (count === 0) return { type: 'none' };
      return { type: 'move', active: active < 0 || active >= count - 1 ? 0 : active + 1 };
    case 'ArrowUp':
      if (count === 0) return { type: 'none' };
      return { type: 'move', active: active <= 0 || active >= count ? count - 1 : active - 1 };
    case 'Home':
      return count === 0 ? { type: 'none' } : { type: 'move', active: 0 };
    case 'End':
      return count === 0 ? { type: 'none' } : { type: 'move', active: count - 1 };
    case 'Enter':
      return active >= 0 && active < count ? { type: 'open', index: active } : { type: 'none' };
    case 'Escape':
      return { type: 'close' };
    default:
      return { type: 'none' };
  }
}
