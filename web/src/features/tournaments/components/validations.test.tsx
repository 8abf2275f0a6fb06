import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderPage } from '@/test/app';
import { jsonResponse, makeUser } from '@/test/session';
import { tournament } from '../fixtures';
import { ClubTournaments } from './ClubTournaments';
import { PendingTournamentsCard } from './PendingTournaments';

afterEach(() => vi.unstubAllGlobals());

const expiresIn = (ms: number) => new Date(Date.now() + ms).toISOString();
const PENDING = tournament(4, 'Escada Pendente', { status: 'pending', expires_at: expiresIn((3 * 24 + 4) * 3600_000 + 10 * 60_000 + 30_000) });

describe('pending tournaments (super admins)', () => {
  it('lists them with the time left and approves one after confirming', async () => {
    let decided = false;
    const { to } = mockApi([
      ['GET', '/api/tournaments', () => ok({ items: decided ? [] : [PENDING] })],
      ['POST', '/api/tournaments/4/approve', () => ((decided = true), ok(tournament(4, 'Escada Pendente')))],
    ]);
    renderPage(<PendingTournamentsCard />, { user: makeUser({ role: 'superadmin' }) });
    const row = (await screen.findByRole('link', { name: 'Escada Pendente' })).closest('li')!;
    expect(within(row).getByText('faltam 3d 4h 10m')).toBeInTheDocument();
    expect(Object.fromEntries(new URL(to('GET', '/api/tournaments')[0].url).searchParams)).toEqual({ limit: '24', status: 'pending' });
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Aprovar' }));
    expect(to('POST', '/api/tournaments/4/approve')).toHaveLength(0);
    await user.click(within(await screen.findByRole('dialog', { name: 'Aprovar o torneio?' })).getByRole('button', { name: 'Aprovar' }));
    expect(await screen.findByText('Escada Pendente aprovado.')).toBeInTheDocument();
    expect(await screen.findByText('Nenhum torneio à espera de aprovação.')).toBeInTheDocument();
  });

  it("rejects with a reason, and shows 'Error approving/rejecting club or tournament' on failure", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { to } = mockApi([
      ['GET', '/api/tournaments', () => ok({ items: [PENDING] })],
      ['POST', '/api/tournaments/4/reject', () => jsonResponse(403, { status: 403, code: 'auth.forbidden', message: 'Acesso negado.' })],
    ]);
    renderPage(<PendingTournamentsCard />, { user: makeUser({ role: 'superadmin' }) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Rejeitar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rejeitar o torneio?' });
    expect(within(dialog).getByText('Mostrado a quem criou o torneio.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Motivo (opcional)'), 'Duplicado');
    await user.click(within(dialog).getByRole('button', { name: 'Rejeitar' }));
    expect(await screen.findByText('Erro ao aprovar/rejeitar clube ou torneio')).toBeInTheDocument();
    expect(screen.getByText('Acesso negado.')).toBeInTheDocument();
    expect(await to('POST', '/api/tournaments/4/reject')[0].json()).toEqual({ reason: 'Duplicado' });
    // the dialog stays open to try again
    expect(screen.getByRole('dialog', { name: 'Rejeitar o torneio?' })).toBeInTheDocument();
  });
});

describe("a club's tournaments", () => {
  it('lists them as links, with a link to the full list when there are more', async () => {
    const { to } = mockApi([['GET', '/api/tournaments', () => ok({ items: [tournament(1, 'Escada Um'), tournament(2, 'Escada Dois')], next_cursor: 'x' })]]);
    renderPage(<ClubTournaments clubId={5} />);
    expect(await screen.findByRole('link', { name: 'Escada Um' })).toHaveAttribute('href', '/tournaments/1');
    expect(screen.getByRole('link', { name: 'Ver todos os torneios do clube' })).toHaveAttribute('href', '/tournaments?club=5');
    expect(Object.fromEntries(new URL(to('GET', '/api/tournaments')[0].url).searchParams)).toEqual({ limit: '6', club_id: '5' });
  });

  it('says when the club has none', async () => {
    mockApi([['GET', '/api/tournaments', () => ok({ items: [] })]]);
    renderPage(<ClubTournaments clubId={5} />, { user: null });
    await waitFor(() => expect(screen.getByText('Este clube ainda não tem torneios ativos.')).toBeInTheDocument());
  });
});
