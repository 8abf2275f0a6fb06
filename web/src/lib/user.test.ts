import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/session';
import { capabilities, displayName, userName } from './user';

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

  it('visitors may do nothing; players may play', () => {
    expect(list(null)).toEqual([]);
    expect(list(makeUser())).toEqual(['play']);
  });

  it('admins get the admin panel, suspensions and changing users to player only', () => {
    expect(list(makeUser({ role: 'admin' }))).toEqual(['adminPanel', 'changeToPlayer', 'play', 'suspendUsers']);
  });

  it('super admins validate, transfer and see the players panel, but only root manages super admins', () => {
    const superadmin = capabilities(makeUser({ role: 'superadmin' }));
    for (const c of ['setAdmin', 'validateClubsTournaments', 'validateResults', 'transferUsers', 'superAdminsPage', 'playersPanel'] as const) {
      expect(superadmin.has(c)).toBe(true);
    }
    expect(superadmin.has('manageSuperAdmins')).toBe(false);
    expect(superadmin.has('approveDeletions')).toBe(false);
    const root = capabilities(makeUser({ role: 'superadmin', is_root: true }));
    expect(root.has('manageSuperAdmins')).toBe(true);
    expect(root.has('approveDeletions')).toBe(true);
  });
});
