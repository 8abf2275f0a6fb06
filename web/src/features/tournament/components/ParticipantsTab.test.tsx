import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderPage } from '@/test/app';
import { jsonResponse, makeUser } from '@/test/session';
import type { TournamentDetail } from '../api/get-tournament';
import { makeParticipant, makeTournament } from '../testing';
import { ParticipantsTab } from './ParticipantsTab';

afterEach(() => vi.unstubAllGlobals());

// The rows as the server answers them for each viewer: what one may do is its can_* per row.
const yes = (...actions: string[]) => Object.fromEntries(actions.map((a) => [`can_${a}`, true]));
const PEOPLE_FOR_CREATOR = [
  makeParticipant(9, 'Ana Silva', yes('pause', 'suspend', 'remove', 'promote')),
  makeParticipant(7, 'Pedro Santos'), // oneself
  makeParticipant(11, 'Rui Costa', { role: 'referee', ...yes('pause', 'suspend', 'remove', 'demote') }),
  makeParticipant(12, 'Inês Rodrigues', { status: 'paused', ...yes('suspend', 'reactivate', 'remove', 'promote') }),
  makeParticipant(13, 'João Pereira', { status: 'requested' }),
];
const PEOPLE_FOR_REFEREE = [
  makeParticipant(9, 'Ana Silva'), // the creator
  makeParticipant(7, 'Pedro Santos', { role: 'referee' }), // oneself
  makeParticipant(11, 'Rui Costa', { role: 'referee', ...yes('pause', 'suspend') }),
  makeParticipant(12, 'Inês Rodrigues', { status: 'paused', ...yes('suspend', 'reactivate', 'remove') }),
  makeParticipant(14, 'Rita Sousa'),
]
const CREATOR = makeTournament({ creator_id: 7, is_creator: true, can_manage: true, can_manage_players: true, my_status: 'active', my_role: 'player', join_mode: '' });
const REFEREE = makeTournament({ creator_id: 9, can_manage_players: true, my_status: 'active', my_role: 'referee', join_mode: '' });

function setup(tournament: TournamentDetail, extra: Parameters<typeof mockApi>[0] = []) {
  const people = tournament === REFEREE ? PEOPLE_FOR_REFEREE : PEOPLE_FOR_CREATOR;
  const api = mockApi([['GET', '/api/tournaments/3/participants', () => ok({ items: people })], ...extra]);
  renderPage(<ParticipantsTab tournament={tournament} />, { user: makeUser() });
  return api;
}

async function openMenu(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Ações para ${name}` }));
  return screen.getByRole('menu', { name: `Ações para ${name}` });
}

describe('participants tab', () => {
  it('lists the requests for managers and approves one', async () => {
    const approve = vi.fn(() => ok());
    const { to } = setup(CREATOR, [['POST', '/api/tournaments/3/requests/13/approve', approve]]);
    const requests = await screen.findByTestId('join-requests');
    expect(screen.getByRole('heading', { name: 'Pedidos de entrada (1)' })).toBeInTheDocument();
    await userEvent.click(within(requests).getByRole('button', { name: 'Aprovar João Pereira' }));
    expect(await screen.findByText('João Pereira já está a jogar.')).toBeInTheDocument();
    expect(approve).toHaveBeenCalledOnce();
    await waitFor(() => expect(to('GET', '/api/tournaments/3/participants').length).toBeGreaterThan(1)); // refreshed
  });

  it('shows the referee apart and the statuses', async () => {
    setup(CREATOR);
    expect(await screen.findByRole('heading', { name: 'Jogadores (3)' })).toBeInTheDocument();
    expect(screen.getAllByText('Árbitro').length).toBeGreaterThan(1);
    expect(screen.getByText('Em pausa')).toBeInTheDocument();
    // Nothing to do to oneself.
    expect(screen.queryByRole('button', { name: 'Ações para Pedro Santos' })).toBeNull();
  });

  it('pauses a player and toasts the spec title when it fails', async () => {
    const status = vi.fn(async (req: Request) => {
      expect(await req.json()).toEqual({ status: 'paused' });
      return jsonResponse(409, { status: 409, code: 'tournament.status_unchanged', message: 'O jogador já tem este estado.' });
    });
    setup(CREATOR, [['PUT', '/api/tournaments/3/players/9/status', status]]);
    const menu = await openMenu('Ana Silva');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Pausar' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Erro ao atualizar o estado do jogador');
    expect(alert).toHaveTextContent('O jogador já tem este estado.');
  });

  it('asks to replace the current referee when the server says there is one, then resends with replace', async () => {
    const bodies: unknown[] = [];
    const promote = vi.fn(async (req: Request) => {
      const body = (await req.json()) as { replace?: boolean };
      bodies.push(body);
      if (!body.replace) return jsonResponse(409, { status: 409, code: 'tournament.referee_exists', message: 'Rui Costa é o árbitro atual. Substituir?' });
      return ok();
    });
    setup(CREATOR, [['POST', '/api/tournaments/3/players/9/referee', promote]]);
    const menu = await openMenu('Ana Silva');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Tornar árbitro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Substituir o árbitro?' });
    expect(dialog).toHaveTextContent('Rui Costa é o árbitro atual. Substituir?');
    expect(screen.queryByRole('alert', { hidden: true })).toBeNull(); // no error toast for the question
    await userEvent.click(within(dialog).getByRole('button', { name: 'Substituir' }));
    expect(await screen.findByText('Ana Silva é agora o árbitro.')).toBeInTheDocument();
    expect(bodies).toEqual([{ replace: false }, { replace: true }]);
  });

  it("gives managers 'Voltar a jogador' for the referee, and removes after confirming", async () => {
    const remove = vi.fn(() => ok());
    setup(CREATOR, [['DELETE', '/api/tournaments/3/players/12', remove]]);
    const refMenu = await openMenu('Rui Costa');
    expect(within(refMenu).getByRole('menuitem', { name: 'Voltar a jogador' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    const menu = await openMenu('Inês Rodrigues');
    expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Suspender', 'Reativar', 'Tornar árbitro', 'Remover do torneio']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Remover do torneio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remover Inês Rodrigues?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remover do torneio' }));
    await waitFor(() => expect(remove).toHaveBeenCalledOnce());
  });

  it('gives referees only pause, suspend, reactivate and remove, and nothing on the creator or requests', async () => {
    setup(REFEREE);
    await screen.findByRole('heading', { name: 'Jogadores (3)' });
    expect(screen.queryByTestId('join-requests')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ações para Ana Silva' })).toBeNull(); // the creator
    const menu = await openMenu('Inês Rodrigues');
    expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Suspender', 'Reativar', 'Remover do torneio']);
    await userEvent.keyboard('{Escape}');
    // Another referee's place is for the creator to change: no removal.
    const refMenu = await openMenu('Rui Costa');
    expect(within(refMenu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Pausar', 'Suspender']);
  });
});
