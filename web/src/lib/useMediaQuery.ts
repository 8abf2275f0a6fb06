import { useCallback, useMemo, useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches now, following changes (a rotated phone, a resized window);
 * false where the browser has no matchMedia. A part shown only on some screens is then not
 * rendered at all on the others: hidden by CSS alone, a phone would still build what only a
 * desktop shows (issue 16, Total Blocking Time).
 */
export function useMediaQuery(query: string): boolean {
  const list = useMemo(() => (typeof window.matchMedia === 'function' ? window.matchMedia(query) : null), [query]);
  const subscribe = useCallback(
    (onChange: () => void) => {
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [list],
  );
  return useSyncExternalStore(subscribe, () => list?.matches ?? false);
}
