import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DISTRICTS, mockApi, ok, renderPage } from '@/test/app';
import { jsonResponse } from '@/test/session';
import { ClubForm } from './ClubForm';
import { MembershipButtons } from './MembershipButtons';

afterEach(() => vi.unstubAllGlobals());

const club = { id: 7, name: 'Clube de Ténis da Foz', can_join: false, can_leave: false };

describe('join and leave', () => {
  it('offers Join to a non-member of a validated club', async () => {
    mockApi([['POST', '/api/clubs/7/join', () => ok()]]);
    const onChanged = vi.fn();
    renderPage(<MembershipButtons club={{ ...club, can_join: true }} signedIn onLogin={() => {}} onChanged={onChanged} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Aderir ao clube' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: 'Sair do clube' })).toBeNull();
  });

  it('offers Leave to a member and an administrator, confirmed first', async () => {
    const { to } = mockApi([['POST', '/api/clubs/7/leave', () => ok()]]);
    renderPage(<MembershipButtons club={{ ...club, can_leave: true }} signedIn onLogin={() => {}} onChanged={() => {}} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sair do clube' }));
    expect(to('POST', '/api/clubs/7/leave')).toHaveLength(0);
    expect(await screen.findByRole('dialog', { name: 'Sair do clube?' })).toBeInTheDocument();
  });

  it("shows the server's message when joining fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi([['POST', '/api/clubs/7/join', () => jsonResponse(409, { status: 409, code: 'club.already_member', message: 'Já é membro deste clube.' })]]);
    renderPage(<MembershipButtons club={{ ...club, can_join: true }} signedIn onLogin={() => {}} onChanged={() => {}} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Aderir ao clube' }));
    expect(await screen.findByText('Erro ao aderir ao clube')).toBeInTheDocument();
    expect(screen.getByText('Já é membro deste clube.')).toBeInTheDocument();
  });

  it('has no Join when the server says no, and a sign-in prompt for visitors', async () => {
    mockApi([]);
    const { unmount } = renderPage(<MembershipButtons club={club} signedIn onLogin={() => {}} onChanged={() => {}} />);
    await screen.findByText((_, el) => el?.tagName === 'BODY');
    expect(screen.queryByRole('button', { name: 'Aderir ao clube' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sair do clube' })).toBeNull();
    unmount();
    renderPage(<MembershipButtons club={{ ...club, can_join: true }} signedIn={false} onLogin={() => {}} onChanged={() => {}} />, { user: null });
    expect(await screen.findByRole('button', { name: 'Entre para aderir' })).toBeInTheDocument();
  });

  it("tells the last administrator why they may not leave instead of offering Leave", async () => {
    mockApi([]);
    renderPage(<MembershipButtons club={{ ...club, leave_refusal: 'club.last_admin' }} signedIn onLogin={() => {}} onChanged={() => {}} />);
    expect(await screen.findByRole('note')).toHaveTextContent('É o único administrador: nomeie outro antes de sair do clube.');
    expect(screen.queryByRole('button', { name: 'Sair do clube' })).toBeNull();
  });
});

describe('propose form', () => {
  it('requires a name before sending', async () => {
    const { to } = mockApi([['GET', '/api/geo/districts', () => ok(DISTRICTS)]]);
    const onSubmit = vi.fn();
    renderPage(<ClubForm onSubmit={onSubmit} errorTitle="Erro ao propor clube" submitLabel="Propor clube" />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Propor clube' }));
    expect(await screen.findByText('Indique o nome do clube.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(to('POST', '/api/clubs')).toHaveLength(0);
  });

  it("shows the server's field errors under the fields", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi([
      ['GET', '/api/geo/districts', () => ok(DISTRICTS)],
      [
        'POST',
        '/api/clubs',
        () =>
          jsonResponse(422, {
            status: 422,
            message: 'Alguns campos não estão corretos.',
            errors: [{ location: 'body.email', message: 'Introduza um email válido.', code: 'validation.email' }],
          }),
      ],
    ]);
    const { proposeClub } = await import('../api/save-club');
    renderPage(<ClubForm onSubmit={proposeClub} errorTitle="Erro ao propor clube" submitLabel="Propor clube" />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nome'), 'Clube Novo');
    await user.type(screen.getByLabelText('Email'), 'nope');
    await user.click(screen.getByRole('checkbox', { name: 'Terra batida' }));
    await user.click(screen.getByRole('button', { name: 'Propor clube' }));
    expect(await screen.findByText('Introduza um email válido.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Erro ao propor clube')).toBeInTheDocument();
  });
});
