import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderPage } from '@/test/app';
import type { PlayerStats } from '../api/player-stats';
import PlayerStatsPage from './PlayerStatsPage';

afterEach(() => vi.unstubAllGlobals());

const STATS: PlayerStats = {
  player: { id: 42, display_name: 'Ana Silva', photo_url: '' },
  rating: { rating: 1612, deviation: 140, provisional: true },
  matches: 3,
  wins: 2,
  losses: 1,
  sets_won: 4,
  sets_lost: 2,
  games_won: 30,
  games_lost: 20,
  win_rate: 67,
  points: 5,
  best_position: 2,
  active_tournaments: 1,
  form: ['W', 'L', 'W'],
  last_match_at: '2026-11-20T10:00:00Z',
  win_probability: 0.35,
  series: [
    { tournament_id: 3, rating: 1550, position: 4, at: '2026-11-01T10:00:00Z' },
    { tournament_id: 3, rating: 1520, position: 5, at: '2026-11-10T10:00:00Z' },
    { tournament_id: 3, rating: 1612, position: 2, at: '2026-11-20T10:00:00Z' },
  ],
  tournaments: [{ tournament_id: 3, name: 'Ladder de Teste', tournament_status: 'active', participating: true, position: 2, players: 8, best_position: 2, matches: 3 }],
};

describe('player statistics page', () => {
  it('shows the numbers, the rating chart with its table alternative, and every tab', async () => {
    mockApi([
      ['GET', '/api/players/42/stats', () => ok(STATS)],
      ['GET', '/api/players/42/history', () => ok({ items: [], next_before: 0 })],
    ]);
    renderPage(<PlayerStatsPage />, { at: '/players/42/stats', path: '/players/:id/stats' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Estatísticas de Ana Silva' })).toBeInTheDocument();
    expect(screen.getByTestId('rating-value')).toHaveTextContent('1612');
    expect(screen.getByText('Provisório')).toBeInTheDocument();
    // The chart's numbers are a table for screen readers, one row per point.
    const chart = screen.getByTestId('rating-chart');
    expect(within(chart).getAllByRole('row')).toHaveLength(STATS.series.length + 1);
    expect(within(chart).getByRole('cell', { name: '1612' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: /Classificações/ }));
    expect(screen.getByText('2.º de 8')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: /Histórico/ }));
    expect(await screen.findByText('Ainda sem jogos validados.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: /Conquistas/ }));
    expect(screen.getByText('As conquistas chegam com a gamificação.')).toBeInTheDocument();
  });

  it('says Player not found for a hidden or missing player', async () => {
    mockApi([['GET', '/api/players/9/stats', () => new Response(JSON.stringify({ code: 'player.not_found', message: 'Jogador não encontrado' }), { status: 404, headers: { 'Content-Type': 'application/problem+json' } })]]);
    renderPage(<PlayerStatsPage />, { at: '/players/9/stats', path: '/players/:id/stats' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Jogador não encontrado' })).toBeInTheDocument();
  });
});
