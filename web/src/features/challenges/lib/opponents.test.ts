import { describe, expect, it } from 'vitest';
import { eligibleOpponents, withinRange, type Standing } from './opponents';

const row = (position: number, id: number, status: Standing['status'] = 'active'): Standing => ({
  position,
  status,
  player: { id, display_name: `Jogador ${id}`, photo_url: '' },
  points: 0,
  played: 0,
  won: 0,
  lost: 0,
  win_rate: 0,
  movement: 0,
  new: false,
  form: [],
});

// Positions 1..8, player ids 101..108; the viewer is id 105 at position 5.
const items = Array.from({ length: 8 }, (_, i) => row(i + 1, 101 + i));
const ids = (r: ReturnType<typeof eligibleOpponents>) => r.opponents.map((s) => s.player.id);

describe('withinRange', () => {
  it('mirrors the server: up to N places either way, 0 = anyone, never oneself', () => {
    expect(withinRange(2, 5, 3)).toBe(true);
    expect(withinRange(2, 5, 7)).toBe(true);
    expect(withinRange(2, 5, 2)).toBe(false);
    expect(withinRange(0, 1, 100)).toBe(true);
    expect(withinRange(0, 5, 5)).toBe(false);
    expect(withinRange(3, 0, 1)).toBe(false);
  });
});

describe('eligibleOpponents', () => {
  it('lists active players within the range of my position, in ranking order, without me', () => {
    expect(ids(eligibleOpponents({ challenge_range: 2, items }, 105))).toEqual([103, 104, 106, 107]);
    expect(ids(eligibleOpponents({ challenge_range: 1, items }, 101))).toEqual([102]);
  });

  it('lists everyone else with range 0', () => {
    expect(ids(eligibleOpponents({ challenge_range: 0, items }, 105))).toEqual([101, 102, 103, 104, 106, 107, 108]);
  });

  it('leaves out paused and suspended players', () => {
    const mixed = items.map((s) => (s.player.id === 104 ? { ...s, status: 'paused' as const } : s.player.id === 106 ? { ...s, status: 'suspended' as const } : s));
    expect(ids(eligibleOpponents({ challenge_range: 2, items: mixed }, 105))).toEqual([103, 107]);
  });

  it('offers nobody when I am not an active player', () => {
    expect(eligibleOpponents({ challenge_range: 2, items }, 999)).toEqual({ ok: false, reason: 'notPlayer', opponents: [] });
    const paused = items.map((s) => (s.player.id === 105 ? { ...s, status: 'paused' as const } : s));
    expect(eligibleOpponents({ challenge_range: 2, items: paused }, 105)).toMatchObject({ ok: false, reason: 'notActive' });
  });
});
