import type { TournamentDetail } from './api/get-tournament';
import type { Participant, Standing, Standings, Statistics } from './api/tournament-data';

/** Fixtures for this feature's tests: a tournament as GET /api/tournaments/{id} answers it. */
export function makeTournament(overrides: Partial<TournamentDetail> = {}): TournamentDetail {
  return {
    id: 3,
    name: 'Escada do Parque',
    status: 'active',
    privacy: 'public',
    can_chat: false,
    ranking_type: 'points',
    preset: 'standard',
    scoring: { win_vs_higher: 3, win_vs_lower: 2, defeat: -1 },
    limits: { min_games: 1, max_games: 4, period_weeks: 2 },
    challenge_range: 2,
    max_participants: 32,
    max_rejections: 3,
    response_days: 7,
    special_rules: 'Bolas novas em cada jogo.',
    district: 'porto',
    location: 'Parque da Cidade',
    club_id: 5,
    club_name: 'Clube de Ténis da Foz',
    image_url: '',
    created_at: '2026-01-10T10:00:00Z',
    end_date: '2026-12-31',
    players: 5,
    creator_id: 9,
    creator: { id: 9, display_name: 'Ana Silva', photo_url: '' },
    referees: [],
    my_status: '',
    my_role: '',
    is_creator: false,
    can_manage: false,
    can_manage_players: false,
    can_decide: false,
    can_see_standings: true,
    can_edit: false,
    can_shuffle: false,
    can_close: false,
    join_mode: 'join',
    ...overrides,
  };
}

const NAMES = ['Ana Silva', 'Rui Costa', 'Pedro Santos', 'Inês Rodrigues', 'João Pereira'];

/** Five players; Pedro Santos (id 7, the default test user) is third. */
export function makeStanding(position: number, overrides: Partial<Standing> = {}): Standing {
  const id = position === 3 ? 7 : 100 + position;
  return {
    position,
    player: { id, display_name: NAMES[position - 1] ?? `Jogador ${position}`, photo_url: '' },
    status: 'active',
    points: 20 - position * 3,
    played: 6,
    won: 6 - position,
    lost: position,
    win_rate: Math.round(((6 - position) / 6) * 100),
    form: ['W', 'L', 'W'],
    movement: 0,
    new: false,
    can_challenge: false,
    rating: { rating: 1500, deviation: 350, provisional: true },
    win_probability: id === 7 ? null : 0.5,
    ...overrides,
  };
}

export function makeStandings(overrides: Partial<Standings> = {}): Standings {
  const items = overrides.items ?? [1, 2, 3, 4, 5].map((p) => makeStanding(p));
  return { ranking_type: 'points', challenge_range: 2, challenge_blocked: '', total: items.length, ...overrides, items };
}

export function makeParticipant(id: number, name: string, overrides: Partial<Participant> = {}): Participant {
  return {
    player: { id, display_name: name, photo_url: '' },
    role: 'player',
    status: 'active',
    joined_at: '2026-02-01T10:00:00Z',
    can_pause: false,
    can_suspend: false,
    can_reactivate: false,
    can_remove: false,
    can_promote: false,
    can_demote: false,
    ...overrides,
  };
}

export const NO_STATS: Statistics = {
  matches: 0,
  matches_this_week: 0,
  players: 5,
  active_players: 5,
  most_active: [],
  climbers: [],
  upsets: [],
  recent: [],
};
