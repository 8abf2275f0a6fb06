import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay, timeLeft, todayInputValue } from './format';

describe('timeLeft', () => {
  const now = Date.UTC(2030, 0, 1, 12);
  const plus = (minutes: number) => new Date(now + minutes * 60000).toISOString();
  it('keeps the two largest units d, h, m', () => {
    expect(timeLeft(plus(2 * 1440 + 5 * 60 + 7), now)).toBe('2d 5h');
    expect(timeLeft(plus(3 * 1440), now)).toBe('3d');
    expect(timeLeft(plus(3 * 60 + 20), now)).toBe('3h 20m');
    expect(timeLeft(plus(60), now)).toBe('1h');
    expect(timeLeft(plus(12), now)).toBe('12m');
  });
  it('is null once past', () => {
    expect(timeLeft(plus(0), now)).toBeNull();
    expect(timeLeft(plus(-5), now)).toBeNull();
  });
});

describe('days', () => {
  it('format a calendar day without shifting it by the zone', () => {
    expect(formatDay('2030-05-04', 'en')).toBe('May 4, 2030');
    expect(todayInputValue(new Date(2030, 4, 4, 23, 59))).toBe('2030-05-04');
  });
});

describe('formatDateTime (one clock per language, issue 15)', () => {
  // 14:30 local time: the browser's zone, whatever it is in the test run.
  const afternoon = new Date(2026, 4, 4, 14, 30).toISOString();

  it.each(['pt', 'pt-PT', 'en', 'en-US'])('shows a 24-hour time in %s', (language) => {
    const text = formatDateTime(afternoon, language);
    expect(text).toContain('14:30');
    expect(text).not.toMatch(/\b(AM|PM)\b/i);
  });
});
