import { describe, expect, it } from 'vitest';
import { earliestInputValue, fewTimes, fromInputValue, isBlocking, timeIssues, toInputValue } from './time-advice';

// Local times (the browser's zone, as datetime-local inputs are read).
const at = (day: number, h: number, m = 0) => new Date(2030, 4, day, h, m);
const now = at(10, 9); // Friday 10 May 2030, 09:00

describe('timeIssues', () => {
  it('accepts a time at least 2 hours ahead outside the advised-against hours', () => {
    expect(timeIssues(at(11, 18, 30), now)).toEqual([]);
    expect(timeIssues(at(10, 11), now)).toEqual([]); // exactly two hours ahead
    expect(timeIssues(at(10, 11, 59), now)).toEqual([]);
  });

  it('refuses past times, times less than 2 hours ahead and beyond 60 days', () => {
    expect(timeIssues(at(10, 8), now)).toEqual(['past']);
    expect(timeIssues(at(10, 10, 59), now)).toEqual(['tooSoon']);
    expect(timeIssues(new Date(2030, 6, 20, 18), now)).toEqual(['tooFar']);
    expect(['past', 'tooSoon', 'tooFar'].every((i) => isBlocking(i as never))).toBe(true);
  });

  it('warns (without blocking) between 12h and 14h and from 21h', () => {
    expect(timeIssues(at(11, 12), now)).toEqual(['lunch']);
    expect(timeIssues(at(11, 13, 55), now)).toEqual(['lunch']);
    expect(timeIssues(at(11, 14), now)).toEqual([]);
    expect(timeIssues(at(11, 20, 59), now)).toEqual([]);
    expect(timeIssues(at(11, 21), now)).toEqual(['late']);
    expect(timeIssues(at(11, 22, 30), now)).toEqual(['late']);
    expect(isBlocking('lunch')).toBe(false);
    expect(isBlocking('late')).toBe(false);
  });

  it('flags a time already proposed earlier in the list', () => {
    expect(timeIssues(at(11, 18), now, [at(11, 18)])).toEqual(['duplicate']);
    expect(timeIssues(at(11, 18), now, [at(11, 19)])).toEqual([]);
  });

  it('can combine issues', () => {
    expect(timeIssues(at(10, 10, 30), at(10, 9, 30))).toEqual(['tooSoon']);
    expect(timeIssues(at(10, 12, 30), at(10, 11))).toEqual(['tooSoon', 'lunch']);
  });
});

describe('fewTimes', () => {
  it('advises 2–3 times once one is chosen', () => {
    expect(fewTimes(0)).toBe(false);
    expect(fewTimes(1)).toBe(true);
    expect(fewTimes(2)).toBe(false);
    expect(fewTimes(3)).toBe(false);
  });
});

describe('datetime-local values', () => {
  it('round-trip in the local zone', () => {
    expect(toInputValue(at(3, 7, 5))).toBe('2030-05-03T07:05');
    expect(fromInputValue('2030-05-03T07:05')?.getTime()).toBe(at(3, 7, 5).getTime());
    expect(fromInputValue('')).toBeNull();
    expect(fromInputValue('nonsense')).toBeNull();
  });

  it('start two hours ahead, on a 5-minute mark', () => {
    expect(earliestInputValue(new Date(2030, 4, 10, 9, 2))).toBe('2030-05-10T11:05');
    expect(earliestInputValue(new Date(2030, 4, 10, 9, 0))).toBe('2030-05-10T11:00');
  });
});
