import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';

export const SUPPORTED_LANGUAGES = ['pt', 'en'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'pt';
/** The detector caches the choice under this localStorage key (spec §3 "chosen language"). */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

/** The language in use, narrowed to the two the product speaks. */
export function currentLanguage(): Language {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(lng) ? (lng as Language) : FALLBACK_LANGUAGE;
}

/** Keeps <html lang> in step with the language, for screen readers and hyphenation. */
function syncDocumentLanguage(lng: string) {
  if (typeof document !== 'undefined' && lng) document.documentElement.lang = lng;
}

i18n.on('languageChanged', syncDocumentLanguage);

/**
 * Starts i18next: translations come from /locales/{lng}/{ns}.json (served by the Go binary, and by
 * Vite from public/ in development). Only `common` is needed up front; pages load their own
 * namespace when their route loads (see app/router.tsx).
 */
export function initI18n() {
  return i18n
    .use(HttpBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      supportedLngs: [...SUPPORTED_LANGUAGES],
      fallbackLng: FALLBACK_LANGUAGE,
      load: 'languageOnly',
      ns: ['common'],
      defaultNS: 'common',
      backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
      detection: {
        order: ['localStorage', 'navigator'],
        caches: ['localStorage'],
        lookupLocalStorage: LANGUAGE_STORAGE_KEY,
        // 'en-GB' → 'en': the product speaks languages, not regions, so cache and <html lang> say 'en'.
        convertDetectedLanguage: (lng: string) => lng.replace(/[-_].*$/, ''),
      },
      interpolation: { escapeValue: false }, // React escapes already
      returnNull: false,
    });
}

/** Resolves once i18next has initialised (route loaders wait on it before loading namespaces). */
export const i18nReady: Promise<void> = new Promise((resolve) => {
  if (i18n.isInitialized) resolve();
  else i18n.on('initialized', () => resolve());
});

/** Loads translation namespaces once i18next is ready. */
export async function loadNamespaces(namespaces: string[]) {
  if (namespaces.length === 0) return;
  await i18nReady;
  await i18n.loadNamespaces(namespaces);
}

export { i18n };
