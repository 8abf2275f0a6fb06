import { beforeEach, describe, expect, it } from 'vitest';
import { clearRecent, readRecent, RECENT_STORAGE_KEY, saveRecent } from './recent';

describe('recent searches', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the last 5 distinct queries, newest first', () => {
    for (const q of ['porto', 'lisboa', 'foz', 'braga', 'faro', 'évora']) saveRecent(q);
    expect(readRecent()).toEqual(['évora', 'faro', 'braga', 'foz', 'lisboa']);
    saveRecent('  FOZ ');
    expect(readRecent()).toEqual(['FOZ', 'évora', 'faro', 'braga', 'lisboa']);
  });

  it('saves only queries of at least 2 characters', () => {
    saveRecent('a');
    saveRecent('  b ');
    expect(readRecent()).toEqual([]);
    saveRecent('ab');
    expect(readRecent()).toEqual(['ab']);
  });

  it('clears, and survives garbage in storage', () => {
    saveRecent('porto');
    clearRecent();
    expect(readRecent()).toEqual([]);
    expect(localStorage.getItem(RECENT_STORAGE_KEY)).toBeNull();
    localStorage.setItem(RECENT_STORAGE_KEY, '{not json');
    expect(readRecent()).toEqual([]);
    localStorage.setItem(RECENT_STORAGE_KEY, JSON.stringify(['ok', 3, 'x']));
    expect(readRecent()).toEqual(['ok']);
  });
});
