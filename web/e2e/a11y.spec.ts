import { expect, test } from '@playwright/test';
import { look, axe, prime, screenshot, type Lang, type ThemeName, capture } from './ladder';

const PAGES = [
  ['home', '/'],
  ['about', '/about'],
  ['terms', '/terms'],
  ['privacy', '/privacy'],
  ['clubs', '/clubs'],
  ['tournaments', '/tournaments'],
] as const;

const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

const THEMES: ThemeName[] = ['light', 'dark'];

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  for (const theme of THEMES) {
    test.describe(`${viewportName} ${theme}`, look(viewportName === 'phone' && theme === 'light'), () => {
      test.use({ viewport });
      for (const [name, path] of PAGES) {
        test(`${name} has no axe violations`, async ({ page }) => {
          // Alternate languages so both get looked at in screenshots.
          const lang: Lang = theme === 'light' ? 'pt' : 'en';
          await prime(page, { lang, theme });
          await page.goto(path);
          await expect(page.locator('main h1')).toBeVisible();
          await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/);
          expect(await axe(page)).toEqual([]);
          await screenshot(page, `${name}-${lang}-${theme}-${viewportName}`);
        });
      }

      test('the help centre and a contact dialog have no axe violations', async ({ page }) => {
        await prime(page, { lang: 'pt', theme });
        await page.goto('/');
        await page.getByRole('button', { name: 'Centro de ajuda' }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await page.getByRole('dialog').locator('summary').first().click();
        expect(await axe(page)).toEqual([]);
        await screenshot(page, `help-pt-${theme}-${viewportName}`);
        await page.keyboard.press('Escape');

        await page.getByRole('contentinfo').getByRole('button', { name: 'Suporte técnico' }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        expect(await axe(page)).toEqual([]);
        await capture(page, { path: `e2e/.screenshots/contact-pt-${theme}-${viewportName}.png`, animations: 'disabled' });
      });
    });
  }
}

// Every "no axe violations" above trusts the helper: it must still report what it finds (the
// app's own page, with an unlabelled image and button added to it). On one database: neither
// changes what axe reports.
test('the axe helper reports violations', look(false), async ({ page }) => {
  await page.goto('/about');
  await expect(page.locator('main h1')).toBeVisible();
  await page.locator('main').evaluate((main) => {
    main.insertAdjacentHTML('beforeend', '<img src="/favicon.svg"><button type="button"></button>');
  });
  const ids = (await axe(page)).map((v) => v.id);
  expect(ids).toEqual(expect.arrayContaining(['image-alt', 'button-name']));
});
