import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ACCOUNTS, axe, freshAccount, prime, signIn, type Lang, type ThemeName, capture } from './ladder';

/**
 * Challenges and matches, end to end: two players run the whole loop in their own browsers
 * (challenge from the dialog, accept with a time, report, confirm), the tournament's creator
 * validates in the notifications page's Pending Validations tab, and the ranking moves. The
 * tournament is built through the API so the seed stays as other specs expect it.
 */

// Read-only here: the seed gives him validated matches to look at.
const SEEDED = { email: 'miguel.pereira@ladder.test', name: 'Miguel Pereira' };
/** Weekday evenings, 17h–22h: both players' availability, so the dialog has times to suggest. */
const EVENINGS = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start_minute: 17 * 60, end_minute: 22 * 60 }));

/** Screenshots for a person to look at; dialogs as the viewport shows them (the overlay is fixed). */
async function shot(page: Page, name: string, fullPage = true) {
  mkdirSync('test-results/challenges', { recursive: true });
  await capture(page, { path: `test-results/challenges/${name}.png`, fullPage, animations: 'disabled' });
}

/** A signed-in page of its own (cookies are per context). */
async function as(browser: Browser, account: { email: string; name: string }, lang: Lang = 'pt', theme?: ThemeName) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await prime(page, { lang, theme, onboarded: true });
  await signIn(page, account);
  return page;
}

const toast = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });

