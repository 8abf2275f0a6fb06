/** Formatting shared by the tabs; dates follow the UI language. */
import type { TFunction } from 'i18next';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A calendar date ("YYYY-MM-DD") or a timestamp as "12 de março de 2026" / "March 12, 2026", with
 * the tournament texts' month names and pattern (`dates`), the same strings Intl prints. Not with
 * Intl: a page load's first Intl.DateTimeFormat loads ICU's date data, 140–280 ms of the main
 * thread under Chrome's 4× CPU throttling (a mid-range phone), in one task, and this was the only
 * one the tournament page's first load made — a long task right after its first paint (issue 16:
 * TBT; docs/PERFORMANCE.md, eighteenth session).
 */
export function formatDate(value: string, t: TFunction): string {
  // A bare date is a calendar day: read at local noon (no "Z"), so no time zone moves it a day and
  // the same local getters serve dates and timestamps.
  const date = new Date(DAY.test(value) ? `${value}T12:00:00` : value);
  if (Number.isNaN(date.getTime())) return value;
  const months = t('tournament:dates.months', { returnObjects: true });
  return t('tournament:dates.long', {
    day: date.getDate(),
    month: Array.isArray(months) ? String(months[date.getMonth()]) : String(date.getMonth() + 1),
    year: date.getFullYear(),
  });
}

/** A short day and month ("12/03") for dense lists. */
export function formatShortDate(value: string, language: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(language, { day: '2-digit', month: '2-digit' }).format(date);
}

/** Points with their sign ("+3", "0", "−1"), as scoring rules are read. */
export function signed(n: number): string {
  if (n > 0) return `+${n}`;
  if (n < 0) return `−${Math.abs(n)}`;
  return '0';
}
