import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DISTRICTS, mockApi, ok, renderPage, type Route } from '@/test/app';
import { expectFocusBackToOpener, expectFocusOnCloseTo } from '@/test/dialog-focus';
import { jsonResponse } from '@/test/session';
import { tournament } from '../fixtures';
import TournamentsPage, { VIEW_STORAGE_KEY } from './TournamentsPage';

afterEach(() => vi.unstubAllGlobals());

const CLUBS = { items: [{ id: 2, name: 'Clube de Ténis da Foz' }] };

function setup({ at = '/tournaments', signedIn = true, list, extra = [] }: { at?: string; signedIn?: boolean; list?: (r: Request) => Response; extra?: Route[] } = {}) {
  const api = mockApi([
    ['GET', '/api/geo/districts', () => ok(DISTRICTS)],
    ['GET', '/api/clubs', () => ok(CLUBS)],
    [
      'GET',
      '/api/tournaments',
      list ??
        ((r) =>
          new URL(r.url).searchParams.get('cursor') === 'next'
            ? ok({ items: [tournament(3, 'Escada Três')] })
            : ok({ items: [tournament(1, 'Escada Um', { max_participants: 16 }), tournament(2, 'Escada Dois', { ranking_type: 'classic', privacy: 'private' })], next_cursor: 'next' })),
    ],
    ...extra,
  ]);
  renderPage(<TournamentsPage />, { path: '/tournaments', at, ...(signedIn ? {} : { user: null }) });
  return { ...api, user: userEvent.setup() };
}

const query = (r: Request) => Object.fromEntries(new URL(r.url).searchParams);

