import { describe, expect, it } from 'vitest';
import { gamificationKeys, levelPercent } from './gamification';

describe('gamification helpers', () => {
  it('computes the share of the way to the next level', () => {
    expect(levelPercent({ xp: 0, level_from: 0, next_at: 100 })).toBe(0);
    expect(levelPercent({ xp: 200, level_from: 100, next_at: 300 })).toBe(50);
    expect(levelPercent({ xp: 300, level_from: 300, next_at: 600 })).toBe(0);
    expect(levelPercent({ xp: 5, level_from: 5, next_at: 5 })).toBe(100);
  });
  it('keys start with the live prefix', () => {
    expect(gamificationKeys.summary(4).slice(0, 2)).toEqual(['gamification', 4]);
    expect(gamificationKeys.xp(4).slice(0, 2)).toEqual(['gamification', 4]);
  });
});
