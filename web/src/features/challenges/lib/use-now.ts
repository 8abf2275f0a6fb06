import { useEffect, useState } from 'react';

/**
 * The current time, with a re-render every `ms` so countdowns ("answer within 2h 5m") stay true
 * while the page is open. Read at each render, not kept from the first one: a list refetched
 * after a change must not be measured against an older clock.
 */
export function useNow(ms = 60_000): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((t) => t + 1), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return Date.now();
}
