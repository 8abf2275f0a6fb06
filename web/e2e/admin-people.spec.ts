import { expect, test, type Browser, type Page } from '@playwright/test';
import { ACCOUNTS, axe, freshAccount, prime, screenshot, signIn } from './ladder';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** Registers a new account by signing it in once, in its own browser context; returns its page. */
async function registered(browser: Browser, prefix: string) {
  const account = freshAccount(prefix);
  const context = await browser.newContext();
  const page = await context.newPage();
  await prime(page, { onboarded: true });
  await signIn(page, account);
  return { account, page };
}

async function noAxeViolations(page: Page) {
  expect(await axe(page)).toEqual([]);
}

test.describe('super admins', () => {
  test('root adds a registered account as super admin and removes it after confirming', async ({ page, browser }) => {
    test.setTimeout(240_000);
    const { account: fresh } = await registered(browser, 'sa');
    await prime(page, { onboarded: true, lang: 'pt', theme: 'light' });
    await signIn(page, ACCOUNTS.root);
    await page.goto('/super-admins');
    await expect(page.locator('main h1')).toHaveText('Super administradores');
    const rootRow = page.getByTestId(`super-admin-${ACCOUNTS.root.email}`);
    await expect(rootRow).toContainText('ROOT · Protegido');
    await expect(rootRow.getByRole('button', { name: /Remover/ })).toHaveCount(0);

    const email = page.getByLabel('Email da conta registada');
    const add = page.getByRole('button', { name: 'Adicionar Super Admin' });
    await email.fill('nao-e-email');
    await add.click();
    await expect(page.getByText('Por favor, insira um email válido')).toBeVisible();
    await email.fill('ninguem-registado@example.test');
    await add.click();
    await expect(page.getByText(/Não há nenhuma conta registada com ninguem-registado@example.test/)).toBeVisible();

    await email.fill(fresh.email);
    await add.click();
    const row = page.getByTestId(`super-admin-${fresh.email}`);
    await expect(row).toBeVisible();
    await expect(email).toHaveValue('');
    await noAxeViolations(page);
    await screenshot(page, 'super-admins-root-pt-light-desktop');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'super-admins-root-pt-light-phone');

    await row.getByRole('button', { name: /Remover/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Remover este Super Admin?' });
    await expect(dialog).toContainText(fresh.email);
    await noAxeViolations(page);
    await dialog.getByRole('button', { name: 'Remover Super Admin' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toHaveCount(0);
  });

  test('a super admin who is not root sees why: they cannot remove themselves, and only root manages', async ({ page }) => {
    await prime(page, { onboarded: true, lang: 'en', theme: 'dark' });
    await signIn(page, ACCOUNTS.superadmin);
    await page.goto('/super-admins');
    await expect(page.locator('main h1')).toHaveText('Super admins');
    const me = page.getByTestId(`super-admin-${ACCOUNTS.superadmin.email}`);
    await expect(me).toContainText('You cannot remove yourself');
    await expect(me).toContainText('You');
    await expect(page.getByText('Only the main Super Admin can create or remove Super Admins.')).toBeVisible();
    await expect(page.getByRole('button', { name: /Remove/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add Super Admin' })).toHaveCount(0);
    // The server refuses it too.
    const refused = await page.evaluate(async () => {
      const me = (await (await fetch('/api/users/me')).json()) as { id: number };
      const res = await fetch(`/api/admin/super-admins/${me.id}`, { method: 'DELETE', headers: { 'Accept-Language': 'en' } });
      return { status: res.status, body: (await res.json()) as { message: string } };
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('You cannot remove yourself');
    await noAxeViolations(page);
    await screenshot(page, 'super-admins-superadmin-en-dark-desktop');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'super-admins-superadmin-en-dark-phone');
  });
});

test.describe('user transfer', () => {
  test('a super admin runs a transfer through every check and the final confirmation, then sees it in the history', async ({ page: first, browser }) => {
    test.setTimeout(300_000);
    let page = first;
    const source = await registered(browser, 'src');
    const { account: target } = await registered(browser, 'dst');
    await page.setViewportSize(PHONE);
    await prime(page, { onboarded: true, lang: 'pt', theme: 'dark' });
    await signIn(page, ACCOUNTS.superadmin);
    await page.goto('/super-admin/transfers');
    await expect(page.locator('main h1')).toHaveText('Transferência de utilizador');
    await noAxeViolations(page);

    const submit = page.getByRole('button', { name: 'Transferir', exact: true });
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText('Por favor, preencha todos os campos obrigatórios.');
    await page.getByLabel('Email da conta de origem (será desativada)').fill(source.account.email);
    await page.getByLabel('Email da conta de destino (recebe tudo)').fill(target.email);
    await page.getByLabel('Motivo').fill('Conta duplicada: pedido da jogadora por email');
    await page.getByLabel('Compreendo que a transferência é irreversível.').check();
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText('Por favor, confirme todas as verificações antes de prosseguir.');
    await page.getByLabel('Verifiquei a identidade da pessoa e que as duas contas lhe pertencem.').check();
    await page.getByLabel('A pessoa foi informada da transferência.').check();
    await screenshot(page, 'transfers-pt-dark-phone-form');
    await submit.click();

    const dialog = page.getByRole('dialog', { name: 'Executar esta transferência?' });
    await expect(dialog).toContainText(source.account.email);
    await noAxeViolations(page);
    await screenshot(page, 'transfers-pt-dark-phone-confirm');
    await dialog.getByRole('button', { name: 'Sim, transferir' }).click();
    await expect(dialog).toBeHidden();
    const history = page.getByTestId('transfer-history');
    await expect(history.locator('li').first()).toContainText(source.account.email);
    await expect(history.locator('li').first()).toContainText(target.email);
    await expect(history.locator('li').first()).toContainText('Conta duplicada');
    await expect(page.getByLabel('Motivo')).toHaveValue('');
    await screenshot(page, 'transfers-pt-dark-phone-history');

    // The source's session ended: it is signed out.
    const me = await source.page.request.get('/api/users/me');
    expect(me.status()).toBe(401);

    // The same page in English, light, on a desktop (a new browser: prime's language sticks to a page).
    const context = await browser.newContext({ viewport: DESKTOP });
    page = await context.newPage();
    await prime(page, { onboarded: true, lang: 'en', theme: 'light' });
    await signIn(page, ACCOUNTS.superadmin);
    await page.goto('/super-admin/transfers');
    await expect(page.locator('main h1')).toHaveText('User transfer');
    await expect(page.getByTestId('transfer-history').locator('li').first()).toContainText(source.account.email);
    await noAxeViolations(page);
    await screenshot(page, 'transfers-en-light-desktop');
    // A second transfer of the deactivated source is refused with the server's reason.
    await page.getByLabel('Source account email (will be deactivated)').fill(source.account.email);
    await page.getByLabel('Target account email (receives everything)').fill(target.email);
    await page.getByLabel('Reason').fill('Again');
    for (const label of [/verified the person's identity/, /irreversible/, /was informed/]) await page.getByLabel(label).check();
    await page.getByRole('button', { name: 'Transfer', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, transfer' }).click();
    await expect(page.locator('form').getByRole('alert')).toContainText('already transferred');
  });

  test('players and admins see Access Denied on the transfer page', async ({ page }) => {
    await prime(page, { onboarded: true, lang: 'en' });
    await signIn(page, ACCOUNTS.admin);
    await page.goto('/super-admin/transfers');
    await expect(page.locator('main h1')).toHaveText('Access Denied');
  });
});
