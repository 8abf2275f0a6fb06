import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderPage } from '@/test/app';
import { makeUser } from '@/test/session';
import { makeStanding, makeStandings, makeTournament } from '../testing';
import { BracketTab } from './BracketTab';

afterEach(() => vi.unstubAllGlobals());

function setup(count: number, range: number) {
  const standings = makeStandings({ challenge_range: range, items: Array.from({ length: count }, (_, i) => makeStanding(i + 1)) });
  mockApi([['GET', '/api/tournaments/3/standings', () => ok(standings)]]);
  renderPage(<BracketTab tournament={makeTournament()} />, { user: makeUser() });
}

const node = (position: number) => screen.getByTestId('bracket').querySelector<HTMLElement>(`[data-position="${position}"]`)!;
const reachable = () =>
  Array.from(screen.getByTestId('bracket').querySelectorAll<HTMLElement>('[data-reachable]')).map((el) => Number(el.dataset.position));

describe('bracket tab', () => {
  it("starts on the viewer's place and highlights whom they may challenge", async () => {
    setup(12, 2);
    await screen.findByTestId('bracket');
    expect(node(3)).toHaveAttribute('aria-pressed', 'true'); // Pedro, the viewer, is 3rd
    expect(reachable()).toEqual([1, 2, 4, 5]);
    expect(screen.getByTestId('bracket-summary')).toHaveTextContent('Pedro Santos (#3) pode desafiar as posições 1 a 5.');
    expect(node(4)).toHaveAccessibleName('4 Inês Rodrigues, pode ser desafiado');
  });

  it('selects another player with a click and moves with the arrow keys (one tab stop)', async () => {
    setup(12, 2);
    await screen.findByTestId('bracket');
    await userEvent.click(screen.getByRole('button', { name: 'Pirâmide' }));
    await userEvent.click(node(10));
    expect(reachable()).toEqual([8, 9, 11, 12]);
    expect(node(10)).toHaveAttribute('tabindex', '0');
    expect(node(3)).toHaveAttribute('tabindex', '-1');
    // Row 4 holds 7–10: up from 10 (4th of its row) goes to the end of row 3 (6).
    await userEvent.keyboard('{ArrowUp}');
    expect(node(6)).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}{Enter}');
    expect(node(5)).toHaveAttribute('aria-pressed', 'true');
    expect(reachable()).toEqual([3, 4, 6, 7]);
    await userEvent.keyboard('{End}');
    expect(node(12)).toHaveFocus();
  });

  it('draws the pyramid rows 1, 2, 3 …', async () => {
    setup(8, 0);
    await screen.findByTestId('bracket');
    await userEvent.click(screen.getByRole('button', { name: 'Pirâmide' }));
    const rows = Array.from(screen.getByTestId('bracket').firstElementChild!.children).map((row) =>
      within(row as HTMLElement).getAllByRole('button').map((b) => Number(b.dataset.position)),
    );
    expect(rows).toEqual([[1], [2, 3], [4, 5, 6], [7, 8]]);
  });

  it('with range 0 anyone can be challenged', async () => {
    setup(6, 0);
    await screen.findByTestId('bracket');
    expect(reachable()).toEqual([1, 2, 4, 5, 6]);
    expect(screen.getByTestId('bracket-summary')).toHaveTextContent('Pedro Santos pode desafiar qualquer jogador da escada.');
  });
});
