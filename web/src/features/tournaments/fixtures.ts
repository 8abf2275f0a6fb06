import type { Tournament } from './api/list-tournaments';

/** A tournament as GET /api/tournaments lists it, for the tests; override what a test cares about. */
export const TOURNAMENT: Tournament = {
  id: 4,
  name: 'Escada da Primavera',
  club_id: 2,
  club_name: 'Clube de Ténis da Foz',
  location: 'Campos 1 e 2',
  district: 'porto',
  privacy: 'private',
  end_date: '2027-06-30',
  response_days: 5,
  max_rejections: 2,
  ranking_type: 'points',
  preset: 'custom',
  scoring: { win_vs_higher: 6, win_vs_lower: 2, defeat: 0 },
  limits: { min_games: 2, max_games: 6, period_weeks: 3 },
  challenge_range: 0,
  max_participants: 16,
  special_rules: 'Bolas novas.',
  image_url: '',
  players: 5,
  status: 'active',
  created_at: '2026-01-01T00:00:00Z',
};

export const tournament = (id: number, name: string, over: Partial<Tournament> = {}): Tournament => ({
  ...TOURNAMENT,
  id,
  name,
  preset: 'standard',
  scoring: { win_vs_higher: 3, win_vs_lower: 2, defeat: -1 },
  privacy: 'public',
  max_participants: 0,
  ...over,
});
