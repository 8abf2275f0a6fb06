import { useEffect, useState } from 'react';

/**
 * Runs `run` once the browser has painted and is idle (at the latest 2 s later); returns the
 * cancel. Where requestIdleCallback is missing, a short timeout stands in.
 */
export function afterFirstPaint(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(run, 200);
  return () => clearTimeout(timer);
}

/**
 * False on the first render, true once the browser has painted it and is idle (issue 16): reads a
 * page does not need for its first screen (a filter's option list) wait for it, so on a slow phone
 * connection they do not compete with the page's own data and code for the bandwidth.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterFirstPaint(() => setPainted(true)), []);
  return painted;
}
