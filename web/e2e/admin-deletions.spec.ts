import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { look, ACCOUNTS, axe, freshAccount, prime, signIn, type Lang, type ThemeName, capture } from './ladder';

/**
 * Deletion requests (a super admin asks, the root approves, the player stays in the standings as
 * "Deleted player") and the players panel (compare up to 4). The player deleted is a demo player
 * of a tournament no other spec reads (Torneio Noturno de Coimbra), found through the API.
 */

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/admin-deletions';
async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await capture(page, { path: `${SHOTS}/${name}.png`, fullPage: true, animations: 'disabled' });
}

async function as(browser: Browser, account: { email: string; name: string }, opts: { lang?: Lang; theme?: ThemeName; width?: number } = {}) {
  const context = await browser.newContext({ viewport: { width: opts.width ?? 1280, height: opts.width === 390 ? 844 : 800 } });
  const page = await context.newPage();
  await prime(page, { lang: opts.lang ?? 'pt', theme: opts.theme ?? 'light', onboarded: true });
  await signIn(page, account);
  return page;
}

interface Standing {
  position: number;
  played: number;
  player: { id: number; display_name: string; deleted?: boolean };
}

test('a super admin requests a deletion, the root approves it, the standing shows "Deleted player"', async ({ browser }) => {
  test.setTimeout(240_000);
  const superadmin = await as(browser, ACCOUNTS.superadmin);

  // The victim: a demo player with validated matches in Coimbra's tournament.
  const list = await superadmin.request.get('/api/tournaments?status=active&limit=100');
  const tournaments = ((await list.json()) as { items: { id: number; name: string }[] }).items;
  const coimbra = tournaments.find((t) => t.name === 'Torneio Noturno de Coimbra');
  expect(coimbra, 'the demo tournament').toBeTruthy();
  const standings = (await (await superadmin.request.get(`/api/tournaments/${coimbra!.id}/standings`)).json()) as { items?: Standing[] } | Standing[];
  const rows = Array.isArray(standings) ? standings : (standings.items ?? []);
  const victim = rows.find((r) => r.played > 0 && r.position > 1);
  expect(victim, 'a demo player with matches').toBeTruthy();
  const panel = await superadmin.request.get(`/api/admin/players-panel?q=${encodeURIComponent(victim!.player.display_name)}&limit=20`);
  const found = ((await panel.json()) as { items: { id: number; email: string }[] }).items.find((p) => p.id === victim!.player.id);
  expect(found?.email, 'the victim email').toMatch(/@demo\.ladder\.test$/);
  const name = victim!.player.display_name;

  // The super admin asks (the reason is required).
  await superadmin.goto('/super-admin/deletions');
  await expect(superadmin.getByRole('heading', { level: 1, name: 'Pedidos de eliminação' })).toBeVisible();
  await superadmin.getByLabel('Email da conta').fill(found!.email);
  await superadmin.getByRole('button', { name: 'Pedir eliminação' }).click();
  await expect(superadmin.getByText('Este campo é obrigatório.')).toBeVisible();
  await superadmin.getByLabel('Motivo').fill('Pedido do próprio por email (RGPD).');
  await superadmin.getByRole('button', { name: 'Pedir eliminação' }).click();
  const item = superadmin.getByTestId('deletion-request').filter({ hasText: name });
  await expect(item).toContainText('Pendente');
  await expect(item.getByRole('button', { name: 'Aprovar' })).toHaveCount(0); // only root decides
  await expect(superadmin.getByRole('status').filter({ hasText: 'Pedido de eliminação enviado.' })).toBeVisible();
  expect(await axe(superadmin)).toEqual([]);
  await shot(superadmin, 'deletions-superadmin-pt-light-1280');
  await superadmin.context().close();

  // The root approves, after a confirmation.
  const root = await as(browser, ACCOUNTS.root, { theme: 'dark' });
  await root.goto('/super-admin/deletions');
  await expect(root.getByText('Como Super Admin principal decide os pedidos de eliminação; os outros Super Admins fazem-nos.')).toBeVisible();
  const pending = root.getByTestId('deletion-request').filter({ hasText: name });
  await pending.getByRole('button', { name: 'Aprovar' }).click();
  const dialog = root.getByRole('dialog', { name: 'Eliminar esta conta definitivamente?' });
  await expect(dialog).toBeVisible();
  expect(await axe(root)).toEqual([]);
  await dialog.getByRole('button', { name: 'Aprovar e eliminar' }).click();
  await expect(dialog).toBeHidden();
  const approved = root.getByTestId('deletion-request').filter({ hasText: 'Aprovado' }).first();
  await expect(approved).toContainText('Jogador eliminado');
  await expect(root.getByTestId('deletion-request').filter({ hasText: name })).toHaveCount(0);
  // A toast fading in is half transparent: axe would measure its contrast mid-animation.
  await root.locator('[data-variant]').evaluateAll((els) => Promise.all(els.flatMap((e) => e.getAnimations().map((a) => a.finished))));
  expect(await axe(root)).toEqual([]);
  await shot(root, 'deletions-root-pt-dark-1280');

  // The standing keeps the row, without the name, in both languages.
  await root.goto(`/tournaments/${coimbra!.id}?tab=ranking`);
  const table = root.getByTestId('ranking-table');
  await expect(table.getByText('Jogador eliminado')).toBeVisible();
  await expect(table.getByText(name)).toHaveCount(0);
  expect(await axe(root)).toEqual([]);
  await shot(root, 'ranking-deleted-pt-dark-1280');
  await root.context().close();

  const english = await as(browser, ACCOUNTS.player, { lang: 'en', width: 390 });
  await english.goto(`/tournaments/${coimbra!.id}?tab=ranking`);
  await expect(english.getByText('Deleted player').filter({ visible: true }).first()).toBeVisible();
  expect(await axe(english)).toEqual([]);
  await shot(english, 'ranking-deleted-en-light-390');
  const after = (await (await english.request.get(`/api/tournaments/${coimbra!.id}/standings`)).json()) as { items?: Standing[] } | Standing[];
  const afterRows = Array.isArray(after) ? after : (after.items ?? []);
  const row = afterRows.find((r) => r.player.id === victim!.player.id);
  expect(row?.player).toMatchObject({ deleted: true, display_name: '' });
  await english.context().close();
});

