import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { look, ACCOUNTS, axe, prime, signIn, type Lang, type ThemeName, capture } from './ladder';
import { parseCSV } from './csv';

/**
 * The global ranking (/leaderboards) on the demo data: the periods switch, "show me" reaches the
 * reader's highlighted row, the CSV export downloads a file that parses (RFC 4180, BOM) and holds
 * the rows of the API; axe, both languages, both themes, phone and desktop.
 */

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/leaderboards';
async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await capture(page, { path: `${SHOTS}/${name}.png`, fullPage: true, animations: 'disabled' });
}

async function as(browser: Browser, lang: Lang, theme: ThemeName, width: number) {
  const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 800 } });
  const page = await context.newPage();
  await prime(page, { lang, theme, onboarded: true });
  await signIn(page, ACCOUNTS.player);
  return page;
}

const T = {
  pt: { title: 'Rankings', periods: ['Desde sempre', 'Este mês', 'Esta semana'], showMe: 'Mostrar-me', export: 'Exportar CSV', header: 'Posição' },
  en: { title: 'Leaderboards', periods: ['All time', 'This month', 'This week'], showMe: 'Show me', export: 'Export CSV', header: 'Position' },
};

interface Board {
  items: { position: number; player: { id: number; display_name: string }; points: number; wins: number; losses: number }[];
  me: { position: number; player: { id: number } } | null;
}

for (const [i, [lang, theme, width]] of ([
  ['pt', 'light', 1280],
  ['en', 'dark', 1280],
  ['pt', 'dark', 390],
  ['en', 'light', 390],
] as const).entries()) {
  test(`leaderboards: ${lang}, ${theme}, ${width}px`, look(i === 0), async ({ browser }) => {
    test.setTimeout(240_000);
    const t = T[lang];
    const tag = `${lang}-${theme}-${width}`;
    const page = await as(browser, lang, theme, width);
    await page.goto('/leaderboards');
    await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
    await expect(page.getByTestId('leaderboard-counts')).toBeVisible();
    const periods = page.getByRole('tablist', { name: lang === 'pt' ? 'Período' : 'Period' });
    await expect(periods.getByRole('tab')).toHaveText(t.periods);
    const all = (await (await page.request.get('/api/leaderboards?period=all&limit=100')).json()) as Board;
    expect(all.items.length, 'the demo seed ranks its players').toBeGreaterThan(0);
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.getByTestId('leaderboard-row').or(page.getByTestId('leaderboard-me')).first()).toBeVisible();
    expect(await axe(page), 'all time').toEqual([]);
    await shot(page, `all-${tag}`);

    // Show me: the reader's row is highlighted and focused.
    expect(all.me, 'the demo player has validated matches').not.toBeNull();
    await page.getByRole('button', { name: t.showMe }).click();
    const mine = page.getByTestId('leaderboard-me');
    await expect(mine).toBeFocused();
    await expect(mine).toContainText(String(all.me!.position));

    // The periods switch (and the URL keeps the choice).
    for (const [i, period] of (['month', 'week'] as const).entries()) {
      await periods.getByRole('tab', { name: t.periods[i + 1] }).click();
      await expect(page).toHaveURL(new RegExp(`period=${period}`));
      await expect(page.getByTestId('leaderboard-range')).toBeVisible();
      await expect(page.getByRole('table').or(page.getByText(lang === 'pt' ? 'Ainda não há jogos validados' : 'No validated matches'))).toBeVisible();
      expect(await axe(page), period).toEqual([]);
      await shot(page, `${period}-${tag}`);
    }
    await periods.getByRole('tab', { name: t.periods[0] }).click();
    await expect(page).not.toHaveURL(/period=/);

    // The export downloads a CSV that parses and matches the API.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: t.export }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^ranking-all-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync((await file.path())!, 'utf8');
    expect(text.charCodeAt(0), 'byte-order mark').toBe(0xfeff);
    const rows = parseCSV(text.slice(1));
    expect(rows[0][0]).toBe(t.header);
    expect(rows.length - 1).toBeGreaterThanOrEqual(all.items.length);
    for (const [i, r] of all.items.entries()) {
      expect(rows[i + 1].slice(0, 5)).toEqual([String(r.position), r.player.display_name, String(r.points), String(r.wins), String(r.losses)]);
    }
    await page.context().close();
  });
}
