import { expect, test, type Page } from '@playwright/test';
import { look, ACCOUNTS, axe, freshAccount, myId, prime, screenshot, signIn, type Lang, type ThemeName } from './ladder';

/**
 * The administration area (#12): the dashboard's counters lead to their lists; an admin
 * suspends and reactivates a player through the confirmation and cannot touch super admins;
 * the menu shows what each reader may open; phone and desktop, both languages and themes.
 */

const COUNTERS = [
  'registered_users',
  'active_tournaments',
  'approved_clubs',
  'matches_played',
  'pending_clubs',
  'pending_tournaments',
  'pending_validations',
  'active_matches',
  'weekly_games',
  'active_challenges',
];

async function counter(page: Page, key: string): Promise<number> {
  const text = await page.getByTestId(`counter-${key}`).locator('span.text-2xl').innerText();
  return Number(text.replace(/\D/g, ''));
}

test('a super admin sees the ten counters and follows one to its list', async ({ page }) => {
  await prime(page, { onboarded: true });
  await signIn(page, ACCOUNTS.superadmin);
  await page.goto('/super-admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Super administração' })).toBeVisible();
  for (const key of COUNTERS) await expect(page.getByTestId(`counter-${key}`)).toBeVisible();
  // The counters are the server's: the same numbers as the API gives.
  const api = (await (await page.request.get('/api/admin/dashboard')).json()) as Record<string, number>;
  for (const key of COUNTERS) expect(await counter(page, key), key).toBe(api[key]);
  expect(api.pending_clubs).toBeGreaterThan(0);
  // The validations cards stay on the dashboard.
  await expect(page.getByTestId('pending-clubs')).toBeVisible();
  expect(await axe(page)).toEqual([]);

  // Pending clubs → the clubs list filtered on pending, with as many rows as counted.
  await page.getByTestId('counter-pending_clubs').click();
  await page.waitForURL(/\/super-admin\/clubs\?status=pending$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Clubes' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Clubes' });
  await expect(list.getByRole('listitem')).toHaveCount(api.pending_clubs);
  await expect(list.getByText('Pendentes').first()).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Filtrar por estado' }).getByRole('link', { name: 'Pendentes' })).toHaveAttribute('aria-current', 'true');
  expect(await axe(page)).toEqual([]);

  // Matches played → completed matches; the menu's sub-link is marked current.
  await page.goto('/super-admin');
  await page.getByTestId('counter-matches_played').click();
  await page.waitForURL(/state=completed$/);
  await expect(page.getByRole('navigation', { name: 'Administração' }).getByRole('link', { name: 'Concluídos' })).toHaveAttribute('aria-current', 'page');
  if (api.matches_played > 0) await expect(page.getByRole('list', { name: 'Jogos' }).getByRole('listitem').first()).toBeVisible();
  else await expect(page.getByText('Sem jogos aqui.')).toBeVisible();
  expect(await axe(page)).toEqual([]);
});

