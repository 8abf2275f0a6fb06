import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { parseCSV } from './csv';
import { look, ACCOUNTS, axe, myId, prime, signIn, type Lang, type ThemeName, capture } from './ladder';

/**
 * A player's statistics page (/players/:id/stats) on the demo data, whose matches the seed
 * replays through the ratings: reached from a ranking row, every tab, the charts and their table
 * alternatives, axe, both languages, both themes, phone and desktop.
 */

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/player-stats';
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

interface Stats {
  matches: number;
  series: unknown[];
  tournaments: { tournament_id: number; name: string }[];
}

/** A demo opponent of the signed-in player: the best-placed other player of their first tournament. */
async function demoOpponent(page: Page) {
  const me = await myId(page);
  const mine = (await (await page.request.get(`/api/players/${me}/stats`)).json()) as Stats;
  expect(mine.matches, 'the demo seed replays matches into the statistics').toBeGreaterThan(0);
  const tournament = mine.tournaments[0];
  const standings = (await (await page.request.get(`/api/tournaments/${tournament.tournament_id}/standings`)).json()) as {
    items: { player: { id: number; display_name: string }; played: number; win_probability: number | null }[];
  };
  const row = standings.items.find((r) => r.player.id !== me && r.played > 0)!;
  expect(row.win_probability, 'standings rows carry the reader’s win probability').not.toBeNull();
  return { tournament, player: row.player };
}

const T = {
  pt: { stats: 'Estatísticas de', tabs: ['Visão geral', 'Histórico', 'Classificações', 'Conquistas'], table: 'Ver como tabela', export: 'Exportar CSV', header: ['Data', 'Torneio', 'Adversário'], file: 'historico', exportFailed: 'Erro ao exportar dados', chance: 'A sua probabilidade de vencer' },
  en: { stats: 'Statistics of', tabs: ['Overview', 'History', 'Rankings', 'Achievements'], table: 'Show as a table', export: 'Export CSV', header: ['Date', 'Tournament', 'Opponent'], file: 'history', exportFailed: 'Error exporting data', chance: 'Your chance of winning' },
};

async function expectNoAxe(page: Page, where: string) {
  expect(await axe(page), where).toEqual([]);
}

