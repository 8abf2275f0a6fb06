import { expect, test, type Browser } from '@playwright/test';
import { ACCOUNTS, axe, freshAccount, look, prime, screenshot, signIn, type Lang, type ThemeName } from './ladder';

/**
 * The system logs (/super-admin/logs) and the admin panel (/super-admin/system): a super admin
 * validates a club through the validations card and finds the decision in the logs, filtered;
 * runs the clean-up now and sees its counts and its own log row; other accounts are refused.
 * Each page is checked with axe and photographed at phone and desktop widths, pt and en,
 * light and dark.
 */

async function superAdminPage(browser: Browser, opts: { lang?: Lang; theme?: ThemeName; phone?: boolean } = {}) {
  const context = await browser.newContext(opts.phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {});
  const page = await context.newPage();
  await prime(page, { onboarded: true, lang: opts.lang, theme: opts.theme });
  await signIn(page, ACCOUNTS.superadmin);
  return { page, context };
}

test('a super admin validates a club and finds the decision in the system logs', async ({ page, browser }) => {
  test.setTimeout(240_000);
  // Digits only: the clubs page's search test counts the clubs whose name has "foz" in it.
  const name = `Clube Registo ${Date.now()}`;
  await prime(page, { onboarded: true });
  await signIn(page, freshAccount('logger'));
  const res = await page.request.post('/api/clubs', { data: { name } });
  expect(res.status()).toBe(201);

  const { page: admin, context } = await superAdminPage(browser);
  await admin.goto('/super-admin');
  const row = admin.getByTestId('pending-clubs').getByRole('listitem').filter({ hasText: name });
  await row.getByRole('button', { name: 'Validar' }).click();
  await admin.getByRole('dialog', { name: 'Validar o clube?' }).getByRole('button', { name: 'Validar' }).click();
  await expect(admin.getByRole('status').filter({ hasText: `${name} validado.` })).toBeVisible();

  // The logs, filtered by who and what: the row names the actor, the club and the change.
  await admin.goto('/super-admin/logs');
  await expect(admin.getByRole('heading', { level: 1, name: 'Registos do sistema' })).toBeVisible();
  await admin.getByLabel('Quem (email)').fill(ACCOUNTS.superadmin.email);
  await admin.getByLabel('Ação', { exact: true }).selectOption({ label: 'Clube validado' });
  await admin.getByRole('button', { name: 'Aplicar filtros' }).click();
  await expect(admin).toHaveURL(/action=club\.validated/);
  const entry = admin.getByTestId('audit-row').filter({ hasText: name });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('Clube validado');
  await expect(entry).toContainText(ACCOUNTS.superadmin.name);
  await expect(entry).toContainText(/pendente\s*validado/);
  await expect(entry).toContainText(/Pedido [0-9a-f]{24}/);
  // Every row shown matches the filter.
  for (const action of await admin.getByTestId('audit-row').evaluateAll((els) => els.map((e) => e.getAttribute('data-action')))) {
    expect(action).toBe('club.validated');
  }
  // "only this": narrow to the club; Back returns to the previous filter.
  await entry.getByRole('button', { name: 'só este' }).click();
  await expect(admin).toHaveURL(/target_type=club&target_id=\d+/);
  await expect(admin.getByTestId('audit-row')).toHaveCount(1);
  await admin.goBack();
  await expect(admin).not.toHaveURL(/target_type/);
  // A filter that matches nothing says so.
  await admin.getByLabel('Quem (email)').fill('ninguem@example.test');
  await admin.getByRole('button', { name: 'Aplicar filtros' }).click();
  await expect(admin.getByText('Nenhum registo corresponde a estes filtros.')).toBeVisible();
  await admin.getByRole('button', { name: 'Limpar' }).click();
  await expect(admin.getByTestId('audit-row').first()).toBeVisible();
  expect(await axe(admin)).toEqual([]);
  await context.close();
});

