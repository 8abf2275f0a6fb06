import { describe, expect, it } from 'vitest';
import { canChallenge, challengeSpan, moveFocus, pyramidRows, rowOf, rowStart } from './bracket';

describe('pyramid layout', () => {
  it('puts k players on row k, the last row holding the rest', () => {
    expect(pyramidRows(0)).toEqual([]);
    expect(pyramidRows(1)).toEqual([[1]]);
    expect(pyramidRows(6)).toEqual([[1], [2, 3], [4, 5, 6]]);
    expect(pyramidRows(8)).toEqual([[1], [2, 3], [4, 5, 6], [7, 8]]);
    const rows = pyramidRows(60);
    expect(rows).toHaveLength(11); // 10 full rows hold 55
    expect(rows[10]).toEqual([56, 57, 58, 59, 60]);
    expect(rows.flat()).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
  });

  it('finds the row of a position', () => {
    expect([1, 2, 3, 4, 6, 7, 10, 11, 55, 56].map(rowOf)).toEqual([1, 2, 2, 3, 3, 4, 4, 5, 10, 11]);
    expect([1, 2, 3, 4, 5].map(rowStart)).toEqual([1, 2, 4, 7, 11]);
  });
});

describe('who may be challenged', () => {
  it('reaches range places above and below, everyone with 0, never oneself', () => {
    expect(canChallenge(3, 5, 2)).toBe(true);
    expect(canChallenge(3, 5, 8)).toBe(true);
    expect(canChallenge(3, 5, 1)).toBe(false);
    expect(canChallenge(3, 5, 9)).toBe(false);
    expect(canChallenge(0, 60, 1)).toBe(true);
    expect(canChallenge(0, 4, 4)).toBe(false);
  });

  it('spans the reachable positions within the ladder', () => {
    expect(challengeSpan(3, 2, 20)).toEqual({ first: 1, last: 5 });
    expect(challengeSpan(3, 19, 20)).toEqual({ first: 16, last: 20 });
    expect(challengeSpan(0, 7, 12)).toEqual({ first: 1, last: 12 });
    expect(challengeSpan(3, 1, 1)).toBeNull();
  });
});

describe('keyboard moves', () => {
  it('steps along the reading order with Left/Right and jumps with Home/End', () => {
    expect(moveFocus(3, 'ArrowRight', 10, true)).toBe(4);
    expect(moveFocus(1, 'ArrowLeft', 10, true)).toBe(1);
    expect(moveFocus(10, 'ArrowRight', 10, true)).toBe(10);
    expect(moveFocus(5, 'Home', 10, true)).toBe(1);
    expect(moveFocus(5, 'End', 10, true)).toBe(10);
  });

  it('keeps the place in the row going up and down the pyramid', () => {
    expect(moveFocus(5, 'ArrowUp', 10, true)).toBe(3); // row 3 index 1 → row 2 index 1
    expect(moveFocus(6, 'ArrowUp', 10, true)).toBe(3); // index 2 does not exist above: the last one
    expect(moveFocus(2, 'ArrowDown', 10, true)).toBe(4);
    expect(moveFocus(1, 'ArrowUp', 10, true)).toBe(1);
    expect(moveFocus(9, 'ArrowDown', 10, true)).toBe(9); // no row below
    expect(moveFocus(6, 'ArrowDown', 8, true)).toBe(8); // the short last row
  });

  it('steps one place with Up/Down in a rungs list', () => {
    expect(moveFocus(5, 'ArrowUp', 10, false)).toBe(4);
    expect(moveFocus(5, 'ArrowDown', 10, false)).toBe(6);
  });
});
