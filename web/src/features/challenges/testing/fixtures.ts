import type { Challenge, Person } from '../api/list-challenges';
import type { Match } from '../api/list-matches';
import type { Standing } from '../lib/opponents';

/** Fixtures as the API returns them; the signed-in test user is id 7 (makeUser). */
export const ME: Person = { id: 7, display_name: 'Pedro Santos', photo_url: '' };
export const ANA: Person = { id: 11, display_name: 'Ana Silva', photo_url: '' };
export const RUI: Person = { id: 12, display_name: 'Rui Costa', photo_url: '' };

const hours = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();

export function challenge(overrides: Partial<Challenge> = {}): Challenge {
  return {
    id: 40,
    tournament: { id: 3, name: 'Escada do Porto' },
    challenger: ANA,
    challenged: ME,
    direction: 'received',
    proposed_times: [hours(30), hours(54)],
    message: 'Jogamos no clube?',
    status: 'pending',
    auto_accepted: false,
    expires_at: hours(50),
    created_at: hours(-1),
    can_accept: true,
    can_reject: true,
    can_cancel: false,
    ...overrides,
  };
}

export function match(overrides: Partial<Match> = {}): Match {
  return {
    id: 90,
    tournament: { id: 3, name: 'Escada do Porto' },
    player1: ANA,
    player2: ME,
    state: 'time_confirmed',
    scheduled_at: hours(30),
    proposed_times: [],
    location: '',
    court: '',
    surface: '',
    score: '',
    result_confirmed: false,
    winner_points: 0,
    loser_points: 0,
    can_confirm_time: true,
    can_report: true,
    can_confirm: false,
    can_dispute: false,
    can_validate: false,
    can_cancel: true,
    can_calendar: false,
    can_chat: true,
    ...overrides,
  };
}

export const standing = (position: number, player: Person, status: Standing['status'] = 'active', canChallenge = false): Standing => ({
  position,
  player,
  status,
  points: 0,
  played: 0,
  won: 0,
  lost: 0,
  win_rate: 0,
  movement: 0,
  new: false,
  form: [],
  can_challenge: canChallenge,
  rating: { rating: 1500, deviation: 350, provisional: true },
  win_probability: 0.5,
});