test('a super admin runs the clean-up now, sees the counts per kind and its log row', async ({ browser }) => {
  test.setTimeout(240_000);
  const { page, context } = await superAdminPage(browser);
  await page.goto('/super-admin/system');
  await expect(page.getByRole('heading', { level: 1, name: 'Painel de administração' })).toBeVisible();
  await expect(page.getByTestId('health-version')).not.toBeEmpty();
  await expect(page.getByTestId('health-database')).toHaveText(/SQLite|PostgreSQL/);
  expect(Number(await page.getByTestId('health-migration').textContent())).toBeGreaterThanOrEqual(8);
  expect(Number(await page.getByTestId('health-sessions').textContent())).toBeGreaterThanOrEqual(1);
  // The live updates count this instance's open sockets (the reader's own tab among them).
  await expect(page.getByTestId('health-websockets')).toHaveText(/^\d+$/);

  await page.getByRole('button', { name: 'Executar a limpeza agora' }).click();
  const dialog = page.getByRole('dialog', { name: 'Executar a limpeza agora?' });
  await expect(dialog).toContainText('removidos definitivamente');
  await dialog.getByRole('button', { name: 'Executar a limpeza agora' }).click();
  const toast = page.getByRole('status').filter({ hasText: /Limpeza concluída: \d+ ite/ });
  await expect(toast).toBeVisible();
  const result = page.getByTestId('cleanup-result');
  for (const kind of ['pending_clubs', 'pending_tournaments', 'ended_tournaments', 'challenges', 'sessions']) {
    await expect(result.locator(`[data-kind="${kind}"]`)).toHaveText(/^\d+$/);
  }
  await expect(result).toContainText('Clubes pendentes removidos');
  await expect(toast).toBeHidden(); // axe checks the page, not the passing toast
  expect(await axe(page)).toEqual([]);

  // The run is in the logs, by this super admin, with its counts.
  await page.getByRole('link', { name: 'Ver as limpezas nos registos do sistema' }).click();
  await expect(page).toHaveURL(/\/super-admin\/logs\?action=system\.cleanup/);
  const row = page.getByTestId('audit-row').first();
  await expect(row).toContainText('Limpeza de itens expirados');
  await expect(row).toContainText(ACCOUNTS.superadmin.name);
  await expect(row).toContainText('um super admin (executar agora)');
  await context.close();
});

test('admins and players are refused the system logs and the admin panel', async ({ page }) => {
  await prime(page, { onboarded: true });
  await signIn(page, ACCOUNTS.admin);
  for (const path of ['/super-admin/logs', '/super-admin/system']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Acesso negado' })).toBeVisible();
  }
  expect((await page.request.get('/api/admin/audit')).status()).toBe(403);
  expect((await page.request.post('/api/admin/cleanup')).status()).toBe(403);
});

const looks: { lang: Lang; theme: ThemeName; phone: boolean }[] = [
  { lang: 'pt', theme: 'light', phone: true },
  { lang: 'en', theme: 'dark', phone: true },
  { lang: 'pt', theme: 'dark', phone: false },
  { lang: 'en', theme: 'light', phone: false },
];

for (const [i, one] of looks.entries()) {
  const tag = `${one.phone ? 'phone' : 'desktop'}-${one.lang}-${one.theme}`;
  test(`logs and admin panel look right: ${tag}`, look(i === 0), async ({ browser }) => {
    test.setTimeout(240_000);
    const { page, context } = await superAdminPage(browser, one);
    await page.goto('/super-admin/logs');
    await expect(page.getByTestId('audit-row').first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(one.lang === 'pt' ? 'Registos do sistema' : 'System logs');
    expect(await axe(page)).toEqual([]);
    // No sideways scrolling on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await screenshot(page, `admin-logs-${tag}`);
    await page.goto('/super-admin/system');
    await expect(page.getByTestId('health-version')).toBeVisible();
    expect(await axe(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await screenshot(page, `admin-system-${tag}`);
    await context.close();
  });
}
