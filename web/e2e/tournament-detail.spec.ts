import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ACCOUNTS, axe, freshAccount, look, prime, signIn, type Lang, type ThemeName, capture } from './ladder';

/**
 * The tournament page (/tournaments/:id). The management scenario builds its own private
 * tournament through the API with a fresh creator, so the seed stays as other specs expect it;
 * the tabs are checked on the demo tournament with the most players, found through the API.
 */

/**
 * Screenshots for a person to look at, next to Playwright's own output. E2E_SHOTS_DIR moves them
 * elsewhere: another run starting in the same checkout empties test-results/.
 */
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/tournament-detail';
async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await capture(page, { path: `${SHOTS}/${name}.png`, fullPage: true, animations: 'disabled' });
}

/** A signed-in page of its own (cookies are per context). */
async function as(browser: Browser, account: { email: string; name: string }, lang: Lang = 'pt') {
  const context = await browser.newContext();
  const page = await context.newPage();
  await prime(page, { lang, onboarded: true });
  await signIn(page, account);
  return page;
}

const toast = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });

/** Opens a participant's action menu and picks an item. */
async function act(page: Page, name: string, item: string) {
  await page.getByRole('button', { name: `Ações para ${name}` }).click();
  await page.getByRole('menu', { name: `Ações para ${name}` }).getByRole('menuitem', { name: item }).click();
}

