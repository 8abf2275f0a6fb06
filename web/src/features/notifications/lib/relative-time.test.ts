import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { relativeTime } from './relative-time';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

describe('relative time (spec §9)', () => {
  it.each([
    [0, 'agora', 'now'],
    [59, 'agora', 'now'],
    [60, 'há 1 minuto', '1 minute ago'],
    [59 * 60 + 59, 'há 59 minutos', '59 minutes ago'],
    [3600, 'há 1 hora', '1 hour ago'],
    [23 * 3600 + 3599, 'há 23 horas', '23 hours ago'],
    [24 * 3600, 'há 1 dia', '1 day ago'],
    [10 * 24 * 3600, 'há 10 dias', '10 days ago'],
  ])('%i s ago: %s / %s', (seconds, pt, en) => {
    expect(relativeTime(ago(seconds), NOW, 'pt', i18n.getFixedT('pt'))).toBe(pt);
    expect(relativeTime(ago(seconds), NOW, 'en', i18n.getFixedT('en'))).toBe(en);
  });

  it('a time in the future reads now', () => {
    expect(relativeTime(ago(-120), NOW, 'en', i18n.getFixedT('en'))).toBe('now');
  });
});
