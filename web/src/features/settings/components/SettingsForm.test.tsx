import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_TYPES } from '@/lib/notification-types';
import { mockApi, ok, renderPage } from '@/test/app';
import { jsonResponse } from '@/test/session';
import SettingsPage from '../pages/SettingsPage';
import type { Settings } from '../api/get-settings';

afterEach(() => vi.unstubAllGlobals());

const SETTINGS: Settings = {
  contact_visibility: 'co_players',
  listed: true,
  language: 'pt',
  // the server may leave types out: they show as in-app only
  notifications: { challenge_received: { in_app: true, email: true }, ranking_changed: { in_app: true, email: false } },
};

function setup(answer: (r: Request) => Response | Promise<Response> = async (r) => ok(await r.json())) {
  const api = mockApi([
    ['GET', '/api/settings', () => ok(SETTINGS)],
    ['PUT', '/api/settings', answer],
    ['GET', '/api/profile/deletion', () => ok({ pending: false })],
    ['GET', '/api/calendar/feed', () => ok({ active: false })],
  ]);
  renderPage(<SettingsPage />);
  return { ...api, user: userEvent.setup() };
}

describe('settings', () => {
  it('lists the ten types with in-app and email checkboxes', async () => {
    setup();
    const table = await screen.findByRole('table', { name: 'Canais de notificação por tipo' });
    expect(within(table).getAllByRole('rowheader')).toHaveLength(10);
    expect(within(table).getByRole('rowheader', { name: /Desafio recebido/ })).toHaveTextContent('Alguém o desafia para um jogo.');
    expect(screen.getByRole('checkbox', { name: 'Desafio recebido: Email' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Jogo confirmado: Na aplicação' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Jogo confirmado: Email' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: /Colegas de torneio/ })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Mostrar-me na pesquisa e nas listas de jogadores' })).toHaveAttribute('aria-checked', 'true');
  });

  it('saves the whole set: channels, visibility, listed and email language', async () => {
    const { user, to } = setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Ranking alterado: Email' }));
    await user.click(screen.getByRole('checkbox', { name: 'Desafio recebido: Na aplicação' }));
    await user.click(screen.getByRole('radio', { name: /Ninguém/ }));
    await user.click(screen.getByRole('switch', { name: 'Mostrar-me na pesquisa e nas listas de jogadores' }));
    await user.selectOptions(screen.getByLabelText('Idioma dos emails'), 'en');
    await user.click(screen.getByRole('button', { name: 'Guardar definições' }));
    expect(await screen.findByText('Definições guardadas.')).toBeInTheDocument();

    const body = (await to('PUT', '/api/settings')[0].json()) as Settings;
    expect(body.contact_visibility).toBe('nobody');
    expect(body.listed).toBe(false);
    expect(body.language).toBe('en');
    expect(Object.keys(body.notifications)).toEqual([...NOTIFICATION_TYPES]);
    expect(body.notifications.ranking_changed).toEqual({ in_app: true, email: true });
    expect(body.notifications.challenge_received).toEqual({ in_app: false, email: true });
    expect(body.notifications.admin_action).toEqual({ in_app: true, email: false });
  });

  it("says 'Error saving settings' with the server's message, and field errors next to the field", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = setup(() =>
      jsonResponse(422, {
        message: 'Alguns campos não estão corretos.',
        errors: [{ location: 'body.language', message: 'Escolha um dos valores permitidos: pt, en.', code: 'validation.one_of' }],
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Guardar definições' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Erro ao guardar definições');
    expect(toast).toHaveTextContent('Alguns campos não estão corretos.');
    await waitFor(() => expect(screen.getByLabelText('Idioma dos emails')).toHaveAccessibleDescription(/Escolha um dos valores permitidos/));
  });
});
