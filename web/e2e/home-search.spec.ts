import { expect, test, type Page } from '@playwright/test';
import { look, ACCOUNTS, axe, prime, screenshot, signIn, type Lang, type ThemeName } from './ladder';

// Issue 15: the signed-in home at / and the global search overlay, by keyboard only.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const T = {
  pt: {
    greeting: 'Olá, Pedro',
    tiles: ['Desafios em aberto', 'Jogos por jogar', 'Resultados à sua espera', 'Notificações por ler'],
    actions: ['Criar desafio', 'Entrar num torneio', 'Definir disponibilidade', 'Propor um clube'],
    near: 'Perto de si',
    search: 'Pesquisar',
    combobox: 'Pesquisar torneios, clubes, jogadores e desafios',
    club: 'Clube',
    recent: 'Pesquisas recentes',
    popular: 'Pesquisas populares',
    clear: 'Limpar pesquisas recentes',
    empty: /Sem resultados/,
  },
  en: {
    greeting: 'Hello, Pedro',
    tiles: ['Open challenges', 'Matches to play', 'Results waiting for you', 'Unread notifications'],
    actions: ['Create a challenge', 'Join a tournament', 'Set your availability', 'Propose a club'],
    near: 'Near you',
    search: 'Search',
    combobox: 'Search tournaments, clubs, players and challenges',
    club: 'Club',
    recent: 'Recent searches',
    popular: 'Popular searches',
    clear: 'Clear recent searches',
    empty: /No results/,
  },
} as const;

async function home(page: Page, lang: Lang, theme: ThemeName) {
  await prime(page, { lang, theme, onboarded: true });
  await signIn(page, ACCOUNTS.player);
  await expect(page.getByTestId('signed-in-home')).toBeVisible();
}

for (const [i, [lang, theme, viewport]] of ([
  ['pt', 'light', DESKTOP],
  ['en', 'dark', PHONE],
] as const).entries()) {
  test(`signed-in home: summary, quick actions, matches and featured near first (${lang}, ${theme}, ${viewport.width}px)`, look(i === 0), async ({ page }) => {
    await page.setViewportSize(viewport);
    await home(page, lang, theme);
    const t = T[lang];
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.greeting);
    for (const label of t.tiles) await expect(page.getByRole('link', { name: new RegExp(label) })).toBeVisible();
    // Unread messages: the tile shows the header badge's count and opens /messages.
    const unread = (await (await page.request.get('/api/messages/unread_count')).json()) as { count?: number; unread?: number };
    await expect(page.getByTestId('summary-messages')).toHaveAttribute('href', '/messages');
    await expect(page.getByTestId('summary-messages')).toContainText(String(unread.count ?? unread.unread ?? 0));
    for (const label of t.actions) await expect(page.getByRole('link', { name: new RegExp(label) })).toBeVisible();
    await expect(page.getByTestId('completed-matches-list').getByRole('listitem').first()).toBeVisible();
    await expect(page.getByTestId('featured-tournaments-list').getByRole('link').first()).toBeVisible();
    // Pedro lives in Porto: the first featured club is near him.
    await expect(page.getByTestId('featured-clubs-list').getByRole('link').first()).toContainText(t.near);
    await expect(page.getByTestId('summary-notifications')).toHaveAttribute('href', '/notifications');
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    expect(await axe(page)).toEqual([]);
    await screenshot(page, `home-${lang}-${theme}-${viewport.width}`);

    // Keyboard: a quick action opens its page.
    await page.getByRole('link', { name: new RegExp(t.actions[3]) }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/clubs\?create=true/);
  });
}

test('visitors keep the landing at /', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Desafie/);
  await expect(page.getByTestId('signed-in-home')).toHaveCount(0);
});

test('search overlay by keyboard: / and Ctrl+K, type, arrows, Enter, Escape, recent searches (pt, desktop)', async ({ page }) => {
  const t = T.pt;
  await home(page, 'pt', 'light');
  const dialog = page.getByRole('dialog');
  const box = page.getByRole('combobox', { name: t.combobox });

  // '/' opens it, the combobox has focus; idle shows popular searches and tips, no recent yet.
  await page.locator('body').press('/');
  await expect(box).toBeFocused();
  await expect(box).toHaveValue('');
  await expect(dialog.getByText(t.popular, { exact: true })).toBeVisible();
  await expect(dialog.getByText(t.recent, { exact: true })).toHaveCount(0);
  expect(await axe(page)).toEqual([]);

  // Typing: loading, then results with type badges; arrows move the highlight.
  await box.pressSequentially('foz');
  const options = page.getByRole('option');
  await expect(options.first()).toBeVisible();
  await expect(options.first().getByTestId('search-badge')).toHaveText(t.club);
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await box.press('ArrowDown');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  const activeId = await box.getAttribute('aria-activedescendant');
  expect(activeId).toBe(await options.first().getAttribute('id'));
  expect(await axe(page)).toEqual([]);
  await screenshot(page, 'search-results-pt-light-1280');

  // Enter opens the highlighted result and closes the overlay.
  await box.press('Enter');
  await expect(page).toHaveURL(/\/clubs\/\d+$/);
  await expect(dialog).toHaveCount(0);

  // Ctrl+K opens it again: the search is now a recent one; Enter on it searches it again.
  await page.locator('body').press('Control+k');
  await expect(box).toBeFocused();
  await expect(dialog.getByText(t.recent, { exact: true })).toBeVisible();
  await expect(page.getByRole('option', { name: 'foz' })).toBeVisible();
  await box.press('ArrowDown');
  await box.press('Enter');
  await expect(box).toHaveValue('foz');
  await expect(page.getByRole('option').first().getByTestId('search-badge')).toHaveText(t.club);

  // Nothing found: the empty state.
  await box.fill('zzzzqq');
  await expect(page.getByTestId('search-empty')).toContainText(t.empty);

  // Escape closes and focus returns to the button that opened it.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  const button = page.getByRole('button', { name: t.search, exact: true });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(box).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(button).toBeFocused();

  // Clearing the recent searches, by keyboard.
  await page.locator('body').press('/');
  await expect(dialog.getByText(t.recent, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: t.clear }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText(t.recent, { exact: true })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('recentSearches'))).toBeNull();
  await page.keyboard.press('Escape');

  // '/' typed in a field is just a character.
  await page.goto('/clubs');
  const field = page.getByRole('searchbox', { name: 'Pesquisar' });
  await field.focus();
  await page.keyboard.press('/');
  await expect(field).toHaveValue('/');
  await expect(dialog).toHaveCount(0);
});

test('search overlay on a phone, in English and dark, finds the reader (players for members)', async ({ page }) => {
  const t = T.en;
  await page.setViewportSize(PHONE);
  await home(page, 'en', 'dark');
  await page.getByRole('button', { name: t.search, exact: true }).click();
  const box = page.getByRole('combobox', { name: t.combobox });
  await expect(box).toBeFocused();
  await expect(page.getByRole('dialog').getByText(t.popular, { exact: true })).toBeVisible();
  await box.pressSequentially('ines');
  const player = page.getByRole('option', { name: /Inês Rodrigues/ });
  await expect(player).toBeVisible();
  await expect(player.getByTestId('search-badge')).toHaveText('Player');
  expect(await axe(page)).toEqual([]);
  await screenshot(page, 'search-results-en-dark-390');
  await box.press('ArrowDown');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/players\/\d+$/);
});
