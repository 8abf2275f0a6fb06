import { describe, expect, it } from 'vitest';
import { MAX_COMPARE, parseIds } from './leaderboards';

describe('parseIds', () => {
  it('keeps valid ids in order, once', () => {
    expect(parseIds('3,1,3, 2')).toEqual([3, 1, 2]);
  });
  it('drops junk', () => {
    expect(parseIds('a,0,-1,1.5,,7')).toEqual([7]);
    expect(parseIds(null)).toEqual([]);
  });
  it('keeps more than the maximum so the server can refuse them', () => {
    expect(parseIds('1,2,3,4,5').length).toBeGreaterThan(MAX_COMPARE);
  });
});
