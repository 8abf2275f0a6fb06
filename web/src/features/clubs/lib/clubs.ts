import type { TFunction } from 'i18next';

export const SURFACES = ['clay', 'hard', 'grass', 'carpet', 'artificial_grass', 'indoor_hard'] as const;
export const FACILITIES = [
  'parking',
  'changing_rooms',
  'showers',
  'lighting',
  'cafe',
  'pro_shop',
  'coaching',
  'indoor_courts',
  'accessible',
  'padel',
] as const;

export interface Remaining {
  days: number;
  hours: number;
  minutes: number;
}

/** The time left until `expiresAt` in whole days, hours and minutes (zero once past). */
export function remaining(expiresAt: string | Date, now: Date = new Date()): Remaining {
  const ms = Math.max(0, new Date(expiresAt).getTime() - now.getTime());
  const total = Math.floor(ms / 60000);
  return { days: Math.floor(total / 1440), hours: Math.floor((total % 1440) / 60), minutes: total % 60 };
}

/**
 * Spec: time remaining in units d, h, m ("4d 23h 5m"); leading zero units are left out, and
 * `short` keeps only the two largest ("4d 23h").
 */
export function formatRemaining(r: Remaining, short = false): string {
  const parts: string[] = [];
  if (r.days > 0) parts.push(`${r.days}d`);
  if (r.days > 0 || r.hours > 0) parts.push(`${r.hours}h`);
  parts.push(`${r.minutes}m`);
  return (short ? parts.slice(0, 2) : parts).join(' ');
}

/** A label from a code list, with the code itself for an unknown one. */
export const codeLabel = (t: TFunction, group: 'surfaces' | 'facilities', code: string) =>
  t(`clubs:${group}.${code}`, { defaultValue: code });

/** A website as a link: the address as typed, with https:// added when no scheme is given. */
export const websiteHref = (site: string) => (/^https?:\/\//i.test(site) ? site : `https://${site}`);
