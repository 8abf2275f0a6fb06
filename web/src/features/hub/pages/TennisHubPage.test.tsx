import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderPage } from '@/test/app';
import type { HubData } from '../api/hub';
import TennisHubPage from './TennisHubPage';

afterEach(() => vi.unstubAllGlobals());

const EMPTY: HubData = { district: '', municipality: '', tournaments: [], clubs: [], players: [], results: [] };
const DISTRICTS = { districts: [{ code: 'porto', name: 'Porto', municipalities: [{ code: 'porto-porto', name: 'Porto' }] }] };

function setup(hub: HubData) {
  return mockApi([
    ['GET', '/api/hub', () => ok(hub)],
    ['GET', '/api/geo/districts', () => ok(DISTRICTS)],
    [
      'POST',
      '/api/scores/check',
      async (r) => {
        const { score } = (await r.json()) as { score: string };
        return score === '6-4 6-4'
          ? ok({ valid: true, canonical: '6-4 6-4', winner: 'first', sets: [] })
          : ok({ valid: false, code: 'score.set_invalid', reason: 'O set 1 não é válido.', sets: [] });
      },
    ],
  ]);
}

describe('tennis hub', () => {
  it('asks for a district when the profile has none', async () => {
    setup(EMPTY);
    renderPage(<TennisHubPage />);
    expect(await screen.findByRole('link', { name: 'Indicar o distrito' })).toHaveAttribute('href', '/profile');
  });

  it('lists players with challenge and message links, and checks scores with the server', async () => {
    setup({
      ...EMPTY,
      district: 'porto',
      municipality: 'porto-porto',
      players: [{ player: { id: 7, display_name: 'Ana Silva', photo_url: '' }, municipality: 'porto-porto', shared_slots: 2 }],
    });
    renderPage(<TennisHubPage />);
    const player = (await screen.findAllByTestId('hub-player'))[0];
    expect(within(player).getByRole('link', { name: 'Desafiar Ana Silva' })).toHaveAttribute('href', '/challenges?create=true&opponent=7');
    expect(within(player).getByRole('link', { name: 'Enviar uma mensagem a Ana Silva' })).toHaveAttribute('href', '/messages?to=7');
    expect(screen.getByText('Ainda não há torneios ativos no seu distrito.')).toBeInTheDocument();

    const user = userEvent.setup();
    const input = screen.getByLabelText('Resultado');
    await user.type(input, '6-4 6-4{Enter}');
    expect(await screen.findByText('Resultado válido: 6-4 6-4')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '6-5 6-4{Enter}');
    expect(await screen.findByText('O set 1 não é válido.')).toBeInTheDocument();
  });
});
