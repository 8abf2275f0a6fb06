import type { i18n as I18n } from 'i18next';

// getFixedT's answer, loosely typed: a function with the scope it was made for.
type FixedT = ((...args: unknown[]) => unknown) & { lng?: string; lngs?: readonly string[]; ns?: string | readonly string[]; keyPrefix?: unknown };

/**
 * Caches plain lookups of every `t` that `getFixedT` hands out (react-i18next's `useTranslation`
 * uses it): a string key with no options, whose answer is a string. i18next copies its whole
 * options object several times per call, which was ~15 % of a page's render; Preact renders a page
 * in one task, so that cost lands in Lighthouse's Total Blocking Time (issue 16). Calls with
 * options (counts, values, contexts) go to i18next as before. The cache is emptied whenever the
 * language or the loaded texts change, so it never answers what i18next would not.
 */
export function memoizePlainLookups(i18n: I18n) {
  const cache = new Map<string, string>();
  const clear = () => cache.clear();
  i18n.on('languageChanged', clear);
  i18n.on('loaded', clear);
  // init creates the store (a new one each time, before it emits 'initialized'): every lookup checks
  // it still watches the store in use. Writes made with { silent: true } emit nothing: the app
  // makes none (texts arrive through the backend and addResourceBundle).
  let watched: typeof i18n.store | undefined;
  const watchStore = () => {
    if (i18n.store === watched) return;
    clear();
    watched = i18n.store;
    watched?.on('added', clear);
    watched?.on('removed', clear);
  };
  watchStore();

  const original = i18n.getFixedT.bind(i18n) as unknown as (...args: unknown[]) => FixedT;
  const getFixedT = (...args: unknown[]): FixedT => {
    const fixed = original(...args);
    // A key prefix given as a selector function is not a stable name: such a t is left alone.
    if (typeof fixed.keyPrefix === 'function') return fixed;
    // A fixed language or namespace list is part of the answer; so is the language in use when
    // the t follows it (lng and lngs unset).
    const scope = `${fixed.lng ?? ''}\u0000${String(fixed.lngs ?? '')}\u0000${String(fixed.ns ?? '')}\u0000${fixed.keyPrefix ?? ''}\u0000`;
    const t = ((key: unknown, ...rest: unknown[]) => {
      if (rest.length > 0 || typeof key !== 'string') return fixed(key, ...rest);
      watchStore();
      const cacheKey = `${i18n.language}\u0000${scope}${key}`;
      let value = cache.get(cacheKey);
      if (value === undefined) {
        const answer = fixed(key);
        if (typeof answer !== 'string') return answer;
        value = answer;
        cache.set(cacheKey, value);
      }
      return value;
    }) as FixedT;
    t.lng = fixed.lng;
    t.lngs = fixed.lngs;
    t.ns = fixed.ns;
    t.keyPrefix = fixed.keyPrefix;
    return t;
  };
  i18n.getFixedT = getFixedT as unknown as I18n['getFixedT'];
}
