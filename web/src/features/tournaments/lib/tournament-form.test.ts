import { describe, expect, it } from 'vitest';
import { ANY_TOURNAMENT, tournamentsQueryParams } from '../api/list-tournaments';
import { TOURNAMENT } from '../fixtures';
import { bodyOf, DEFAULT_VALUES, formErrorsOf, signed, todayISO, valuesOf } from './tournament-form';


describe('tournament form values', () => {
  it('sends the defaults of the server, and the creator plays', () => {
    expect(bodyOf({ ...DEFAULT_VALUES, name: '  Escada  ' })).toEqual({
      name: 'Escada',
      club_id: 0,
      location: '',
      district: '',
      privacy: 'public',
      end_date: '',
      response_days: 7,
      max_rejections: 3,
      ranking_type: 'points',
      preset: 'standard',
      scoring: { win_vs_higher: 3, win_vs_lower: 2, defeat: -1 },
      min_games: 1,
      max_games: 4,
      period_weeks: 2,
      challenge_range: 3,
      max_participants: 0,
      special_rules: '',
      play: true,
    });
  });

  it('round-trips a tournament; scoring is the custom one or the preset\'s', () => {
    const body = bodyOf(valuesOf(TOURNAMENT));
    expect(body).toMatchObject({ club_id: 2, privacy: 'private', end_date: '2027-06-30', min_games: 2, max_games: 6, period_weeks: 3 });
    expect(body.scoring).toEqual({ win_vs_higher: 6, win_vs_lower: 2, defeat: 0 });
    expect(bodyOf({ ...valuesOf(TOURNAMENT), preset: 'aggressive' }).scoring).toEqual({ win_vs_higher: 5, win_vs_lower: 3, defeat: -2 });
  });

  it("maps the server's field locations to the form's fields", () => {
    expect(formErrorsOf({ club_id: 'Clube inválido', 'scoring.defeat': 'Pontos inválidos', end_date: 'No passado', unknown: 'x' })).toEqual({
      clubId: 'Clube inválido',
      scoring: 'Pontos inválidos',
      endDate: 'No passado',
    });
  });

  it('writes points with their sign and today in local time', () => {
    expect([signed(3), signed(0), signed(-2)]).toEqual(['+3', '0', '−2']);
    expect(todayISO(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});

describe('GET /api/tournaments query', () => {
  it('leaves out empty filters and the default status', () => {
    expect(tournamentsQueryParams(ANY_TOURNAMENT)).toEqual({ limit: 24 });
    expect(
      tournamentsQueryParams({ q: ' foz ', clubId: '3', district: 'porto', privacy: 'private', rankingType: 'classic', status: 'mine' }, 'c1', 6),
    ).toEqual({ limit: 6, q: 'foz', club_id: 3, district: 'porto', privacy: 'private', ranking_type: 'classic', status: 'mine', cursor: 'c1' });
  });
});
