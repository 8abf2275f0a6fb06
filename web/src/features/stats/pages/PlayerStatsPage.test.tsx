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
  gamification: {
    level: 2,
    xp: 150,
    level_from: 100,
    next_at: 300,
    streak: { current: 1, best: 2 },
    achievements_earned: 1,
    achievements_total: 2,
    achievements: [
      { code: 'first_win', group: 'wins', earned_at: '2026-11-20T10:00:00Z' },
      { code: 'bagel', group: 'feats', earned_at: null },
    ],
  },
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
    expect(screen.getByTestId('stat-level')).toHaveTextContent('2');
    expect(screen.getByTestId('stat-total-xp')).toHaveTextContent('150');
    expect(screen.getByTestId('stat-achievements')).toHaveTextContent('1/2');
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
    // Another player's achievements: the earned ones (the locked catalogue is the owner's to see).
    expect(screen.getByText('Primeira vitória')).toBeInTheDocument();
    expect(screen.queryByText('Pneu')).not.toBeInTheDocument();
  });

  it('exports the filtered history as CSV and says Error exporting data when it fails', async () => {
    const item = {
      id: 7, match_id: 70, tournament_id: 3, tournament_name: 'Ladder de Teste', opponent: { id: 5, display_name: 'Rui Costa', photo_url: '' },
      won: true, score: '6-4 6-4', played_on: '2026-11-20', validated_at: '2026-11-20T10:00:00Z', points: 3,
      rating_before: 1500, rating_after: 1612, rating_change: 112, opponent_rating: 1500, position_before: 4, position_after: 2,
    };
    let fail = false;
    const api = mockApi([
      ['GET', '/api/players/42/stats', () => ok(STATS)],
      ['GET', '/api/players/42/history', () => ok({ items: [item], next_before: 0 })],
      ['GET', '/api/players/42/history.csv', () => (fail ? new Response('boom', { status: 500 }) : new Response('\ufeffData\n', { headers: { 'Content-Disposition': 'attachment; filename="historico-42-2026-11-22.csv"' } }))],
    ]);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    renderPage(<PlayerStatsPage />, { at: '/players/42/stats', path: '/players/:id/stats' });
    await userEvent.click(await screen.findByRole('tab', { name: /Histórico/ }));
    expect(await screen.findByText('Rui Costa')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Torneio'), '3');
    await userEvent.click(await screen.findByRole('button', { name: 'Exportar CSV' }));
    await vi.waitFor(() => expect(api.to('GET', '/api/players/42/history.csv')).toHaveLength(1));
    expect(new URL(api.to('GET', '/api/players/42/history.csv')[0].url).search).toBe('?tournament_id=3');
    fail = true;
    await userEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    expect(await screen.findByText('Erro ao exportar dados')).toBeInTheDocument();
  });

  it('says Player not found for a hidden or missing player', async () => {
    mockApi([['GET', '/api/players/9/stats', () => new Response(JSON.stringify({ code: 'player.not_found', message: 'Jogador não encontrado' }), { status: 404, headers: { 'Content-Type': 'application/problem+json' } })]]);
    renderPage(<PlayerStatsPage />, { at: '/players/9/stats', path: '/players/:id/stats' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Jogador não encontrado' })).toBeInTheDocument();
  });
});
