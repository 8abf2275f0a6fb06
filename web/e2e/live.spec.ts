import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { look, ACCOUNTS, axe, freshAccount, liveGreeting, prime, signIn, type Lang, type ThemeName, capture } from './ladder';

/**
 * Live updates: player B challenges player A, and A's bell badge and received-challenges list
 * change at once, without a reload and long before the bell's 30 s poll could have brought them.
 */

const EVENINGS = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start_minute: 17 * 60, end_minute: 22 * 60 }));

async function as(browser: Browser, account: { email: string; name: string }, lang: Lang, theme?: ThemeName, phone = false) {
  const context = await browser.newContext(phone ? { viewport: { width: 390, height: 844 } } : {});
  const page = await context.newPage();
  await prime(page, { lang, theme, onboarded: true });
  await signIn(page, account);
  return page;
}

async function shot(page: Page, name: string) {
  mkdirSync('test-results/live', { recursive: true });
  await capture(page, { path: `test-results/live/${name}.png`, fullPage: true, animations: 'disabled' });
}

/** A public tournament open to anyone, approved, with both players in it. */
async function tournamentWith(browser: Browser, players: Page[]) {
  const creator = await as(browser, freshAccount('criador'), 'pt');
  const created = await creator.request.post('/api/tournaments', {
    data: {
      name: `Escada Ao Vivo ${Date.now().toString(36)}`, privacy: 'public', ranking_type: 'points', preset: 'standard',
      challenge_range: 0, response_days: 7, max_rejections: 3, min_games: 1, max_games: 4, period_weeks: 2, play: false,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { id } = (await created.json()) as { id: number };
  const superadmin = await as(browser, ACCOUNTS.superadmin, 'pt');
  expect((await superadmin.request.post(`/api/tournaments/${id}/approve`)).ok()).toBe(true);
  await superadmin.context().close();
  await creator.context().close();
  for (const p of players) {
    expect((await p.request.put('/api/profile/availability', { data: { slots: EVENINGS } })).ok()).toBe(true);
    const joined = await p.request.post(`/api/tournaments/${id}/join`);
    expect(joined.ok(), await joined.text()).toBe(true);
  }
  return id;
}

const badge = (page: Page) => page.getByTestId('bell-badge');

for (const [i, [lang, theme, phone]] of ([
  ['en', 'light', false],
  ['pt', 'dark', true],
] as const).entries()) {
  test(`a challenge reaches the other player's bell and list live (${lang}, ${theme}, ${phone ? 'phone' : 'desktop'})`, look(i === 0), async ({ browser }) => {
    test.setTimeout(240_000);
    const A = freshAccount('vivo');
    const B = freshAccount('rival');
    const a = await as(browser, A, lang, theme, phone);
    const b = await as(browser, B, 'pt');
    const tournament = await tournamentWith(browser, [a, b]);
    const aId = ((await (await a.request.get('/api/users/me')).json()) as { id: number }).id;

    // A watches the received challenges; the tab opens its live socket.
    const socket = liveGreeting(a);
    let lastBellFetch = 0;
    a.on('request', (r) => {
      if (r.url().includes('/api/notifications/unread_count')) lastBellFetch = Date.now();
    });
    await a.goto('/challenges?box=received');
    await socket;
    await expect(a.getByTestId('challenge')).toHaveCount(0);
    await expect(badge(a)).toHaveCount(0);
    await expect.poll(() => lastBellFetch).toBeGreaterThan(0);
    const polledAt = lastBellFetch;

    // B challenges A (through the API: the dialog has its own spec).
    const tomorrow = new Date(Date.now() + 26 * 3600_000);
    tomorrow.setUTCMinutes(0, 0, 0);
    const sent = await b.request.post('/api/challenges', {
      data: { tournament_id: tournament, opponent_id: aId, times: [tomorrow.toISOString()], message: '' },
    });
    expect(sent.ok(), await sent.text()).toBe(true);

    // No reload: the list and the badge change within seconds, far before the next poll.
    await expect(a.getByTestId('challenge').filter({ hasText: B.name })).toBeVisible({ timeout: 10_000 });
    await expect(badge(a)).toHaveText('1', { timeout: 10_000 });
    expect(Date.now() - polledAt).toBeLessThan(25_000);
    await shot(a, `challenge-live-${lang}-${theme}-${phone ? 'phone' : 'desktop'}`);
    expect(await axe(a)).toEqual([]);

    // B withdraws it: A's list follows, live again.
    const [c] = ((await (await b.request.get('/api/challenges?box=sent')).json()) as { items: { id: number }[] }).items;
    expect((await b.request.post(`/api/challenges/${c.id}/cancel`)).ok()).toBe(true);
    const card = a.getByTestId('challenge').filter({ hasText: B.name });
    await expect(card.getByTestId('challenge-status')).not.toHaveText(/^(Pending|Pendente)$/, { timeout: 10_000 });

    // Presence on the player page: B sees A online while A's tab is open, offline once it closes.
    await b.goto(`/players/${aId}`);
    const presence = b.getByTestId('presence');
    await expect(presence).toHaveAttribute('data-online', 'true');
    await expect(presence).toHaveText('Online');
    expect(await axe(b)).toEqual([]);
    await a.context().close();
    await expect(presence).toHaveAttribute('data-online', 'false');
    await expect(presence).toHaveText('Offline');
    await b.context().close();
  });
}

test('a visitor opens no socket, and a page of another origin is refused', async ({ page, request }) => {
  let sockets = 0;
  page.on('websocket', () => sockets++);
  await page.goto('/about');
  await expect(page.getByRole('main')).toBeVisible();
  expect(sockets).toBe(0);
  const refused = await request.get('/api/ws', { headers: { Origin: 'https://evil.example', Connection: 'Upgrade', Upgrade: 'websocket' } });
  expect(refused.status()).toBe(401);
});
