import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderPage } from '@/test/app';
import type { Notification } from '../api/recent-notifications';
import NotificationsPage from './NotificationsPage';

afterEach(() => vi.unstubAllGlobals());

const note = (id: number, is_read = false): Notification => ({
  id,
  type: 'match_confirmed',
  title: `Aviso ${id}`,
  message: `Mensagem ${id}`,
  is_read,
  created_at: new Date(Date.now() - (100 - id) * 60_000).toISOString(),
});

function setup() {
  const page1 = Array.from({ length: 20 }, (_, i) => note(100 - i, i > 1));
  const page2 = [note(80, true), note(79, true)];
  const api = mockApi([
    ['GET', '/api/notifications', (r) => (new URL(r.url).searchParams.get('before') === '81' ? ok({ items: page2, unread: 2 }) : ok({ items: page1, next_before: 81, unread: 2 }))],
    ['POST', '/api/notifications/read_all', () => ok({ marked: 2 })],
    ['PUT', /^\/api\/notifications\/\d+\/read$/, () => ok()],
    ['GET', '/api/matches', () => ok({ items: [] })],
  ]);
  renderPage(<NotificationsPage />);
  return { ...api, user: userEvent.setup() };
}

describe('/notifications', () => {
  it("pages with 'Load more' (before = next_before) until the last page", async () => {
    const { user, to } = setup();
    const list = await screen.findByRole('list', { name: 'Todas as notificações' });
    expect(within(list).getAllByTestId('notification')).toHaveLength(20);
    expect(screen.getByTestId('unread-summary')).toHaveTextContent('2 notificações por ler');
    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    await waitFor(() => expect(within(list).getAllByTestId('notification')).toHaveLength(22));
    expect(new URL(to('GET', '/api/notifications')[1].url).searchParams.get('before')).toBe('81');
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();
  });

  it('marks one, then all, as read', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Marcar como lida: Aviso 100' }));
    await waitFor(() => expect(screen.getByTestId('unread-summary')).toHaveTextContent('1 notificação por ler'));
    await user.click(screen.getByRole('button', { name: 'Marcar todas como lidas' }));
    await waitFor(() => expect(screen.getByTestId('unread-summary')).toHaveTextContent('Está tudo lido.'));
    expect(document.querySelectorAll('[data-read="false"]')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Marcar todas como lidas' })).toBeDisabled();
  });

  it('has a Pending Validations tab with its empty state, reachable by keyboard', async () => {
    const { user } = setup();
    const tab = screen.getByRole('tab', { name: 'Notificações' });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    tab.focus();
    await user.keyboard('{ArrowRight}');
    const pending = screen.getByRole('tab', { name: 'Validações pendentes' });
    expect(pending).toHaveAttribute('aria-selected', 'true');
    expect(pending).toHaveFocus();
    expect(await screen.findByText('Nada para validar')).toBeVisible();
    expect(screen.getByRole('tabpanel', { name: 'Validações pendentes' })).toHaveTextContent('Nada para validar');
  });
});
