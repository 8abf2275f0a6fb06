import { describe, expect, it } from 'vitest';
import { eligibleOpponents } from './opponents';
import { ANA, ME, RUI, standing } from '../testing/fixtures';

describe('eligibleOpponents', () => {
  const items = [standing(3, RUI), standing(4, ANA, 'active', true), standing(5, ME)];

  it('offers exactly the rows the server marks challengeable', () => {
    expect(eligibleOpponents({ challenge_blocked: '', items })).toEqual({ ok: true, opponents: [items[1]] });
  });

  it("says why the viewer can challenge nobody, from the server's answer", () => {
    expect(eligibleOpponents({ challenge_blocked: 'challenge.not_player', items })).toEqual({ ok: false, reason: 'notPlayer', opponents: [] });
    expect(eligibleOpponents({ challenge_blocked: 'challenge.self_unavailable', items })).toEqual({ ok: false, reason: 'notActive', opponents: [] });
    expect(eligibleOpponents({ challenge_blocked: 'tournament.not_active', items })).toMatchObject({ ok: false, reason: 'notPlayer' });
  });
});
