import { expect, test, type Page } from '@playwright/test';
import { look, ACCOUNTS, axe, isExpectedConsoleError, prime, screenshot, signIn, userMenuButton, capture } from './ladder';

/** What the server says about the browser's session: the user, or null when signed out. */
async function serverUser(page: Page) {
  const res = await page.request.get('/api/users/me');
  return res.ok() ? ((await res.json()) as { email: string; role: string; is_root: boolean }) : null;
}

const loginButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Entrar' });

test.describe('sign-in through the development identity provider', () => {
  test('a player signs in from the Login button, stays signed in on reload, and logs out from the menu', async ({ page }) => {
    await prime(page, { onboarded: true });
    await page.goto('/');
    await loginButton(page).click();

    // The development provider's page lists the demo accounts.
    await page.waitForURL(/\/dev\/oidc\//);
    await page.getByRole('button', { name: /player@ladder\.test/ }).click();

    await page.waitForURL((url) => url.pathname === '/');
    const menuButton = userMenuButton(page, ACCOUNTS.player.name);
    await expect(menuButton).toBeVisible();
    await expect(loginButton(page)).toHaveCount(0);
    expect(await serverUser(page)).toMatchObject({ email: 'player@ladder.test', role: 'player', is_root: false });

    // A player: no admin button, no quick access, no role badge, no players panel.
    await expect(page.getByRole('link', { name: /^(Painel admin|ROOT)$/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Acesso rápido à super administração' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Ações rápidas' })).toBeVisible();
    await menuButton.click();
    const menu = page.getByRole('menu', { name: 'Conta' });
    await expect(menu.getByRole('menuitem')).toHaveText([
      'O meu perfil',
      'Estatísticas de jogador',
      'Mensagens',
      'Definições',
      'Sobre',
      'Terminar sessão',
    ]);
    await expect(page.getByTestId('role-badge')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(menuButton).toBeFocused();

    await page.reload();
    await expect(menuButton).toBeVisible();

    // Logout: the menu, then the server forgets the session too.
    await menuButton.click();
    const loggedOut = page.waitForResponse((res) => res.url().endsWith('/api/logout') && res.request().method() === 'POST');
    await page.getByRole('menuitem', { name: 'Terminar sessão' }).click();
    await expect(loginButton(page)).toBeVisible();
    expect((await loggedOut).status()).toBe(204);
    expect(await serverUser(page)).toBeNull();
    await page.reload();
    await expect(loginButton(page)).toBeVisible();
    await expect(menuButton).toHaveCount(0);
  });

  test('the root account sees the ROOT admin button, the quick access, its role badge and the players panel', async ({ page }) => {
    await prime(page, { onboarded: true });
    await signIn(page, ACCOUNTS.root);
    expect(await serverUser(page)).toMatchObject({ role: 'superadmin', is_root: true });

    const root = page.getByRole('banner').getByRole('link', { name: 'ROOT' });
    await expect(root).toBeVisible();
    await expect(root).toHaveAttribute('href', '/super-admin');
    await expect(page.getByRole('link', { name: 'Acesso rápido à super administração' })).toBeVisible();

    await userMenuButton(page, ACCOUNTS.root.name).click();
    await expect(page.getByTestId('role-badge')).toHaveText('Super Admin');
    await page.getByRole('menuitem', { name: 'Painel de jogadores' }).click();
    await expect(page).toHaveURL(/\/players-panel$/);
    await expect(page.locator('main h1')).toHaveText('Painel de jogadores');

    await page.getByRole('link', { name: 'Acesso rápido à super administração' }).click();
    await expect(page).toHaveURL(/\/super-admin$/);
    await expect(page.locator('main h1')).toHaveText('Super administração');
    await page.goto('/super-admins');
    await expect(page.locator('main h1')).toHaveText('Super administradores');

    await page.goto('/test-admin');
    await expect(userMenuButton(page, ACCOUNTS.root.name)).toBeVisible();
    await expect(page.getByTestId('test-admin-role')).toHaveText('Super Admin');
    await expect(page.getByTestId('test-admin-root')).toHaveText('Sim');
    await expect(page.locator('[data-capability="manageSuperAdmins"]')).toHaveAttribute('data-allowed', 'true');
    await screenshot(page, 'test-admin-root-pt-light-desktop');
  });

  test('an admin gets the admin panel button but Access Denied on the super admins page', async ({ page }) => {
    await prime(page, { onboarded: true, lang: 'en' });
    await signIn(page, ACCOUNTS.admin);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Admin panel' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Quick access to super admin' })).toBeVisible();
    await userMenuButton(page, ACCOUNTS.admin.name).click();
    await expect(page.getByTestId('role-badge')).toHaveText('Admin');
    await expect(page.getByRole('menuitem', { name: 'Players panel' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.goto('/super-admins');
    await expect(page.locator('main h1')).toHaveText('Access Denied');
    await page.goto('/test-admin');
    await expect(page.getByTestId('test-admin-root')).toHaveText('No');
    await expect(page.locator('[data-capability="changeToPlayer"]')).toHaveAttribute('data-allowed', 'true');
    await expect(page.locator('[data-capability="manageSuperAdmins"]')).toHaveAttribute('data-allowed', 'false');
  });

  test('a player sees Access Denied on the admin pages', async ({ page }) => {
    await prime(page, { onboarded: true });
    await signIn(page, ACCOUNTS.player);
    for (const path of ['/super-admin', '/super-admins']) {
      await page.goto(path);
      await expect(page.locator('main h1'), path).toHaveText('Acesso Negado');
    }
  });

  test('the floating action menu opens from the keyboard with its four shortcuts', async ({ page }) => {
    await prime(page, { onboarded: true });
    await signIn(page, ACCOUNTS.player);
    const fab = page.getByRole('button', { name: 'Ações rápidas' });
    await fab.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'Ações rápidas' });
    await expect(menu.getByRole('menuitem')).toHaveText(['Criar torneio', 'Criar desafio', 'Mensagens', 'Criar clube']);
    await expect(menu.getByRole('menuitem', { name: 'Criar torneio' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Criar desafio' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/challenges\?create=true$/);
    await expect(menu).toHaveCount(0);
  });

  test('the callback page shows the server message for a code it cannot use, and says so without a code', async ({ page }) => {
    await page.goto('/auth/callback?code=made-up&state=made-up');
    await expect(page.getByRole('alert')).toHaveText(/O início de sessão expirou ou não foi iniciado neste navegador/);
    await expect(page.getByRole('link', { name: 'Voltar ao início' })).toBeVisible();
    await page.goto('/auth/callback');
    await expect(page.getByRole('alert')).toHaveText('Nenhum código fornecido nos parâmetros do URL.');
  });
});

test.describe('signed-in routes (spec §2)', () => {
  const SIGNED_IN: Array<[string, RegExp]> = [
    ['/profile', /O meu perfil/],
    ['/profile/enhanced', /Sofia Martins/], // the own profile as others see it: the name is the title
    ['/players/1', /Rita Oliveira/],
    ['/players/1/stats', /^Estatísticas de /], // "do jogador" while loading, then the player's name
    ['/challenges', /Desafios/],
    ['/notifications', /Notificações/],
    ['/messages', /Mensagens/],
    ['/settings', /Definições/],
    ['/leaderboards', /Rankings/],
    ['/gamification', /Conquistas/],
    ['/super-admin', /Super administração/],
    ['/super-admins', /Super administradores/],
    ['/tennis-hub', /Tennis Hub/],
    ['/players-panel', /Painel de jogadores/],
  ];

  test('ask visitors to sign in, on the page itself', async ({ page }) => {
    test.setTimeout(240_000); // one page load per signed-in route
    for (const [path] of SIGNED_IN) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText('Inicie sessão para continuar');
      await expect(page, path).toHaveURL(new RegExp(`127\\.0\\.0\\.1:\\d+${path}$`));
      await expect(page.getByRole('main').getByRole('button', { name: 'Entrar' })).toBeVisible();
    }
  });

  test('load for a signed-in super admin with one h1, without console errors', async ({ page }) => {
    test.setTimeout(240_000); // one page load per signed-in route
    const errors: string[] = [];
    page.on('console', (msg) => msg.type() === 'error' && !isExpectedConsoleError(msg) && errors.push(msg.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    await prime(page, { onboarded: true });
    await signIn(page, ACCOUNTS.superadmin);
    for (const [path, title] of SIGNED_IN) {
      await page.goto(path);
      await expect(page.locator('main h1'), path).toHaveText(title);
      await expect(page.locator('h1'), path).toHaveCount(1);
    }
    expect(errors).toEqual([]);
  });
});

test.describe('onboarding guide', () => {
  test('shows once after the first sign-in: six steps, Concluir, then never again', async ({ page }) => {
    await signIn(page, ACCOUNTS.player);
    const dialog = page.getByRole('dialog');
    await expect(dialog).toHaveAccessibleName('Bem-vindo ao Tennis Ladder!');
    await expect(dialog.getByText('Passo 1 de 6')).toBeVisible();
    expect(await axe(page)).toEqual([]);
    await screenshot(page, 'onboarding-pt-light-desktop');
    for (let step = 2; step <= 6; step++) {
      await dialog.getByRole('button', { name: 'Seguinte' }).click();
      await expect(dialog.getByText(`Passo ${step} de 6`)).toBeVisible();
    }
    await dialog.getByRole('button', { name: 'Anterior' }).click();
    await expect(dialog.getByText('Passo 5 de 6')).toBeVisible();
    await dialog.getByRole('button', { name: 'Seguinte' }).click();
    await dialog.getByRole('button', { name: 'Concluir' }).click();
    await expect(dialog).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('has-seen-onboarding'))).not.toBeNull();

    await page.reload();
    await expect(userMenuButton(page, ACCOUNTS.player.name)).toBeVisible();
    await page.waitForTimeout(500);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('closing it also stores the flag', async ({ page }) => {
    await prime(page, { lang: 'en', theme: 'dark' });
    await signIn(page, ACCOUNTS.player);
    const dialog = page.getByRole('dialog', { name: 'Welcome to Tennis Ladder!' });
    await expect(dialog).toBeVisible();
    await screenshot(page, 'onboarding-en-dark-desktop');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
    await page.reload();
    await expect(userMenuButton(page, ACCOUNTS.player.name)).toBeVisible();
    await page.waitForTimeout(500);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  for (const theme of ['light', 'dark'] as const) {
    test.describe(`signed in, ${viewportName} ${theme}`, look(viewportName === 'phone' && theme === 'light'), () => {
      test.use({ viewport });
      test('the home page with the user menu and the action menu open has no axe violations', async ({ page }) => {
        const lang = theme === 'light' ? 'pt' : 'en';
        await prime(page, { lang, theme, onboarded: true });
        await signIn(page, ACCOUNTS.root);
        await expect(page.locator('main h1')).toBeVisible();
        await expect(page.getByRole('banner').getByRole('link', { name: 'ROOT' })).toBeVisible();
        // Everything fits the width: nothing in the header is pushed off screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        expect(await axe(page)).toEqual([]);
        await screenshot(page, `home-root-${lang}-${theme}-${viewportName}`);

        await userMenuButton(page, ACCOUNTS.root.name).click();
        await expect(page.getByRole('menu')).toBeVisible();
        expect(await axe(page)).toEqual([]);
        await capture(page, { path: `e2e/.screenshots/user-menu-${lang}-${theme}-${viewportName}.png`, animations: 'disabled' });
        await page.keyboard.press('Escape');

        await page.getByRole('button', { name: lang === 'pt' ? 'Ações rápidas' : 'Quick actions' }).click();
        await expect(page.getByRole('menu')).toBeVisible();
        expect(await axe(page)).toEqual([]);
        await capture(page, { path: `e2e/.screenshots/action-menu-${lang}-${theme}-${viewportName}.png`, animations: 'disabled' });
      });
    });
  }
}

test.describe('small phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });
  test('the signed-in header of the root account fits 360 px', async ({ page }) => {
    await prime(page, { onboarded: true });
    await signIn(page, ACCOUNTS.root);
    await expect(page.getByRole('banner').getByRole('link', { name: 'ROOT' })).toBeVisible();
    const menuToggle = page.getByRole('button', { name: 'Abrir menu' });
    const box = await menuToggle.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
