import { useEffect, useState } from 'react';

/**
 * False on the first render, true once the browser has painted it and is idle (issue 16): reads a
 * page does not need for its first screen (a filter's option list) wait for it, so on a slow phone
 * connection they do not compete with the page's own data and code for the bandwidth.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setPainted(true), { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(() => setPainted(true), 200);
    return () => clearTimeout(timer);
  }, []);
  return painted;
}
