import { CLOCK_24H } from '@/lib/time-format';
/** Colours of the role and status labels of accounts, tournaments, clubs, matches and challenges. */
export type Tone = 'neutral' | 'good' | 'warn' | 'bad' | 'info';

export const statusTone: Record<string, Tone> = {
  active: 'good',
  validated: 'good',
  completed: 'good',
  accepted: 'good',
  pending: 'warn',
  paused: 'warn',
  requested: 'warn',
  result_reported: 'warn',
  result_disputed: 'bad',
  suspended: 'bad',
  rejected: 'bad',
  expired: 'neutral',
  cancelled: 'neutral',
  inactive: 'neutral',
  time_proposed: 'info',
  waiting_opponent: 'info',
  time_confirmed: 'info',
  in_progress: 'info',
};

/** Dates and times as the reader's language writes them. */
export function formatDate(value: string | undefined, language: string, withTime = false) {
  if (!value) return '';
  return new Date(value).toLocaleString(language, withTime ? { dateStyle: 'medium', timeStyle: 'short', ...CLOCK_24H } : { dateStyle: 'medium' });
}
