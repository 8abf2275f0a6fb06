/**
 * The create challenge dialog's advice (SPEC §5, §9): offer 2–3 times, each at least 2 hours
 * ahead, avoiding 12h–14h and after 21h. Only "at least 2 hours ahead" (and at most 60 days,
 * DECISIONS 43) is a rule the server enforces; the hours are advice, so they warn and never block.
 * Hours are read in the browser's time zone: the zone the datetime-local inputs are typed in.
 */
export const MAX_TIMES = 3;
export const ADVISED_MIN_TIMES = 2;
export const MIN_NOTICE_MS = 2 * 60 * 60 * 1000;
export const MAX_AHEAD_MS = 60 * 24 * 60 * 60 * 1000;
const LUNCH_START = 12 * 60;
const LUNCH_END = 14 * 60;
// The server's suggestions never start at or after 21:00; the warning follows the same line.
const LATE_FROM = 21 * 60;

/** What is wrong with one proposed time: `past`, `tooSoon` and `tooFar` are refused by the server. */
export type TimeIssue = 'past' | 'tooSoon' | 'tooFar' | 'duplicate' | 'lunch' | 'late';

export const BLOCKING: readonly TimeIssue[] = ['past', 'tooSoon', 'tooFar'];

/** The issues of `at`, given the clock and the times chosen before it in the list. */
export function timeIssues(at: Date, now: Date, earlier: readonly Date[] = []): TimeIssue[] {
  const out: TimeIssue[] = [];
  const ahead = at.getTime() - now.getTime();
  if (ahead <= 0) out.push('past');
  else if (ahead < MIN_NOTICE_MS) out.push('tooSoon');
  else if (ahead > MAX_AHEAD_MS) out.push('tooFar');
  // The server stores times to the minute and drops repeats: say so rather than lose one silently.
  if (earlier.some((d) => Math.floor(d.getTime() / 60000) === Math.floor(at.getTime() / 60000))) out.push('duplicate');
  const minute = at.getHours() * 60 + at.getMinutes();
  if (minute >= LUNCH_START && minute < LUNCH_END) out.push('lunch');
  if (minute >= LATE_FROM) out.push('late');
  return out;
}

export const isBlocking = (issue: TimeIssue) => BLOCKING.includes(issue);

/** Advice on the whole set: fewer than the two or three times the spec asks for. */
export const fewTimes = (count: number) => count > 0 && count < ADVISED_MIN_TIMES;

const pad = (n: number) => String(n).padStart(2, '0');

/** A Date as the value of a datetime-local input, in the browser's zone ("2026-05-04T18:30"). */
export function toInputValue(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value read in the browser's zone; null when empty or malformed. */
export function fromInputValue(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  return Number.isNaN(d.getTime()) ? null : d;
}

/** The earliest value the inputs offer: two hours from now, rounded up to the next 5 minutes. */
export function earliestInputValue(now: Date): string {
  const step = 5 * 60 * 1000;
  return toInputValue(new Date(Math.ceil((now.getTime() + MIN_NOTICE_MS) / step) * step));
}
