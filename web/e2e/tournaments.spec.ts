import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { look, ACCOUNTS, axe, freshAccount, prime, screenshot, signIn, type Lang, type ThemeName, capture } from './ladder';

/**
 * Tournaments: the list, the create flow, approval by a super admin and the club page's tab.
 * Tests that change data create their own tournaments with fresh accounts, and never rely on the
 * names of the seeded demo tournaments.
 */
const FOZ = 'Clube de Ténis da Foz';

const tournamentId = (page: Page) => Number(new URL(page.url()).pathname.split('/').pop());

test('a player creates a public tournament, a super admin approves it, another account joins, filters find it', async ({ page, browser }) => {
  const name = `Escada E2E ${Date.now().toString(36)}`;
  await prime(page, { onboarded: true });
  await signIn(page, freshAccount('creator'));
  await page.goto('/tournaments?create=true');
  const dialog = page.getByRole('dialog', { name: 'Criar torneio' });
  // The defaults are visible from the start; only the name is checked before sending.
  await expect(dialog.getByLabel('Prazo de resposta (dias)', { exact: true })).toHaveValue('7');
  await expect(dialog.getByRole('radio', { name: 'Padrão' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Criar torneio' }).click();
  await expect(dialog.getByText('Indique o nome do torneio.')).toBeVisible();
  await expect(dialog.getByLabel('Nome', { exact: true })).toBeFocused();

  await dialog.getByLabel('Nome', { exact: true }).fill(name);
  await dialog.getByLabel('Clube', { exact: true }).selectOption({ label: FOZ });
  await dialog.getByRole('radio', { name: 'Agressivo' }).check();
  // Field help opens from the keyboard and Escape closes only the tip, not the dialog.
  await dialog.getByRole('button', { name: 'Ajuda: Alcance dos desafios' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText(/até este número de lugares acima ou abaixo/)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog.getByText(/até este número de lugares acima ou abaixo/)).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Criar torneio' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Torneio criado! Aguarda a aprovação de um super administrador.' })).toBeVisible();
  await page.waitForURL(/\/tournaments\/\d+$/);
  const id = tournamentId(page);

  // Pending: the creator sees it under "Pendentes" with the time left; visitors do not see it yet.
  await page.goto('/tournaments');
  await page.getByLabel('Estado').selectOption('pending');
  const mine = page.getByTestId('tournament-list').getByRole('listitem').filter({ hasText: name });
  await expect(mine).toContainText(/Pendente · faltam 4d 23h/);
  await expect(mine).toContainText('Pontos · Agressivo');
  await expect(mine).toContainText('1 jogador');

  // The super admin approves it from /super-admin.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await prime(admin, { onboarded: true });
  await signIn(admin, ACCOUNTS.superadmin);
  await admin.goto('/super-admin');
  const row = admin.getByTestId('pending-tournaments').getByRole('listitem').filter({ hasText: name });
  await expect(row).toContainText(/faltam 4d 23h \d+m/);
  expect(await axe(admin)).toEqual([]);
  await screenshot(admin, 'super-admin-tournament-validations');
  await row.getByRole('button', { name: 'Aprovar' }).click();
  await admin.getByRole('dialog', { name: 'Aprovar o torneio?' }).getByRole('button', { name: 'Aprovar' }).click();
  await expect(admin.getByRole('status').filter({ hasText: `${name} aprovado.` })).toBeVisible();
  await expect(admin.getByTestId('pending-tournaments').getByText(name)).toHaveCount(0);
  await adminContext.close();

  // Another account (an admin) joins through the API.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await prime(other, { onboarded: true });
  await signIn(other, ACCOUNTS.admin);
  const joined = await other.request.post(`/api/tournaments/${id}/join`);
  expect(joined.ok(), await joined.text()).toBe(true);
  await otherContext.close();

  // Visitors find it by search and filters, with both players counted.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await prime(visitor, { onboarded: true });
  await visitor.goto('/tournaments');
  const list = visitor.getByTestId('tournament-list');
  await expect(list.getByRole('listitem').first()).toBeVisible();
  await visitor.getByRole('searchbox', { name: 'Pesquisar' }).fill(name);
  await expect(list.getByRole('link')).toHaveCount(1);
  const card = list.getByRole('listitem').filter({ hasText: name });
  await expect(card).toContainText('2 jogadores');
  await expect(card).toContainText(FOZ);
  await expect(card).toContainText('Público');
  await visitor.getByLabel('Clube', { exact: true }).selectOption({ label: FOZ });
  await visitor.getByLabel('Tipo de ranking').selectOption('points');
  await expect(list.getByRole('link', { name })).toBeVisible();
  await visitor.getByLabel('Privacidade').selectOption('private');
  await expect(visitor.getByText('Nenhum torneio corresponde a estes filtros.')).toBeVisible();
  await visitor.getByLabel('Privacidade').selectOption('');
  await list.getByRole('link', { name }).click();
  await visitor.waitForURL(`**/tournaments/${id}`);

  // The club's page lists it in its Tournaments tab.
  await visitor.goto('/clubs');
  await visitor.getByTestId('club-list').getByRole('link', { name: FOZ }).click();
  await visitor.getByRole('tab', { name: 'Torneios' }).click();
  await expect(visitor.getByTestId('club-tournaments').getByRole('link').first()).toBeVisible();
  expect(await axe(visitor)).toEqual([]);
  await screenshot(visitor, 'club-tournaments-tab');
  await visitorContext.close();
});

test('a private classic tournament without playing in it, found under "Pendentes"', async ({ page }) => {
  const name = `Privado E2E ${Date.now().toString(36)}`;
  await prime(page, { onboarded: true });
  await signIn(page, freshAccount('private'));
  await page.goto('/tournaments');
  await page.getByRole('button', { name: 'Criar torneio' }).click();
  const dialog = page.getByRole('dialog', { name: 'Criar torneio' });
  await dialog.getByLabel('Nome', { exact: true }).fill(name);
  await dialog.getByLabel('Distrito', { exact: true }).selectOption({ label: 'Lisboa' });
  await dialog.getByRole('radio', { name: 'Privado' }).check();
  await dialog.getByRole('radio', { name: 'Clássico' }).check();
  await expect(dialog.getByRole('radio', { name: 'Padrão' })).toHaveCount(0);
  await dialog.getByLabel('Máximo de participantes', { exact: true }).fill('1');
  await dialog.getByRole('checkbox', { name: 'Vou jogar neste torneio' }).uncheck();
  await dialog.getByRole('button', { name: 'Criar torneio' }).click();
  // The server is the authority: its field error shows under the field, its title in the toast
  // (found by text: the modal dialog hides the toasts from the accessibility tree).
  await expect(page.getByText('Erro ao criar torneio', { exact: true })).toBeVisible();
  await expect(dialog.getByLabel('Máximo de participantes', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel('Máximo de participantes', { exact: true }).fill('8');
  await dialog.getByRole('button', { name: 'Criar torneio' }).click();
  await page.waitForURL(/\/tournaments\/\d+$/);

  await page.goto('/tournaments');
  await page.getByLabel('Estado').selectOption('pending');
  await page.getByLabel('Privacidade').selectOption('private');
  const card = page.getByTestId('tournament-list').getByRole('listitem').filter({ hasText: name });
  await expect(card).toContainText('Privado');
  await expect(card).toContainText('Clássico');
  await expect(card).toContainText('0 de 8 jogadores');
  // Not playing: it is not among the ones they play in.
  await page.getByLabel('Privacidade').selectOption('');
  await page.getByLabel('Estado').selectOption('mine');
  await expect(page.getByText(name)).toHaveCount(0);
});

const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  for (const theme of ['light', 'dark'] as ThemeName[]) {
    test.describe(`tournament list, ${viewportName} ${theme}`, look(viewportName === 'phone' && theme === 'light'), () => {
      test.use({ viewport });
      test('/tournaments and the create form have no axe violations', async ({ page }) => {
        const lang: Lang = theme === 'light' ? 'pt' : 'en';
        const shot = async (name: string) => {
          await screenshot(page, `${name}-${lang}-${theme}-${viewportName}`);
          if (viewportName === 'phone') {
            mkdirSync('test-results', { recursive: true });
            await capture(page, { path: `test-results/${name}-${lang}-${theme}-phone.png`, fullPage: true, animations: 'disabled' });
          }
        };
        await prime(page, { lang, theme, onboarded: true });
        await signIn(page, ACCOUNTS.player);
        await page.goto('/tournaments');
        await expect(page.getByTestId('tournament-list').getByRole('listitem').first()).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        expect(await axe(page)).toEqual([]);
        await shot('tournaments');

        await page.getByRole('button', { name: lang === 'pt' ? 'Vista em lista' : 'List view' }).click();
        expect(await axe(page)).toEqual([]);
        await shot('tournaments-list');

        await page.goto('/tournaments?create=true');
        const dialog = page.getByRole('dialog');
        await expect(dialog).toBeVisible();
        await dialog.getByRole('radio', { name: lang === 'pt' ? 'Personalizado' : 'Custom' }).check();
        await dialog.getByRole('button', { name: lang === 'pt' ? 'Ajuda: Sistema de pontos' : 'Help: Points system' }).click();
        expect(await axe(page)).toEqual([]);
        await capture(page, { path: `e2e/.screenshots/tournament-create-${lang}-${theme}-${viewportName}.png`, animations: 'disabled' });
        if (viewportName === 'phone') await capture(page, { path: `test-results/tournament-create-${lang}-${theme}-phone.png`, animations: 'disabled' });
      });
    });
  }
}
