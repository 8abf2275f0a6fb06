import { mkdirSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { look, ACCOUNTS, axe, prime, signIn, userMenuButton, type Lang, type ThemeName, capture } from './ladder';

/**
 * Issue 15, "the first minutes": a visitor on a signed-in page is asked to sign in there and comes
 * back to it; hostile return paths end on /; the floating buttons never cover the footer's version
 * or a ranking card.
 */

const SHOTS = 'test-results/first-minutes';
mkdirSync(SHOTS, { recursive: true });

/** Chooses the player on the development identity provider's page, after a click on a sign-in button. */
async function chooseAccount(page: Page, email: string) {
  await page.getByRole('button', { name: new RegExp(email.replace(/[.@]/g, '\\$&')) }).click();
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The floating buttons that are on screen (a button stepping aside is faded out and left out). */
async function floatingBoxes(page: Page) {
  const candidates: Locator[] = [
    page.getByRole('button', { name: /^(Centro de ajuda|Help centre|Help center)$/ }),
    page.getByRole('button', { name: /^(Ações rápidas|Quick actions)$/ }),
  ];
  const boxes = [];
  for (const c of candidates) {
    if ((await c.count()) === 0) continue;
    const shown = await c.evaluate((el) => Number(getComputedStyle(el.closest('[data-floating]') ?? el).opacity) > 0.5);
    const box = await c.boundingBox();
    if (shown && box) boxes.push(box);
  }
  return boxes;
}

test.describe('sign-in prompt and return path', () => {
  test('a visitor on /challenges is asked to sign in and comes back to /challenges', async ({ page }) => {
    test.setTimeout(180_000);
    await prime(page, { lang: 'pt', theme: 'light', onboarded: true });
    await page.goto('/challenges');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Inicie sessão para continuar');
    await expect(page).toHaveURL(/\/challenges$/);
    expect(await axe(page)).toEqual([]);
    await capture(page, { path: `${SHOTS}/prompt-desktop-pt-light.png` });
    await page.getByRole('main').getByRole('button', { name: 'Entrar' }).click();
    await chooseAccount(page, ACCOUNTS.player.email);
    await page.waitForURL((url) => url.pathname === '/challenges');
    await expect(userMenuButton(page, ACCOUNTS.player.name)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Desafios/);
  });

  test('the prompt in English, dark, on a phone, has no axe violations', async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await prime(page, { lang: 'en', theme: 'dark', onboarded: true });
    await page.goto('/leaderboards');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in to continue');
    expect(await axe(page)).toEqual([]);
    await capture(page, { path: `${SHOTS}/prompt-phone-en-dark.png`, fullPage: true });
  });

  test("'sign in to join' on a tournament comes back to that tournament", async ({ page }) => {
    test.setTimeout(180_000);
    await prime(page, { lang: 'pt', theme: 'light', onboarded: true });
    const res = await page.request.get('/api/tournaments?limit=100&privacy=public');
    const { items } = (await res.json()) as { items: { id: number; status: string }[] };
    const active = items.find((t) => t.status === 'active');
    expect(active, 'an active public demo tournament').toBeTruthy();
    await page.goto(`/tournaments/${active!.id}`);
    await page.getByRole('button', { name: 'Entre para participar' }).click();
    await chooseAccount(page, ACCOUNTS.player.email);
    await page.waitForURL((url) => url.pathname === `/tournaments/${active!.id}`);
    await expect(userMenuButton(page, ACCOUNTS.player.name)).toBeVisible();
  });

  for (const [i, hostile] of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)'].entries()) {
    test(`a planted return path ${JSON.stringify(hostile)} ends on /`, look(i === 0), async ({ page }) => {
      test.setTimeout(180_000);
      await prime(page, { lang: 'pt', onboarded: true });
      await page.goto('/about');
      await page.evaluate((value) => sessionStorage.setItem('ladder.returnTo', value), hostile);
      await signIn(page, ACCOUNTS.player); // waits for the pathname '/' on this origin
      expect(page.url()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    });
  }
});

test.describe('floating buttons hide nothing', () => {
  for (const theme of ['light', 'dark'] as ThemeName[]) {
    test(`the footer's version is clear of them at 1280×800, visitor and signed in (${theme})`, look(theme === 'light'), async ({ page }) => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width: 1280, height: 800 });
      const lang: Lang = theme === 'light' ? 'pt' : 'en';
      await prime(page, { lang, theme, onboarded: true });
      for (const signedIn of [false, true]) {
        if (signedIn) await signIn(page, ACCOUNTS.player);
        await page.goto('/tournaments');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const version = page.getByRole('contentinfo').getByText(/^v\d/);
        await version.scrollIntoViewIfNeeded();
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await expect(page.getByRole('button', { name: /^(Centro de ajuda|Help centre|Help center)$/ })).toHaveAttribute('data-floating', 'shown');
        const box = (await version.boundingBox())!;
        expect(box.y + box.height).toBeLessThanOrEqual(800);
        if (signedIn) await expect(page.getByRole('button', { name: /^(Ações rápidas|Quick actions)$/ })).toBeVisible();
        // The buttons fade in: wait until the fade is over before taking their boxes.
        await expect.poll(async () => (await floatingBoxes(page)).length).toBe(signedIn ? 2 : 1);
        const fabs = await floatingBoxes(page);
        for (const fab of fabs) expect(overlaps(box, fab), `version ${JSON.stringify(box)} under ${JSON.stringify(fab)}`).toBe(false);
        await capture(page, { path: `${SHOTS}/footer-desktop-${lang}-${theme}-${signedIn ? 'player' : 'visitor'}.png` });
      }
    });
  }

  test('ranking cards at 390 px are not covered while the reader scrolls down the ranking', async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await prime(page, { lang: 'pt', theme: 'light', onboarded: true });
    await signIn(page, ACCOUNTS.player);
    const res = await page.request.get('/api/tournaments?limit=100&privacy=public');
    const { items } = (await res.json()) as { items: { id: number; players: number }[] };
    const biggest = items.reduce((a, b) => (b.players > a.players ? b : a));
    expect(biggest.players).toBeGreaterThanOrEqual(8);
    await page.goto(`/tournaments/${biggest.id}?tab=ranking`);
    const cards = page.getByTestId('ranking-cards').locator(':scope > li');
    await expect(cards.nth(7)).toBeAttached();
    const last = (await cards.count()) - 1;
    // Scroll down the way a reader does, until the last card's bottom edge reaches the buttons' band.
    const card = cards.nth(last);
    for (let i = 0; i < 40; i++) {
      const box = (await card.boundingBox())!;
      if (box.y + box.height <= 844 - 10 && box.y + box.height >= 844 - 160) break;
      await page.mouse.wheel(0, 60);
      await expect.poll(async () => (await card.boundingBox())!.y).not.toBe(box.y);
    }
    const box = (await card.boundingBox())!;
    expect(box.y + box.height).toBeGreaterThan(844 - 160);
    await expect(page.getByRole('button', { name: 'Centro de ajuda' })).toHaveAttribute('data-floating', 'hidden');
    await expect.poll(async () => (await floatingBoxes(page)).filter((fab) => overlaps(box, fab)).length).toBe(0);
    await capture(page, { path: `${SHOTS}/ranking-phone-pt-light.png` });
    // Scrolling back up brings them back; keyboard focus does too.
    await page.mouse.wheel(0, -200);
    await expect(page.getByRole('button', { name: 'Centro de ajuda' })).toHaveAttribute('data-floating', 'shown');
  });
});
