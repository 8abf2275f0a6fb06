import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { look, ACCOUNTS, axe, freshAccount, liveGreeting, prime, signIn, type Lang, type ThemeName, capture } from './ladder';

/**
 * Gamification (issue 15): an achievement earned while the page is open pops up live (the
 * WebSocket), once: a reload does not show it again; a validated win pops its achievements up
 * for the winner; /gamification shows level, streak, achievements (earned and locked), XP history
 * and the friendly leaderboard — phone and desktop, both languages, dark and light, axe clean.
 */

const SHOTS = 'test-results/gamification';
async function shot(page: Page, name: string, fullPage = true) {
  mkdirSync(SHOTS, { recursive: true });
  await capture(page, { path: `${SHOTS}/${name}.png`, fullPage, animations: 'disabled' });
}

async function as(browser: Browser, account: { email: string; name: string }, lang: Lang, theme: ThemeName, width = 1280) {
  const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 800 } });
  const page = await context.newPage();
  await prime(page, { lang, theme, onboarded: true });
  await signIn(page, account);
  return page;
}

const T = {
  pt: { title: 'Conquistas e níveis', ready: 'Pronto para jogar', firstWin: 'Primeira vitória', level: 'Nível 1', history: 'Disponibilidade definida' },
  en: { title: 'Achievements and levels', ready: 'Ready to play', firstWin: 'First win', level: 'Level 1', history: 'Availability set' },
};

/** Navigates to url and waits until the tab's live socket greeted (events reach it from then on). */
async function gotoLive(page: Page, url: string) {
  const hello = liveGreeting(page);
  await page.goto(url);
  await hello;
}

const EVENINGS = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start_minute: 17 * 60, end_minute: 22 * 60 }));

for (const [i, [lang, theme, width]] of ([
  ['pt', 'light', 1280],
  ['en', 'dark', 1280],
  ['pt', 'dark', 390],
  ['en', 'light', 390],
] as const).entries()) {
  test(`an achievement pops up live once; /gamification: ${lang}, ${theme}, ${width}px`, look(i === 0), async ({ browser }) => {
    test.setTimeout(240_000);
    const t = T[lang];
    const tag = `${lang}-${theme}-${width}`;
    const page = await as(browser, freshAccount('gam'), lang, theme, width);
    await gotoLive(page, '/gamification');
    await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
    await expect(page.getByTestId('level-value')).toHaveText(t.level);
    await expect(page.getByTestId('achievement-availability_set')).toHaveAttribute('data-earned', 'false');
    await expect(page.getByTestId('gamification-popup')).toHaveCount(0);

    // Setting the weekly availability earns "Ready to play": the socket brings the popup.
    const week = await page.request.put('/api/profile/availability', { data: { slots: EVENINGS } });
    expect(week.ok(), await week.text()).toBe(true);
    const popup = page.getByTestId('gamification-popup');
    await expect(popup).toBeVisible();
    await expect(popup.getByTestId('popup-availability_set')).toContainText(t.ready);
    await shot(page, `popup-${tag}`, false);
    expect(await axe(page), 'axe with the popup').toEqual([]);
    await expect(page.getByTestId('achievement-availability_set')).toHaveAttribute('data-earned', 'true');
    await expect(page.getByTestId('xp-history')).toContainText(t.history);

    // Shown once: after a reload nothing pops up again.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
    await expect(page.getByTestId('achievement-availability_set')).toHaveAttribute('data-earned', 'true');
    await expect(page.getByTestId('gamification-popup')).toHaveCount(0);
    const seen = (await (await page.request.get('/api/gamification/popups')).json()) as { achievements: string[]; level: number };
    expect(seen).toEqual({ achievements: [], level: 0 });
    await expect(page.getByTestId('streak')).toBeVisible();
    await shot(page, `page-${tag}`);
    expect(await axe(page), 'axe on /gamification').toEqual([]);
    await page.context().close();
  });
}

test('a demo player sees level, XP and achievements on the statistics page and /gamification', async ({ browser }) => {
  const page = await as(browser, ACCOUNTS.player, 'en', 'dark');
  const me = ((await (await page.request.get('/api/users/me')).json()) as { id: number }).id;
  await page.goto(`/players/${me}/stats`);
  await expect(page.getByTestId('stat-level')).toBeVisible();
  await expect(page.getByTestId('stat-total-xp')).not.toHaveText(/^Total XP0$/);
  await page.getByRole('tab', { name: /Achievements/ }).click();
  await expect(page.getByTestId('achievement-first_match')).toHaveAttribute('data-earned', 'true');
  await shot(page, 'stats-achievements-en-dark');
  expect(await axe(page)).toEqual([]);
  await page.goto('/gamification');
  await expect(page.getByTestId('xp-board')).toBeVisible();
  await expect(page.getByTestId('xp-board').locator('[aria-current="true"]')).toContainText(ACCOUNTS.player.name);
  // The demo's history is not news: no popup.
  await expect(page.getByTestId('gamification-popup')).toHaveCount(0);
  await shot(page, 'page-demo-en-dark');
  expect(await axe(page)).toEqual([]);
  await page.context().close();
});

