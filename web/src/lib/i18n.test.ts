import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectLanguage } from './i18n';

// public/theme-init.js works out the language in <head> to preload its texts; detectLanguage does it
// in the app. The two must agree, or the reader downloads the wrong language's texts first.
const script = readFileSync(join(__dirname, '../../public/theme-init.js'), 'utf8');

function withBrowserLanguages(languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
}

afterEach(() => {
  document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove());
});

describe('the reader language', () => {
  it.each([
    [null, ['en-GB'], 'en'],
    [null, ['pt-BR', 'en-US'], 'pt'],
    [null, ['fr-FR', 'en-US'], 'en'],
    [null, ['fr-FR'], 'pt'],
    [null, [], 'pt'],
    ['en', ['pt-PT'], 'en'],
    ['pt', ['en-US'], 'pt'],
    ['bogus', ['en-US'], 'en'],
  ])('stored %j, browser %j → %s, in the app and in <head>', (stored, browser, expected) => {
    if (stored !== null) localStorage.setItem('i18nextLng', stored);
    withBrowserLanguages(browser);
    expect(detectLanguage()).toBe(expected);

    new Function(script)();
    expect(document.documentElement.lang).toBe(expected);
    const preloads = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')];
    expect(preloads.map((link) => new URL(link.href).pathname)).toEqual([`/locales/${expected}/common.json`]);
    // fetch() reuses a preload only when mode and credentials match: as=fetch, crossorigin=anonymous.
    expect(preloads[0].getAttribute('as')).toBe('fetch');
    expect(preloads[0].getAttribute('crossorigin')).toBe('anonymous');
  });
});

describe("the page's own texts in <head>", () => {
  afterEach(() => document.head.querySelectorAll('meta[name="ladder-page-texts"]').forEach((meta) => meta.remove()));

  it('preloads the namespaces the server names for the page, in the reader language, and nothing odd', () => {
    localStorage.setItem('i18nextLng', 'en');
    const meta = document.createElement('meta');
    meta.name = 'ladder-page-texts';
    meta.content = 'tournament rating ../x a.b';
    document.head.appendChild(meta);
    new Function(script)();
    const preloads = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')];
    expect(preloads.map((link) => new URL(link.href).pathname)).toEqual([
      '/locales/en/common.json',
      '/locales/en/tournament.json',
      '/locales/en/rating.json',
    ]);
    expect(preloads.every((link) => link.getAttribute('as') === 'fetch' && link.getAttribute('crossorigin') === 'anonymous')).toBe(true);
  });
});
