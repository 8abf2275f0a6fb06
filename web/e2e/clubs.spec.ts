import { expect, test } from '@playwright/test';
import { look, ACCOUNTS, axe, freshAccount, myId, prime, screenshot, signIn, type Lang, type ThemeName } from './ladder';

/**
 * Clubs against the seeded data (22 validated clubs, 2 pending, 1 rejected). Tests that change
 * data use fresh accounts and a club of their own, so the seed stays as other specs expect it.
 */
const FOZ = 'Clube de Ténis da Foz';

test('propose a club, a super admin validates it, another player joins and leaves', async ({ page, browser }) => {
  const name = `Clube E2E ${Date.now()}`;
  await prime(page, { onboarded: true });
  await signIn(page, freshAccount('proposer'));
  await page.goto('/clubs?create=true');
  const dialog = page.getByRole('dialog', { name: 'Propor um clube' });
  await dialog.getByRole('button', { name: 'Propor clube' }).click();
  await expect(dialog.getByText('Indique o nome do clube.')).toBeVisible();
  await dialog.getByLabel('Nome').fill(name);
  await dialog.getByLabel('Distrito').selectOption({ label: 'Porto' });
  await dialog.getByLabel('Concelho').selectOption({ label: 'Matosinhos' });
  await dialog.getByText('Terra batida').click();
  await dialog.getByText('Estacionamento').click();
  await screenshot(page, 'club-propose');
  await dialog.getByRole('button', { name: 'Propor clube' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Clube proposto com sucesso! Aguarde a validação.' })).toBeVisible();
  await page.waitForURL(/\/clubs\/\d+$/);
  const clubUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText(/Pendente · faltam \d+d \d+h/)).toBeVisible();

  // The super admin validates it from /super-admin.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await prime(admin, { onboarded: true });
  await signIn(admin, ACCOUNTS.superadmin);
  await admin.goto('/super-admin');
  const row = admin.getByTestId('pending-clubs').getByRole('listitem').filter({ hasText: name });
  await expect(row).toContainText(/faltam \d+d \d+h \d+m/);
  expect(await axe(admin)).toEqual([]);
  await screenshot(admin, 'super-admin-validations');
  await row.getByRole('button', { name: 'Validar' }).click();
  await admin.getByRole('dialog', { name: 'Validar o clube?' }).getByRole('button', { name: 'Validar' }).click();
  await expect(admin.getByRole('status').filter({ hasText: `${name} validado.` })).toBeVisible();
  await expect(admin.getByTestId('pending-clubs').getByText(name)).toHaveCount(0);
  await adminContext.close();

  // Another player joins, then leaves (confirmed).
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await prime(other, { onboarded: true });
  await signIn(other, freshAccount('joiner'));
  await other.goto(clubUrl);
  await expect(other.getByText(/Pendente/)).toHaveCount(0);
  await other.getByRole('button', { name: 'Aderir ao clube' }).click();
  await expect(other.getByRole('status').filter({ hasText: `Aderiu a ${name}.` })).toBeVisible();
  await other.getByRole('tab', { name: /Membros \(2\)/ }).click();
  await expect(other.getByTestId('club-members').getByRole('listitem')).toHaveCount(2);
  await other.getByRole('button', { name: 'Sair do clube' }).click();
  await other.getByRole('dialog', { name: 'Sair do clube?' }).getByRole('button', { name: 'Sair do clube' }).click();
  await expect(other.getByRole('button', { name: 'Aderir ao clube' })).toBeVisible();
  await expect(other.getByRole('tab', { name: /Membros \(1\)/ })).toBeVisible();
  await otherContext.close();
});

test('the only administrator appoints a member as administrator, then leaves the club (390 px, dark)', async ({ page, browser }) => {
  test.setTimeout(180_000); // three accounts sign in on a shared 2-core machine
  const name = `Clube Admins ${Date.now()}`;
  await page.setViewportSize({ width: 390, height: 844 });
  await prime(page, { onboarded: true, theme: 'dark' });
  await signIn(page, freshAccount('founder'));
  const created = await page.request.post('/api/clubs', { data: { name } });
  expect(created.status()).toBe(201);
  const clubId = ((await created.json()) as { id: number }).id;

  const superContext = await browser.newContext();
  const superPage = await superContext.newPage();
  await signIn(superPage, ACCOUNTS.superadmin);
  expect((await superPage.request.post(`/api/clubs/${clubId}/validate`)).status()).toBe(200);
  await superContext.close();

  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await prime(member, { onboarded: true });
  await signIn(member, freshAccount('deputy'));
  const deputyId = await myId(member);
  expect((await member.request.post(`/api/clubs/${clubId}/join`)).status()).toBe(204);

  // The founder is the only administrator: no Leave, but the reason; the member row has the menu.
  await page.goto(`/clubs/${clubId}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('note')).toHaveText('É o único administrador: nomeie outro antes de sair do clube.');
  await expect(page.getByRole('button', { name: 'Sair do clube' })).toHaveCount(0);
  await page.getByRole('tab', { name: /Membros \(2\)/ }).click();
  const row = page.getByTestId(`club-member-${deputyId}`);
  await expect(row).toContainText('Membro');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // By keyboard: open the menu, choose, confirm.
  await row.getByRole('button', { name: /Ações sobre/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Nomear administrador' })).toBeFocused();
  await expect(page.getByRole('menuitem', { name: 'Remover do clube' })).toBeVisible();
  await screenshot(page, 'club-member-menu-pt-dark-phone');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await axe(page)).toEqual([]);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: /^Nomear .* administrador\?$/ });
  await expect(dialog).toBeVisible();
  expect(await axe(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Nomear administrador' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'é agora administrador.' })).toBeVisible();
  await expect(row).toContainText('Administrador');

  // Now the founder may leave (confirmed first).
  await page.getByRole('button', { name: 'Sair do clube' }).click();
  await page.getByRole('dialog', { name: 'Sair do clube?' }).getByRole('button', { name: 'Sair do clube' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Saiu de ${name}.` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Aderir ao clube' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /Membros \(1\)/ })).toBeVisible();

  // The new administrator was told and runs the club; alone in it, they may leave too.
  const recent = await member.request.get('/api/notifications?limit=5');
  expect(JSON.stringify(await recent.json())).toContain('administrador do clube');
  await member.goto(`/clubs/${clubId}`);
  await expect(member.getByRole('button', { name: 'Editar' })).toBeVisible();
  await expect(member.getByRole('button', { name: 'Sair do clube' })).toBeVisible();
  await memberContext.close();
});

test('visitors filter the clubs by district and search', async ({ page }) => {
  await prime(page, { onboarded: true });
  await page.goto('/clubs');
  const list = page.getByTestId('club-list');
  await expect(list.getByRole('listitem').first()).toBeVisible();
  await expect(page.getByLabel('Estado')).toHaveCount(0);
  await expect(page.getByText('Tomar Ténis Nabão')).toHaveCount(0);

  await page.getByLabel('Distrito').selectOption({ label: 'Porto' });
  await expect(list.getByRole('link', { name: FOZ })).toBeVisible();
  await expect(list.getByRole('link', { name: /Lisboa/ })).toHaveCount(0);

  await page.getByLabel('Distrito').selectOption({ value: '' });
  await page.getByRole('searchbox', { name: 'Pesquisar' }).fill('foz');
  await expect(list.getByRole('link')).toHaveCount(1);
  await expect(list.getByRole('link', { name: FOZ })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Pesquisar' }).fill('zzzz');
  await expect(page.getByText('Nenhum clube corresponde a estes filtros.')).toBeVisible();
});

test('super admins see the pending clubs in the list', async ({ page }) => {
  await prime(page, { onboarded: true });
  await signIn(page, ACCOUNTS.superadmin);
  await page.goto('/clubs');
  await page.getByLabel('Estado').selectOption('pending');
  await expect(page.getByTestId('club-list').getByRole('link', { name: 'Tomar Ténis Nabão' })).toBeVisible();
  await expect(page.getByTestId('club-list').getByRole('link', { name: 'Ténis Clube de Bragança' })).toBeVisible();
});

test("'Club not found' for an unknown club", async ({ page }) => {
  await prime(page, { onboarded: true });
  await page.goto('/clubs/999999');
  await expect(page.getByRole('heading', { level: 1, name: 'Clube não encontrado' })).toBeVisible();
  await page.getByRole('link', { name: 'Voltar aos clubes' }).click();
  await page.waitForURL(/\/clubs$/);
});

const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  for (const theme of ['light', 'dark'] as ThemeName[]) {
    test.describe(`club pages, ${viewportName} ${theme}`, look(viewportName === 'phone' && theme === 'light'), () => {
      test.use({ viewport });
      test('/clubs and a club page have no axe violations', async ({ page }) => {
        const lang: Lang = theme === 'light' ? 'pt' : 'en';
        const shot = (name: string) => screenshot(page, `${name}-${lang}-${theme}-${viewportName}`);
        await prime(page, { lang, theme, onboarded: true });
        await signIn(page, ACCOUNTS.player);
        await page.goto('/clubs');
        await expect(page.getByTestId('club-list').getByRole('listitem').first()).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        expect(await axe(page)).toEqual([]);
        await shot('clubs');

        await page.getByTestId('club-list').getByRole('link', { name: FOZ }).click();
        await expect(page.getByRole('heading', { level: 1, name: FOZ })).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        expect(await axe(page)).toEqual([]);
        await shot('club');
        await page.getByRole('tab', { name: /Membros|Members/ }).click();
        expect(await axe(page)).toEqual([]);
        await shot('club-members');
      });
    });
  }
}

test('a player picks a home club on /profile and it shows on their player page', async ({ page }) => {
  await prime(page, { onboarded: true });
  await signIn(page, freshAccount('homeclub'));
  await page.goto('/profile');
  const select = page.getByLabel('Clube da casa');
  await expect(select).not.toBeDisabled();
  await select.selectOption({ label: FOZ });
  await page.getByRole('button', { name: 'Guardar perfil' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Perfil guardado.' })).toBeVisible();
  await page.goto('/profile/enhanced');
  await expect(page.getByTestId('home-club').getByRole('link', { name: FOZ })).toBeVisible();
});