test('a private tournament: join, request, approve, pause, referee, shuffle', async ({ browser }) => {
  test.setTimeout(180_000);
  const name = `Escada Privada ${Date.now().toString(36)}`;

  // The scenario, through the API: a plain player creates a private tournament, a super admin approves it.
  const creator = await as(browser, freshAccount('owner'));
  const created = await creator.request.post('/api/tournaments', {
    data: {
      name, privacy: 'private', ranking_type: 'points', preset: 'standard', challenge_range: 3,
      response_days: 7, max_rejections: 3, min_games: 1, max_games: 4, period_weeks: 2, play: true,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { id } = (await created.json()) as { id: number };
  const superadmin = await as(browser, ACCOUNTS.superadmin);
  const approved = await superadmin.request.post(`/api/tournaments/${id}/approve`);
  expect(approved.ok(), await approved.text()).toBe(true);
  await superadmin.context().close();
  const url = `/tournaments/${id}`;

  // An admin joins a private tournament directly.
  const admin = await as(browser, ACCOUNTS.admin);
  await admin.goto(url);
  await expect(admin.getByRole('heading', { level: 1, name })).toBeVisible();
  await admin.getByRole('button', { name: 'Entrar no torneio' }).click();
  await expect(toast(admin, `Entrou em ${name}.`)).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Sair do torneio' })).toBeVisible();
  await admin.context().close();

  // A plain player (in English) asks to join and sees only the Overview until admitted.
  const player = await as(browser, ACCOUNTS.player, 'en');
  await player.goto(url);
  await expect(player.getByRole('heading', { name: 'Group chat' })).toBeVisible(); // private: the chat placeholder
  await player.getByRole('tab', { name: 'Ranking' }).click();
  await expect(player.getByTestId('private-notice')).toContainText('This tournament is private');
  await player.getByRole('button', { name: 'Request to join' }).click();
  await expect(toast(player, 'Request sent successfully! The tournament creator will be notified.')).toBeVisible();
  await expect(player.getByText('Request pending', { exact: true })).toBeVisible();
  await expect(player.getByRole('button', { name: 'Withdraw request' })).toBeVisible();

  // The creator admits the request.
  await creator.goto(`${url}?tab=participants`);
  const requests = creator.getByTestId('join-requests');
  await requests.getByRole('button', { name: `Aprovar ${ACCOUNTS.player.name}` }).click();
  await expect(toast(creator, `${ACCOUNTS.player.name} já está a jogar.`)).toBeVisible();
  await expect(creator.getByText('Não há pedidos à espera.')).toBeVisible();
  await expect(creator.getByRole('tab', { name: 'Participantes (3)' })).toBeVisible();

  // Pause and reactivate a player.
  await act(creator, ACCOUNTS.admin.name, 'Pausar');
  await expect(toast(creator, `${ACCOUNTS.admin.name} em pausa.`)).toBeVisible();
  const adminRow = creator.getByTestId('participant').filter({ hasText: ACCOUNTS.admin.name });
  await expect(adminRow.getByText('Em pausa')).toBeVisible();
  await act(creator, ACCOUNTS.admin.name, 'Reativar');
  await expect(toast(creator, `${ACCOUNTS.admin.name} reativado.`)).toBeVisible();
  await expect(adminRow.getByText('Em pausa')).toHaveCount(0);

  // Promote a referee, then another one: the page asks to replace the first.
  await act(creator, ACCOUNTS.admin.name, 'Tornar árbitro');
  await expect(toast(creator, `${ACCOUNTS.admin.name} é agora o árbitro.`)).toBeVisible();
  await act(creator, ACCOUNTS.player.name, 'Tornar árbitro');
  const replace = creator.getByRole('dialog', { name: 'Substituir o árbitro?' });
  await expect(replace).toContainText(`${ACCOUNTS.admin.name} é o árbitro atual. Substituir?`);
  expect(await axe(creator)).toEqual([]);
  await shot(creator, 'replace-referee');
  await replace.getByRole('button', { name: 'Substituir' }).click();
  await expect(toast(creator, `${ACCOUNTS.player.name} é agora o árbitro.`)).toBeVisible();
  await creator.getByRole('tab', { name: /Visão geral/ }).click();
  await expect(creator.getByRole('link', { name: ACCOUNTS.player.name })).toBeVisible(); // the referee row

  // Shuffle the ranking, confirmed first.
  await creator.getByRole('button', { name: 'Gerir' }).click();
  await creator.getByRole('menuitem', { name: 'Baralhar ranking' }).click();
  await creator.getByRole('dialog', { name: 'Baralhar o ranking?' }).getByRole('button', { name: 'Baralhar ranking' }).click();
  await expect(toast(creator, 'Ranking baralhado.')).toBeVisible();
  await creator.getByRole('tab', { name: 'Classificação' }).click();
  const table = creator.getByTestId('ranking-table');
  await expect(table.getByRole('row')).toHaveCount(3); // header + creator + admin
  await expect(table.locator('tr[aria-current="true"]')).toHaveCount(1); // the creator's own row
  const challenge = table.getByRole('link', { name: `Desafiar ${ACCOUNTS.admin.name}` });
  await expect(challenge).toHaveAttribute('href', new RegExp(`^/challenges\\?create=true&tournament=${id}&opponent=\\d+$`));
  await expect(table.getByRole('link', { name: /^Desafiar/ })).toHaveCount(1); // nobody challenges themselves
  await shot(creator, 'private-ranking');

  // The admitted player now sees the standings.
  await player.reload();
  await expect(player.getByTestId('ranking-table').getByRole('row')).toHaveCount(3);
  await creator.context().close();
  await player.context().close();
});

test("'Tournament not found' for an unknown tournament", async ({ page }) => {
  await prime(page, { onboarded: true });
  await page.goto('/tournaments/999999');
  await expect(page.getByRole('heading', { level: 1, name: 'Torneio não encontrado' })).toBeVisible();
  await page.getByRole('link', { name: 'Voltar aos torneios' }).click();
  await page.waitForURL(/\/tournaments$/);
});

/** The public demo tournament with the most players. */
async function biggestDemo(page: Page): Promise<{ id: number; name: string; players: number }> {
  const res = await page.request.get('/api/tournaments?limit=100&privacy=public');
  const { items } = (await res.json()) as { items: { id: number; name: string; players: number }[] };
  expect(items.length).toBeGreaterThan(0);
  return items.reduce((a, b) => (b.players > a.players ? b : a));
}

const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

const TAB_NAMES = {
  pt: ['Visão geral', 'Classificação', 'Quadro', 'Estatísticas', 'Participantes'],
  en: ['Overview', 'Ranking', 'Bracket', 'Statistics', 'Participants'],
} as const;

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  for (const theme of ['light', 'dark'] as ThemeName[]) {
    test.describe(`tournament page, ${viewportName} ${theme}`, look(viewportName === 'phone' && theme === 'light'), () => {
      test.use({ viewport });
      test('every tab of the biggest demo tournament has no axe violations', async ({ page }) => {
        test.setTimeout(360_000); // five axe runs on a long page: minutes on a busy 2-core machine
        const lang: Lang = theme === 'light' ? 'pt' : 'en';
        await prime(page, { lang, theme, onboarded: true });
        await signIn(page, ACCOUNTS.player);
        const demo = await biggestDemo(page);
        expect(demo.players).toBeGreaterThanOrEqual(8);
        await page.goto(`/tournaments/${demo.id}`);
        await expect(page.getByRole('heading', { level: 1, name: demo.name })).toBeVisible();
        for (const [i, tab] of TAB_NAMES[lang].entries()) {
          await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
          const panel = page.getByRole('tabpanel');
          if (i === 1) await expect(panel.getByRole('link', { name: /./ }).first()).toBeVisible();
          if (i === 2) await expect(page.getByTestId('bracket')).toBeVisible();
          if (i === 3) await expect(panel.getByRole('heading').first()).toBeVisible();
          if (i === 4) await expect(panel.getByTestId('participant').first()).toBeVisible();
          await expect(page.getByRole('status').filter({ hasText: /A carregar|Loading/ })).toHaveCount(0);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
          expect(await axe(page), `${tab} tab`).toEqual([]);
          await shot(page, `${['overview', 'ranking', 'bracket', 'statistics', 'participants'][i]}-${lang}-${theme}-${viewportName}`);
        }
        // The tab is remembered in the URL.
        expect(new URL(page.url()).searchParams.get('tab')).toBe('participants');
        await page.reload();
        await expect(page.getByRole('tab', { name: new RegExp(`^${TAB_NAMES[lang][4]}`), selected: true })).toBeVisible();
      });
    });
  }
}

test('the bracket highlights whom the selected player may challenge', async ({ page }) => {
  await prime(page, { onboarded: true });
  await signIn(page, ACCOUNTS.player);
  const demo = await biggestDemo(page);
  await page.goto(`/tournaments/${demo.id}?tab=bracket`);
  const bracket = page.getByTestId('bracket');
  await page.getByRole('button', { name: 'Pirâmide' }).click();
  await bracket.locator('[data-position="1"]').click();
  await expect(bracket.locator('[data-position="1"]')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('bracket-summary')).toContainText(/pode desafiar/);
  await expect(bracket.locator('[data-reachable]').first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(bracket.locator('[data-position="2"]')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(bracket.locator('[data-position="2"]')).toHaveAttribute('aria-pressed', 'true');
});
