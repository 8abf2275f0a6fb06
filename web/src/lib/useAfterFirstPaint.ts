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
 * Runs `run` in a task of its own right after the next frame is painted; returns the cancel. A
 * hidden tab paints no frames (a page opened in a background tab would wait until it is shown), so
 * there it only waits for a task.
 */
export function afterNextPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (document.visibilityState === 'hidden') {
    timer = setTimeout(run, 0);
    return () => clearTimeout(timer);
  }
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
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

/**
 * False on the first render when `wait` holds, true from the task after the next paint (at once
 * when it does not). Preact draws a render in one task: a part drawn a task later splits a long
 * task in two, so a tap in between is answered (Total Blocking Time, issue 16).
 */
export function useAfterNextPaint(wait = true): boolean {
  const [painted, setPainted] = useState(!wait);
  useEffect(() => (painted ? undefined : afterNextPaint(() => setPainted(true))), [painted]);
  return painted;
}
