import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/session';
import { capabilities, displayName, isAdminOrAbove, isSuperAdmin, userName } from './user';

describe('displayName (spec §3)', () => {
  it.each([
    ['first plus last name', { first_name: 'Ana', last_name: 'Silva', given_name: 'Aninhas', email: 'a@x.pt' }, 'Ana Silva'],
    ['else the first name', { first_name: 'Ana', last_name: '', given_name: 'Aninhas', email: 'a@x.pt' }, 'Ana'],
    ['a last name alone does not count', { first_name: ' ', last_name: 'Silva', given_name: 'Aninhas', email: 'a@x.pt' }, 'Aninhas'],
    ['else the external given name', { given_name: 'Aninhas', name: 'Ana Maria Silva', email: 'a@x.pt' }, 'Aninhas'],
    ['else the first part of the external name', { given_name: null, name: '  Ana Maria Silva ', email: 'a@x.pt' }, 'Ana'],
    ['else the email before the at sign', { first_name: null, name: '', email: 'ana.silva@example.pt' }, 'ana.silva'],
    ['nothing at all', {}, ''],
  ])('%s', (_, parts, expected) => {
    expect(displayName(parts)).toBe(expected);
  });

  it('userName prefers the server display_name and falls back to the same rules', () => {
    expect(userName(makeUser({ display_name: 'Rita Oliveira' }))).toBe('Rita Oliveira');
    expect(userName(makeUser({ display_name: '', first_name: '', last_name: '', given_name: '', email: 'rita@x.pt' }))).toBe('rita');
  });
});

describe('capabilities (spec §6)', () => {
  const list = (u: Parameters<typeof capabilities>[0]) => [...capabilities(u)].sort();

  it('visitors may do nothing; the account has what the server says', () => {
    expect(list(null)).toEqual([]);
    expect(list(makeUser())).toEqual(['play']);
    expect(list(makeUser({ role: 'admin' }))).toEqual(['adminPanel', 'changeToPlayer', 'listPlayers', 'play', 'suspendUsers']);
  });

  it('reads the server\'s answer and never derives it from the role', () => {
    const promoted = makeUser({ role: 'player', capabilities: ['play', 'adminPanel'] });
    expect(isAdminOrAbove(promoted)).toBe(true);
    expect(isSuperAdmin(promoted)).toBe(false);
    const stripped = makeUser({ role: 'superadmin', capabilities: ['play'] });
    expect(isAdminOrAbove(stripped)).toBe(false);
    expect(isSuperAdmin(stripped)).toBe(false);
    expect(isSuperAdmin(makeUser({ role: 'superadmin' }))).toBe(true);
  });
});
