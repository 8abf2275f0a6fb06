import { expect, test, type Browser, type Page } from '@playwright/test';
import { look, ACCOUNTS, axe, freshAccount, liveGreeting, myId, prime, screenshot, signIn, type Lang, type ThemeName } from './ladder';

/**
 * Messages (issue 13): two players in two browser contexts write to each other live (no reload),
 * with typing, presence, the header's unread badge and the "seen" mark; a failed send keeps the
 * text; a private tournament's group chat on its page.
 */

async function as(browser: Browser, account: { email: string; name: string }, lang: Lang, theme?: ThemeName, phone = false) {
  const context = await browser.newContext(phone ? { viewport: { width: 390, height: 844 } } : {});
  const page = await context.newPage();
  await prime(page, { lang, theme, onboarded: true });
  await signIn(page, account);
  return page;
}

const box = (page: Page) => page.getByRole('textbox', { name: /^(Message|Mensagem)$/ });
const sendButton = (page: Page) => page.getByTestId('thread').getByRole('button', { name: /^(Send|Enviar)$/ });

for (const [i, [lang, theme, phone]] of ([
  ['en', 'light', false],
  ['pt', 'dark', true],
] as const).entries()) {
  test(`two players write to each other live (${lang}, ${theme}, ${phone ? 'phone' : 'desktop'})`, look(i === 0), async ({ browser }) => {
    test.setTimeout(300_000);
    const A = freshAccount('escreve');
    const B = freshAccount('responde');
    const a = await as(browser, A, lang, theme, phone);
    const b = await as(browser, B, 'pt', undefined, false);
    const bId = await myId(b);

    // B waits on another page: the header's badge is what changes.
    const socket = liveGreeting(b);
    await b.goto('/challenges');
    await socket;
    await expect(b.getByTestId('messages-badge')).toHaveCount(0);

    // A starts from B's page.
    await a.goto(`/players/${bId}`);
    await a.getByRole('button', { name: new RegExp(`(Send a message to|Enviar uma mensagem a) ${B.name}`) }).click();
    await expect(a).toHaveURL(/\/messages\?c=\d+/);
    await expect(a.getByTestId('thread-title')).toHaveText(B.name);
    await expect(a.getByTestId('thread').getByText(/No messages yet|Ainda não há mensagens/)).toBeVisible();

    // A failed send keeps the text to retry (SPEC §8 'Error sending message').
    await a.route('**/api/conversations/*/messages', (route) => (route.request().method() === 'POST' ? route.abort() : route.continue()));
    await box(a).fill('Jogamos sábado? https://example.pt/campos');
    await sendButton(a).click();
    await expect(a.getByText(/Error sending message|Erro ao enviar mensagem/).first()).toBeVisible();
    await expect(box(a)).toHaveValue('Jogamos sábado? https://example.pt/campos');
    await a.unroute('**/api/conversations/*/messages');
    await box(a).press('Enter');
    await expect(box(a)).toHaveValue('');
    const mine = a.getByTestId('message').filter({ hasText: 'Jogamos sábado?' });
    await expect(mine).toHaveAttribute('data-mine', 'true');
    await expect(mine.getByRole('link', { name: 'https://example.pt/campos' })).toHaveAttribute('rel', /noopener/);
    await expect(a.getByTestId('delivery')).toHaveText(/^(Sent|Enviada)$/);

    // B's badge changes without a reload; B opens the conversation and sees A online.
    await expect(b.getByTestId('messages-badge')).toHaveText('1', { timeout: 10_000 });
    await b.getByTestId('messages-badge').locator('..').click();
    const row = b.getByTestId('conversation').filter({ hasText: A.name });
    await expect(row.getByTestId('unread')).toContainText('1');
    await expect(row.getByTestId('presence-dot')).toHaveAttribute('data-online', 'true');
    await row.click();
    await expect(b.getByTestId('message').filter({ hasText: 'Jogamos sábado?' })).toBeVisible();
    await expect(b.getByTestId('messages-badge')).toHaveCount(0);
    // A's message reads "seen" once B has it on screen.
    await expect(a.getByTestId('delivery')).toHaveText(/^(Seen|Vista)$/, { timeout: 10_000 });

    // Typing, then B's answer arrives in A's thread live.
    await box(b).pressSequentially('Sim, às 10h', { delay: 30 });
    await expect(a.getByTestId('typing')).toContainText(B.name, { timeout: 10_000 });
    await sendButton(b).click();
    await expect(a.getByTestId('message').filter({ hasText: 'Sim, às 10h' })).toHaveAttribute('data-mine', 'false', { timeout: 10_000 });
    await expect(a.getByTestId('presence')).toHaveAttribute('data-online', 'true');

    await screenshot(a, `messages-${lang}-${theme}-${phone ? 'phone' : 'desktop'}`);
    await screenshot(b, `messages-reply-${lang}`);
    expect(await axe(a)).toEqual([]);
    expect(await axe(b)).toEqual([]);
    await a.context().close();
    await b.context().close();
  });
}

test('a private tournament has a group chat for its members, live', async ({ browser }) => {
  test.setTimeout(300_000);
  const creatorAccount = freshAccount('organiza');
  const memberAccount = freshAccount('membro');
  const creator = await as(browser, creatorAccount, 'en', 'dark');
  const member = await as(browser, memberAccount, 'pt', 'light', true);
  const created = await creator.request.post('/api/tournaments', {
    data: {
      name: `Escada Privada ${Date.now().toString(36)}`, privacy: 'private', ranking_type: 'points', preset: 'standard',
      challenge_range: 0, response_days: 7, max_rejections: 3, min_games: 1, max_games: 4, period_weeks: 2, play: false,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { id } = (await created.json()) as { id: number };
  const superadmin = await as(browser, ACCOUNTS.superadmin, 'pt');
  expect((await superadmin.request.post(`/api/tournaments/${id}/approve`)).ok()).toBe(true);
  await superadmin.context().close();

  // Before being admitted: no group chat.
  expect((await member.request.post(`/api/tournaments/${id}/join`)).ok()).toBe(true);
  await member.goto(`/tournaments/${id}`);
  await expect(member.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(member.getByTestId('group-chat')).toHaveCount(0);
  const memberId = await myId(member);
  expect((await creator.request.post(`/api/tournaments/${id}/requests/${memberId}/approve`)).ok()).toBe(true);

  await creator.goto(`/tournaments/${id}`);
  await expect(creator.getByTestId('group-chat')).toBeVisible();
  await member.reload();
  const chat = member.getByTestId('group-chat');
  await expect(chat).toBeVisible();
  await box(member).fill('Olá a todos!');
  await box(member).press('Enter');
  await expect(creator.getByTestId('group-chat').getByTestId('message').filter({ hasText: 'Olá a todos!' })).toBeVisible({ timeout: 10_000 });
  await expect(creator.getByTestId('group-chat').getByText(memberAccount.name, { exact: true })).toBeVisible();
  await screenshot(creator, 'group-chat-desktop-en-dark');
  await screenshot(member, 'group-chat-phone-pt-light');
  expect(await axe(creator)).toEqual([]);
  expect(await axe(member)).toEqual([]);

  // Leaving the tournament takes the group away.
  expect((await member.request.post(`/api/tournaments/${id}/leave`)).ok()).toBe(true);
  await member.reload();
  await expect(member.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(member.getByTestId('group-chat')).toHaveCount(0);
  await creator.context().close();
  await member.context().close();
});