/** Today at `minutes` from now rounded up to 5 minutes, or null when that is already tomorrow. */
function laterToday(minutes: number) {
  const d = new Date(Date.now() + minutes * 60_000);
  d.setMinutes(Math.ceil(d.getMinutes() / 5) * 5, 0, 0);
  if (d.toDateString() !== new Date().toDateString()) return null;
  return d;
}

test('a validated win pops its achievements up for the winner, once', async ({ browser }) => {
  test.setTimeout(300_000);
  const at = laterToday(130);
  test.skip(at === null, 'Less than 2h10 left today: a time agreed now is tomorrow, and a result cannot be dated before it');
  const creator = await as(browser, freshAccount('gamcriador'), 'pt', 'light');
  const created = await creator.request.post('/api/tournaments', {
    data: {
      name: `Escada XP ${Date.now().toString(36)}`, privacy: 'public', ranking_type: 'points', preset: 'standard',
      challenge_range: 0, response_days: 7, max_rejections: 3, min_games: 1, max_games: 4, period_weeks: 2, play: false,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { id } = (await created.json()) as { id: number };
  const superadmin = await as(browser, ACCOUNTS.superadmin, 'pt', 'light');
  expect((await superadmin.request.post(`/api/tournaments/${id}/approve`)).ok()).toBe(true);
  await superadmin.context().close();

  const leader = await as(browser, freshAccount('gamlider'), 'en', 'light');
  const winner = await as(browser, freshAccount('gamvencedor'), 'pt', 'dark');
  for (const p of [leader, winner]) {
    expect((await p.request.put('/api/profile/availability', { data: { slots: EVENINGS } })).ok()).toBe(true);
    expect((await p.request.post(`/api/tournaments/${id}/join`)).ok()).toBe(true);
  }
  const leaderId = ((await (await leader.request.get('/api/users/me')).json()) as { id: number }).id;
  const challenge = await winner.request.post('/api/challenges', {
    data: { tournament_id: id, opponent_id: leaderId, times: [at!.toISOString()] },
  });
  expect(challenge.ok(), await challenge.text()).toBe(true);
  const { id: challengeId } = (await challenge.json()) as { id: number };
  const accepted = await leader.request.post(`/api/challenges/${challengeId}/accept`, { data: { time: at!.toISOString() } });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  const { id: matchId } = (await accepted.json()) as { id: number };
  const pad = (n: number) => String(n).padStart(2, '0');
  const today = `${at!.getFullYear()}-${pad(at!.getMonth() + 1)}-${pad(at!.getDate())}`;
  const reported = await winner.request.post(`/api/matches/${matchId}/result`, { data: { score: '6-0 6-0', played_on: today } });
  expect(reported.ok(), await reported.text()).toBe(true);
  expect((await leader.request.post(`/api/matches/${matchId}/confirm`)).ok()).toBe(true);

  // The winner watches /gamification (earlier popups seen) while the creator validates.
  await gotoLive(winner, '/gamification');
  const popup = winner.getByTestId('gamification-popup');
  if (await popup.isVisible()) await popup.getByRole('button').first().click();
  await expect(winner.getByTestId('achievement-first_win')).toHaveAttribute('data-earned', 'false');
  const validated = await creator.request.post(`/api/matches/${matchId}/validate`, { data: { approve: true } });
  expect(validated.ok(), await validated.text()).toBe(true);
  await expect(popup.getByTestId('popup-first_win')).toContainText(T.pt.firstWin);
  await expect(popup.getByTestId('popup-double_bagel')).toBeVisible();
  await shot(winner, 'popup-win-pt-dark', false);
  expect(await axe(winner)).toEqual([]);
  await winner.reload();
  await expect(winner.getByTestId('achievement-first_win')).toHaveAttribute('data-earned', 'true');
  await expect(winner.getByTestId('gamification-popup')).toHaveCount(0);
  for (const p of [creator, leader, winner]) await p.context().close();
});
