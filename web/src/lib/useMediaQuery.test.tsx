import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useMediaQuery } from './useMediaQuery';

function Probe() {
  return <p>{useMediaQuery('(min-width: 64rem)') ? 'wide' : 'narrow'}</p>;
}

/** A matchMedia whose answer the test changes, telling the listeners as a browser would. */
function fakeScreen(wide: boolean) {
  const listeners = new Set<() => void>();
  let matches = wide;
  window.matchMedia = vi.fn().mockImplementation((media: string) => ({
    get matches() {
      return media === '(min-width: 64rem)' && matches;
    },
    media,
    addEventListener: (_: string, f: () => void) => listeners.add(f),
    removeEventListener: (_: string, f: () => void) => listeners.delete(f),
  }));
  return {
    resize(next: boolean) {
      matches = next;
      listeners.forEach((f) => f());
    },
    listeners,
  };
}

describe('useMediaQuery', () => {
  // Each test puts its own matchMedia (or none) on window: the next file's tests get the original.
  const original = window.matchMedia;
  afterEach(() => {
    window.matchMedia = original;
  });

  it('answers on the first render and follows the screen', () => {
    const screenSize = fakeScreen(true);
    const { unmount } = render(<Probe />);
    expect(screen.getByText('wide')).toBeInTheDocument();
    act(() => screenSize.resize(false));
    expect(screen.getByText('narrow')).toBeInTheDocument();
    act(() => screenSize.resize(true));
    expect(screen.getByText('wide')).toBeInTheDocument();
    unmount();
    expect(screenSize.listeners.size).toBe(0);
  });

  it('is false where the query does not match', () => {
    fakeScreen(false);
    render(<Probe />);
    expect(screen.getByText('narrow')).toBeInTheDocument();
  });

  it('is false where the browser has no matchMedia', () => {
    // @ts-expect-error: a browser without the API
    window.matchMedia = undefined;
    render(<Probe />);
    expect(screen.getByText('narrow')).toBeInTheDocument();
  });
});
