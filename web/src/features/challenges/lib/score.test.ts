import { describe, expect, it } from 'vitest';
import { buildScore, emptyRows, flipScore, takesTieBreak, type SetRow } from './score';

const rows = (...sets: [string, string, string?][]): SetRow[] => {
  const out = emptyRows();
  sets.forEach(([mine, theirs, tieBreak = ''], i) => (out[i] = { mine, theirs, tieBreak }));
  return out;
};

describe('buildScore', () => {
  it('writes the sets from the reporter\'s side, with a super tie-break as the third set', () => {
    expect(buildScore(rows(['6', '4'], ['3', '6'], ['10', '8']))).toEqual({ ok: true, score: '6-4 3-6 10-8', mine: 2, theirs: 1 });
  });

  it('writes a loss from the reporter\'s side too (the server flips it to the winner\'s)', () => {
    expect(buildScore(rows(['4', '6'], ['2', '6']))).toEqual({ ok: true, score: '4-6 2-6', mine: 0, theirs: 2 });
  });

  it('adds the loser\'s tie-break points to a 7-6 set only', () => {
    expect(buildScore(rows(['7', '6', '5'], ['6', '3', '4']))).toMatchObject({ ok: true, score: '7-6(5) 6-3' });
    expect(buildScore(rows(['6', '7', '3'], ['6', '1'], ['11', '9']))).toMatchObject({ ok: true, score: '6-7(3) 6-1 11-9' });
    // a tie-break typed for a set that is no longer 7-6 is ignored
    expect(buildScore(rows(['6', '4', '5'], ['6', '2']))).toMatchObject({ ok: true, score: '6-4 6-2' });
  });

  it('ignores spaces and leaves the tennis rules to the server', () => {
    expect(buildScore(rows([' 6 ', '0'], ['9', '7']))).toMatchObject({ ok: true, score: '6-0 9-7' });
  });

  it('reports unfinished typing by set', () => {
    expect(buildScore(emptyRows())).toEqual({ ok: false, problem: { code: 'empty' } });
    expect(buildScore(rows(['6', '4'], ['6', '']))).toEqual({ ok: false, problem: { code: 'incomplete', set: 2 } });
    expect(buildScore(rows(['', ''], ['6', '4']))).toEqual({ ok: false, problem: { code: 'gap', set: 2 } });
    expect(buildScore(rows(['6', 'x']))).toEqual({ ok: false, problem: { code: 'notNumber', set: 1 } });
  });
});

describe('takesTieBreak', () => {
  it('is true for 7-6 and 6-7 in the first two sets only', () => {
    expect(takesTieBreak({ mine: '7', theirs: '6', tieBreak: '' }, 0)).toBe(true);
    expect(takesTieBreak({ mine: '6', theirs: '7', tieBreak: '' }, 1)).toBe(true);
    expect(takesTieBreak({ mine: '7', theirs: '5', tieBreak: '' }, 0)).toBe(false);
    expect(takesTieBreak({ mine: '7', theirs: '6', tieBreak: '' }, 2)).toBe(false);
  });
});

describe('flipScore', () => {
  it('turns the score to the other side and keeps tie-break points', () => {
    expect(flipScore('6-4 3-6 10-8')).toBe('4-6 6-3 8-10');
    expect(flipScore('7-6(5) 6-3')).toBe('6-7(5) 3-6');
  });

  it('turns super tie-breaks and full tie-break scores written in brackets', () => {
    expect(flipScore('6-4 4-6 [10-8]')).toBe('4-6 6-4 [8-10]');
    expect(flipScore('6-4 4-6 (10-8)')).toBe('4-6 6-4 (8-10)');
    expect(flipScore('7-6(7-5) 6-3')).toBe('6-7(5-7) 3-6');
  });
});
