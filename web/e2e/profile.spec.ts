import { expect, test, type Page } from '@playwright/test';
import { axe, freshAccount, makePng, myId, prime, screenshot, signIn, userMenuButton, capture } from './ladder';

/**
 * Profiles, availability, photos, settings and player pages against the real server. Tests that
 * change data sign in fresh accounts (created at their first sign-in), so the demo accounts other
 * specs rely on stay as seeded.
 */

async function openProfile(page: Page) {
  await page.goto('/profile');
  await expect(page.locator('main h1')).toHaveText('O meu perfil');
  await expect(page.getByLabel('Nome próprio')).toBeVisible();
}

test('every profile field is edited, saved and still there after a reload; bad fields are reported next to them', async ({ page }) => {
  const account = freshAccount('perfil');
  await prime(page, { onboarded: true });
  await signIn(page, account);
  await openProfile(page);
  await expect(page.getByLabel('Email')).toHaveValue(account.email);
  await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');

  // A phone the server refuses: 'Erro ao atualizar perfil' and the message under the field.
  await page.getByLabel('Telefone').fill('12ab');
  await page.getByRole('button', { name: 'Guardar perfil' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Erro ao atualizar perfil' })).toBeVisible();
  await expect(page.getByLabel('Telefone')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Telefone')).toHaveAccessibleDescription(/número de telefone válido/);

  // Age below 13 is caught before sending.
  await page.getByLabel('Idade (opcional)').fill('12');
  await page.getByRole('button', { name: 'Guardar perfil' }).click();
  await expect(page.getByLabel('Idade (opcional)')).toHaveAccessibleDescription(/A idade mínima é 13 anos/);

  await page.getByLabel('Nome próprio').fill('Marta');
  await page.getByLabel('Apelido').fill('Ferreira');
  await page.getByLabel('Telefone').fill('913 000 111'); // a Portuguese number without its country code
  await page.getByLabel('WhatsApp').fill('00351 913 000 222');
  await page.getByLabel('Signal').fill('marta.01');
  await page.getByLabel('Telegram').fill('marta_tenis');
  await page.getByLabel('Idade (opcional)').fill('34');
  await page.getByLabel('Género (opcional)').selectOption({ label: 'Feminino' });
  const municipality = page.getByLabel('Concelho');
  await expect(municipality).toBeDisabled();
  await page.getByLabel('Distrito ou região').selectOption({ label: 'Porto' });
  await municipality.selectOption({ label: 'Matosinhos' });
  // Another district clears the municipality; back to Porto.
  await page.getByLabel('Distrito ou região').selectOption({ label: 'Braga' });
  await expect(municipality).toHaveValue('');
  await page.getByLabel('Distrito ou região').selectOption({ label: 'Porto' });
  await municipality.selectOption({ label: 'Matosinhos' });
  await page.getByLabel('Fuso horário').selectOption('Atlantic/Madeira');
  await page.getByRole('button', { name: 'Guardar perfil' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Perfil guardado.' })).toBeVisible();
  // The header follows the new name.
  await expect(userMenuButton(page, 'Marta Ferreira')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Nome próprio')).toHaveValue('Marta');
  await expect(page.getByLabel('Apelido')).toHaveValue('Ferreira');
  await expect(page.getByLabel('Telefone')).toHaveValue('+351913000111'); // stored normalised (E.164)
  await expect(page.getByLabel('WhatsApp')).toHaveValue('+351913000222');
  await expect(page.getByLabel('Signal')).toHaveValue('marta.01');
  await expect(page.getByLabel('Telegram')).toHaveValue('@marta_tenis');
  await expect(page.getByLabel('Idade (opcional)')).toHaveValue('34');
  await expect(page.getByLabel('Género (opcional)')).toHaveValue('female');
  await expect(page.getByLabel('Distrito ou região')).toHaveValue('porto');
  await expect(municipality).toHaveValue('porto-matosinhos');
  await expect(page.getByLabel('Fuso horário')).toHaveValue('Atlantic/Madeira');
  await expect(page.getByTestId('availability-timezone')).toHaveText('Horários em Atlantic/Madeira.');

  // Pausing shows on the profile and on the public page.
  await page.getByRole('switch', { name: 'Colocar a minha conta em pausa' }).click();
  await expect(page.getByTestId('status-badge')).toHaveText('Em pausa');
  await page.getByRole('link', { name: 'Ver o meu perfil público' }).click();
  await expect(page).toHaveURL(/\/profile\/enhanced$/);
  await expect(page.locator('main h1')).toHaveText('Marta Ferreira');
  await expect(page.getByTestId('status-badge')).toHaveText('Em pausa');
  await expect(page.getByText('Matosinhos, Porto').first()).toBeVisible();
  await page.getByRole('link', { name: 'Editar perfil' }).click();
  await page.getByRole('switch', { name: 'Colocar a minha conta em pausa' }).click();
  await expect(page.getByTestId('status-badge')).toHaveCount(0);
});

test('leaving /profile with unsaved changes asks first: stay keeps the edit, leave goes', async ({ page }) => {
  await prime(page, { onboarded: true });
  await signIn(page, freshAccount('sair'));
  await openProfile(page);
  await page.getByLabel('Nome próprio').fill('Rascunho');
  const nav = page.getByRole('navigation', { name: 'Navegação principal' });

  await nav.getByRole('link', { name: 'Clubes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sair sem guardar?' });
  await expect(dialog).toBeVisible();
  expect(await axe(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Ficar na página' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByLabel('Nome próprio')).toHaveValue('Rascunho');

  await nav.getByRole('link', { name: 'Clubes' }).click();
  await dialog.getByRole('button', { name: 'Sair sem guardar' }).click();
  await expect(page).toHaveURL(/\/clubs$/);
  await page.goto('/profile');
  await expect(page.getByLabel('Nome próprio')).toHaveValue('');
});

test('a photo is uploaded, shows in the header avatar, and is removed again', async ({ page }) => {
  await prime(page, { onboarded: true });
  const account = freshAccount('foto');
  await signIn(page, account);
  await openProfile(page);
  await expect(page.getByRole('banner').locator('img')).toHaveCount(0);

  // The picture is shrunk in the browser before upload: the server gets a JPEG of at most 1024 px.
  let sentType = '';
  await page.route('**/api/profile/photo', async (route) => {
    const body = route.request().postDataBuffer() ?? Buffer.alloc(0);
    sentType = /Content-Type: ([^\r\n]+)/.exec(body.toString('latin1'))?.[1] ?? 'none';
    await route.continue();
  });
  const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/profile/photo') && r.request().method() === 'POST');
  await page.getByTestId('photo-input').setInputFiles({ name: 'eu.png', mimeType: 'image/png', buffer: makePng(1600, 1200) });
  expect((await uploaded).status()).toBe(200);
  await expect(page.getByRole('status').filter({ hasText: 'Foto atualizada.' })).toBeVisible();
  const headerImg = page.getByRole('banner').locator('img');
  await expect(headerImg).toHaveAttribute('src', /\/api\/users\/\d+\/photo\?v=/);
  await expect(page.locator('main img').first()).toHaveAttribute('src', /\/api\/users\/\d+\/photo\?v=/);
  expect(sentType).toBe('image/jpeg');

  await page.reload();
  await expect(headerImg).toHaveAttribute('src', /\/api\/users\//);

  await page.getByRole('button', { name: 'Remover foto' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Foto removida.' })).toBeVisible();
  await expect(headerImg).toHaveCount(0);
});

test('a file that is not an image is refused with the server’s reason', async ({ page }) => {
  await prime(page, { onboarded: true });
  await signIn(page, freshAccount('naoimg'));
  await openProfile(page);
  await page.getByTestId('photo-input').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not really a picture') });
  const toast = page.getByRole('alert').filter({ hasText: 'Erro ao atualizar foto' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('não é uma imagem');
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('weekly availability is set at 390 px, checked, saved and shown on the public page', async ({ page }) => {
    await prime(page, { onboarded: true, lang: 'en' });
    await signIn(page, freshAccount('agenda'));
    await page.goto('/profile');
    await expect(page.locator('main h1')).toHaveText('My profile');
    const monday = page.getByRole('group', { name: 'Monday' });
    await monday.getByRole('button', { name: 'Add range on Monday' }).click();
    await expect(monday.getByRole('textbox', { name: 'Monday range 1 From' })).toBeFocused();
    await monday.getByRole('textbox', { name: 'Monday range 1 From' }).fill('19:00');
    await monday.getByRole('textbox', { name: 'Monday range 1 To' }).fill('18:00');
    await expect(monday.getByText('The end time must be after the start time.')).toBeVisible();
    await monday.getByRole('textbox', { name: 'Monday range 1 To' }).fill('21:30');
    await expect(monday.getByText('The end time must be after the start time.')).toHaveCount(0);

    await monday.getByRole('button', { name: 'Add range on Monday' }).click();
    await monday.getByRole('textbox', { name: 'Monday range 2 From' }).fill('20:00');
    await expect(monday.getByText('This range overlaps another one on the same day.')).toBeVisible();
    await page.getByRole('button', { name: 'Save availability' }).click();
    await expect(monday.getByRole('textbox', { name: 'Monday range 2 From' })).toBeFocused();
    await monday.getByRole('button', { name: 'Remove range 2 on Monday' }).click();

    const saturday = page.getByRole('group', { name: 'Saturday' });
    await saturday.getByRole('button', { name: 'Add range on Saturday' }).click();
    await saturday.getByRole('textbox', { name: 'Saturday range 1 From' }).fill('09:00');
    await saturday.getByRole('textbox', { name: 'Saturday range 1 To' }).fill('12:30');
    // Touching ranges are fine; 00:00 as an end means midnight.
    await saturday.getByRole('button', { name: 'Add range on Saturday' }).click();
    await saturday.getByRole('textbox', { name: 'Saturday range 2 From' }).fill('22:00');
    await saturday.getByRole('textbox', { name: 'Saturday range 2 To' }).fill('00:00');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'profile-availability-en-light-phone');
    await page.getByRole('button', { name: 'Save availability' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Availability saved.' })).toBeVisible();

    const saved = await (await page.request.get('/api/profile')).json();
    expect(saved.availability).toEqual([
      { weekday: 1, start_minute: 19 * 60, end_minute: 21 * 60 + 30 },
      { weekday: 6, start_minute: 9 * 60, end_minute: 12 * 60 + 30 },
      { weekday: 6, start_minute: 22 * 60, end_minute: 24 * 60 },
    ]);
    await page.reload();
    await expect(page.getByRole('group', { name: 'Monday' }).getByRole('textbox', { name: 'Monday range 1 To' })).toHaveValue('21:30');

    await page.goto('/profile/enhanced');
    await expect(page.getByTestId('availability-day-1')).toContainText('19:00–21:30');
    await expect(page.getByTestId('availability-day-6')).toContainText('09:00–12:30');
    await expect(page.getByTestId('availability-day-6')).toContainText('22:00–24:00');
  });
});

test('contact privacy: nobody hides the phone from other players, everyone shows it', async ({ browser }) => {
  const owner = await browser.newPage();
  const viewer = await browser.newPage();
  await prime(owner, { onboarded: true });
  await prime(viewer, { onboarded: true });
  const ownerAccount = freshAccount('dono');
  await signIn(owner, ownerAccount);
  await signIn(viewer, freshAccount('visita'));
  const ownerId = await myId(owner);
  const put = await owner.request.put('/api/profile', {
    // PUT replaces the whole profile: every field is sent.
    data: {
      first_name: 'Joana', last_name: 'Reis', phone: '+351 917 777 888', whatsapp: '', signal: '', telegram: '',
      age: null, gender: '', district: '', municipality: '', timezone: 'Europe/Lisbon', club_id: null,
    },
  });
  expect(put.status()).toBe(200);

  async function setVisibility(label: string) {
    await owner.goto('/settings');
    await owner.getByRole('radio', { name: label }).check();
    await owner.getByRole('button', { name: 'Guardar definições' }).click();
    await expect(owner.getByRole('status').filter({ hasText: 'Definições guardadas.' })).toBeVisible();
  }

  await setVisibility('Ninguém');
  await viewer.goto(`/players/${ownerId}`);
  await expect(viewer.locator('main h1')).toHaveText('Joana Reis');
  await expect(viewer.getByTestId('contacts-private')).toHaveText('Joana Reis mantém os contactos privados.');
  await expect(viewer.locator('a[href^="tel:"]')).toHaveCount(0);
  await expect(viewer.getByText(/917 ?777 ?888/)).toHaveCount(0);

  await setVisibility('Todos');
  await viewer.reload();
  await expect(viewer.locator('a[href="tel:+351917777888"]')).toHaveText('+351 917 777 888');
  await expect(viewer.locator(`a[href="mailto:${ownerAccount.email}"]`)).toBeVisible();
  await expect(viewer.getByTestId('contacts-private')).toHaveCount(0);
  await owner.close();
  await viewer.close();
});

test('a demo player page: place names, availability, contacts by privacy, sections and Player not found', async ({ page }) => {
  await prime(page, { onboarded: true, lang: 'en' });
  await signIn(page, { email: 'tiago.almeida@ladder.test', name: 'Tiago Almeida' });
  const players = (await (await page.request.get('/api/players/4')).json()) as { display_name: string };
  expect(players.display_name).toBe('Pedro Santos');
  await page.goto('/players/4');
  await expect(page.locator('main h1')).toHaveText('Pedro Santos');
  await expect(page.getByText('Vila Nova de Gaia, Porto').first()).toBeVisible();
  // One stored format (E.164), shown grouped.
  await expect(page.locator('a[href="tel:+351912345678"]')).toHaveText('+351 912 345 678');
  await expect(page.locator('a[href="https://wa.me/351912345678"]')).toHaveCount(0); // no WhatsApp given
  for (const section of ['Statistics', 'Achievements', 'Tournaments']) {
    await expect(page.getByRole('heading', { name: section })).toBeVisible();
  }
  // The cards show the player's real numbers (issue 15), the ones of the statistics page.
  const stats = (await (await page.request.get('/api/players/4/stats')).json()) as {
    matches: number;
    wins: number;
    losses: number;
    win_rate: number;
    rating: { rating: number };
    tournaments: { name: string }[];
  };
  expect(stats.matches).toBeGreaterThan(0);
  const numbers = page.getByTestId('summary-numbers');
  for (const [label, value] of [
    ['Matches', stats.matches],
    ['Wins', stats.wins],
    ['Losses', stats.losses],
    ['Win rate', `${stats.win_rate}%`],
    ['Rating', stats.rating.rating],
  ] as const) {
    await expect(numbers.locator('div').filter({ has: page.getByText(label, { exact: true }) }).locator('dd')).toHaveText(String(value));
  }
  await expect(page.getByTestId('summary-tournaments').getByRole('link').first()).toHaveText(stats.tournaments[0].name);
  await expect(page.getByText('Available once tournaments start.')).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await numbers.scrollIntoViewIfNeeded();
  await capture(page, { path: 'e2e/.screenshots/player-summary-en-phone.png', animations: 'disabled' });

  await page.goto('/players/999999');
  await expect(page.locator('main h1')).toHaveText('Player not found');
  await page.goto('/players/abc');
  await expect(page.locator('main h1')).toHaveText('Player not found');
});
