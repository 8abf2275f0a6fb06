import { describe, expect, it } from 'vitest';
import { checkDay, endInputValue, minutesToTime, slotsByDay, timeToMinutes, weekdayName } from './availability';

describe('availability helpers', () => {
  it('turns minutes into times and back; 00:00 as an end is midnight (1440)', () => {
    expect(minutesToTime(18 * 60 + 30)).toBe('18:30');
    expect(minutesToTime(1440)).toBe('24:00');
    expect(endInputValue(1440)).toBe('00:00');
    expect(timeToMinutes('18:30')).toBe(1110);
    expect(timeToMinutes('00:00')).toBe(0);
    expect(timeToMinutes('00:00', true)).toBe(1440);
    expect(timeToMinutes('24:00', true)).toBe(1440);
    expect(timeToMinutes('24:00')).toBeNull();
    expect(timeToMinutes('')).toBeNull();
    expect(timeToMinutes('25:00')).toBeNull();
    expect(timeToMinutes('09:05:00')).toBe(545);
  });

  it('names the week from Monday, in the language', () => {
    expect([1, 7].map((d) => weekdayName(d, 'pt'))).toEqual(['Segunda-feira', 'Domingo']);
    expect([1, 7].map((d) => weekdayName(d, 'en'))).toEqual(['Monday', 'Sunday']);
    expect(weekdayName(3, 'en', 'short')).toBe('Wed');
  });

  it('groups ranges by day, sorted by start', () => {
    const byDay = slotsByDay([
      { weekday: 6, start_minute: 960, end_minute: 1140 },
      { weekday: 6, start_minute: 540, end_minute: 750 },
    ]);
    expect(byDay.get(6)!.map((s) => s.start_minute)).toEqual([540, 960]);
    expect(byDay.get(1)).toEqual([]);
  });
});

describe('checkDay mirrors the server', () => {
  it.each([
    [[{ start: '18:00', end: '20:00' }], [null]],
    [[{ start: '', end: '20:00' }], ['required']],
    [[{ start: '18:03', end: '20:00' }], ['step']],
    [[{ start: '20:00', end: '18:00' }], ['order']],
    [[{ start: '20:00', end: '20:00' }], ['order']],
    [[{ start: '22:00', end: '00:00' }], [null]],
    // touching is fine, overlapping is not (the later-starting range gets the message)
    [[{ start: '18:00', end: '20:00' }, { start: '20:00', end: '21:00' }], [null, null]],
    [[{ start: '19:00', end: '21:00' }, { start: '18:00', end: '19:30' }], ['overlap', null]],
    [[{ start: '08:00', end: '12:00' }, { start: '09:00', end: '10:00' }, { start: '11:00', end: '13:00' }], [null, 'overlap', 'overlap']],
  ])('%j → %j', (ranges, problems) => {
    expect(checkDay(ranges)).toEqual(problems);
  });
});
