import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { look, ACCOUNTS, axe, prime, signIn, type Lang, type ThemeName, capture } from './ladder';

/**
 * The other views of /leaderboards on the demo data: tournament leaders, top of the week, and the
 * comparison — four players added from the ranking's rows, the fifth refused with SPEC §5's text
 * (from a row, from the search, and from the API for a link with five ids), the shared URL
 * reopening the same comparison; axe, both languages and themes, phone and desktop.
 */

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/leaderboards-compare';
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
  pt: {
    views: ['Ranking global', 'Líderes dos torneios', 'Destaques da semana', 'Comparar'],
    max: 'Máximo de 4 jogadores para comparação',
    open: 'Abrir a comparação',
    search: 'Adicionar um jogador',
    add: (n: string) => `Adicionar ${n} à comparação`,
    remove: (n: string) => `Retirar ${n} da comparação`,
  },
  en: {
    views: ['Global ranking', 'Tournament leaders', 'Top of the week', 'Compare'],
    max: 'Maximum of 4 players for comparison',
    open: 'Open the comparison',
    search: 'Add a player',
    add: (n: string) => `Add ${n} to the comparison`,
    remove: (n: string) => `Remove ${n} from the comparison`,
  },
};

interface Board {
  items: { player: { id: number; display_name: string } }[];
}

for (const [i, [lang, theme, width]] of ([
  ['pt', 'light', 1280],
  ['en', 'dark', 1280],
  ['pt', 'dark', 390],
  ['en', 'light', 390],
] as const).entries()) {
  test(`leaderboards views and compare: ${lang}, ${theme}, ${width}px`, look(i === 0), async ({ browser }) => {
    test.setTimeout(300_000);
    const t = T[lang];
    const tag = `${lang}-${theme}-${width}`;
    const page = await as(browser, lang, theme, width);
    const views = page.getByRole('tablist', { name: lang === 'pt' ? 'Vistas dos rankings' : 'Leaderboard views' });

    // Tournament leaders: a card per active tournament with its first places.
    await page.goto('/leaderboards?tab=leaders');
    await expect(views.getByRole('tab')).toHaveText(t.views);
    await expect(views.getByRole('tab', { name: t.views[1] })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('leaders-counts')).toBeVisible();
    await expect(page.getByTestId('leader-card').first()).toBeVisible();
    expect(await axe(page), 'leaders').toEqual([]);
    await shot(page, `leaders-${tag}`);

    // Top of the week: says what it counts and which days.
    await views.getByRole('tab', { name: t.views[2] }).click();
    await expect(page).toHaveURL(/tab=week/);
    await expect(page.getByTestId('week-counts')).toBeVisible();
    await expect(page.getByTestId('week-range')).toBeVisible();
    expect(await axe(page), 'week').toEqual([]);
    await shot(page, `week-${tag}`);

    // Four players from the ranking's rows; the fifth is refused.
    const board = (await (await page.request.get('/api/leaderboards?period=all&limit=10')).json()) as Board;
    expect(board.items.length, 'the demo seed ranks enough players').toBeGreaterThanOrEqual(6);
    await views.getByRole('tab', { name: t.views[0] }).click();
    // The week's two tables stay until the ranking has drawn: wait for the switch, then for its one table.
    await expect(views.getByRole('tab', { name: t.views[0] })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('week-counts')).toBeHidden();
    await expect(page.getByRole('table')).toBeVisible();
    const four = board.items.slice(0, 4).map((r) => r.player);
    for (const p of four) await page.getByRole('button', { name: t.add(p.display_name) }).click();
    await expect(page.getByTestId('compare-tray')).toBeVisible();
    await page.getByRole('button', { name: t.add(board.items[4].player.display_name) }).click();
    await expect(page.getByTestId('compare-tray').getByRole('alert')).toHaveText(t.max);
    expect(await axe(page), 'ranking with the tray').toEqual([]);
    await page.getByRole('button', { name: t.open }).click();
    const ids = four.map((p) => p.id).join(',');
    await expect(page).toHaveURL(new RegExp(`tab=compare.*ids=${ids.replaceAll(',', '%2C')}|ids=${ids.replaceAll(',', '%2C')}.*tab=compare`));
    await expect(page.getByTestId('compare-player')).toHaveCount(4);
    await expect(page.getByTestId('compare-h2h')).toBeVisible();
    for (const [i, p] of four.entries()) await expect(page.getByTestId('compare-player').nth(i)).toContainText(p.display_name);
    expect(await axe(page), 'comparison').toEqual([]);
    await shot(page, `compare-${tag}`);

    // The fifth from the search is refused too.
    const fifth = board.items[5].player;
    await page.getByLabel(t.search).fill(fifth.display_name.split(' ')[0]);
    await page.getByRole('button', { name: t.add(fifth.display_name) }).click();
    await expect(page.getByTestId('compare-max')).toHaveText(t.max);
    await expect(page.getByTestId('compare-player')).toHaveCount(4);

    // The shared URL reopens the same comparison in another tab.
    const url = page.url();
    const other = await page.context().newPage();
    await other.goto(url);
    await expect(other.getByTestId('compare-player')).toHaveCount(4);
    for (const [i, p] of four.entries()) await expect(other.getByTestId('compare-player').nth(i)).toContainText(p.display_name);
    // Removing one frees a place, and the search adds the fifth.
    await other.getByRole('button', { name: t.remove(four[3].display_name) }).click();
    await expect(other.getByTestId('compare-player')).toHaveCount(3);
    await other.getByLabel(t.search).fill(fifth.display_name.split(' ')[0]);
    await other.getByRole('button', { name: t.add(fifth.display_name) }).click();
    await expect(other.getByTestId('compare-player')).toHaveCount(4);
    await expect(other.getByTestId('compare-player').nth(3)).toContainText(fifth.display_name);

    // A link with five ids gets the API's refusal, in the reader's language.
    await other.goto(`/leaderboards?tab=compare&ids=${ids},${fifth.id}`);
    await expect(other.getByTestId('compare-error')).toHaveText(t.max);
    expect(await axe(other), 'five ids').toEqual([]);
    await page.context().close();
  });
}
