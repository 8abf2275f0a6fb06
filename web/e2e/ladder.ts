import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';

export interface StoredContact {
  id: number;
  name: string;
  email: string;
  subject: string;
  message: string;
  type: 'contact' | 'support';
  created_at: string;
}

/** What the server stored: `ladder contacts --json` on the same data directory as the server. */
export function storedContacts(): StoredContact[] {
  const out = execFileSync(process.env.LADDER_BIN!, ['contacts', '--json'], {
    env: { ...process.env, LADDER_DATA_DIR: process.env.LADDER_E2E_DATA_DIR },
    encoding: 'utf8',
  });
  return JSON.parse(out) as StoredContact[];
}

export type ThemeName = 'light' | 'dark';
export type Lang = 'pt' | 'en';

/** Sets the stored language and theme before any page script runs. */
export async function prime(page: Page, { lang, theme }: { lang?: Lang; theme?: ThemeName }) {
  await page.addInitScript(
    ([l, t]) => {
      if (l) localStorage.setItem('i18nextLng', l);
      if (t) localStorage.setItem('theme', t);
    },
    [lang, theme] as const,
  );
}

/** Full-page screenshot into e2e/.screenshots/ (gitignored) for a person to look at. */
export async function screenshot(page: Page, name: string) {
  mkdirSync('e2e/.screenshots', { recursive: true });
  await page.screenshot({ path: `e2e/.screenshots/${name}.png`, fullPage: true, animations: 'disabled' });
}
