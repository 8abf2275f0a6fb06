import { afterEach, describe, expect, it } from 'vitest';
import { rememberReturnPath, safeReturnPath, takeReturnPath } from './returnPath';

describe('safeReturnPath', () => {
  it.each([
    ['/challenges', '/challenges'],
    ['/tournaments/12?tab=ranking', '/tournaments/12?tab=ranking'],
    ['/players/3#stats', '/players/3#stats'],
    ['/', '/'],
  ])('keeps the same-origin path %s', (input, want) => {
    expect(safeReturnPath(input)).toBe(want);
  });

  it.each([
    '//evil.example/x',
    '/\\evil.example',
    '\\\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    'evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    ' /challenges',
    '',
    '/auth/callback?code=x',
    `/${'a'.repeat(3000)}`,
  ])('sends the hostile or unusable %j home', (input) => {
    expect(safeReturnPath(input)).toBe('/');
  });

  it.each([null, undefined, 42, {}])('sends a non-string %j home', (input) => {
    expect(safeReturnPath(input)).toBe('/');
  });
});

describe('remember and take', () => {
  afterEach(() => sessionStorage.clear());

  it('gives back the remembered path once', () => {
    rememberReturnPath('/challenges?x=1');
    expect(takeReturnPath()).toBe('/challenges?x=1');
    expect(takeReturnPath()).toBe('/');
  });

  it('never gives back a hostile value planted in storage', () => {
    sessionStorage.setItem('ladder.returnTo', '//evil.example');
    expect(takeReturnPath()).toBe('/');
  });

  it('remembers the current page by default', () => {
    window.history.replaceState(null, '', '/leaderboards?sort=rating');
    rememberReturnPath();
    expect(takeReturnPath()).toBe('/leaderboards?sort=rating');
  });
});
