import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { memoizePlainLookups } from './i18n-memo';

async function setup() {
  const i18n = createInstance();
  memoizePlainLookups(i18n);
  await i18n.init({
    lng: 'pt',
    supportedLngs: ['pt', 'en'],
    fallbackLng: false,
    defaultNS: 'common',
    ns: ['common'],
    interpolation: { escapeValue: false },
    resources: {
      pt: { common: { hello: 'Olá', n_one: '{{count}} jogo', n_other: '{{count}} jogos', nested: { a: 'A' } } },
      en: { common: { hello: 'Hello', n_one: '{{count}} match', n_other: '{{count}} matches', nested: { a: 'A' } } },
    },
  });
  return i18n;
}

describe('memoizePlainLookups', () => {
  it('answers plain lookups as i18next does, and follows the language', async () => {
    const i18n = await setup();
    const t = i18n.getFixedT(null, 'common');
    expect(t('hello')).toBe('Olá');
    expect(t('hello')).toBe('Olá');
    await i18n.changeLanguage('en');
    expect(t('hello')).toBe('Hello');
  });

  it('sees texts added or replaced after the first lookup', async () => {
    const i18n = await setup();
    const t = i18n.getFixedT(null, 'common');
    expect(t('later')).toBe('later'); // missing: i18next answers the key
    i18n.addResourceBundle('pt', 'common', { later: 'Depois', hello: 'Oi' }, true, true);
    expect(t('later')).toBe('Depois');
    expect(t('hello')).toBe('Oi');
  });

  it('keeps fixed languages, namespaces and key prefixes apart', async () => {
    const i18n = await setup();
    i18n.addResourceBundle('pt', 'other', { hello: 'Outro', nested: { a: 'B' } });
    expect(i18n.getFixedT('en', 'common')('hello')).toBe('Hello');
    expect(i18n.getFixedT(null, 'common')('hello')).toBe('Olá');
    expect(i18n.getFixedT(null, 'other')('hello')).toBe('Outro');
    expect(i18n.getFixedT(null, 'other', 'nested')('a')).toBe('B');
    expect(i18n.getFixedT(null, 'common', 'nested')('a')).toBe('A');
  });

  it('passes calls with options to i18next (plurals, values)', async () => {
    const i18n = await setup();
    const t = i18n.getFixedT(null, 'common');
    expect(t('n', { count: 1 })).toBe('1 jogo');
    expect(t('n', { count: 3 })).toBe('3 jogos');
    expect(t('nested', { returnObjects: true })).toEqual({ a: 'A' });
  });

  it('follows a new store at once, before the new init has finished', async () => {
    const i18n = await setup();
    const t = i18n.getFixedT(null, 'common');
    expect(t('hello')).toBe('Olá');
    const done = i18n.init({ lng: 'pt', fallbackLng: false, resources: { pt: { common: { hello: 'Boa tarde' } } }, defaultNS: 'common', ns: ['common'] });
    expect(i18n.getFixedT(null, 'common')('hello')).toBe(i18n.t('hello'));
    await done;
    expect(i18n.getFixedT(null, 'common')('hello')).toBe('Boa tarde');
  });

  it('answers again after a new init with new texts', async () => {
    const i18n = await setup();
    expect(i18n.getFixedT(null, 'common')('hello')).toBe('Olá');
    await i18n.init({ lng: 'pt', fallbackLng: false, resources: { pt: { common: { hello: 'Bom dia' } } }, defaultNS: 'common', ns: ['common'] });
    expect(i18n.getFixedT(null, 'common')('hello')).toBe('Bom dia');
  });
});
