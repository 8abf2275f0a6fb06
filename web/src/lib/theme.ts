/** Theme rules of spec §4; public/theme-init.js applies the same rules before the first paint. */
export type Theme = 'light' | 'dark';
export const THEME_STORAGE_KEY = 'theme';

/** A stored value counts only if it is exactly 'light' or 'dark' (spec §5). */
export function parseTheme(value: unknown): Theme | null {
  return value === 'light' || value === 'dark' ? value : null;
}

export function readStoredTheme(): Theme | null {
  try {
    return parseTheme(localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return null; // storage can be blocked (privacy modes); fall back to the system preference
  }
}

export function systemTheme(): Theme {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-color-scheme: dark)').matches
    ? 'dark'
    : 'light';
}

export function initialTheme(): Theme {
  return readStoredTheme() ?? systemTheme();
}

export function storeTheme(theme: Theme) {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    /* not fatal: the choice just will not survive a reload */
  }
}

/** The `dark` class on <html> drives Tailwind's dark variant; color-scheme styles native controls. */
export function applyTheme(theme: Theme) {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}
