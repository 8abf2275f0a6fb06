import { CLOCK_24H } from '@/lib/time-format';

/** Dates and times in the viewer's language and the browser's time zone (DECISIONS 43), on a 24-hour clock. */

export function formatDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    ...CLOCK_24H,
  }).format(new Date(iso));
}

/** "2026-05-04" (a calendar day, no zone) → "4 de mai. de 2026" / "4 May 2026". */
export function formatDay(day: string, language: string): string {
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return day;
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

/** Today as a date input's value, in the browser's zone. */
export function todayInputValue(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The time left until `until` in the spec's units d, h, m ("2d 5h", "3h 20m", "12m"): the two
 * largest non-zero units; null once past.
 */
export function timeLeft(until: string, now: number): string | null {
  const minutes = Math.floor((new Date(until).getTime() - now) / 60000);
  if (!Number.isFinite(minutes) || minutes <= 0) return null;
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  if (d > 0) return h > 0 ? `${d}d ${h}h` : `${d}d`;
  if (h > 0) return m > 0 ? `${h}h ${m}m` : `${h}h`;
  return `${m}m`;
}
