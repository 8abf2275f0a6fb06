// Apart from selection.ts: the shell imports this into every page's first load, so it stays tiny.
/**
 * Whether a keydown opens the search overlay: '/' (no modifiers) or Ctrl/Cmd+K, and never while
 * the reader is typing in a field (input, textarea, select, contenteditable, textbox).
 */
export function isSearchShortcut(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target'>): boolean {
  const target = e.target as Element | null;
  if (target?.closest?.('input,textarea,select,[contenteditable]:not([contenteditable=false]),[role=textbox]')) return false;
  return !e.altKey && (e.ctrlKey || e.metaKey ? e.key.toLowerCase() === 'k' : e.key === '/');
}