/** A datetime-local value `days` from today at `hour`:00, in the browser's (= this machine's) zone. */
function localInput(days: number, hour: number) {
  const d = new Date();
  d.setDate(d.getDate() + days);
  d.setHours(hour, 0, 0, 0);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(hour)}:00`;
}

/**
 * A datetime-local value for today, `minutes` from now rounded up to 5 minutes, or null when that
 * is already tomorrow. A result may not be dated before the agreed day (the server refuses it),
 * so the loop below agrees a time later today and reports it today.
 */
function laterToday(minutes: number) {
  const d = new Date(Date.now() + minutes * 60_000);
  d.setMinutes(Math.ceil(d.getMinutes() / 5) * 5, 0, 0);
  if (d.toDateString() !== new Date().toDateString()) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A public points tournament open to anyone (range 0), created by a fresh account that does not play. */
async function approvedTournament(browser: Browser, name: string) {
  const creator = await as(browser, freshAccount('arbitro'));
  const created = await creator.request.post('/api/tournaments', {
    data: {
      name, privacy: 'public', ranking_type: 'points', preset: 'standard', challenge_range: 0,
      response_days: 7, max_rejections: 3, min_games: 1, max_games: 4, period_weeks: 2, play: false,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { id } = (await created.json()) as { id: number };
  const superadmin = await as(browser, ACCOUNTS.superadmin);
  const approved = await superadmin.request.post(`/api/tournaments/${id}/approve`);
  expect(approved.ok(), await approved.text()).toBe(true);
  await superadmin.context().close();
  return { id, creator };
}

test('two players challenge, agree a time, report and confirm; the creator validates and the ranking moves', async ({ browser }) => {
  test.setTimeout(240_000);
  const today = laterToday(130);
  test.skip(today === null, 'Less than 2h10 left today: a time agreed now is tomorrow, and a result cannot be dated before it');
  const name = `Escada Desafios ${Date.now().toString(36)}`;
  const { id, creator } = await approvedTournament(browser, name);

  // Fresh players, so the demo accounts other specs count on keep their notifications. The first
  // to join is 1st (they read English); the second (Portuguese) challenges upwards.
  const LEADER = freshAccount('lider');
  const CLIMBER = freshAccount('desafiante');
  const leader = await as(browser, LEADER, 'en');
  const climber = await as(browser, CLIMBER, 'pt');
  for (const p of [leader, climber]) {
    const week = await p.request.put('/api/profile/availability', { data: { slots: EVENINGS } });
    expect(week.ok(), await week.text()).toBe(true);
    const joined = await p.request.post(`/api/tournaments/${id}/join`);
    expect(joined.ok(), await joined.text()).toBe(true);
  }

  // The climber opens the create challenge dialog; the client checks come first.
  await climber.goto('/challenges');
  await climber.getByRole('button', { name: 'Novo desafio' }).click();
  const create = climber.getByRole('dialog', { name: 'Criar desafio' });
  await expect(create.getByTestId('time-advice')).toHaveText(
    'Proponha 2 a 3 horários, com pelo menos 2 horas de antecedência; evite das 12h às 14h e depois das 21h.',
  );
  await create.getByRole('button', { name: 'Enviar desafio' }).click();
  await expect(create.getByText('Por favor selecione um torneio e um adversário').first()).toBeVisible();
  await expect(create.getByText('Por favor adicione pelo menos um horário proposto')).toBeVisible();

  await create.getByLabel('Torneio').selectOption({ label: name });
  await create.getByLabel('Adversário').selectOption({ label: `#1 · ${LEADER.name}` });
  // Advice, not rules: lunchtime and late times warn; a suggested time fills a row.
  await create.getByLabel('Horário 1', { exact: true }).fill(localInput(3, 13));
  await expect(create.getByText('Entre as 12h e as 14h: é melhor evitar.')).toBeVisible();
  await create.getByLabel('Horário 1', { exact: true }).fill(localInput(3, 18));
  await expect(create.getByText('Entre as 12h e as 14h: é melhor evitar.')).toBeHidden();
  await create.getByLabel('Horário 2', { exact: true }).fill(localInput(4, 22));
  await expect(create.getByText('Depois das 21h: é melhor evitar.')).toBeVisible();
  await create.getByRole('button', { name: 'Remover horário 2' }).click();
  await expect(create.getByText('Propor 2 ou 3 horários facilita a aceitação pelo adversário.')).toBeVisible();
  const suggestion = create.getByTestId('suggested-times').getByRole('button').first();
  await expect(suggestion).toBeVisible();
  await suggestion.click();
  await expect(suggestion).toHaveAttribute('aria-pressed', 'true');
  // The earliest time (the one the leader picks) is later today, so the result can be reported today.
  await create.getByLabel('Horário 1', { exact: true }).fill(today ?? '');
  await create.getByLabel('Mensagem (opcional)').fill('Jogamos no clube?');
  await shot(climber, 'create-dialog-filled', false);
  await create.getByRole('button', { name: 'Enviar desafio' }).click();
  await expect(toast(climber, `Desafio enviado a ${LEADER.name}.`)).toBeVisible();
  await expect(create).toBeHidden();
  await expect(climber).toHaveURL(/box=sent/);
  const sent = climber.getByTestId('challenge').filter({ hasText: LEADER.name });
  await expect(sent.getByTestId('challenge-status')).toHaveText('Pendente');
  await expect(sent.getByTestId('expires-in')).toContainText('expira dentro de 6d');

  // The leader (in English) accepts: choosing a time is required.
  await leader.goto('/challenges?box=received');
  const received = leader.getByTestId('challenge').filter({ hasText: CLIMBER.name });
  await expect(received).toContainText('Jogamos no clube?');
  await received.getByRole('button', { name: 'Accept' }).click();
  const accept = leader.getByRole('dialog', { name: 'Accept the challenge' });
  await accept.getByRole('button', { name: 'Accept challenge' }).click();
  await expect(accept.getByText('Please select a time')).toBeVisible();
  await accept.getByRole('radio').first().check();
  await accept.getByLabel('Location or club').fill('Clube de Ténis de Coimbra');
  await accept.getByLabel('Surface').selectOption('clay');
  await shot(leader, 'accept-dialog', false);
  await accept.getByRole('button', { name: 'Accept challenge' }).click();
  await expect(toast(leader, 'Challenge accepted successfully')).toBeVisible();
  await expect(received.getByTestId('challenge-status')).toHaveText('Accepted');

  // The climber follows the match link of a notification (?match=) and reports from their side.
  const matches = (await (await climber.request.get(`/api/matches?scope=mine&tournament_id=${id}`)).json()) as { items: { id: number }[] };
  const matchId = matches.items[0].id;
  await climber.goto(`/challenges?match=${matchId}`);
  const focused = climber.locator(`[data-match-id="${matchId}"][data-highlighted]`);
  await expect(focused).toBeVisible();
  await expect(focused.getByTestId('match-state')).toHaveText('Agendado');
  await expect(focused).toContainText('Clube de Ténis de Coimbra · Terra batida');
  await focused.getByRole('button', { name: 'Reportar resultado' }).click();
  const report = climber.getByRole('dialog', { name: 'Reportar o resultado' });
  const games = [['6', '4'], ['3', '6'], ['10', '8']];
  const sets = ['Set 1', 'Set 2', 'Set 3 / super tie-break'];
  for (const [i, [mine, theirs]] of games.entries()) {
    await report.getByLabel(`${sets[i]}: os seus jogos`).fill(mine);
    await report.getByLabel(`${sets[i]}: jogos de ${LEADER.name}`).fill(theirs);
  }
  await expect(report.getByTestId('score-preview')).toHaveText('Ganha por 2–1 em sets · 6-4 3-6 10-8');
  await shot(climber, 'report-dialog', false);
  await report.getByRole('button', { name: 'Reportar resultado' }).click();
  await expect(toast(climber, /Resultado reportado/)).toBeVisible();
  await expect(focused.getByTestId('match-state')).toHaveText('Resultado reportado');

  // The leader confirms from the notifications page's Pending Validations tab.
  await leader.goto('/notifications');
  await leader.getByRole('tab', { name: 'Pending validations' }).click();
  const toConfirm = leader.getByTestId('pending-validations').getByTestId('match').filter({ hasText: name });
  await expect(toConfirm.getByTestId('result-summary')).toContainText('6-4 3-6 10-8');
  await toConfirm.getByRole('button', { name: 'Confirm result' }).click();
  await leader.getByRole('dialog', { name: 'Confirm the result?' }).getByRole('button', { name: 'Confirm result' }).click();
  await expect(toast(leader, 'Result confirmed.')).toBeVisible();
  await expect(leader.getByText('Nothing to validate')).toBeVisible();

  // The creator (no referee: the validator) approves in the same tab.
  await creator.goto('/notifications');
  await creator.getByRole('tab', { name: 'Validações pendentes' }).click();
  const toValidate = creator.getByTestId('pending-validations').getByTestId('match').filter({ hasText: name });
  await toValidate.getByRole('button', { name: 'Validar resultado' }).click();
  const validate = creator.getByRole('dialog', { name: 'Validar o resultado' });
  await expect(validate.getByTestId('result-summary')).toContainText('6-4 3-6 10-8');
  await expect(validate.getByTestId('result-summary')).toContainText(`Vencedor${CLIMBER.name}`);
  await expect(validate.getByTestId('result-summary')).toContainText('Confirmou o resultado');
  await validate.getByLabel('Notas (opcional)').fill('Bom jogo.');
  await shot(creator, 'validate-dialog', false);
  await validate.getByRole('button', { name: 'Aprovar resultado' }).click();
  await expect(toast(creator, 'Resultado validado: o ranking foi atualizado.')).toBeVisible();
  await expect(creator.getByText('Nada para validar')).toBeVisible();

  // The ranking shows the climber first now.
  await creator.goto(`/tournaments/${id}?tab=ranking`);
  const rows = creator.getByTestId('ranking-table').locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(CLIMBER.name);
  await expect(rows.nth(1)).toContainText(LEADER.name);

  // Both players see the match completed, with the points.
  await climber.goto('/challenges');
  await climber.getByRole('group', { name: 'Mostrar jogos' }).getByRole('button', { name: 'Concluídos' }).click();
  const done = climber.getByTestId('match').filter({ hasText: name });
  await expect(done.getByTestId('match-state')).toHaveText('Concluído');
  await expect(done).toContainText('vencedor +3, vencido -1');
  await expect(done).toContainText('Bom jogo.');
  await expect(climber.getByTestId('challenge').filter({ hasText: name }).getByTestId('challenge-status')).toHaveText('Concluído');
  expect(await axe(climber)).toEqual([]);
  await shot(climber, 'page-desktop-after-loop');
  await climber.setViewportSize({ width: 390, height: 844 });
  await shot(climber, 'page-phone-after-loop');
  await shot(climber, 'page-phone-top', false);
  await climber.getByRole('heading', { name: 'Os meus jogos' }).scrollIntoViewIfNeeded();
  await shot(climber, 'page-phone-matches', false);
  for (const p of [leader, climber, creator]) await p.context().close();
});

test('the challenges page and the create dialog: axe clean in light and dark; phone screenshots', async ({ browser }) => {
  test.setTimeout(360_000); // six axe runs and four screenshots, two sign-ins: over 90 s on a busy shared host
  for (const theme of ['light', 'dark'] as const) {
    // Miguel has the seed's validated matches: cards, badges and results to check.
    const page = await as(browser, SEEDED, theme === 'light' ? 'pt' : 'en', theme);
    await page.goto('/challenges');
    await page.getByRole('group', { name: /Mostrar jogos|Show matches/ }).getByRole('button', { name: /Todos|All/ }).click();
    await expect(page.getByTestId('match').first()).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /A carregar|Loading/ })).toHaveCount(0);
    expect(await axe(page)).toEqual([]);
    await page.getByRole('button', { name: /Novo desafio|New challenge/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('time-advice')).toBeVisible();
    expect(await axe(page)).toEqual([]);
    await shot(page, `dialog-desktop-${theme}`, false);
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, `dialog-phone-${theme}`, false);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await shot(page, `page-phone-${theme}`);
    expect(await axe(page)).toEqual([]);
    await page.context().close();
  }
});
