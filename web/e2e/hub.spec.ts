import { readFileSync } from 'node:fs';
import { expect, request, test, type Browser, type Page } from '@playwright/test';
import { look, ACCOUNTS, axe, freshAccount, prime, screenshot, signIn, type Lang, type ThemeName } from './ladder';

/**
 * The tennis hub (/tennis-hub): "near you" blocks from the demo player's district, the rules
 * guide, and the score checker (the server's validation: a valid and an invalid score); an
 * account without a district gets the "set your district" state. The calendar feed from
 * /settings (create, read without a cookie as iCalendar, revoke → 404) and a match's .ics
 * download. Phone and desktop, both languages, a dark screenshot, axe.
 */

const T = {
  pt: {
    title: 'Tennis Hub',
    near: 'Perto de si',
    check: 'Verificar',
    valid: 'Resultado válido: 6-4 3-6 10-8',
    invalid: 'Resultado inválido',
    reason: 'O set 1 não é válido',
    noDistrict: 'Indicar o distrito',
    create: 'Criar link do calendário',
    revoke: 'Revogar',
    none: 'Não tem nenhum link de calendário.',
    download: 'Adicionar ao calendário',
  },
  en: {
    title: 'Tennis Hub',
    near: 'Near you',
    check: 'Check',
    valid: 'Valid score: 6-4 3-6 10-8',
    invalid: 'Not a valid score',
    reason: 'Set 1 is not a valid set',
    noDistrict: 'Set your district',
    create: 'Create feed link',
    revoke: 'Revoke',
    none: 'You have no calendar feed.',
    download: 'Add to calendar',
  },
};

async function as(browser: Browser, lang: Lang, theme: ThemeName, width: number, account: { email: string; name: string } = ACCOUNTS.player) {
  const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 800 }, acceptDownloads: true });
  const page = await context.newPage();
  await prime(page, { lang, theme, onboarded: true });
  await signIn(page, account);
  return page;
}

async function expectNoOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const [i, [lang, theme, width]] of ([
  ['pt', 'light', 1280],
  ['en', 'dark', 390],
  ['en', 'light', 1280],
] as const).entries()) {
  test(`tennis hub: near you, rules and the score checker (${lang}, ${theme}, ${width}px)`, look(i === 0), async ({ browser }) => {
    const t = T[lang];
    const page = await as(browser, lang, theme, width);
    await page.goto('/tennis-hub');
    await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: t.near })).toBeVisible();
    // The demo player lives in Porto: its clubs and tournaments are listed and link into the app.
    await expect(page.getByTestId('hub-place')).toContainText('Porto');
    await expect(page.getByTestId('hub-club').first()).toBeVisible();
    const club = page.getByTestId('hub-club').first().getByRole('link');
    await expect(club).toHaveAttribute('href', /^\/clubs\/\d+$/);
    await expect(page.getByTestId('hub-tournament').first().getByRole('link').first()).toHaveAttribute('href', /^\/tournaments\/\d+$/);
    const players = page.getByTestId('hub-player');
    if ((await players.count()) > 0) {
      await expect(players.first().getByRole('link', { name: /Desafiar|Challenge/ })).toHaveAttribute('href', /\/challenges\?create=true&opponent=\d+/);
      await expect(players.first().getByRole('link', { name: /mensagem|message/i })).toHaveAttribute('href', /\/messages\?to=\d+/);
    }
    await expect(page.getByTestId('hub-result').first()).toBeVisible();

    // The score checker: valid with the winner, then invalid with the server's translated reason.
    const input = page.getByTestId('score-input');
    await input.fill('6-4 3-6 [10-8]');
    await page.getByRole('button', { name: t.check, exact: true }).click();
    await expect(page.getByTestId('score-verdict')).toContainText(t.valid);
    await input.fill('6-5 6-4');
    await input.press('Enter');
    await expect(page.getByTestId('score-verdict')).toContainText(t.invalid);
    await expect(page.getByTestId('score-verdict')).toContainText(t.reason);

    await expectNoOverflow(page);
    expect(await axe(page)).toEqual([]);
    await screenshot(page, `hub-${lang}-${theme}-${width}`);
    // "Message" opens the direct conversation with that player (created the first time).
    if ((await players.count()) > 0) {
      await players.first().getByRole('link', { name: /mensagem|message/i }).click();
      await expect(page).toHaveURL(/\/messages\?c=\d+$/);
      await expect(page.getByTestId('thread-title')).toBeVisible();
    }
    await page.context().close();
  });
}

test('tennis hub without a district asks for one', async ({ browser }) => {
  const page = await as(browser, 'en', 'light', 390, freshAccount('hub'));
  await page.goto('/tennis-hub');
  const link = page.getByTestId('hub-no-district').getByRole('link', { name: T.en.noDistrict });
  await expect(link).toHaveAttribute('href', '/profile');
  expect(await axe(page)).toEqual([]);
  await screenshot(page, 'hub-no-district');
  await page.context().close();
});

for (const [i, [lang, theme, width]] of ([
  ['pt', 'dark', 1280],
  ['en', 'light', 390],
] as const).entries()) {
  test(`calendar feed: create, read without a cookie, revoke; a match's .ics (${lang}, ${theme}, ${width}px)`, look(i === 0), async ({ browser, baseURL }) => {
    const t = T[lang];
    const page = await as(browser, lang, theme, width);
    await page.goto('/settings');
    await page.getByRole('button', { name: t.create }).click();
    const field = page.locator('#calendar-feed input[readonly]');
    await expect(field).toHaveValue(/\/api\/calendar\/feeds\/[\w-]+\/matches\.ics$/);
    const url = await field.inputValue();
    expect(await axe(page)).toEqual([]);
    await screenshot(page, `calendar-feed-${lang}-${theme}-${width}`);

    const anon = await request.newContext({ baseURL });
    const feed = await anon.get(url);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toContain('text/calendar');
    const body = await feed.text();
    expect(body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(body).toContain('BEGIN:VEVENT\r\n');
    expect(body.split('\r\n').every((l) => Buffer.byteLength(l) <= 75)).toBe(true);

    await page.locator('#calendar-feed').getByRole('button', { name: t.revoke }).click();
    await page.getByRole('dialog').getByRole('button', { name: t.revoke }).click();
    await expect(page.getByTestId('calendar-feed-state')).toHaveText(t.none);
    expect((await anon.get(url)).status()).toBe(404);
    await anon.dispose();

    // A match card's .ics: the demo player's played matches have a time (a notification's link
    // shows one match on top).
    const mine = await page.request.get('/api/matches?state=completed&limit=1');
    const [match] = ((await mine.json()) as { items: { id: number; can_calendar: boolean }[] }).items;
    expect(match.can_calendar).toBe(true);
    await page.goto(`/challenges?match=${match.id}`);
    const button = page.locator(`[data-match-id="${match.id}"]`).getByTestId('match-calendar');
    await expect(button).toBeVisible();
    await expect(button).toHaveText(t.download);
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toMatch(/^match-\d+\.ics$/);
    const ics = readFileSync((await download.path())!, 'utf8');
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics).toMatch(/DTSTART:\d{8}T\d{6}Z\r\n/);
    expect(await axe(page)).toEqual([]);
    await page.context().close();
  });
}
