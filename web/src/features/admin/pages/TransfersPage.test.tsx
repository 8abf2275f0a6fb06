import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderPage } from '@/test/app';
import { makeUser } from '@/test/session';
import TransfersPage from './TransfersPage';

afterEach(() => vi.unstubAllGlobals());

const EMPTY = { items: [] };

describe('TransfersPage', () => {
  it('asks for every field, then every check, then a final confirmation before it sends', async () => {
    const user = userEvent.setup();
    const api = mockApi([
      ['GET', '/api/admin/transfers', () => ok(EMPTY)],
      [
        'POST',
        '/api/admin/transfers',
        () =>
          ok({
            id: 1, source_id: 2, target_id: 3, source_email: 'a@example.pt', target_email: 'b@example.pt', reason: 'Duplicada',
            actor_id: 1, actor_name: 'Sofia', created_at: '2026-11-22T10:00:00Z',
            moved: { participations: 1, merged_participants: 0, matches: 2, matches_cancelled: 0, challenges: 0, challenges_cancelled: 0,
              club_memberships: 0, clubs_created: 0, tournaments_created: 0, notifications: 3, sessions_ended: 1 },
          }),
      ],
    ]);
    renderPage(<TransfersPage />, { user: makeUser({ role: 'superadmin' }) });
    expect(await screen.findByText('Ainda não foi feita nenhuma transferência.')).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Transferir' });

    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('Por favor, preencha todos os campos obrigatórios.');
    await user.type(screen.getByLabelText('Email da conta de origem (será desativada)'), 'a@example.pt');
    await user.type(screen.getByLabelText('Email da conta de destino (recebe tudo)'), 'b@example.pt');
    await user.type(screen.getByLabelText('Motivo'), 'Duplicada');
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('Por favor, confirme todas as verificações antes de prosseguir.');
    await user.click(screen.getByLabelText('Verifiquei a identidade da pessoa e que as duas contas lhe pertencem.'));
    await user.click(screen.getByLabelText('Compreendo que a transferência é irreversível.'));
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('Por favor, confirme todas as verificações antes de prosseguir.');
    await user.click(screen.getByLabelText('A pessoa foi informada da transferência.'));
    expect(api.to('POST', '/api/admin/transfers')).toHaveLength(0);

    await user.click(submit);
    const dialog = await screen.findByRole('dialog', { name: 'Executar esta transferência?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(api.to('POST', '/api/admin/transfers')).toHaveLength(0);

    await user.click(submit);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sim, transferir' }));
    const sent = api.to('POST', '/api/admin/transfers');
    expect(sent).toHaveLength(1);
    expect(await sent[0].json()).toEqual({
      source_email: 'a@example.pt', target_email: 'b@example.pt', reason: 'Duplicada',
      identity_verified: true, irreversible_understood: true, user_informed: true,
    });
  });
});
