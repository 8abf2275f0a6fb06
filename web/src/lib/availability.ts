import type { components } from '@/api/schema';

/**
 * Weekly availability (DECISIONS 17): ranges of minutes from midnight in the player's own
 * timezone, end exclusive, on 5-minute marks, at most 8 a day, touching allowed, overlapping not.
 * Shared by the profile editor and the read-only player page.
 */
export type Slot = components['schemas']['SlotView'];

/** ISO weekdays, Monday first (the week starts on Monday). */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const SLOT_STEP_MINUTES = 5;
export const MAX_SLOTS_PER_DAY = 8;
export const MINUTES_PER_DAY = 24 * 60;

const pad = (n: number) => String(n).padStart(2, '0');

/** 1110 → "18:30"; the end of the day (1440) reads "24:00". */
export function minutesToTime(minutes: number): string {
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/**
 * "18:30" → 1110, null when empty or malformed. As an end, "00:00" (and "24:00") means midnight
 * at the end of the day, 1440: a time input cannot say 24:00.
 */
export function timeToMinutes(value: string, asEnd = false): number | null {
  const match = /^(\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/.exec(value.trim());
  if (!match) return null;
  const h = Number(match[1]);
  const m = Number(match[2]);
  if (h > 24 || m > 59 || (h === 24 && m !== 0)) return null;
  const total = h * 60 + m;
  if (asEnd && (total === 0 || total === MINUTES_PER_DAY)) return MINUTES_PER_DAY;
  return total === MINUTES_PER_DAY ? null : total;
}

/** The value of a time input for an end minute (1440 shows as 00:00, i.e. midnight). */
export function endInputValue(minutes: number): string {
  return minutesToTime(minutes % MINUTES_PER_DAY);
}

// 1 January 2024 was a Monday: weekday w is 2024-01-0w.
const weekdayDate = (weekday: number) => new Date(Date.UTC(2024, 0, weekday, 12));

/** The weekday's name in the language (Intl), capitalised: "Segunda-feira", "Monday", "Mon". */
export function weekdayName(weekday: number, language: string, style: 'long' | 'short' = 'long'): string {
  const name = new Intl.DateTimeFormat(language, { weekday: style, timeZone: 'UTC' }).format(weekdayDate(weekday));
  return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
}

/** Ranges per weekday (1..7), each day sorted by start. */
export function slotsByDay(slots: readonly Slot[]): Map<number, Slot[]> {
  const out = new Map<number, Slot[]>(WEEKDAYS.map((d) => [d, []]));
  for (const slot of slots) out.get(slot.weekday)?.push(slot);
  for (const list of out.values()) list.sort((a, b) => a.start_minute - b.start_minute);
  return out;
}

/** What can be wrong with one range of the editor (mirrors the server's checks). */
export type RangeProblem = 'required' | 'step' | 'order' | 'overlap';

export interface RangeDraft {
  start: string;
  end: string;
}

/**
 * Checks one day's ranges: both times given, on 5-minute marks, end after start, and no overlap
 * with an earlier-starting range of the same day (touching is fine). One problem per range, or null.
 */
export function checkDay(ranges: readonly RangeDraft[]): (RangeProblem | null)[] {
  const problems: (RangeProblem | null)[] = ranges.map(({ start, end }) => {
    const s = timeToMinutes(start);
    const e = timeToMinutes(end, true);
    if (s === null || e === null) return 'required';
    if (s % SLOT_STEP_MINUTES !== 0 || e % SLOT_STEP_MINUTES !== 0) return 'step';
    if (e <= s) return 'order';
    return null;
  });
  const valid = ranges
    .map((r, index) => ({ index, start: timeToMinutes(r.start)!, end: timeToMinutes(r.end, true)! }))
    .filter(({ index }) => problems[index] === null)
    .sort((a, b) => a.start - b.start || a.end - b.end);
  let latestEnd = -1;
  for (const r of valid) {
    if (r.start < latestEnd) problems[r.index] = 'overlap';
    latestEnd = Math.max(latestEnd, r.end);
  }
  return problems;
}
