import { describe, expect, it } from 'vitest';
import { formatRemaining, remaining } from './clubs';

describe('time remaining', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  it('splits into days, hours and minutes', () => {
    expect(remaining('2026-01-05T23:05:30Z', now)).toEqual({ days: 4, hours: 23, minutes: 5 });
  });
  it('is zero once past', () => {
    expect(remaining('2025-12-31T00:00:00Z', now)).toEqual({ days: 0, hours: 0, minutes: 0 });
  });
  it('formats in d, h, m', () => {
    expect(formatRemaining({ days: 4, hours: 23, minutes: 5 })).toBe('4d 23h 5m');
    expect(formatRemaining({ days: 4, hours: 23, minutes: 5 }, true)).toBe('4d 23h');
    expect(formatRemaining({ days: 0, hours: 3, minutes: 0 })).toBe('3h 0m');
    expect(formatRemaining({ days: 0, hours: 0, minutes: 7 })).toBe('7m');
    expect(formatRemaining({ days: 1, hours: 0, minutes: 0 })).toBe('1d 0h 0m');
  });
});
