import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../../../public/locales/en/tournament.json';
import pt from '../../../../public/locales/pt/tournament.json';
import { formatDate } from './format';

async function tFor(lng: 'pt' | 'en') {
  const i18n = i18next.createInstance();
  await i18n.init({ lng, ns: ['tournament'], defaultNS: 'tournament', resources: { pt: { tournament: pt }, en: { tournament: en } }, interpolation: { escapeValue: false } });
  return i18n.t;
}

describe('formatDate (the texts, not Intl: issue 16)', () => {
  it.each(['pt', 'en'] as const)('prints every month of a calendar date and a timestamp as Intl would, in %s', async (lng) => {
    const t = await tFor(lng);
    for (let month = 1; month <= 12; month++) {
      const day = `2026-${String(month).padStart(2, '0')}-${month === 2 ? '28' : '01'}`;
      const utcNoon = new Date(`${day}T12:00:00Z`);
      expect(formatDate(day, t)).toBe(
        new Intl.DateTimeFormat(lng, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(utcNoon),
      );
      // A timestamp is the reader's own calendar day.
      const stamp = `2026-${String(month).padStart(2, '0')}-15T23:30:00Z`;
      expect(formatDate(stamp, t)).toBe(new Intl.DateTimeFormat(lng, { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(stamp)));
    }
  });

  it('keeps a bare date on its day and leaves what is no date as it came', async () => {
    const t = await tFor('pt');
    expect(formatDate('2026-03-12', t)).toBe('12 de março de 2026');
    expect(formatDate('no date', t)).toBe('no date');
    expect(formatDate('', t)).toBe('');
  });
});