for (const [i, [lang, theme, width]] of ([
  ['pt', 'light', 1280],
  ['en', 'dark', 390],
] as const).entries()) {
  test(`players panel: compare four, the fifth is refused (${lang}, ${theme}, ${width}px)`, look(i === 0), async ({ browser }) => {
    test.setTimeout(240_000);
    const page = await as(browser, ACCOUNTS.superadmin, { lang, theme, width });
    const texts =
      lang === 'pt'
        ? { title: 'Painel de jogadores', compare: /^Comparar /, max: 'Máximo de 4 jogadores para comparação', sort: 'Ordenar por', search: 'Pesquisar jogadores', next: 'Seguinte' }
        : { title: 'Players panel', compare: /^Compare /, max: 'Maximum of 4 players for comparison', sort: 'Sort by', search: 'Search players', next: 'Next' };
    await page.goto('/players-panel');
    await expect(page.getByRole('heading', { level: 1, name: texts.title })).toBeVisible();
    const rows = page.getByTestId('panel-row');
    await expect(rows.first()).toBeVisible();
    expect(await axe(page)).toEqual([]);

    // Sorted on the server: by wins, the first row has the most.
    await page.getByLabel(texts.sort).selectOption('wins');
    await expect(page).toHaveURL(/players-panel/);
    const res = await page.request.get('/api/admin/players-panel?sort=wins&limit=2');
    const top = ((await res.json()) as { items: { display_name: string }[] }).items[0].display_name;
    await expect(rows.first()).toContainText(top);

    // Four selected, the fifth refused with the message.
    const boxes = page.getByRole('checkbox', { name: texts.compare });
    for (let i = 0; i < 4; i++) await boxes.nth(i).check();
    await boxes.nth(4).click();
    await expect(page.getByRole('alert')).toHaveText(texts.max);
    await expect(boxes.nth(4)).not.toBeChecked();
    const compared = page.getByTestId('compare-panel');
    await expect(compared.getByRole('columnheader')).toHaveCount(4);
    expect(await axe(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scrolling').toBeLessThanOrEqual(width);
    await shot(page, `players-panel-${lang}-${theme}-${width}`);

    // The next page comes from the server; the selection stays.
    await page.getByRole('button', { name: texts.next }).click();
    await expect(compared.getByRole('columnheader')).toHaveCount(4);
    // Search ignores accents.
    await page.getByLabel(texts.search).fill('ines rodrigues');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Inês Rodrigues');
    await page.context().close();
  });
}

test('a player asks for their own deletion from the settings (GDPR)', async ({ browser }) => {
  const page = await as(browser, freshAccount('gdpr'), { theme: 'dark', width: 390 });
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Eliminar a minha conta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pedir a eliminação da sua conta?' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Motivo (opcional)').fill('Já não jogo.');
  await dialog.getByRole('button', { name: 'Pedir eliminação' }).click();
  await expect(page.getByText(/O seu pedido de eliminação de .* aguarda o Super Admin principal\./)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Eliminar a minha conta' })).toHaveCount(0);
  expect(await axe(page)).toEqual([]);
  await shot(page, 'settings-deletion-pt-dark-390');
  // A second request is refused by the server (one pending per account).
  const again = await page.request.post('/api/profile/deletion', { data: {} });
  expect(again.status()).toBe(409);
  await page.context().close();
});
