import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DISTRICTS, mockApi, ok, renderPage, type Route } from '@/test/app';
import type { SessionUser } from '@/lib/user';
import { jsonResponse, makeUser } from '@/test/session';
import type { TournamentDetail } from '../api/get-tournament';
import { makeStandings, makeTournament, NO_STATS } from '../testing';
import TournamentPage from './TournamentPage';

afterEach(() => vi.unstubAllGlobals());

interface Options {
  at?: string;
  user?: SessionUser | null;
  extra?: Route[];
}

function setup(tournament: TournamentDetail | (() => Response), { at = '/tournaments/3', user = makeUser(), extra = [] }: Options = {}) {
  const api = mockApi([
    ['GET', '/api/geo/districts', () => ok(DISTRICTS)],
    ['GET', '/api/tournaments/3', typeof tournament === 'function' ? tournament : () => ok(tournament)],
    ['GET', '/api/tournaments/3/standings', () => ok(makeStandings())],
    ['GET', '/api/tournaments/3/statistics', () => ok(NO_STATS)],
    ['GET', '/api/tournaments/3/participants', () => ok({ items: [] })],
    ['GET', '/api/profile', () => ok({ availability: [{ weekday: 2, start_minute: 1080, end_minute: 1260 }], timezone: 'Europe/Lisbon' })],
    ...extra,
  ]);
  const view = renderPage(<TournamentPage />, { path: '/tournaments/:id', at, user });
  return { ...api, ...view };
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('/tournaments/:id', () => {
  it("shows 'Tournament not found' with the way back", async () => {
    setup(() => jsonResponse(404, { status: 404, code: 'tournament.not_found', message: 'Torneio não encontrado.' }));
    expect(await heading('Torneio não encontrado')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar aos torneios' })).toHaveAttribute('href', '/tournaments');
  });

  it('shows the header facts and the rules of the Overview', async () => {
    setup(makeTournament());
    expect(await heading('Escada do Parque')).toBeInTheDocument();
    expect(screen.getByText('Público')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Clube de Ténis da Foz' })[0]).toHaveAttribute('href', '/clubs/5');
    expect(screen.getByText('5 de 32 jogadores')).toBeInTheDocument();
    expect(screen.getByText(/\+3 por vencer um jogador mais bem classificado, \+2 por vencer um pior classificado, −1 por uma derrota/)).toBeInTheDocument();
    expect(screen.getByText('1–4 jogos a cada 2 semanas')).toBeInTheDocument();
    expect(screen.getByText('Até 2 lugares acima ou abaixo de si')).toBeInTheDocument();
    expect(screen.getByText('Bolas novas em cada jogo.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ana Silva' })).toHaveAttribute('href', '/players/9');
    // The own availability, with the way to the profile.
    expect(await screen.findByText('Está disponível 1 dia por semana:')).toBeInTheDocument();
    expect(screen.getByText('18:00–21:00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Alterar no perfil' })).toHaveAttribute('href', '/profile#availability');
    // No group chat placeholder for a public tournament.
    expect(screen.queryByText('Conversa de grupo')).toBeNull();
  });

  it('shows a pending tournament with the time left, and Approve / Reject to super admins', async () => {
    const expires = new Date(Date.now() + (3 * 24 + 4) * 3600_000 + 60_000).toISOString();
    setup(makeTournament({ status: 'pending', expires_at: expires, can_decide: true, can_manage: true, can_edit: true, join_mode: '' }), { user: makeUser({ role: 'superadmin' }) });
    expect(await screen.findByText('Pendente · faltam 3d 4h')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Aprovar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rejeitar' })).toBeInTheDocument();
  });

  it('shows a rejected tournament with its reason', async () => {
    setup(makeTournament({ status: 'rejected', reject_reason: 'Nome repetido', join_mode: '' }));
    expect(await screen.findByText('Rejeitado')).toBeInTheDocument();
    expect(screen.getByText('Motivo: Nome repetido')).toBeInTheDocument();
  });

  it('offers visitors a sign-in instead of joining', async () => {
    setup(makeTournament({ join_mode: '' }), { user: null });
    expect(await screen.findByRole('button', { name: 'Entre para participar' })).toBeInTheDocument();
    expect(screen.queryByText('A sua disponibilidade')).toBeNull();
  });

  it('requests to join a private tournament with the spec’s success message, and hides the standings', async () => {
    const join = vi.fn(() => ok({ status: 'requested' }));
    const { to } = setup(makeTournament({ privacy: 'private', join_mode: 'request', can_see_standings: false }), {
      extra: [['POST', '/api/tournaments/3/join', join]],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Pedir para entrar' }));
    expect(await screen.findByText('Pedido enviado com sucesso! O criador do torneio será notificado.')).toBeInTheDocument();
    expect(join).toHaveBeenCalledOnce();
    expect(await screen.findByText('Conversa de grupo')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Classificação' }));
    expect(screen.getByTestId('private-notice')).toHaveTextContent('Este torneio é privado');
    expect(to('GET', '/api/tournaments/3/standings')).toHaveLength(0);
  });

  it('shows a pending request with a withdraw button', async () => {
    const leave = vi.fn(() => ok());
    setup(makeTournament({ privacy: 'private', my_status: 'requested', join_mode: '', can_see_standings: false }), {
      extra: [['POST', '/api/tournaments/3/leave', leave]],
    });
    expect(await screen.findByText('Pedido pendente')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retirar pedido' }));
    await waitFor(() => expect(leave).toHaveBeenCalledOnce());
  });

  it('asks before leaving', async () => {
    const leave = vi.fn(() => ok());
    setup(makeTournament({ my_status: 'active', my_role: 'player', join_mode: '' }), { extra: [['POST', '/api/tournaments/3/leave', leave]] });
    await userEvent.click(await screen.findByRole('button', { name: 'Sair do torneio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sair do torneio?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sair do torneio' }));
    await waitFor(() => expect(leave).toHaveBeenCalledOnce());
  });

  it("gives managers the Manage menu; a failed shuffle toasts 'Erro ao baralhar o ranking' with the server's message", async () => {
    const shuffle = vi.fn(() => jsonResponse(409, { status: 409, code: 'tournament.not_active', message: 'Este torneio não está ativo.' }));
    setup(makeTournament({ can_manage: true, can_manage_players: true, can_edit: true, can_shuffle: true, can_close: true, is_creator: true, my_status: 'active', my_role: 'player', join_mode: '' }), {
      extra: [['POST', '/api/tournaments/3/shuffle', shuffle]],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Gerir' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Baralhar ranking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Baralhar o ranking?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Baralhar ranking' }));
    // The open dialog hides the rest of the page from the accessibility tree, the toast included.
    const alert = await screen.findByRole('alert', { hidden: true });
    expect(alert).toHaveTextContent('Erro ao baralhar o ranking');
    expect(alert).toHaveTextContent('Este torneio não está ativo.');
    expect(shuffle).toHaveBeenCalledOnce();
    expect(screen.getByRole('dialog', { name: 'Baralhar o ranking?' })).toBeInTheDocument(); // stays open to retry
  });

  it("opens the tournaments feature's edit form from the Manage menu", async () => {
    setup(makeTournament({ can_manage: true, can_manage_players: true, can_edit: true, can_shuffle: true, can_close: true, is_creator: true, join_mode: '' }), {
      extra: [['GET', '/api/clubs', () => ok({ items: [] })]],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Gerir' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Editar torneio' }));
    expect(await screen.findByRole('dialog', { name: 'Editar torneio' })).toBeInTheDocument();
  });

  it('has no Manage menu or decisions for players', async () => {
    setup(makeTournament());
    await heading('Escada do Parque');
    expect(screen.queryByRole('button', { name: 'Gerir' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Aprovar' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Entrar no torneio' })).toBeInTheDocument();
  });

  it('opens the tab in ?tab= and keeps the chosen tab in the URL (arrow keys too)', async () => {
    const { router } = setup(makeTournament(), { at: '/tournaments/3?tab=statistics' });
    expect(await screen.findByRole('tab', { name: 'Estatísticas', selected: true })).toBeInTheDocument();
    expect(await screen.findByText(/Ainda não há jogos validados/)).toBeInTheDocument();
    screen.getByRole('tab', { name: 'Estatísticas' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Participantes (5)', selected: true })).toHaveFocus();
    expect(router.state.location.search).toBe('?tab=participants');
    await userEvent.keyboard('{Home}');
    expect(router.state.location.search).toBe('');
  });
});
