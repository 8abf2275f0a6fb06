import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeSessionStore, makeUser, renderWithSession } from '@/test/session';
import type { SessionUser } from '@/lib/user';
import { AdminPanelButton, FloatingActions, UserMenu } from './SignedInShell';

function renderShell(user: SessionUser) {
  const store = fakeSessionStore({ user });
  renderWithSession(
    <MemoryRouter>
      <AdminPanelButton />
      <UserMenu />
      <FloatingActions />
    </MemoryRouter>,
    store,
  );
  return { store, user: userEvent.setup() };
}

const menuItems = () => within(screen.getByRole('menu')).getAllByRole('menuitem').map((el) => el.textContent);

describe('user menu (spec §2)', () => {
  it('a player: profile, stats, messages, settings, about, logout; no badge, no admin button, no quick access', async () => {
    const { user } = renderShell(makeUser({ id: 42 }));
    await user.click(screen.getByRole('button', { name: 'Menu da conta: Pedro Santos' }));
    expect(menuItems()).toEqual(['O meu perfil', 'Estatísticas de jogador', 'Mensagens', 'Definições', 'Sobre', 'Terminar sessão']);
    expect(screen.getByRole('menuitem', { name: 'Estatísticas de jogador' })).toHaveAttribute('href', '/players/42/stats');
    expect(screen.queryByTestId('role-badge')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Painel admin' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Acesso rápido à super administração' })).toBeNull();
  });

  it('an admin: role badge, admin panel button and quick access, but no players panel', async () => {
    const { user } = renderShell(makeUser({ role: 'admin' }));
    expect(screen.getByRole('link', { name: 'Painel admin' })).toHaveAttribute('href', '/super-admin');
    expect(screen.getByRole('link', { name: 'Acesso rápido à super administração' })).toHaveAttribute('href', '/super-admin');
    await user.click(screen.getByRole('button', { name: 'Menu da conta: Pedro Santos' }));
    expect(screen.getByTestId('role-badge')).toHaveTextContent('Administrador');
    expect(menuItems()).not.toContain('Painel de jogadores');
  });

  it('a super admin sees the players panel; the root account’s admin button reads ROOT', async () => {
    const { user } = renderShell(makeUser({ role: 'superadmin', is_root: true, display_name: 'Rita Oliveira' }));
    expect(screen.getByRole('link', { name: 'ROOT' })).toHaveAttribute('href', '/super-admin');
    await user.click(screen.getByRole('button', { name: 'Menu da conta: Rita Oliveira' }));
    expect(screen.getByTestId('role-badge')).toHaveTextContent('Super Admin');
    expect(screen.getByRole('menuitem', { name: 'Painel de jogadores' })).toHaveAttribute('href', '/players-panel');
  });

  it('works from the keyboard and logs out from the menu', async () => {
    const { user, store } = renderShell(makeUser());
    const trigger = screen.getByRole('button', { name: 'Menu da conta: Pedro Santos' });
    trigger.focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'O meu perfil' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Terminar sessão' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('menuitem', { name: 'O meu perfil' })).toHaveFocus();
    await user.keyboard('{End}{Enter}');
    expect(store.logout).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(trigger).toHaveFocus();
  });

  it('ArrowUp on the button opens on the last item; Escape closes and returns focus', async () => {
    const { user } = renderShell(makeUser());
    const trigger = screen.getByRole('button', { name: 'Menu da conta: Pedro Santos' });
    trigger.focus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Terminar sessão' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(trigger).toHaveFocus();
  });
});

describe('floating action menu (spec §2)', () => {
  it('has the four shortcuts', async () => {
    const { user } = renderShell(makeUser());
    const fab = screen.getByRole('button', { name: 'Ações rápidas' });
    expect(fab).toHaveAttribute('aria-expanded', 'false');
    await user.click(fab);
    expect(fab).toHaveAttribute('aria-expanded', 'true');
    const links = within(screen.getByRole('menu', { name: 'Ações rápidas' })).getAllByRole('menuitem');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Criar torneio', '/tournaments?create=true'],
      ['Criar desafio', '/challenges?create=true'],
      ['Mensagens', '/messages'],
      ['Criar clube', '/clubs?create=true'],
    ]);
    await user.click(links[1]);
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
