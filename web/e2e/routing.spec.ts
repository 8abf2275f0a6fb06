import { expect, test, type Page } from '@playwright/test';
import { isExpectedConsoleError, capture } from './ladder';

test('an unknown path lands on /', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Desafie/);
});

test('/profile asks signed-out visitors to sign in, staying on /profile', async ({ page }) => {
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Inicie sessão para continuar');
  await expect(page).toHaveURL(/\/profile$/);
});

/** Routes open to visitors (spec §2); the signed-in ones are in auth.spec.ts. */
const PAGES: Array<[string, RegExp]> = [
  ['/about', /Sobre/],
  ['/terms', /Termos/],
  ['/privacy', /Privacidade/],
  ['/test-admin', /Teste de administração/],
  ['/tournaments', /Torneios/],
  ['/tournaments/1', /Ladder de Outono do Porto/], // the first seeded tournament
  ['/clubs', /Clubes/],
  ['/clubs/1', /\S/], // a seeded club: its name
  ['/auth/callback', /Não foi possível entrar/], // no code in the URL
];

test('every visitor route of spec §2 loads with one h1 inside <main>, without console errors', async ({ page }) => {
  test.setTimeout(240_000); // nine page loads in one test: a generous limit for a busy machine
  const errors: string[] = [];
  page.on('console', (msg) => msg.type() === 'error' && !isExpectedConsoleError(msg) && errors.push(msg.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  for (const [path, title] of PAGES) {
    await page.goto(path);
    const h1 = page.locator('main h1');
    await expect(h1, path).toHaveText(title);
    await expect(page.locator('h1'), path).toHaveCount(1);
  }
  expect(errors).toEqual([]);
});

test('header navigation moves between lazy pages', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Navegação principal' });
  await nav.getByRole('link', { name: 'Clubes' }).click();
  await expect(page).toHaveURL(/\/clubs$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Clubes');
  await nav.getByRole('link', { name: 'Início' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Desafie/);
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the mobile menu opens from the keyboard and closes on Escape and on navigation', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Abrir menu' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('navigation', { name: 'Menu de navegação' });
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();

    await toggle.click();
    await capture(page, { path: 'e2e/.screenshots/mobile-menu-pt-light-phone.png', animations: 'disabled' });
    await menu.getByRole('link', { name: 'Torneios' }).click();
    await expect(page).toHaveURL(/\/tournaments$/);
    await expect(menu).toBeHidden();
  });

  // The router restored the position while the tournament page, shorter, was still in main: the
  // browser cut it to that page's height (left at ~2,960 px, back at ~1,690). ScrollBack.tsx.
  test('back to the tournament list comes back to where the reader was on it', async ({ page }) => {
    await page.goto('/tournaments');
    const cards = page.locator('#main a[href^="/tournaments/"]');
    // The answer's cards are drawn a few per task: wait for the last of them (aria-busy on the list).
    await expect(page.getByTestId('tournament-list')).toHaveAttribute('aria-busy', 'false');
    await expect(cards.nth(7)).toBeVisible();
    const card = cards.last();
    await card.scrollIntoViewIfNeeded();
    const left = await page.evaluate(() => window.scrollY);
    expect(left, 'the list must be taller than the tournament page for the check to fail').toBeGreaterThan(2000);
    await card.click();
    await expect(page).toHaveURL(/\/tournaments\/\d+$/);
    await expect(page.locator('main h1')).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0); // a new page opens at its top
    const reach = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    expect(reach, 'the tournament page must be too short to scroll to where the list was left').toBeLessThan(left);
    await page.goBack();
    await expect(page).toHaveURL(/\/tournaments$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThanOrEqual(left - 2);
    expect(await page.evaluate(() => window.scrollY)).toBeLessThanOrEqual(left + 2);
  });
});

test('the help centre opens as a side panel with its four sections', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Centro de ajuda' }).click();
  const sheet = page.getByRole('dialog', { name: 'Centro de ajuda' });
  await expect(sheet).toBeVisible();
  for (const section of ['Primeiros passos', 'Torneios', 'Desafios', 'Gamificação']) {
    await expect(sheet.getByRole('heading', { name: section })).toBeVisible();
  }
  await sheet.getByRole('link', { name: 'Ver torneios' }).click();
  await expect(page).toHaveURL(/\/tournaments$/);
  await expect(sheet).toBeHidden();
});

/**
 * Holds back a lazy page's chunk (Vite names it after the module, e.g. ClubsPage-<hash>.js) until
 * release() is called, and counts the requests it held: a test that holds nothing fails instead of
 * passing on a chunk the route no longer loads.
 */
async function holdChunk(page: Page, name: string) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const state = { requests: 0, release: () => release() };
  await page.route(`**/assets/${name}-*.js`, async (route) => {
    state.requests++;
    await held;
    await route.continue();
  });
  return state;
}

test('a first load paints the whole page at once, never a spinner or a half page', async ({ page }) => {
  // Hold the clubs page's own chunk back to catch the pending state.
  const chunk = await holdChunk(page, 'ClubsPage');

  // The app has started (the router asked for the page's chunk) but paints nothing until the page
  // is there: no spinner flash, no footer jumping under a late page (issue 16: CLS, TBT).
  await page.goto('/clubs');
  await expect.poll(() => chunk.requests).toBe(1);
  expect(await page.locator('#root').innerHTML()).toBe('');
  chunk.release();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Clubes');
  await expect(page.locator('main').getByRole('status')).toHaveCount(0);
});

test('navigating to a page not loaded yet shows the loading pill', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Desafie/);
  const chunk = await holdChunk(page, 'TournamentsPage');
  await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Torneios' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'A carregar…' })).toBeVisible();
  await expect.poll(() => chunk.requests).toBe(1);
  chunk.release();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Torneios');
});
