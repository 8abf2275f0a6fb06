import { describe, expect, it, vi } from 'vitest';
import { TOAST_DEFAULT_DURATION, TOAST_EXIT_MS, dismissToast, getToasts, showToast } from './toast';

describe('toasts (spec §4, §9)', () => {
  it('default to 5000 ms, then leave over 300 ms', () => {
    vi.useFakeTimers();
    expect(TOAST_DEFAULT_DURATION).toBe(5000);
    expect(TOAST_EXIT_MS).toBe(300);
    showToast({ title: 'Olá' });
    expect(getToasts()).toMatchObject([{ title: 'Olá', variant: 'info', duration: 5000, leaving: false }]);

    vi.advanceTimersByTime(4999);
    expect(getToasts()[0].leaving).toBe(false);
    vi.advanceTimersByTime(1);
    expect(getToasts()[0].leaving).toBe(true);
    vi.advanceTimersByTime(299);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToasts()).toHaveLength(0);
  });

  it('honours a custom duration and the four variants', () => {
    vi.useFakeTimers();
    for (const variant of ['success', 'error', 'info', 'warning'] as const) showToast({ variant, duration: 1000 });
    expect(getToasts().map((t) => t.variant)).toEqual(['success', 'error', 'info', 'warning']);
    vi.advanceTimersByTime(1000 + 300);
    expect(getToasts()).toEqual([]);
  });

  it('can be dismissed early, still with the exit animation', () => {
    vi.useFakeTimers();
    const id = showToast({ title: 'x' });
    dismissToast(id);
    expect(getToasts()[0].leaving).toBe(true);
    vi.advanceTimersByTime(300);
    expect(getToasts()).toEqual([]);
  });
});
