import type { TFunction } from 'i18next';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Spec §9: under 1 minute 'now', then minutes under 60, hours under 24, else days
 * ("há 5 minutos", "3 hours ago"). A time in the future (clock skew) reads 'now'.
 */
export function relativeTime(createdAt: string, now: number, language: string, t: TFunction): string {
  const seconds = Math.max(0, Math.floor((now - new Date(createdAt).getTime()) / 1000));
  if (!Number.isFinite(seconds) || seconds < MINUTE) return t('bell.now');
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'always' });
  if (seconds < HOUR) return format.format(-Math.floor(seconds / MINUTE), 'minute');
  if (seconds < DAY) return format.format(-Math.floor(seconds / HOUR), 'hour');
  return format.format(-Math.floor(seconds / DAY), 'day');
}
