import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** How long a page may take to grow back to the height the reader left it at. */
const GIVE_UP_MS = 3000;

/** The reader's input that ends a restore: they scroll or act themselves. */
const READER_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/** The last scroll position of each history entry (the router's key of it), this tab only. */
const positions = new Map<string, number>();

/** The router's key of the current history entry, read where the router reads it ("default": the first page). */
function historyKey(): string {
  return (window.history.state as { key?: string } | null)?.key ?? 'default';
}

/**
 * Back (or forward) to a page comes back to where the reader was on it.
 *
 * The router's `<ScrollRestoration>` scrolls to the saved position as soon as its own component
 * re-renders. Preact commits each updated component on its own, shallowest first, so that scroll
 * could run while `main` still held the page being left: on a shorter page the browser cut it
 * down (the tournament list at 390 px wide: left at 2,961 px, back at 1,691, the height of the
 * tournament page it came from less a screen). This puts the reader back once the page is tall
 * enough, as it draws or its data arrives, unless the reader scrolls or acts first; it gives up
 * after a few seconds (the page may have shrunk for good). The router's restoration stays for
 * new pages (the top) and `#hash` links.
 */
export function ScrollBack() {
  const { key, hash } = useLocation();
  const navigationType = useNavigationType();
  const restoring = useRef(false);

  useEffect(() => {
    const save = () => {
      if (!restoring.current) positions.set(historyKey(), window.scrollY);
    };
    window.addEventListener('scroll', save, { passive: true });
    return () => window.removeEventListener('scroll', save);
  }, []);

  // A layout effect: it reads the saved position in the same task as the router's own scroll,
  // before that scroll's event could record the cut-down position in its place.
  useLayoutEffect(() => {
    // A #hash entry is the browser's to scroll (the skip link's has no router key of its own).
    const target = navigationType === 'POP' && !hash ? positions.get(key) : undefined;
    if (!target || typeof ResizeObserver === 'undefined') return;
    restoring.current = true;
    let frame = 0;
    const finish = () => {
      if (!restoring.current) return;
      restoring.current = false;
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      resize.disconnect();
      for (const type of READER_EVENTS) window.removeEventListener(type, finish);
      // Nothing saved here: a restore cut short by the next navigation keeps its target, and the
      // position reached or the reader's own scroll is saved by its scroll event.
    };
    const attempt = () => {
      if (!restoring.current) return;
      if (Math.abs(window.scrollY - target) <= 1) return finish();
      if (document.documentElement.scrollHeight - window.innerHeight + 1 >= target) {
        window.scrollTo(0, target);
        finish();
      }
    };
    const resize = new ResizeObserver(attempt);
    resize.observe(document.body);
    for (const type of READER_EVENTS) window.addEventListener(type, finish, { passive: true });
    const timer = setTimeout(finish, GIVE_UP_MS);
    frame = requestAnimationFrame(attempt);
    return finish;
  }, [key, hash, navigationType]);

  return null;
}
