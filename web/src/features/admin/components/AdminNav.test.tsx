import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeSessionStore, makeUser, renderWithSession } from '@/test/session';
import type { SessionUser } from '@/lib/user';
import { AdminNav } from './AdminNav';
import { isCurrent } from './nav-items';

function renderNav(user: SessionUser, at = '/super-admin') {
  renderWithSession(
    <MemoryRouter initialEntries={[at]}>
      <AdminNav />
    </MemoryRouter>,
    fakeSessionStore({ user }),
  );
  const nav = screen.getByRole('navigation', { name: 'Administração' });
  const links = () => within(nav).getAllByRole('link', { hidden: true }).map((a) => a.textContent);
  return { nav, links };
}

describe('admin menu (SPEC §2, §6)', () => {
  it('an admin sees the dashboard and the players only', () => {
    const { links, nav } = renderNav(makeUser({ role: 'admin' }));
    expect(links()).toEqual(['Painel', 'Jogadores']);
    expect(within(nav).getByTestId('admin-role')).toHaveTextContent('Admin');
  });

  it('a super admin sees every page of the area; the root account is labelled ROOT', () => {
    const { links } = renderNav(makeUser({ role: 'superadmin' }));
    expect(links()).toEqual([
      'Painel', 'Validações', 'Jogadores', 'Clubes', 'Torneios', 'Jogos', 'Todos', 'Pendentes', 'Agendados', 'Concluídos',
      'Desafios', 'Registos do sistema', 'Painel de administração', 'Super Admins', 'Transferência de utilizador',
      'Pedidos de eliminação', 'Painel de jogadores',
    ]);
    expect(screen.getByTestId('admin-role')).toHaveTextContent('Super Admin');
  });

  it('marks the current page and folds behind a button on a phone', async () => {
    renderNav(makeUser({ role: 'superadmin', is_root: true }), '/super-admin/matches?state=pending');
    expect(screen.getByTestId('admin-role')).toHaveTextContent('ROOT');
    const toggle = screen.getByRole('button', { name: /Menu de administração · Jogos/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.setup().click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Pendentes' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Todos' })).not.toHaveAttribute('aria-current');
  });
});

describe('isCurrent', () => {
  it.each([
    ['/super-admin', '/super-admin', '', '', true],
    ['/super-admin', '/super-admin', '', '#validations', false],
    ['/super-admin#validations', '/super-admin', '', '#validations', true],
    ['/super-admin/players', '/super-admin/players/12', '', '', true],
    ['/super-admin/matches?state=all', '/super-admin/matches', '', '', true],
    ['/super-admin/matches?state=all', '/super-admin/matches', '?state=pending', '', false],
    ['/super-admin/matches?state=completed', '/super-admin/matches', '?state=completed&period=week', '', true],
    ['/super-admin', '/super-admin/players', '', '', false],
  ])('%s at %s%s%s → %s', (to, pathname, search, hash, want) => {
    expect(isCurrent(to, pathname, search, hash)).toBe(want);
  });
});
