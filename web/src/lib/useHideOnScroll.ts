import { useEffect, useState } from 'react';

/**
 * The floating buttons (help, quick actions, admin access) sit over the page's bottom corners and
 * would cover the right edge of whatever scrolls under them (ranking cards at 390 px). They step
 * aside while the reader scrolls down and come back when the reader scrolls up, is near the top,
 * or reaches the end of the page — where the footer's reserved space (--fab-space, AppShell)
 * keeps everything clear of them. Buttons stay focusable: focus brings them back (CSS).
 */
export function useHideOnScroll(threshold = 160): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    let frame = 0;
    const update = () => {
      frame = 0;
      const y = window.scrollY;
      const atEnd = window.innerHeight + y >= document.documentElement.scrollHeight - 8;
      if (y < threshold || atEnd) setHidden(false);
      else if (y > last + 4) setHidden(true);
      else if (y < last - 4) setHidden(false);
      last = y;
    };
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [threshold]);
  return hidden;
}

/**
 * Classes for a floating button while it steps aside (see useHideOnScroll): moved down, faded and
 * not hit by the pointer; keyboard focus (on it or inside it) brings it back at once.
 */
export function floatingClasses(hidden: boolean): string {
  return hidden
    ? 'pointer-events-none translate-y-[calc(100%+2rem)] opacity-0 focus-within:pointer-events-auto focus-within:translate-y-0 focus-within:opacity-100'
    : '';
}
