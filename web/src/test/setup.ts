import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { initReactI18next } from 'react-i18next';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { resetToasts } from '@/lib/toast';

// Tests read the real translation files (no HTTP backend): what users see is what tests check.
const files = import.meta.glob<Record<string, unknown>>('/public/locales/*/*.json', { eager: true, import: 'default' });
const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [path, content] of Object.entries(files)) {
  const [, lng, ns] = path.match(/locales\/(\w+)\/(\w+)\.json$/)!;
  (resources[lng] ??= {})[ns] = content;
}

await i18n.use(initReactI18next).init({
  lng: 'pt',
  fallbackLng: 'pt',
  supportedLngs: ['pt', 'en'],
  resources,
  ns: Object.keys(resources.pt),
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});

// findBy*/waitFor wait for what they expect, up to 20 s (the default 1 s fails on a loaded machine
// while nothing is wrong); a real absence still fails, only later. Below vitest's testTimeout.
configure({ asyncUtilTimeout: 20_000 });

// jsdom has no matchMedia; tests that care about the system theme override this.
export function mockSystemDark(dark: boolean) {
  window.matchMedia = vi.fn().mockImplementation((query: string) => ({
    matches: dark && query.includes('dark'),
    media: query,
    onchange: null,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    addListener: vi.fn(),
    removeListener: vi.fn(),
    dispatchEvent: vi.fn(),
  }));
}

beforeEach(() => mockSystemDark(false));

afterEach(async () => {
  cleanup();
  resetToasts();
  localStorage.clear();
  document.documentElement.className = '';
  document.documentElement.removeAttribute('style');
  document.documentElement.removeAttribute('lang');
  vi.useRealTimers();
  vi.restoreAllMocks();
  if (i18n.language !== 'pt') await i18n.changeLanguage('pt');
});

// Preact runs effects after the next frame, with a 100 ms timer in case no frame comes; that
// timer calls cancelAnimationFrame. One still pending when a test file ends fired after jsdom's
// globals were gone (a ReferenceError Vitest reports as an unhandled error: seen once in CI on a
// loaded machine). Timers fire in the order they expire, so one set now for 150 ms runs after any
// such timer: the file's environment outlives them.
afterAll(() => new Promise<void>((resolve) => setTimeout(resolve, 150)));
