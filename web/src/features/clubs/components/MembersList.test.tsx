import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderPage } from '@/test/app';
import { jsonResponse } from '@/test/session';
import type { ClubMember } from '../api/get-club';
import { MembersList } from './MembersList';

afterEach(() => vi.unstubAllGlobals());

const row = (user_id: number, display_name: string, role: 'administrator' | 'member', flags: Partial<ClubMember> = {}): ClubMember => ({
  user_id,
  display_name,
  photo_url: '',
  role,
  joined_at: '2026-01-01T00:00:00Z',
  can_make_admin: false,
  can_remove_admin: false,
  can_remove: false,
  ...flags,
});

// The rows' actions come only from the server's flags: Ana (the viewer, an administrator) has
// none on herself; Rui can be appointed or removed; Eva, another administrator, demoted or removed.
const club = {
  id: 7,
  members: [
    row(1, 'Ana Silva', 'administrator'),
    row(2, 'Eva Costa', 'administrator', { can_remove_admin: true, can_remove: true }),
    row(3, 'Rui Sousa', 'member', { can_make_admin: true, can_remove: true }),
  ],
};

describe('club members actions', () => {
  it('offers exactly the actions the flags allow, by keyboard', async () => {
    mockApi([]);
    renderPage(<MembersList club={club} onChanged={() => {}} />);
    expect(await screen.findByText('Ana Silva')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ações sobre Ana Silva' })).toBeNull();
    const user = userEvent.setup();
    screen.getByRole('button', { name: 'Ações sobre Rui Sousa' }).focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'Ações sobre Rui Sousa' });
    expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Nomear administrador', 'Remover do clube']);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Ações sobre Eva Costa' }));
    const evaMenu = await screen.findByRole('menu', { name: 'Ações sobre Eva Costa' });
    expect(within(evaMenu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Retirar de administrador', 'Remover do clube']);
  });

  it('appoints after confirming and tells the page to refresh', async () => {
    const { to } = mockApi([['PUT', '/api/clubs/7/members/3/role', () => ok()]]);
    const onChanged = vi.fn();
    renderPage(<MembersList club={club} onChanged={onChanged} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ações sobre Rui Sousa' }));
    await user.click(screen.getByRole('menuitem', { name: 'Nomear administrador' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nomear Rui Sousa administrador?' });
    expect(to('PUT', '/api/clubs/7/members/3/role')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Nomear administrador' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(await to('PUT', '/api/clubs/7/members/3/role')[0].json()).toEqual({ role: 'administrator' });
    expect(await screen.findByText('Rui Sousa é agora administrador.')).toBeInTheDocument();
  });

  it("removes after confirming, and shows the server's reason when refused", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi([
      [
        'DELETE',
        '/api/clubs/7/members/2',
        () =>
          jsonResponse(409, {
            status: 409,
            code: 'club.last_admin_other',
            message: 'É o único administrador do clube: nomeie outro administrador primeiro.',
          }),
      ],
    ]);
    renderPage(<MembersList club={club} onChanged={() => {}} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ações sobre Eva Costa' }));
    await user.click(screen.getByRole('menuitem', { name: 'Remover do clube' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remover Eva Costa do clube?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remover do clube' }));
    expect(await screen.findByText('Erro ao remover do clube')).toBeInTheDocument();
    expect(screen.getByText('É o único administrador do clube: nomeie outro administrador primeiro.')).toBeInTheDocument();
    // the dialog stays open after a refusal
    expect(screen.getByRole('dialog', { name: 'Remover Eva Costa do clube?' })).toBeInTheDocument();
  });
});