test('an admin suspends and reactivates a player, and cannot touch super admins', async ({ page, browser }) => {
  test.setTimeout(240_000);
  // A fresh player, signed in in their own browser.
  const fresh = freshAccount('suspendme');
  const playerContext = await browser.newContext();
  const player = await playerContext.newPage();
  await prime(player, { onboarded: true });
  await signIn(player, fresh);
  const playerId = await myId(player);

  await prime(page, { onboarded: true });
  await signIn(page, ACCOUNTS.admin);
  await page.goto('/super-admin');
  // Admins see the players list only (SPEC §6): no counters, no clubs list, no super admins page.
  const nav = page.getByRole('navigation', { name: 'Administração' });
  await expect(nav.getByRole('link', { name: 'Jogadores' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Clubes' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Super Admins' })).toHaveCount(0);
  await expect(page.getByTestId('counter-registered_users')).toHaveCount(0);
  await nav.getByRole('link', { name: 'Jogadores' }).click();
  await page.waitForURL('/super-admin/players');

  await page.getByRole('searchbox', { name: 'Pesquisar' }).fill(fresh.email);
  const rows = page.getByRole('list', { name: 'Jogadores' }).getByRole('listitem');
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole('link').click();
  await page.waitForURL(`/super-admin/players/${playerId}`);
  await expect(page.getByText('Último acesso', { exact: true })).toBeVisible();
  expect(await axe(page)).toEqual([]);

  await page.getByRole('button', { name: 'Suspender' }).click();
  const ask = page.getByRole('dialog', { name: 'Suspender esta conta?' });
  await expect(ask).toBeVisible();
  expect(await axe(page)).toEqual([]);
  await screenshot(page, 'admin-suspend-confirm');
  await ask.getByRole('button', { name: 'Suspender' }).click();
  await expect(ask).toHaveCount(0);
  await expect(page.getByText('Suspenso', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Suspender' })).toHaveCount(0);
  // Suspension ended the player's session at once.
  expect((await player.request.get('/api/users/me')).status()).toBe(401);

  await page.getByRole('button', { name: 'Reativar' }).click();
  await page.getByRole('dialog', { name: 'Reativar esta conta?' }).getByRole('button', { name: 'Reativar' }).click();
  await expect(page.getByText('Ativo', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Suspender' })).toBeVisible();
  await playerContext.close();

  // A super admin: no actions offered, and the server refuses with SPEC §8's text.
  await page.goto('/super-admin/players?role=superadmin');
  const sofia = page.getByRole('list', { name: 'Jogadores' }).getByRole('link', { name: new RegExp(ACCOUNTS.superadmin.name) });
  await sofia.click();
  await expect(page.getByText('A sua conta não pode alterar esta.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Suspender' })).toHaveCount(0);
  const sofiaId = Number(new URL(page.url()).pathname.split('/').pop());
  const refused = await page.request.put(`/api/users/${sofiaId}/status`, {
    data: { status: 'suspended' },
    headers: { 'Accept-Language': 'pt' },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toBe(
    'Os administradores não podem alterar outros administradores nem Super Admins.',
  );
  // The admin lists of super admins stay closed to admins (server and page).
  expect((await page.request.get('/api/admin/dashboard')).status()).toBe(403);
  await page.goto('/super-admin/clubs');
  await expect(page.getByRole('heading', { name: 'Acesso Negado' })).toBeVisible();
});

const LOOKS: { lang: Lang; theme: ThemeName; width: number; height: number }[] = [
  { lang: 'pt', theme: 'light', width: 390, height: 844 },
  { lang: 'en', theme: 'dark', width: 390, height: 844 },
  { lang: 'en', theme: 'light', width: 1280, height: 800 },
  { lang: 'pt', theme: 'dark', width: 1280, height: 800 },
];

for (const [i, one] of LOOKS.entries()) {
  test(`admin pages at ${one.width}px, ${one.lang}, ${one.theme}`, look(i === 0), async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: one.width, height: one.height });
    await prime(page, { lang: one.lang, theme: one.theme, onboarded: true });
    await signIn(page, ACCOUNTS.root);
    const en = one.lang === 'en';
    const tag = `${one.width}-${one.lang}-${one.theme}`;
    await page.goto('/super-admin');
    await expect(page.getByRole('heading', { level: 1, name: en ? 'Super admin' : 'Super administração' })).toBeVisible();
    await expect(page.getByTestId('counter-weekly_games')).toBeVisible();
    // The root account's label stays ROOT.
    await expect(page.getByTestId('admin-role')).toHaveText('ROOT');
    const nav = page.getByRole('navigation', { name: en ? 'Administration' : 'Administração' });
    const menu = nav.getByRole('button', { name: new RegExp(en ? 'Admin menu' : 'Menu de administração') });
    if (one.width < 1024) {
      // On a phone the menu folds behind a button.
      await expect(nav.getByRole('link', { name: en ? 'Players' : 'Jogadores' })).toBeHidden();
      await menu.click();
      await expect(menu).toHaveAttribute('aria-expanded', 'true');
    } else {
      await expect(menu).toBeHidden();
    }
    // Root sees every page of the area.
    for (const name of en
      ? ['Players', 'Clubs', 'Tournaments', 'Matches', 'System logs', 'Admin panel', 'Super Admins', 'User transfer', 'Deletion requests', 'Players panel']
      : ['Jogadores', 'Clubes', 'Torneios', 'Jogos', 'Registos do sistema', 'Painel de administração', 'Super Admins', 'Transferência de utilizador', 'Pedidos de eliminação', 'Painel de jogadores'])
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    expect(await axe(page)).toEqual([]);
    await screenshot(page, `admin-dashboard-${tag}`);
    await nav.getByRole('link', { name: en ? 'Players' : 'Jogadores', exact: true }).click();
    await page.waitForURL('/super-admin/players');
    await expect(page.getByRole('list', { name: en ? 'Players' : 'Jogadores' }).getByRole('listitem').first()).toBeVisible();
    expect(await axe(page)).toEqual([]);
    await screenshot(page, `admin-players-${tag}`);
    await page.getByRole('list', { name: en ? 'Players' : 'Jogadores' }).getByRole('link').first().click();
    await expect(page.getByRole('heading', { name: en ? 'Actions' : 'Ações' })).toBeVisible();
    expect(await axe(page)).toEqual([]);
    await screenshot(page, `admin-player-${tag}`);
    await page.goto('/super-admin/matches?state=all');
    await expect(page.getByRole('heading', { level: 1, name: en ? 'Matches' : 'Jogos' })).toBeVisible();
    await expect(page.getByRole('list', { name: en ? 'Matches' : 'Jogos' }).or(page.getByText(en ? 'No matches here.' : 'Sem jogos aqui.'))).toBeVisible();
    expect(await axe(page)).toEqual([]);
    await screenshot(page, `admin-matches-${tag}`);
    // No horizontal scrolling at this width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(one.width);
  });
}
