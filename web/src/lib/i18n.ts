import i18n, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { memoizePlainLookups } from './i18n-memo';

export const SUPPORTED_LANGUAGES = ['pt', 'en'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'pt';
/** The chosen language is cached under this localStorage key (spec §3 "chosen language"). */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

const isSupported = (lng: unknown): lng is Language => (SUPPORTED_LANGUAGES as readonly unknown[]).includes(lng);

/** The language in use, narrowed to the two the product speaks. */
export function currentLanguage(): Language {
  // Before i18next has started (main.tsx's first user fetch runs alongside its init), the language
  // it is about to choose: the detected one.
  if (!i18n.isInitialized) return detectLanguage();
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isSupported(lng) ? lng : FALLBACK_LANGUAGE;
}

/**
 * The reader's language before i18next starts: the stored choice, else the first browser language
 * the product speaks ('en-GB' → 'en'), else Portuguese. public/theme-init.js applies the same rule
 * in <head> to preload the common texts while the scripts download; keep the two in step.
 */
export function detectLanguage(): Language {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (isSupported(stored)) return stored;
  } catch {
    /* storage blocked: fall through to the browser's languages */
  }
  const browser = typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];
  for (const code of browser) {
    const base = code?.toLowerCase().replace(/[-_].*$/, '');
    if (isSupported(base)) return base;
  }
  return FALLBACK_LANGUAGE;
}

/** Keeps <html lang> in step with the language (screen readers, hyphenation) and caches the choice. */
function onLanguageChanged(lng: string) {
  if (typeof document !== 'undefined' && lng) document.documentElement.lang = lng;
  if (!appStarted || !isSupported(lng)) return;
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    /* storage blocked: the choice lasts for this page only */
  }
}

i18n.on('languageChanged', onLanguageChanged);
memoizePlainLookups(i18n);

/** Set by initI18n: the app fetches its texts; unit tests give i18next the files directly. */
let appStarted = false;

// One request per file, shared by the early prefetch (loadNamespaces, before i18next is ready) and
// the backend i18next calls later. A failed request is forgotten so a later load can retry it.
const requests = new Map<string, Promise<unknown>>();
function fetchNamespace(lng: string, ns: string): Promise<unknown> {
  const url = `/locales/${lng}/${ns}.json`;
  let request = requests.get(url);
  if (!request) {
    request = fetch(url).then((res) => {
      if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
      return res.json() as Promise<unknown>;
    });
    request.catch(() => requests.delete(url));
    requests.set(url, request);
  }
  return request;
}

/**
 * The translation files come from /locales/{lng}/{ns}.json (served by the Go binary, and by Vite
 * from public/ in development). A few lines instead of i18next-http-backend and the language
 * detector: 5 KiB less JavaScript on the landing page, and requests can start before init.
 */
const fetchBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(lng: string, ns: string, callback: ReadCallback) {
    fetchNamespace(lng, ns).then(
      (data) => callback(null, data as Record<string, unknown>),
      (error: unknown) => callback(error as Error, false),
    );
  },
};

/** The language i18next loads for: the detected one until init has chosen. */
const initialLanguage = detectLanguage();
const loadingLanguage = () => (i18n.isInitialized ? currentLanguage() : initialLanguage);

/**
 * Starts i18next with the reader's language only: `common` up front, pages' namespaces with their
 * routes (app/router.tsx). No fallback language is loaded: the key-parity test keeps both languages
 * complete, so a Portuguese reader never downloads English texts and vice versa.
 */
export function initI18n() {
  appStarted = true;
  return i18n
    .use(fetchBackend)
    .use(initReactI18next)
    .init({
      lng: initialLanguage,
      supportedLngs: [...SUPPORTED_LANGUAGES],
      fallbackLng: false,
      load: 'languageOnly',
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false }, // React escapes already
      returnNull: false,
    });
}

/** Resolves once i18next has initialised (route loaders wait on it before loading namespaces). */
export const i18nReady: Promise<void> = new Promise((resolve) => {
  if (i18n.isInitialized) resolve();
  else i18n.on('initialized', () => resolve());
});

/**
 * Loads translation namespaces of the current language. The requests start at once, even before
 * i18next is ready, so a first route's texts download alongside the common ones and its code.
 */
export async function loadNamespaces(namespaces: string[]) {
  if (namespaces.length === 0) return;
  if (appStarted) {
    const lng = loadingLanguage();
    for (const ns of namespaces) fetchNamespace(lng, ns).catch(() => {});
  }
  await i18nReady;
  await i18n.loadNamespaces(namespaces);
}

/**
 * Switches language without a flash of raw keys: the new language's texts for every namespace in
 * use load first, then the switch re-renders everything at once.
 */
export async function changeLanguage(lng: Language) {
  const inUse = ([] as string[]).concat(i18n.options.ns ?? []);
  if (!inUse.every((ns) => i18n.hasResourceBundle(lng, ns))) await i18n.loadLanguages(lng);
  await i18n.changeLanguage(lng);
}

export { i18n };
