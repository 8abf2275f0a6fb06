import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DISTRICTS, mockApi, ok, renderPage } from '@/test/app';
import { jsonResponse } from '@/test/session';
import type { PlayerStats } from '@/lib/player-stats';
import type { Player } from '../api/get-player';
import PlayerPage from '../pages/PlayerPage';
import { contactHref } from './PlayerProfile';

afterEach(() => vi.unstubAllGlobals());

const HIDDEN: Player = {
  id: 4,
  display_name: 'Tiago Almeida',
  first_name: 'Tiago',
  last_name: 'Almeida',
  photo_url: '',
  role: 'player',
  status: 'paused',
  gender: 'male',
  age: 24,
  district: 'porto',
  municipality: 'porto-matosinhos',
  timezone: 'Europe/Lisbon',
  club_id: null,
  member_since: '2025-03-02T10:00:00Z',
  availability: [
    { weekday: 1, start_minute: 1110, end_minute: 1260 },
    { weekday: 6, start_minute: 540, end_minute: 750 },
  ],
  is_self: false,
  contact_visible: false,
};

// Ten validated matches: the profile cards show the real numbers (issue 15), not "soon".
const STATS = {
  matches: 10,
  wins: 7,
  losses: 3,
  win_rate: 70,
  rating: { rating: 1612, deviation: 80, provisional: false },
  tournaments: [
    { tournament_id: 3, name: 'Ladder de Outono do Porto', tournament_status: 'active', participating: true, position: 2, players: 24, best_position: 1, matches: 10 },
  ],
} as unknown as PlayerStats;

function setup(player: Player | (() => Response), stats: PlayerStats | (() => Response) = STATS) {
  mockApi([
    ['GET', /^\/api\/players\/(\d+)\/stats$/, () => (typeof stats === 'function' ? stats() : ok(stats))],
    ['GET', /^\/api\/players\/(\d+)$/, () => (typeof player === 'function' ? player() : ok(player))],
    ['GET', '/api/geo/districts', () => ok(DISTRICTS)],
  ]);
  renderPage(<PlayerPage />, { at: '/players/4', path: '/players/:id' });
}

describe('player page', () => {
  it('shows the player; without contact fields there is no contact list, only the privacy note', async () => {
    setup(HIDDEN);
    expect(await screen.findByRole('heading', { level: 1, name: 'Tiago Almeida' })).toBeInTheDocument();
    expect(screen.getByTestId('status-badge')).toHaveTextContent('Em pausa');
    expect(await screen.findAllByText('Matosinhos, Porto')).not.toHaveLength(0);
    expect(screen.getByText('24 anos')).toBeInTheDocument();
    expect(screen.getByText('março de 2025')).toBeInTheDocument();
    expect(within(screen.getByTestId('availability-day-1')).getByText('18:30–21:00')).toBeInTheDocument();
    expect(within(screen.getByTestId('availability-day-6')).getByText('09:00–12:30')).toBeInTheDocument();
    expect(screen.queryByTestId('contacts')).toBeNull();
    expect(screen.getByTestId('contacts-private')).toHaveTextContent('Tiago Almeida mantém os contactos privados.');
    expect(document.querySelector('a[href^="tel:"], a[href^="mailto:"], a[href*="wa.me"], a[href*="t.me"]')).toBeNull();
    const numbers = await screen.findByTestId('summary-numbers');
    for (const [label, value] of [['Jogos', '10'], ['Vitórias', '7'], ['Derrotas', '3'], ['Taxa de vitórias', '70%'], ['Rating', '1612']]) {
      expect(within(numbers).getByText(label).nextElementSibling).toHaveTextContent(value);
    }
    expect(within(screen.getByTestId('summary-tournaments')).getByRole('link', { name: 'Ladder de Outono do Porto' })).toHaveAttribute(
      'href',
      '/tournaments/3?tab=ranking',
    );
    expect(screen.getByText('2.º de 24')).toBeInTheDocument();
    expect(screen.getByText('As conquistas chegam em breve.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Editar perfil' })).toBeNull();
  });

  it('links the contact fields that are present', async () => {
    setup({
      ...HIDDEN,
      status: 'active',
      contact_visible: true,
      email: 'tiago@example.pt',
      phone: '+351912345678',
      whatsapp: '+351912345679',
      signal: 'tiago.01',
      telegram: '@tiago_tenis',
    });
    const list = await screen.findByTestId('contacts');
    expect(within(list).getByRole('link', { name: '+351 912 345 678' })).toHaveAttribute('href', 'tel:+351912345678');
    expect(within(list).getByRole('link', { name: '+351 912 345 679' })).toHaveAttribute('href', 'https://wa.me/351912345679');
    expect(within(list).getByRole('link', { name: '@tiago_tenis' })).toHaveAttribute('href', 'https://t.me/tiago_tenis');
    expect(within(list).getByRole('link', { name: 'tiago@example.pt' })).toHaveAttribute('href', 'mailto:tiago@example.pt');
    expect(within(list).getByText('tiago.01').tagName).not.toBe('A'); // a Signal username has no public link
    expect(screen.queryByTestId('contacts-private')).toBeNull();
    expect(screen.queryByTestId('status-badge')).toBeNull();
  });

  it('a player without matches says so', async () => {
    setup(HIDDEN, { ...STATS, matches: 0, wins: 0, losses: 0, win_rate: 0, tournaments: [] });
    expect(await screen.findByTestId('summary-empty')).toHaveTextContent('Ainda sem jogos validados.');
    expect(screen.getByText('Ainda não joga em nenhum torneio.')).toBeInTheDocument();
  });

  it('statistics that fail to load say so', async () => {
    setup(HIDDEN, () => jsonResponse(500, { status: 500, code: 'internal', message: 'x' }));
    expect(await screen.findAllByText('Não foi possível carregar as estatísticas. Recarregue a página para tentar de novo.')).toHaveLength(2);
  });

  it("shows 'Player not found' for a 404", async () => {
    setup(() => jsonResponse(404, { status: 404, code: 'player.not_found', message: 'Jogador não encontrado' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Jogador não encontrado' })).toBeInTheDocument();
  });

  it('contact links', () => {
    expect(contactHref('telegram', '+351912345678')).toBe('https://t.me/+351912345678');
    expect(contactHref('signal', '+351 912 345 678')).toBe(null);
    expect(contactHref('signal', '+351912345678')).toBe('https://signal.me/#p/+351912345678');
  });
});