describe('/tournaments', () => {
  it('shows cards with club, privacy, ranking and players, and loads more with the cursor', async () => {
    const { user, to } = setup();
    expect(await screen.findByRole('link', { name: 'Escada Um' })).toHaveAttribute('href', '/tournaments/1');
    const [first, second] = screen.getAllByRole('listitem');
    expect(within(first).getByText('Clube de Ténis da Foz')).toBeInTheDocument();
    expect(within(first).getByText('Público')).toBeInTheDocument();
    expect(within(first).getByText('Pontos · Padrão')).toBeInTheDocument();
    expect(within(first).getByText('5 de 16 jogadores')).toBeInTheDocument();
    expect(within(second).getByText('Privado')).toBeInTheDocument();
    expect(within(second).getByText('Clássico')).toBeInTheDocument();
    expect(within(second).getByText('5 jogadores')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    expect(await screen.findByRole('link', { name: 'Escada Três' })).toBeInTheDocument();
    expect(query(to('GET', '/api/tournaments').at(-1)!)).toEqual({ limit: '24', cursor: 'next' });
  });

  it('filters by club, district, privacy, ranking, status and a debounced search', async () => {
    const { user, to } = setup();
    await screen.findByRole('link', { name: 'Escada Um' });
    await waitFor(() => expect(screen.getByLabelText('Clube')).not.toBeDisabled());
    await waitFor(() => expect(screen.getByLabelText('Distrito')).not.toBeDisabled());
    await user.selectOptions(screen.getByLabelText('Clube'), '2');
    await user.selectOptions(screen.getByLabelText('Distrito'), 'porto');
    await user.selectOptions(screen.getByLabelText('Privacidade'), 'private');
    await user.selectOptions(screen.getByLabelText('Tipo de ranking'), 'classic');
    await user.selectOptions(screen.getByLabelText('Estado'), 'mine');
    await user.type(screen.getByRole('searchbox', { name: 'Pesquisar' }), 'foz');
    // the phone's button that folds the selects away counts the filters in use
    expect(screen.getByRole('button', { name: 'Filtros (5)' })).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() =>
      expect(query(to('GET', '/api/tournaments').at(-1)!)).toEqual({
        limit: '24',
        q: 'foz',
        club_id: '2',
        district: 'porto',
        privacy: 'private',
        ranking_type: 'classic',
        status: 'mine',
      }),
    );
    expect(to('GET', '/api/tournaments').filter((r) => query(r).q && query(r).q !== 'foz')).toHaveLength(0);
  });

  it('offers visitors only active and finished tournaments, and a sign-in prompt to create', async () => {
    setup({ signedIn: false });
    await screen.findByRole('link', { name: 'Escada Um' });
    const options = within(screen.getByLabelText('Estado')).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Ativos', 'Terminados']);
    expect(screen.getByRole('button', { name: 'Entre para criar um torneio' })).toBeInTheDocument();
  });

  it('starts filtered by the club of ?club= and remembers the list view', async () => {
    const { user, to } = setup({ at: '/tournaments?club=2' });
    await screen.findByRole('link', { name: 'Escada Um' });
    expect(query(to('GET', '/api/tournaments')[0])).toEqual({ limit: '24', club_id: '2' });
    await user.click(screen.getByRole('button', { name: 'Vista em lista' }));
    expect(screen.getByRole('button', { name: 'Vista em lista' })).toHaveAttribute('aria-pressed', 'true');
    expect(localStorage.getItem(VIEW_STORAGE_KEY)).toBe('list');
  });

  it('shows the empty state with a create action, and the error state with a retry', async () => {
    let fail = false;
    const { user } = setup({ list: () => (fail ? jsonResponse(500, { status: 500, message: 'Erro' }) : ok({ items: [] })) });
    expect(await screen.findByText('Ainda não há torneios ativos.')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Criar torneio' })[1]);
    expect(await screen.findByRole('dialog', { name: 'Criar torneio' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    fail = true;
    await user.selectOptions(screen.getByLabelText('Estado'), 'inactive');
    expect(await screen.findByText('Não foi possível carregar os torneios.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });

  it('keeps the list when loading more fails, says so, and loads the page on retry', async () => {
    let fail = true;
    const { user } = setup({
      list: (r) =>
        new URL(r.url).searchParams.get('cursor') !== 'next'
          ? ok({ items: [tournament(1, 'Escada Um')], next_cursor: 'next' })
          : fail
            ? jsonResponse(500, { status: 500, message: 'Erro' })
            : ok({ items: [tournament(3, 'Escada Três')] }),
    });
    await screen.findByRole('link', { name: 'Escada Um' });
    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    expect(await screen.findByText('Não foi possível carregar os torneios.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Escada Um' })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('link', { name: 'Escada Três' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Escada Um' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Não foi possível carregar os torneios.')).not.toBeInTheDocument());
  });

  it('creates a tournament from ?create=true: toast about approval, then its page', async () => {
    const { user, to } = setup({
      at: '/tournaments?create=true',
      extra: [['POST', '/api/tournaments', () => jsonResponse(201, tournament(9, 'Escada Nova', { status: 'pending' }))]],
    });
    const dialog = await screen.findByRole('dialog', { name: 'Criar torneio' });
    await user.type(within(dialog).getByLabelText('Nome'), 'Escada Nova');
    await user.click(within(dialog).getByRole('radio', { name: 'Agressivo' }));
    await user.click(within(dialog).getByRole('button', { name: 'Criar torneio' }));
    expect(await screen.findByText('Torneio criado! Aguarda a aprovação de um super administrador.')).toBeInTheDocument();
    expect(await screen.findByTestId('elsewhere')).toBeInTheDocument();
    const body = await to('POST', '/api/tournaments')[0].json();
    expect(body).toMatchObject({ name: 'Escada Nova', preset: 'aggressive', response_days: 7, play: true, privacy: 'public' });
  });

  it('returns focus to the create button when the dialog closes (WCAG 2.4.3)', async () => {
    const { user } = setup();
    await screen.findByRole('link', { name: 'Escada Um' });
    await expectFocusBackToOpener(user, screen.getByRole('button', { name: 'Criar torneio' }), 'Criar torneio');
  });

  it('opened from the URL (?create=true, no opener on the page), returns focus to the create button', async () => {
    const { user } = setup({ at: '/tournaments?create=true' });
    await expectFocusOnCloseTo(user, 'Criar torneio', () => screen.getAllByRole('button', { name: 'Criar torneio' })[0]);
  });
});
