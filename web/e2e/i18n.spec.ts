import { expect, test } from '@playwright/test';
import { prime, screenshot } from './ladder';

const HEADLINE = { pt: /Desafie\. Jogue\./, en: /Challenge\. Play\./ };

test.describe('language', () => {
  test('home renders in pt from the stored choice', async ({ page }) => {
    await prime(page, { lang: 'pt' });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADLINE.pt);
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt');
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  });

  test('home renders in en from the stored choice', async ({ page }) => {
    await prime(page, { lang: 'en' });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADLINE.en);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  });

  test.describe('browser locale en-GB', () => {
    test.use({ locale: 'en-GB' });
    test('is detected and cached', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADLINE.en);
      expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('en');
    });
  });

  test.describe('browser locale pt-BR', () => {
    test.use({ locale: 'pt-BR' });
    test('is detected', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADLINE.pt);
    });
  });

  test.describe('browser locale fr-FR', () => {
    test.use({ locale: 'fr-FR' });
    test('falls back to pt', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADLINE.pt);
    });
  });

  test('the switcher changes language, closes, and the choice survives a reload', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADLINE.pt);
    await page.getByRole('button', { name: 'Idioma: Português' }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADLINE.en);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADLINE.en);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});

test.describe('theme', () => {
  test('the toggle survives a reload and never flashes', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    await page.getByRole('button', { name: 'Mudar para tema escuro' }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

    // Hold the app's scripts back: the dark class must already be there from theme-init.js.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.reload({ waitUntil: 'commit' });
    await page.waitForFunction(() => document.body !== null);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await page.evaluate(() => document.getElementById('root')?.childElementCount)).toBe(0);
    release();
    await expect(page.getByRole('button', { name: 'Mudar para tema claro' })).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/dark/);
  });

  test.describe('system dark preference', () => {
    test.use({ colorScheme: 'dark' });
    test('is used when nothing valid is stored', async ({ page }) => {
      await prime(page, { theme: 'blue' as never });
      await page.goto('/');
      await expect(page.locator('html')).toHaveClass(/dark/);
      await screenshot(page, 'home-system-dark');
    });
  });
});
