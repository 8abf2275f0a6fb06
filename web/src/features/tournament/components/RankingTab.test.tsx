import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { mockApi, ok, renderPage } from '@/test/app';
import { makeUser } from '@/test/session';
import { makeStanding, makeStandings, makeTournament } from '../testing';
import { FormChips, Movement } from './RankingBits';
import { RankingTab } from './RankingTab';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('pt');
});

describe('movement and form', () => {
  it('says ▲/▼/– and new with words for screen readers', () => {
    renderPage(
      <div>
        <p data-testid="up"><Movement movement={2} isNew={false} /></p>
        <p data-testid="down"><Movement movement={-1} isNew={false} /></p>
        <p data-testid="same"><Movement movement={0} isNew={false} /></p>
        <p data-testid="new"><Movement movement={0} isNew /></p>
      </div>,
    );
    expect(screen.getByTestId('up')).toHaveTextContent('▲2Subiu 2 lugares esta semana');
    expect(screen.getByTestId('down')).toHaveTextContent('▼1Desceu 1 lugar esta semana');
    expect(screen.getByTestId('same')).toHaveTextContent('–Sem alteração esta semana');
    expect(screen.getByTestId('new')).toHaveTextContent('NovoEntrou esta semana');
  });

  it('shows the last five results, newest first, as translated letters with words', async () => {
    renderPage(<FormChips form={['W', 'L', 'W', 'W', 'L', 'W']} />);
    const list = screen.getByRole('list', { name: 'Últimos resultados, do mais recente' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(items.map((li) => li.textContent)).toEqual(['VVitória', 'DDerrota', 'VVitória', 'VVitória', 'DDerrota']);
  });

  it('reads W/L in English', async () => {
    await i18n.changeLanguage('en');
    renderPage(<FormChips form={['L', 'W']} />);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['LLoss', 'WWin']);
  });

  it('says when there are no matches yet', () => {
    renderPage(<FormChips form={[]} />);
    expect(screen.getByText('Sem jogos')).toBeInTheDocument();
  });
});

describe('ranking tab', () => {
  function setup(tournament = makeTournament({ my_status: 'active', my_role: 'player', join_mode: '' }), standings = makeStandings()) {
    mockApi([['GET', '/api/tournaments/3/standings', () => ok(standings)]]);
    renderPage(<RankingTab tournament={tournament} />, { user: makeUser() });
  }

  it("highlights the viewer's row and offers Challenge exactly where the server allows it", async () => {
    const standings = makeStandings({ challenge_range: 1 });
    // The server's answer for Pedro, 3rd with range 1: Rui (2nd) yes; Inês (4th) paused; Ana (1st) out of range.
    standings.items[1] = makeStanding(2, { can_challenge: true });
    standings.items[3] = makeStanding(4, { status: 'paused' });
    setup(undefined, standings);
    const table = await screen.findByTestId('ranking-table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(5);
    expect(rows[2]).toHaveAttribute('aria-current', 'true');
    expect(within(rows[2]).getByText('Você')).toBeInTheDocument();
    expect(within(rows[1]).getByRole('link', { name: 'Desafiar Rui Costa' })).toHaveAttribute('href', '/challenges?create=true&tournament=3&opponent=102');
    expect(within(rows[3]).queryByRole('link', { name: /Desafiar/ })).toBeNull();
    expect(within(rows[3]).getByText('Em pausa')).toBeInTheDocument();
    expect(within(rows[0]).queryByRole('link', { name: /Desafiar/ })).toBeNull();
    expect(within(rows[2]).queryByRole('link', { name: /Desafiar/ })).toBeNull();
    expect(within(rows[0]).getByRole('link', { name: 'Ana Silva' })).toHaveAttribute('href', '/players/101');
    expect(within(rows[0]).getByText('83%')).toBeInTheDocument();
  });

  it('hides points for classic rankings and Challenge for non-members', async () => {
    setup(makeTournament({ ranking_type: 'classic' }), makeStandings({ ranking_type: 'classic', challenge_range: 0 }));
    const table = await screen.findByTestId('ranking-table');
    expect(within(table).queryByRole('columnheader', { name: 'Pontos' })).toBeNull();
    expect(within(table).queryByRole('link', { name: /Desafiar/ })).toBeNull();
  });

  it('shows the cards for phones with the same rows', async () => {
    setup();
    const cards = await screen.findByTestId('ranking-cards');
    expect(within(cards).getAllByRole('listitem', { current: true })).toHaveLength(1);
    expect(within(cards).getByLabelText('Posição 1')).toBeInTheDocument();
  });

  it('has an empty state', async () => {
    setup(undefined, makeStandings({ items: [] }));
    expect(await screen.findByText('Ainda não há jogadores.')).toBeInTheDocument();
  });
});