for (const [i, [lang, theme, width]] of ([
  ['pt', 'light', 1280],
  ['en', 'dark', 1280],
  ['pt', 'dark', 390],
  ['en', 'light', 390],
] as const).entries()) {
  test(`statistics of a demo player: ${lang}, ${theme}, ${width}px`, look(i === 0), async ({ browser }) => {
    test.setTimeout(240_000);
    const t = T[lang];
    const page = await as(browser, lang, theme, width);
    const { tournament, player } = await demoOpponent(page);
    const tag = `${lang}-${theme}-${width}`;

    // From the ranking row's statistics link.
    await page.goto(`/tournaments/${tournament.tournament_id}?tab=ranking`);
    await page.getByRole('link', { name: `${t.stats} ${player.display_name}` }).first().click();
    await page.waitForURL(`**/players/${player.id}/stats`);
    await expect(page.getByRole('heading', { level: 1, name: `${t.stats} ${player.display_name}` })).toBeVisible();

    // Overview: the numbers, the rating chart and its table alternative, the win chance.
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveText(t.tabs);
    await expect(page.getByTestId('stat-matches')).toBeVisible();
    await expect(page.getByTestId('rating-chart-svg')).toBeVisible();
    await expect(page.getByText(t.chance)).toBeVisible();
    const ratingCard = page.getByTestId('rating-card');
    await ratingCard.getByText(t.table).click();
    const series = ((await (await page.request.get(`/api/players/${player.id}/stats`)).json()) as Stats).series;
    await expect(ratingCard.getByRole('table').locator('tbody tr')).toHaveCount(series.length);
    await expectNoAxe(page, `overview ${tag}`);
    await shot(page, `overview-${tag}`);

    // History: validated matches, a tournament filter.
    await tabs.nth(1).click();
    await expect(page).toHaveURL(/tab=history/);
    await expect(page.getByTestId('history-row').first()).toBeVisible();
    const all = await page.getByTestId('history-row').count();
    await page.getByRole('combobox').selectOption(String(tournament.tournament_id));
    await expect(page.getByTestId('history-row').first()).toContainText(tournament.name);
    expect(await page.getByTestId('history-row').count()).toBeLessThanOrEqual(all);

    // The export of the filtered view downloads a CSV that parses and holds the API's rows.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: t.export }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(new RegExp(`^${t.file}-${player.id}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const text = readFileSync((await file.path())!, 'utf8');
    expect(text.charCodeAt(0), 'byte-order mark').toBe(0xfeff);
    const rows = parseCSV(text.slice(1)).filter((r) => r.length > 1);
    expect(rows[0].slice(0, 3)).toEqual(t.header);
    const api = (await (await page.request.get(`/api/players/${player.id}/history?tournament_id=${tournament.tournament_id}&limit=100`)).json()) as {
      items: { played_on: string; tournament_name: string; opponent: { display_name: string }; score: string; rating_change: number }[];
    };
    expect(rows.length - 1).toBe(api.items.length);
    for (const [i, h] of api.items.entries()) {
      expect([rows[i + 1][0], rows[i + 1][1], rows[i + 1][2], rows[i + 1][4], rows[i + 1][8]]).toEqual([h.played_on, h.tournament_name, h.opponent.display_name, h.score, String(h.rating_change)]);
    }
    await expectNoAxe(page, `history ${tag}`);
    await shot(page, `history-${tag}`);

    // Rankings: a card per tournament with the position chart and its table.
    await tabs.nth(2).click();
    const card = page.getByTestId('ranking-card').first();
    await expect(card).toBeVisible();
    await expect(card.getByTestId('position-chart-svg')).toBeVisible();
    await card.getByText(t.table).click();
    await expect(card.getByRole('table')).toBeVisible();
    await expectNoAxe(page, `rankings ${tag}`);
    await shot(page, `rankings-${tag}`);

    // Achievements: the demo opponent's earned ones (the seed replays them).
    await tabs.nth(3).click();
    await expect(page.getByTestId('achievement-first_match')).toHaveAttribute('data-earned', 'true');
    await expectNoAxe(page, `achievements ${tag}`);

    // Keyboard: the arrow keys move between tabs.
    await tabs.nth(3).focus();
    await page.keyboard.press('Home');
    await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true');

    // The player page links to the statistics too.
    await page.goto(`/players/${player.id}`);
    await page.getByTestId('stats-link').click();
    await page.waitForURL(`**/players/${player.id}/stats`);
    await page.context().close();
  });
}

test('the create-challenge dialog shows the chance against the chosen opponent; an unknown player is not found', async ({ browser }) => {
  test.setTimeout(240_000);
  const page = await as(browser, 'en', 'light', 1280);
  await page.goto('/players/99999999/stats');
  await expect(page.getByRole('heading', { level: 1, name: 'Player not found' })).toBeVisible();

  // A failed export says so ('Error exporting data').
  await page.route('**/history.csv**', (route) => route.fulfill({ status: 500, body: 'boom' }));
  await page.goto(`/players/${await myId(page)}/stats?tab=history`);
  await expect(page.getByTestId('history-row').first()).toBeVisible();
  await page.getByRole('button', { name: T.en.export }).click();
  await expect(page.getByText(T.en.exportFailed)).toBeVisible();
  await page.unroute('**/history.csv**');

  const { tournament } = await demoOpponent(page);
  const standings = (await (await page.request.get(`/api/tournaments/${tournament.tournament_id}/standings`)).json()) as {
    items: { player: { id: number }; can_challenge: boolean }[];
  };
  const target = standings.items.find((r) => r.can_challenge);
  test.skip(!target, 'the demo player may challenge nobody in this tournament right now');
  await page.goto(`/challenges?create=true&tournament=${tournament.tournament_id}&opponent=${target!.player.id}`);
  await expect(page.getByTestId('opponent-win-chance')).toBeVisible();
  await expect(page.getByTestId('opponent-win-chance')).toContainText(/\d+%/);
  await page.context().close();
});
