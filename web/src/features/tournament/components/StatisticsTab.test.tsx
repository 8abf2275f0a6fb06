import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderPage } from '@/test/app';
import type { Statistics } from '../api/tournament-data';
import { makeStanding, makeTournament, NO_STATS } from '../testing';
import { StatisticsTab } from './StatisticsTab';

afterEach(() => vi.unstubAllGlobals());

const ana = { id: 101, display_name: 'Ana Silva', photo_url: '' };
const rui = { id: 102, display_name: 'Rui Costa', photo_url: '' };

const STATS: Statistics = {
  ...NO_STATS,
  matches: 14,
  matches_this_week: 3,
  active_players: 4,
  most_active: [makeStanding(2, { played: 9 })],
  climbers: [makeStanding(4, { movement: 3 })],
  upsets: [{ id: 1, winner: rui, loser: ana, score: '6-4 7-5', winner_position_before: 8, loser_position_before: 1, validated_at: '2026-03-02T18:00:00Z' }],
  recent: [{ id: 2, winner: ana, loser: rui, score: '6-1 6-2', winner_position_before: 1, loser_position_before: 2, validated_at: '2026-03-12T18:00:00Z' }],
};

function setup(stats: Statistics) {
  mockApi([['GET', '/api/tournaments/3/statistics', () => ok(stats)]]);
  renderPage(<StatisticsTab tournament={makeTournament()} />);
}

describe('statistics tab', () => {
  it('shows the counters, most active, climbers, upsets and recent results', async () => {
    setup(STATS);
    expect(await screen.findByText('Jogos disputados')).toBeInTheDocument();
    expect(screen.getByText('14')).toBeInTheDocument();
    expect(screen.getByText('9 jogos')).toBeInTheDocument();
    expect(screen.getByText('+3 lugares')).toBeInTheDocument();
    const upsets = screen.getByRole('heading', { name: 'Surpresas' }).closest('section')!;
    expect(within(upsets).getByText('#8 venceu #1')).toBeInTheDocument();
    expect(within(upsets).getByText('6-4 7-5')).toBeInTheDocument();
    const recent = screen.getByRole('heading', { name: 'Resultados recentes' }).closest('section')!;
    expect(within(recent).getByText('12/03')).toBeInTheDocument();
    expect(within(recent).getByRole('link', { name: 'Ana Silva' })).toHaveAttribute('href', '/players/101');
  });

  it('has an empty state before the first validated match', async () => {
    setup(NO_STATS);
    expect(await screen.findByText('Ainda não há jogos validados. As estatísticas aparecem depois do primeiro resultado.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Surpresas' })).toBeNull();
  });
});
